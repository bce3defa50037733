package benchsh.peer.fs;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;

/**
 * Receives the entries of a tree, directories before what they contain: an archive writer (to send
 * them) or a {@link TreeSink} (to write them). Names are relative, with '/' separators.
 */
interface TreeVisitor {
    void dir(String name, int mode, long mtimeMillis) throws IOException;

    /** A regular file of {@code size} bytes whose content is read from {@code content}. */
    void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException;
}
