package benchsh.peer.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** TCP_INFO through the native calls on Java 22+ (the peer's tests run there a second time); absent, saying why, on Java 17. */
@Timeout(60)
class TcpInfoSamplerTest {
    private static final boolean NATIVE = Runtime.version().feature() >= 22;

    @Test
    void readsEachConnectionPerIntervalAndKeepsItsLastReadingOnceItClosed() throws Exception {
        for (InetAddress loopback : List.of(InetAddress.getByName("127.0.0.1"), InetAddress.getByName("::1"))) {
            try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress(loopback, 0))) {
                List<SocketChannel> out = new ArrayList<>();
                List<SocketChannel> in = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    out.add(SocketChannel.open(listener.getLocalAddress()));
                    in.add(listener.accept());
                }
                TcpInfoSampler sampler = TcpInfoSampler.of(out);
                if (!NATIVE) {
                    assertTrue(sampler.absent().contains("this is Java 17"), sampler.absent());
                    assertNull(sampler.interval());
                    assertNull(sampler.summary());
                    closeAll(out, in);
                    return;
                }
                assertNull(sampler.absent(), sampler.absent());
                sampler.mark();
                for (int i = 0; i < 2; i++) {
                    moveBytes(out.get(i), in.get(i), 1 << 20);
                }
                TcpInternals t = sampler.interval();
                assertNotNull(t, loopback.toString());
                assertTrue(t.cwndBytes() > 0 && t.srttUs() > 0 && t.srttUs() < 10_000_000 && t.retransmits() >= 0, t.toString());
                out.get(0).close();
                TcpInternals one = sampler.interval();
                assertTrue(one != null && one.cwndBytes() > 0, "the open connection still reads: " + one);
                out.get(1).close();
                assertNull(sampler.interval(), "no connection left to read");
                TcpSummary s = sampler.summary();
                assertNotNull(s, "the last readings are kept");
                assertTrue(s.mssBytes() > 0 && s.cwndMaxBytes() >= s.mssBytes() && s.srttMinUs() <= s.srttMaxUs(), s.toString());
                assertTrue(s.congestionControl() != null && !s.congestionControl().isBlank(), s.toString());
                closeAll(out, in);
            }
        }
    }

    @Test
    void aListenerIsFoundByItsAddressAndTakesTheOptionsItsConnectionsInherit() throws Exception {
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            TcpOptions options = new TcpOptions("reno", 1200, null);
            if (!NATIVE) {
                IOException e = assertThrows(IOException.class, () -> options.apply(listener));
                assertTrue(e.getMessage().contains("needs the native TCP calls") && e.getMessage().contains("this is Java 17"), e.getMessage());
                return;
            }
            options.apply(listener);
            try (SocketChannel c = SocketChannel.open(listener.getLocalAddress()); SocketChannel a = listener.accept()) {
                TcpSummary accepted = TcpInfoSampler.of(List.of(a)).summary();
                assertEquals("reno", accepted.congestionControl(), "inherited from the listener");
                assertTrue(accepted.mssBytes() <= 1200, accepted.toString());
                assertTrue(TcpInfoSampler.of(List.of(c)).summary().mssBytes() <= 1200, "the connector sends no larger than announced");
            }
        }
    }

    @Test
    void optionsAreCheckedAsTheKernelWouldTakeThem() {
        assertThrows(IllegalArgumentException.class, () -> new TcpOptions("bbr; rm", null, null));
        assertThrows(IllegalArgumentException.class, () -> new TcpOptions("a-name-too-long-for-it", null, null));
        assertTrue(new TcpOptions("bbr", 1200, 0).needsNative());
        assertTrue(!new TcpOptions(null, null, 0xb8).needsNative(), "the type of service goes through NIO");
    }

    @Test
    void aRefusedCongestionControlSaysWhatTheKernelOffersOrAllows() {
        String unknown = CongestionControls.refusal("nosuch", 2, "No such file or directory (errno 2)");
        assertTrue(unknown.contains("no congestion control 'nosuch'") && unknown.contains(CongestionControls.list(CongestionControls.AVAILABLE)), unknown);
        String denied = CongestionControls.refusal("bbr", 1, "Operation not permitted (errno 1)");
        assertTrue(denied.contains("not allowed") && denied.contains("tcp_allowed_congestion_control"), denied);
        assertTrue(CongestionControls.refusal("bbr", 16, "Device or resource busy (errno 16)").contains("errno 16"));
    }

    private static void moveBytes(SocketChannel from, SocketChannel to, int bytes) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(bytes);
        ByteBuffer in = ByteBuffer.allocate(bytes);
        long deadline = System.nanoTime() + 20_000_000_000L;
        while ((out.hasRemaining() || in.hasRemaining()) && System.nanoTime() < deadline) {
            if (out.hasRemaining()) {
                from.configureBlocking(false);
                from.write(out);
            }
            to.configureBlocking(false);
            to.read(in);
        }
        from.configureBlocking(true);
        to.configureBlocking(true);
        assertTrue(!in.hasRemaining(), "loopback moved " + in.position() + " of " + bytes + " bytes in 20 s");
    }

    private static void closeAll(List<SocketChannel> a, List<SocketChannel> b) throws IOException {
        for (SocketChannel c : a) {
            c.close();
        }
        for (SocketChannel c : b) {
            c.close();
        }
    }
}
