package benchsh.peer.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Received small files packed into one buffer: each file's bytes exactly, in order, and the limits. */
@Timeout(30)
class ReceivedBatchTest {
    private static ReadableByteChannel stream(String s) {
        return Channels.newChannel(new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void eachFileGetsExactlyItsOwnBytesInOrder() throws IOException {
        ReceivedBatch batch = new ReceivedBatch(ByteBuffer.allocateDirect(ReceivedBatch.BYTES));
        ReadableByteChannel in = stream("aaaabbcccccc-and-what-follows");
        batch.add("d/a", 0644, 1, 4, in);
        batch.add("d/empty", 0600, 2, 0, in);
        batch.add("d/b", 0640, 3, 2, in);
        batch.add("c", 0755, 4, 6, in);
        List<String> seen = new ArrayList<>();
        batch.writeEach((name, mode, mtime, content) -> {
            byte[] b = new byte[content.remaining()];
            content.get(b);
            seen.add(name + " " + Integer.toOctalString(mode) + " " + mtime + " " + new String(b, StandardCharsets.UTF_8));
        });
        assertEquals(List.of("d/a 644 1 aaaa", "d/empty 600 2 ", "d/b 640 3 bb", "c 755 4 cccccc"), seen);
        ByteBuffer rest = ByteBuffer.allocate(4);
        in.read(rest);
        assertEquals("-and", new String(rest.array(), StandardCharsets.UTF_8), "the stream is left right after the last file");
    }

    @Test
    void fullByBytesOrByFiles() throws IOException {
        ReceivedBatch batch = new ReceivedBatch(ByteBuffer.allocateDirect(ReceivedBatch.BYTES));
        assertTrue(batch.fits(ReceivedBatch.BYTES));
        assertFalse(batch.fits(ReceivedBatch.BYTES + 1L));
        for (int i = 0; i < ReceivedBatch.MAX_FILES; i++) {
            assertTrue(batch.fits(1));
            batch.add("f" + i, 0644, 0, 1, stream("x"));
        }
        assertFalse(batch.fits(0), "at most " + ReceivedBatch.MAX_FILES + " files");
        assertEquals(ReceivedBatch.MAX_FILES, batch.size());
        assertThrows(IllegalStateException.class, () -> batch.add("one-more", 0644, 0, 0, stream("")));
    }

    @Test
    void aStreamEndingInsideAFileNamesIt() {
        ReceivedBatch batch = new ReceivedBatch(ByteBuffer.allocateDirect(ReceivedBatch.BYTES));
        IOException e = assertThrows(IOException.class, () -> batch.add("cur/short.eml", 0644, 0, 10, stream("only7by")));
        assertEquals("the tree stream ended inside cur/short.eml", e.getMessage());
    }

    @Test
    void thePoolReusesGivenBuffers() throws IOException {
        ReceivedBatch.Pool pool = new ReceivedBatch.Pool(2);
        ByteBuffer a = pool.take();
        ByteBuffer b = pool.take();
        assertEquals(ReceivedBatch.BYTES, a.capacity());
        assertTrue(a.isDirect());
        pool.give(a);
        assertSame(a, pool.take());
        pool.give(b);
    }
}
