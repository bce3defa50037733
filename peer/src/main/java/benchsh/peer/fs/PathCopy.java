package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Copies a tree (or one file) between two {@link Path}s of any NIO file systems, one file at a time,
 * with the rules of the stream copy: the walk skips links and devices ({@link TreeSource}), every
 * name is checked and nothing is overwritten ({@link TreeSink}), modes and mtimes are kept, and a
 * failed copy removes what it created and nothing else ({@link CreatedEntries}). The shell uses it
 * for {@code copy via: 'sftp'}, where either end is an SFTP file system (or the local one). JDK only.
 * Not thread-safe; one copy per instance.
 */
public final class PathCopy {
    /**
     * What a finished copy moved: regular files, directories (the root included), content bytes,
     * skipped links/devices; and what it created, the only entries a later cleanup may remove.
     */
    public record Counts(long files, long dirs, long bytes, long skipped, long attributesNotKept, CreatedEntries created) {
    }

    private PathCopy() {
    }

    /** Refuses a source that is a link or device or missing, before anything is written. */
    public static void checkSource(Path src) throws IOException {
        new TreeSource(src);
    }

    /** Refuses a destination that exists or that a link leads to, before anything is written. */
    public static void checkDestination(Path dst) throws IOException {
        TreeSink.check(dst);
    }

    /**
     * Copies {@code src} to the new path {@code dst}.
     *
     * @param progress  told of every content byte written
     * @param cancelled polled between entries
     * @throws IOException with a described cause; what the copy created has been removed (or the
     *                     message says what was kept and why)
     */
    public static Counts copy(Path src, Path dst, LongConsumer progress, BooleanSupplier cancelled) throws IOException {
        TreeSource source = new TreeSource(src);
        TreeSink sink = new TreeSink(dst, progress, 1);
        try {
            sink.start(source.isFile());
            source.walk(sink, cancelled);
            sink.finish();
            sink.close();
            return new Counts(sink.files(), sink.dirs(), sink.bytes(), source.skipped(), sink.attributesNotKept(), sink.created());
        } catch (IOException | RuntimeException e) {
            sink.close();
            String error = e instanceof IOException io ? FsErrors.describe(io) : e.toString();
            if (sink.created().size() > 0) {
                error = sink.created().removeAll().addTo(error, "copy");
            }
            throw new IOException(error, e);
        }
    }
}
