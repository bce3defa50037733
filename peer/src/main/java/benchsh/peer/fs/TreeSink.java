package benchsh.peer.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Writes received or copied entries into a new destination that this run creates. Every name is
 * checked ({@link SafePaths#entry}): nothing lands outside the destination, nothing is overwritten
 * (files are opened CREATE_NEW, without following links). Permissions and mtimes are kept where the
 * file system allows (failures are counted, e.g. on FUSE); directory mtimes are set at the end.
 * Not thread-safe.
 */
final class TreeSink implements TreeVisitor {
    private final Path root;
    private final LongConsumer progress;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(256 << 10);
    private final List<Object[]> dirTimes = new ArrayList<>();
    private boolean created;
    private boolean rootIsFile;
    private long files;
    private long dirs;
    private long bytes;
    private long attributesNotKept;

    /** @param progress told of every content byte written */
    TreeSink(Path root, LongConsumer progress) {
        this.root = root;
        this.progress = progress;
    }

    /** Checks the destination is new before anything is sent. */
    static void check(Path root) throws IOException {
        SafePaths.requireNew(root);
    }

    /** Creates the destination: a new directory, or (for a single-file copy) nothing until the file arrives. */
    void start(boolean asFile) throws IOException {
        if (created) {
            throw new IOException("the destination was already started");
        }
        check(root);
        if (!asFile) {
            Files.createDirectory(root);
            dirs++;
        }
        created = true;
        rootIsFile = asFile;
    }

    private void expect(boolean file) throws IOException {
        if (!created) {
            throw new IOException("entry before the destination was started");
        }
        if (rootIsFile != file) {
            throw new IOException(rootIsFile ? "rejected tree: a single-file copy holds exactly one unnamed file"
                    : "rejected tree: an unnamed entry inside a directory tree");
        }
        if (rootIsFile && files > 0) {
            throw new IOException("rejected tree: a single-file copy holds exactly one file");
        }
    }

    /** True once the destination exists: it is the run's to remove. */
    boolean created() {
        return created;
    }

    @Override
    public void dir(String name, int mode, long mtimeMillis) throws IOException {
        expect(false);
        Path p = SafePaths.entry(root, name);
        Files.createDirectory(p);
        dirs++;
        keepAttributes(p, mode, -1);
        dirTimes.add(new Object[] {p, mtimeMillis});
    }

    @Override
    public void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
        Path p;
        expect(name.isEmpty());
        p = name.isEmpty() ? root : SafePaths.entry(root, name);
        try (FileChannel out = FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
            long done = 0;
            if (content instanceof FileChannel in) {
                while (done < size) {
                    long n = in.transferTo(done, size - done, out);
                    if (n <= 0) {
                        throw new IOException(name + " shrank while being copied");
                    }
                    done += n;
                    progress.accept(n);
                }
            } else {
                while (done < size) {
                    buffer.clear();
                    buffer.limit((int) Math.min(buffer.capacity(), size - done));
                    if (content.read(buffer) < 0) {
                        throw new IOException("the tree stream ended inside " + name);
                    }
                    buffer.flip();
                    while (buffer.hasRemaining()) {
                        int n = out.write(buffer);
                        done += n;
                        progress.accept(n);
                    }
                }
            }
        }
        files++;
        bytes += size;
        keepAttributes(p, mode, mtimeMillis);
    }

    private void keepAttributes(Path p, int mode, long mtimeMillis) {
        try {
            Files.setPosixFilePermissions(p, TreeSource.permissions(mode));
            if (mtimeMillis >= 0) {
                Files.setLastModifiedTime(p, FileTime.fromMillis(mtimeMillis));
            }
        } catch (IOException | UnsupportedOperationException e) {
            attributesNotKept++;
        }
    }

    /** Sets the directories' mtimes, deepest first (writing into a directory changes its mtime). */
    void finish() {
        for (int i = dirTimes.size() - 1; i >= 0; i--) {
            try {
                Files.setLastModifiedTime((Path) dirTimes.get(i)[0], FileTime.fromMillis((Long) dirTimes.get(i)[1]));
            } catch (IOException e) {
                attributesNotKept++;
            }
        }
    }

    long files() {
        return files;
    }

    long dirs() {
        return dirs;
    }

    long bytes() {
        return bytes;
    }

    long attributesNotKept() {
        return attributesNotKept;
    }
}
