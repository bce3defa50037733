package benchsh.peer.fs;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * What writes a tree's entries into one stream for a copy between hosts: benchsh's own {@link TreeArchive} or a tar
 * stream ({@link TarArchive}). Not thread-safe ({@link SharedArchiveWriter} shares one).
 */
interface ArchiveWriter extends TreeVisitor {
    /** A regular file whose content is all of {@code content} (read ahead by the caller). */
    void file(String name, int mode, long mtimeMillis, ByteBuffer content) throws IOException;

    /** Writes the end of the stream and flushes. */
    void end() throws IOException;

    /** Files written. */
    long files();

    /** Directories written, the root not counted. */
    long dirs();
}
