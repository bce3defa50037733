package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The lifecycle of a stream side on the base alone: the token gate and its strays, connecting, the drain and its bound. */
@Timeout(60)
class LinkedSideTest {
    private static final Timing TIMING = new Timing(1_000_000_000L, 10_000_000_000L);

    /** A side of the base and nothing else: a listener reads one connection to its end; a connector writes and drains. */
    private static final class Probe extends LinkedSide {
        private final long bytes;

        Probe(End end, Link link, long bytes, Timing timing, SideContext context) throws IOException {
            super(end, link, 0, Meter.Unit.BYTES, 1, Duration.ZERO, timing, context);
            this.bytes = bytes;
        }

        @Override
        protected void work() throws IOException {
            if (!listens()) {
                SocketChannel ch = connect(0, 0, false);
                meter.start();
                ByteBuffer buf = ByteBuffer.allocate(64 << 10);
                for (long left = bytes; left > 0; ) {
                    buf.clear().limit((int) Math.min(buf.capacity(), left));
                    int n = ch.write(buf);
                    meter.add(0, n);
                    left -= n;
                }
                drain(0, ch);
            } else {
                SocketChannel ch = accept(1).get(0);
                meter.start();
                ByteBuffer buf = ByteBuffer.allocate(64 << 10);
                for (int n; (n = ch.read(buf.clear())) >= 0; ) {
                    meter.add(0, n);
                }
                ch.close();
            }
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            return Map.of("strays_dropped", strays());
        }
    }

    private static int port(Side listener) {
        return ((Number) listener.endpoint().get("port")).intValue();
    }

    @Test
    void theListenerAdmitsTheConnectionWithTheTokenCountingStraysAndTheSenderDrainsUntilItsClose() throws Exception {
        Probe l = new Probe(LinkedSide.End.LISTEN, Sides.listening(), 0, TIMING, new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (Socket wrong = new Socket(Sides.LOOPBACK, port(l)); Socket silent = new Socket(Sides.LOOPBACK, port(l))) {
            OutputStream out = wrong.getOutputStream();
            out.write(HexFormat.of().parseHex("ffffffffffffffffffffffffffffffff"));
            out.flush();
            silent.shutdownOutput(); // closes before its token is in
            Outcome co = new Probe(LinkedSide.End.CONNECT, Sides.to(l), 3_000_000, TIMING, new RecordingContext()).run();
            assertNull(co.error(), co.error());
            Outcome o = lo.get(30, TimeUnit.SECONDS);
            assertNull(o.error(), o.error());
            assertEquals(3_000_000L, o.metrics().get("bytes_total"), "the drain ended only when the receiver had it all");
            assertEquals(2L, o.metrics().get("strays_dropped"));
        }
        assertTrue(l.endpoint().isEmpty(), "the listener is closed once the connection is in");
    }

    @Test
    void aReceiverThatNeverClosesEndsTheDrainAtTheDeadlineSayingWhatItWaitedFor() throws Exception {
        // the partner takes the token and the data and keeps the connection open; the idle timeout is short, the
        // deadline near: with all that was written possibly in the send buffer there is no rate, so the drain lasts to
        // the deadline and the meter takes its silence for no stall
        try (ServerSocket partner = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Socket> held = CompletableFuture.supplyAsync(() -> {
                try {
                    Socket s = partner.accept();
                    InputStream in = s.getInputStream();
                    in.readNBytes(16 + 1000);
                    return s;
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            Link link = new Link(Sides.TOKEN, Sides.LOOPBACK, partner.getLocalPort());
            Timing quick = new Timing(1_000_000_000L, 200_000_000L);
            Outcome o = new Probe(LinkedSide.End.CONNECT, link, 1000, quick, new RecordingContext(Duration.ofMillis(1500))).run();
            held.get(10, TimeUnit.SECONDS).close();
            assertEquals(ErrorKind.TIMEOUT, o.kind(), o.error());
            assertTrue(o.error().matches("the receiver did not confirm the last 1 kB within \\d\\.\\d s, the test's deadline \\(no rate measured\\)"),
                    o.error());
            assertEquals(1000L, o.metrics().get("bytes_total"));
        }
    }

    @Test
    void theDeadlineAlsoBoundsTheWaitForTheConnection() throws Exception {
        Probe l = new Probe(LinkedSide.End.LISTEN, Sides.listening(), 0, TIMING, new RecordingContext(Duration.ofMillis(700)));
        Outcome o = l.run();
        assertEquals(ErrorKind.TIMEOUT, o.kind());
        assertTrue(o.error().matches("only 0 of 1 connections with the test token arrived within \\d\\.\\d s"), o.error());
    }

    @Test
    void aConnectThatIsRefusedIsSaidInWords() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        Outcome o = new Probe(LinkedSide.End.CONNECT, new Link(Sides.TOKEN, Sides.LOOPBACK, closed), 1, TIMING, new RecordingContext()).run();
        assertEquals(ErrorKind.IO, o.kind());
        assertEquals("cannot connect to 127.0.0.1:" + closed + ": connection refused (nothing listens there)", o.error());
        assertFalse(o.error().contains("Exception"), o.error());
    }
}
