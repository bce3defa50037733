package benchsh.peer;

import static benchsh.peer.stream.TcpSpecBuilder.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ControlChannel;
import benchsh.peer.protocol.FrameCodec;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Message;
import benchsh.peer.protocol.MessageType;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Timing;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bad control frames sent to a real peer process (started with a 64 MiB heap, so a frame that made
 * it allocate what the header claims would fail): it answers with an ERROR and exits non-zero within
 * seconds; it never hangs and never allocates what a hostile header asks for.
 */
@Timeout(60)
class PeerProcessFaultTest {
    /** How long the test waits for the peer to answer or to end: generous, so a loaded machine cannot fail it. */
    private static final Duration QUICK = Duration.ofSeconds(20);
    private Process peer;
    private ControlChannel fromPeer;

    @AfterEach
    void kill() {
        if (fromPeer != null) {
            fromPeer.close();
        }
        if (peer != null) {
            peer.destroyForcibly();
        }
    }

    private void start() throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        peer = new ProcessBuilder(java, "-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                PeerMain.class.getName(), "--stdio", "--idle", "60")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        fromPeer = new ControlChannel("peer", peer.getInputStream(), OutputStream.nullOutputStream());
    }

    private void send(byte[] bytes) throws IOException {
        peer.getOutputStream().write(bytes);
        peer.getOutputStream().flush();
    }

    private void handshake() throws Exception {
        send(FrameCodec.encode(new Message.Hello(Message.PROTOCOL, "fault-test")));
        assertInstanceOf(Message.Welcome.class, fromPeer.receive(QUICK));
    }

    /** The messages the peer sends until it exits, then its exit code; fails if that takes longer than {@code limit}. */
    private Ending ending(Duration limit) throws Exception {
        long start = System.nanoTime();
        List<Message> said = new ArrayList<>();
        while (true) {
            Duration left = limit.minusNanos(System.nanoTime() - start);
            assertTrue(!left.isNegative(), "the peer did not end within " + limit.toSeconds() + " s; it said " + said);
            try {
                said.add(fromPeer.receive(left));
            } catch (EOFException | benchsh.peer.protocol.ProtocolException e) {
                break;
            }
        }
        assertTrue(peer.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS), "the peer process exits");
        return new Ending(said, peer.exitValue());
    }

    private record Ending(List<Message> said, int exit) {
        String error() {
            return said.stream().filter(m -> m instanceof Message.Error).map(m -> ((Message.Error) m).message()).findFirst().orElse(null);
        }
    }

    private static byte[] header(MessageType type, int length) {
        return ByteBuffer.allocate(FrameCodec.HEADER_BYTES).put((byte) type.code()).putInt(length).array();
    }

    @Test
    void anOversizedFrameIsRefusedBeforeAnythingIsAllocated() throws Exception {
        start();
        handshake();
        send(header(MessageType.START, Integer.MAX_VALUE));
        Ending e = ending(QUICK);
        assertNotEquals(0, e.exit());
        assertTrue(e.error() != null && e.error().contains("exceeds its cap"), e.said().toString());
    }

    @Test
    void aFrameLengthJustOverTheCapOfItsTypeIsRefused() throws Exception {
        start();
        handshake();
        send(header(MessageType.PING, MessageType.PING.maxBytes() + 1));
        Ending e = ending(QUICK);
        assertNotEquals(0, e.exit());
        assertTrue(e.error() != null && e.error().contains("PING frame of 257 bytes exceeds its cap of 256"), e.said().toString());
    }

    @Test
    void garbageIsRefusedBeforeTheHandshake() throws Exception {
        start();
        send("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        Ending e = ending(QUICK);
        assertNotEquals(0, e.exit());
        assertTrue(e.error() != null && e.error().contains("unknown message type"), e.said().toString());
    }

    @Test
    void aFrameWithInvalidJsonIsRefused() throws Exception {
        start();
        handshake();
        byte[] payload = "{\"id\":\"a\",\"workload\":".getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(header(MessageType.START, payload.length));
        frame.write(payload);
        send(frame.toByteArray());
        Ending e = ending(QUICK);
        assertNotEquals(0, e.exit());
        assertTrue(e.error() != null && e.error().contains("malformed JSON"), e.said().toString());
    }

    @Test
    void aTruncatedHeaderAtTheEndOfInputIsAnError() throws Exception {
        start();
        handshake();
        send(new byte[] {(byte) MessageType.STOP.code(), 0, 0});
        peer.getOutputStream().close();
        Ending e = ending(QUICK);
        assertNotEquals(0, e.exit());
        assertTrue(e.error() != null && e.error().contains("truncated frame"), e.said().toString());
    }

    @Test
    void aFrameThatNeverCompletesHitsTheFrameDeadline() throws Exception {
        start();
        handshake();
        send(header(MessageType.START, 100));
        send("{\"id\":".getBytes(StandardCharsets.UTF_8));
        Ending e = ending(Peer.FRAME_DEADLINE.plus(QUICK));
        assertNotEquals(0, e.exit());
        assertTrue(e.error() != null && e.error().contains("START (100 bytes) frame from the shell is incomplete"), e.said().toString());
    }

    @Test
    void aMessageTheShellNeverSendsIsRefused() throws Exception {
        start();
        handshake();
        send(FrameCodec.encode(new Message.Done("x", Map.of(), List.of(), null, null)));
        Ending e = ending(QUICK);
        assertNotEquals(0, e.exit());
        assertTrue(e.error() != null && e.error().contains("unexpected DONE"), e.said().toString());
    }

    @Test
    void aBadSpecIsAnErrorForThatTestOnlyAndThePeerStaysUsable() throws Exception {
        start();
        handshake();
        Map<String, Object> spec = SpecCodec.encode(tcp().build());
        spec.put("streams", 1_000_000L);
        send(FrameCodec.encode(new Message.Start("t", "tcp", "listen", spec, new Link("0123456789abcdef0123456789abcdef", "127.0.0.1", 0))));
        Message.Error err = assertInstanceOf(Message.Error.class, fromPeer.receive(QUICK));
        assertTrue(err.message().contains("streams"), err.message());
        send(FrameCodec.encode(new Message.Ping()));
        assertInstanceOf(Message.Ping.class, fromPeer.receive(QUICK));
        peer.getOutputStream().close();
        Ending e = ending(QUICK);
        assertEquals(0, e.exit(), "a clean end of input is a clean exit");
        assertTrue(Path.of("/proc", Long.toString(peer.pid())).toFile().exists() == false, "no process left");
    }
}
