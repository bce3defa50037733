package benchsh.peer.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The token gate under hostile load: floods of silent connections, slow talkers, then the real sender. */
@Timeout(60)
class TokenGateTest {
    private static final String TOKEN = "00112233445566778899aabbccddeeff";

    @Test
    void aFloodOfSilentConnectionsIsBoundedAndTheRealSenderStillGetsIn() throws Exception {
        int flood = TokenGate.MAX_PENDING + 100;
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0), 1024)) {
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            TokenGate gate = new TokenGate(TOKEN);
            CompletableFuture<List<SocketChannel>> admitted = CompletableFuture.supplyAsync(() -> {
                try {
                    return gate.admit(server, 1, Duration.ofSeconds(30), () -> false);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            List<SocketChannel> silent = new ArrayList<>();
            try {
                for (int i = 0; i < flood; i++) {
                    silent.add(SocketChannel.open(new InetSocketAddress("127.0.0.1", port)));
                }
                Thread.sleep(500); // let the gate accept them
                try (SocketChannel real = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
                    real.write(ByteBuffer.wrap(HexFormat.of().parseHex(TOKEN)));
                    List<SocketChannel> in = admitted.get(20, TimeUnit.SECONDS);
                    assertEquals(1, in.size());
                    in.get(0).close();
                }
                assertTrue(gate.strays() >= flood - TokenGate.MAX_PENDING, "the oldest silent ones were dropped: " + gate.strays());
            } finally {
                for (SocketChannel ch : silent) {
                    ch.close();
                }
            }
        }
    }

    @Test
    void aWrongTokenIsDroppedAndTheDeadlineHolds() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            TokenGate gate = new TokenGate(TOKEN);
            try (SocketChannel wrong = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
                wrong.write(ByteBuffer.wrap(new byte[TokenGate.TOKEN_BYTES]));
                SocketTimeoutException e = assertThrows(SocketTimeoutException.class,
                        () -> gate.admit(server, 1, Duration.ofSeconds(1), () -> false));
                assertTrue(e.getMessage().contains("1 strays dropped"), e.getMessage());
            }
        }
    }

    @Test
    void aSlowTalkerIsCutAtItsOneDeadlineNotPerByte() throws Exception {
        try (ServerSocketChannel server = listen()) {
            TokenGate gate = new TokenGate(HexFormat.of().parseHex(TOKEN), Duration.ofMillis(500), TokenGate.MAX_PENDING);
            CompletableFuture<List<SocketChannel>> admitted = admitOne(gate, server);
            int sent = 0;
            try (Socket slow = new Socket("127.0.0.1", server.socket().getLocalPort())) {
                // a byte every 200 ms: each read is well within 500 ms, the whole token would take 3.2 s
                for (; sent < TokenGate.TOKEN_BYTES; sent++) {
                    slow.getOutputStream().write(0);
                    slow.getOutputStream().flush();
                    Thread.sleep(200);
                    slow.setSoTimeout(1);
                    try {
                        if (slow.getInputStream().read() < 0) {
                            break; // cut
                        }
                    } catch (SocketTimeoutException stillOpen) {
                        // not yet
                    } catch (SocketException reset) {
                        break;
                    }
                }
            }
            assertTrue(sent < TokenGate.TOKEN_BYTES - 1, "cut at the deadline after " + sent + " bytes, not by its wrong token");
            try (SocketChannel real = sendToken(server)) {
                admitted.get(20, TimeUnit.SECONDS).get(0).close();
            }
            assertEquals(1, gate.strays());
        }
    }

    @Test
    void whenFullTheOldestWaitingIsEvictedNotTheNewcomer() throws Exception {
        try (ServerSocketChannel server = listen()) {
            TokenGate gate = new TokenGate(HexFormat.of().parseHex(TOKEN), Duration.ofSeconds(60), 4);
            CompletableFuture<List<SocketChannel>> admitted = admitOne(gate, server);
            List<Socket> silent = new ArrayList<>();
            try {
                for (int i = 0; i < 10; i++) {
                    silent.add(new Socket("127.0.0.1", server.socket().getLocalPort()));
                }
                for (int i = 0; i < 6; i++) {
                    assertTrue(closedByPeer(silent.get(i), 20_000), "connection " + i + " of 10 was evicted");
                }
                for (int i = 6; i < 10; i++) {
                    assertFalse(closedByPeer(silent.get(i), 100), "connection " + i + " of 10 still waits");
                }
                try (SocketChannel real = sendToken(server)) {
                    admitted.get(20, TimeUnit.SECONDS).get(0).close();
                }
                assertEquals(10, gate.strays(), "evicted, and left waiting when the gate closed");
            } finally {
                for (Socket s : silent) {
                    s.close();
                }
            }
        }
    }

    @Test
    void nextHandsOutConnectionsOneAtATimeWhileStraysKeepWaiting() throws Exception {
        try (ServerSocketChannel server = listen(); Socket silent = new Socket("127.0.0.1", server.socket().getLocalPort())) {
            TokenGate gate = new TokenGate(TOKEN);
            assertNull(gate.next(server, Duration.ofMillis(200), () -> false));
            for (int i = 0; i < 3; i++) {
                try (SocketChannel real = sendToken(server); SocketChannel in = gate.next(server, Duration.ofSeconds(20), () -> false)) {
                    assertTrue(in.isBlocking() && in.isOpen());
                }
            }
            assertFalse(closedByPeer(silent, 100), "the silent one still waits for its deadline");
            assertEquals(0, gate.strays());
            gate.close();
            assertEquals(1, gate.strays(), "left waiting when the gate closed");
            assertTrue(closedByPeer(silent, 20_000));
        }
    }

    private static ServerSocketChannel listen() throws IOException {
        return ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0), 1024);
    }

    private static CompletableFuture<List<SocketChannel>> admitOne(TokenGate gate, ServerSocketChannel server) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return gate.admit(server, 1, Duration.ofSeconds(30), () -> false);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, runnable -> new Thread(runnable, "gate").start());
    }

    private static SocketChannel sendToken(ServerSocketChannel server) throws IOException {
        SocketChannel real = SocketChannel.open(server.getLocalAddress());
        real.write(ByteBuffer.wrap(HexFormat.of().parseHex(TOKEN)));
        return real;
    }

    /** Whether the listener closed {@code s} (EOF or reset) within {@code millis}. */
    private static boolean closedByPeer(Socket s, int millis) throws IOException {
        s.setSoTimeout(millis);
        try {
            return s.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        }
    }
}
