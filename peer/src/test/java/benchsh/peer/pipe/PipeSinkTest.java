package benchsh.peer.pipe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pipe's file sink removes the file it created, and nothing that took its place. */
class PipeSinkTest {
    @TempDir
    Path dir;

    private static void replace(Path p, String text) throws IOException {
        Path theirs = Files.writeString(p.resolveSibling(p.getFileName() + ".new"), text);
        Files.move(theirs, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Test
    void theFileIsRemovedAfterTheTestUnlessKept() throws IOException {
        Path gone = dir.resolve("gone.bin");
        PipeSink sink = PipeSink.file(gone, false);
        sink.write(ByteBuffer.wrap(new byte[1000]));
        sink.finish(true);
        assertFalse(Files.exists(gone));
        Path kept = dir.resolve("kept.bin");
        PipeSink keep = PipeSink.file(kept, true);
        keep.write(ByteBuffer.wrap(new byte[1000]));
        keep.finish(false);
        assertEquals(1000, Files.size(kept));
    }

    @Test
    void aFileThatReplacedTheSinkIsNotRemoved() throws IOException {
        Path p = dir.resolve("sink.bin");
        PipeSink sink = PipeSink.file(p, false);
        sink.write(ByteBuffer.wrap(new byte[10]));
        replace(p, "theirs");
        IOException e = assertThrows(IOException.class, () -> sink.finish(false));
        assertTrue(e.getMessage().contains("kept 1 entry benchsh did not create"), e.getMessage());
        assertEquals("theirs", Files.readString(p));

        Path q = dir.resolve("aborted.bin");
        PipeSink aborted = PipeSink.file(q, true);
        replace(q, "theirs too");
        aborted.abort();
        assertEquals("theirs too", Files.readString(q));
    }

    @Test
    void anExistingPathIsRefusedAndKept() throws IOException {
        Path p = Files.writeString(dir.resolve("there.bin"), "mine");
        IOException e = assertThrows(IOException.class, () -> PipeSink.file(p, false));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        assertEquals("mine", Files.readString(p));
    }
}
