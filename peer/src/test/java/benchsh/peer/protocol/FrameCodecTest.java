package benchsh.peer.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class FrameCodecTest {

    static byte[] frame(int type, String json) {
        byte[] p = json.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(5 + p.length).put((byte) type).putInt(p.length).put(p).array();
    }

    @Test
    void everyMessageSurvivesARoundTrip() throws IOException {
        List<Message> all = List.of(
                new Message.Hello(1, "0.1"),
                new Message.Welcome(1, "0.1", Map.of("hostname", "h1", "cpu_count", 2L)),
                new Message.Start("t1", "tcp", "listen", Map.of("size", 4096L, "send", true), new Link("0123456789abcdef0123456789abcdef", "127.0.0.1", 0)),
                new Message.Start("t2", "disk", "run", Map.of("path", "/tmp/x"), null),
                new Message.Start("t3", "disk", "run", Map.of("path", "/tmp/x"), null, 5_000_000_000L, true),
                new Message.Go("t3", -123_456_789L),
                new Message.Ready("t1", new Endpoint(5001)),
                new Message.Ready("t2", null),
                new Message.Interval("t1", Map.of("bytes", 10L, "end_s", 1.5)),
                new Message.Done("t1", Map.of("bytes", 10L), List.of(Map.of("bytes", 10L)), null, null),
                new Message.Done("t1", null, List.of(), "Broken pipe", ErrorKind.IO),
                new Message.Done("t3", Map.of("bytes", 10L), List.of(), null, null, 42_000L),
                new Message.Stop("t1"),
                new Message.Ping(),
                Message.Ping.asking(17L),
                new Message.Ping(17L, -3L, 9L),
                new Message.Error("t1", "unknown workload", ErrorKind.PROTOCOL));
        for (Message m : all) {
            assertEquals(m, FrameCodec.decode(FrameCodec.encode(m)), m.type().name());
        }
    }

    @Test
    void anOversizedFrameIsRejectedBeforeAnythingIsAllocated() {
        byte[] header = ByteBuffer.allocate(5).put((byte) 1).putInt(Integer.MAX_VALUE).array();
        InputStream endless = new InputStream() {
            int i;

            @Override
            public int read() {
                return i < header.length ? header[i++] & 0xff : 0;
            }
        };
        ProtocolException e = assertThrows(ProtocolException.class, () -> FrameCodec.read(endless, FrameCodec.FrameProgress.NONE));
        assertTrue(e.getMessage().contains("exceeds its cap"), e.getMessage());
    }

    @Test
    void eachTypeHasItsOwnCap() {
        byte[] stop = frame(MessageType.STOP.code(), "{\"id\":\"" + "x".repeat(2000) + "\"}");
        ProtocolException e = assertThrows(ProtocolException.class, () -> FrameCodec.decode(stop));
        assertTrue(e.getMessage().contains("STOP"), e.getMessage());
    }

    @Test
    void aTruncatedFrameIsAnErrorNotAHang() {
        byte[] full = FrameCodec.encode(new Message.Stop("t1"));
        for (int cut = 1; cut < full.length; cut++) {
            byte[] part = Arrays.copyOf(full, cut);
            ProtocolException e = assertThrows(ProtocolException.class,
                    () -> FrameCodec.read(new ByteArrayInputStream(part), FrameCodec.FrameProgress.NONE));
            assertTrue(e.getMessage().startsWith("truncated frame"), e.getMessage());
        }
    }

    @Test
    void garbageIsRejected() {
        assertThrows(ProtocolException.class, () -> FrameCodec.decode(new byte[] {42, 0, 0, 0, 0}));
        assertThrows(ProtocolException.class, () -> FrameCodec.decode(frame(7, "{not json")));
        assertThrows(ProtocolException.class, () -> FrameCodec.decode(frame(7, "[1,2]")));
        assertThrows(ProtocolException.class, () -> FrameCodec.decode(frame(7, "{\"id\":\"a\"} trailing")));
        assertThrows(ProtocolException.class, () -> FrameCodec.decode(frame(7, "[".repeat(500))));
        byte[] badUtf8 = ByteBuffer.allocate(7).put((byte) 7).putInt(2).put((byte) 0xc3).put((byte) 0x28).array();
        assertThrows(ProtocolException.class, () -> FrameCodec.decode(badUtf8));
    }

    @Test
    void decodingIsTypedAndStrict() {
        ProtocolException unknown = assertThrows(ProtocolException.class, () -> FrameCodec.decode(frame(7, "{\"id\":\"a\",\"x\":1}")));
        assertTrue(unknown.getMessage().contains("unknown field 'x'"), unknown.getMessage());
        ProtocolException missing = assertThrows(ProtocolException.class, () -> FrameCodec.decode(frame(7, "{}")));
        assertTrue(missing.getMessage().contains("missing field 'id'"), missing.getMessage());
        ProtocolException illTyped = assertThrows(ProtocolException.class, () -> FrameCodec.decode(frame(7, "{\"id\":5}")));
        assertTrue(illTyped.getMessage().contains("must be a string"), illTyped.getMessage());
        assertThrows(ProtocolException.class, () -> FrameCodec.decode(frame(7, "{\"id\":\"a\",\"id\":\"b\"}")));
    }

    @Test
    void fieldsCheckBoundsOfPeerCaps() {
        Fields f = new Fields("spec", Map.of("size", 1L << 40));
        ProtocolException e = assertThrows(ProtocolException.class, () -> f.integer("size", 1, 1 << 24));
        assertTrue(e.getMessage().contains("outside"), e.getMessage());
    }
}
