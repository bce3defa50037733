package benchsh.peer.pipe;

import benchsh.peer.fs.CreatedEntries;
import benchsh.peer.fs.SafePaths;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Set;

/**
 * Where a pipe's data goes, like dd's {@code of=}: nowhere ({@code /dev/null}) or a new file. A file
 * sink is safe by construction: it refuses a path that exists (regular file, symlink, device or
 * anything else) or lies below a directory that is a symbolic link, creates the file itself ({@code O_CREAT|O_EXCL}, no symlink following), removes it
 * when the test fails, and unless asked to keep it, after the test: only while it is still the file
 * it created ({@link CreatedEntries}); a file put in its place is left alone. The sink of {@code pipe}
 * and of {@code http}. Not thread-safe.
 */
public interface PipeSink {
    /** The kinds of sink, on the wire as their lower-case names. */
    enum Kind { NULL, FILE }

    /** Writes all of {@code buf}. */
    void write(ByteBuffer buf) throws IOException;

    /** Flushes (fdatasync when {@code sync}) and closes; returns the ns spent syncing. */
    long finish(boolean sync) throws IOException;

    /** Gives up: closes and removes whatever this sink created. Never throws. */
    void abort();

    /** Discards everything. */
    static PipeSink discard() {
        return new PipeSink() {
            @Override
            public void write(ByteBuffer buf) {
                buf.position(buf.limit());
            }

            @Override
            public long finish(boolean sync) {
                return 0;
            }

            @Override
            public void abort() {
            }
        };
    }

    /** Creates the file {@code path} now, so a bad path fails before the test starts. */
    static PipeSink file(Path path, boolean keep) throws IOException {
        SafePaths.refuseLinkedParents(path);
        if (Files.isSymbolicLink(path)) {
            throw new IOException("sink " + path + " is a symbolic link; benchsh writes only files it creates");
        }
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("sink " + path + (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)
                    ? " already exists; benchsh never overwrites a file it did not create: remove it or choose another path"
                    : " exists and is not a regular file (a device or directory?); choose a new file's path"));
        }
        Path dir = path.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException("sink directory " + dir + " does not exist");
        }
        CreatedEntries created = new CreatedEntries(path);
        FileChannel ch;
        try {
            ch = created.createFile("", Set.of());
        } catch (FileAlreadyExistsException e) {
            throw new IOException("sink " + path + ": " + e.getReason() + "; choose a new file's path", e);
        } catch (IOException e) {
            throw new IOException("cannot create sink file " + path + " (is " + dir + " writable?): " + e.getMessage(), e);
        }
        return new FileSink(path, created, ch, keep);
    }

    /** A file this test created. */
    final class FileSink implements PipeSink {
        private final Path path;
        private final CreatedEntries created;
        private final FileChannel channel;
        private final boolean keep;
        private long written;

        FileSink(Path path, CreatedEntries created, FileChannel channel, boolean keep) {
            this.path = path;
            this.created = created;
            this.channel = channel;
            this.keep = keep;
        }

        @Override
        public void write(ByteBuffer buf) throws IOException {
            try {
                while (buf.hasRemaining()) {
                    written += channel.write(buf);
                }
            } catch (IOException e) {
                throw explain(e);
            }
        }

        @Override
        public long finish(boolean sync) throws IOException {
            long syncNanos = 0;
            try {
                if (sync) {
                    long t0 = System.nanoTime();
                    channel.force(false);
                    syncNanos = System.nanoTime() - t0;
                }
                channel.close();
            } catch (IOException e) {
                throw explain(e);
            }
            if (!keep) {
                String problem = created.removeAll().problem();
                if (problem != null) {
                    throw new IOException("sink " + path + ": " + problem);
                }
            }
            return syncNanos;
        }

        private IOException explain(IOException e) {
            String m = String.valueOf(e.getMessage());
            if (m.contains("No space left")) {
                return new IOException("sink " + path + " is full (ENOSPC) after " + written + " bytes written", e);
            }
            return new IOException("sink " + path + " after " + written + " bytes: " + m, e);
        }

        @Override
        public void abort() {
            try {
                channel.close();
            } catch (IOException ignored) {
                // removing is what matters
            }
            created.removeAll();
        }
    }
}
