package benchsh.peer.fs;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;

/**
 * Receives the entries of a tree, directories before what they contain: an archive writer (to send
 * them) or a {@link TreeSink} (to write them). Names are relative, with '/' separators.
 */
interface TreeVisitor {
    void dir(String name, int mode, long mtimeMillis) throws IOException;

    /** A regular file of {@code size} bytes whose content is read from {@code content}. */
    void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException;

    /** A regular file on this host; by default opened and passed on as a channel. */
    default void file(String name, PosixFileAttributes attrs, Path source) throws IOException {
        try (FileChannel in = FileChannel.open(source, SafePaths.read(source))) {
            file(name, TreeSource.mode(attrs.permissions()), attrs.lastModifiedTime().toMillis(), attrs.size(), in);
        }
    }
}
