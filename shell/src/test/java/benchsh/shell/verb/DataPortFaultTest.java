package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.peer.net.TokenGate;
import benchsh.shell.Batch;
import benchsh.shell.ProcFs;
import benchsh.shell.Session;
import benchsh.shell.host.LocalHost;
import benchsh.shell.result.Result;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Faults at the data ports: a port already in use is a clear error naming host, address and port;
 * stray connections (silent, slow, garbage, a wrong HTTP request) and garbage datagrams sent to a
 * running test's port are dropped, counted in {@code strays_dropped}, and the test still ends ok. The test listens on
 * a loopback address of its own ({@code bind:}, a random 127.x.y.z), so the port to attack is that of the local
 * peer's only sockets on that address (/proc): the listener and what it accepted, never a client's short-lived port.
 */
@Timeout(60)
class DataPortFaultTest {
    @Test
    void aPortInUseIsAClearErrorNamingHostAddressAndPort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Batch b = Batch.run("-e", "tcp to: local, port: " + port + ", time: 1.s", "--json", "-");
            assertEquals(1, b.exit(), "a test that could not start is a failed test: " + b.err());
            Map<String, Object> r = b.results().get(0);
            assertEquals("failed", r.get("status"));
            String error = String.valueOf(r.get("error"));
            assertTrue(error.startsWith("local: ") && error.contains("127.0.0.1:" + port) && error.contains("in use"), error);
        }
    }

    @Test
    void strayConnectionsDuringATcpCrrTestAreDroppedAndTheTestIsUnaffected() throws Exception {
        Result r = runWithStrays("rr", Map.of("to", "local", "connect", true, "time", 8), "tcp", (address, port) -> {
            for (int i = 0; i < 5; i++) {
                try (SocketChannel ch = SocketChannel.open(new InetSocketAddress(address, port))) {
                    ch.write(ByteBuffer.wrap("GET / HTTP/1.0\r\n\r\n".getBytes()));
                    ch.socket().setSoTimeout(2000);
                    ch.socket().getInputStream().read(); // until the peer drops us
                } catch (java.net.SocketException e) {
                    // reset: dropped with our bytes unread
                }
            }
            return 5;
        });
        assertTrue(r.ok(), r.toString());
        assertTrue(r.metric("transactions") > 0, r.metrics().toString());
        assertTrue(r.metric("strays_dropped") >= 5, r.metrics().toString());
    }

    @Test
    void silentAndSlowConnectionsHeldThroughATcpCrrTestCannotFailIt() throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            Result r = runWithStrays("rr", Map.of("to", "local", "connect", true, "time", 5), "tcp", (address, port) -> {
                for (int i = 0; i < 8; i++) {
                    held.add(new Socket(address, port)); // silent, held to the end of the test
                }
                slowTalkers(held, address, port, 4, new byte[TokenGate.TOKEN_BYTES]);
                return 12;
            });
            assertTrue(r.ok(), r.toString());
            assertTrue(r.metric("transactions") > 0, r.metrics().toString());
            assertTrue(r.metric("strays_dropped") >= 8, r.metrics().toString());
        } finally {
            closeAll(held);
        }
    }

    @Test
    void aStrayGetAndSlowRequestsCannotKeepTheHttpFetchFromItsFile() throws Exception {
        List<Socket> held = new ArrayList<>();
        boolean[] answered404 = new boolean[1];
        try {
            long bytes = 256L << 20;
            Result r = runWithStrays("http", Map.of("from", "local", "to", "local", "bytes", bytes), "tcp", (address, port) -> {
                slowTalkers(held, address, port, 24, ("GET /" + "x".repeat(100)).getBytes(StandardCharsets.US_ASCII));
                try (Socket s = new Socket(address, port)) {
                    s.setSoTimeout(10_000);
                    s.getOutputStream().write("GET / HTTP/1.1\r\nHost: stray\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    byte[] status = s.getInputStream().readNBytes(12);
                    answered404[0] = new String(status, StandardCharsets.US_ASCII).equals("HTTP/1.1 404");
                } catch (java.net.SocketException e) {
                    // the test was over already and its listener gone
                }
                return 25;
            });
            assertTrue(r.ok(), r.toString());
            assertEquals((double) bytes, r.metric("bytes"), r.metrics().toString());
            if (answered404[0]) {
                assertTrue(r.metric("strays_dropped") >= 1, r.metrics().toString());
            }
        } finally {
            closeAll(held);
        }
    }

    /** Connections that send {@code slow} a byte every 300 ms from a daemon thread, until closed. */
    private static void slowTalkers(List<Socket> held, InetAddress address, int port, int count, byte[] slow) throws IOException {
        for (int i = 0; i < count; i++) {
            Socket s = new Socket(address, port);
            held.add(s);
            Thread t = new Thread(() -> {
                try {
                    for (byte b : slow) {
                        s.getOutputStream().write(b);
                        Thread.sleep(300);
                    }
                } catch (IOException | InterruptedException e) {
                    // cut by the listener, or closed by the test
                }
            }, "slow-stray");
            t.setDaemon(true);
            t.start();
        }
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
    }

    @Test
    void garbageDatagramsDuringAUdpTestAreDroppedAndNotCountedAsData() throws Exception {
        Result r = runWithStrays("udp", Map.of("to", "local", "time", 3, "rate", 10_000_000L), "udp", (address, port) -> {
            try (DatagramChannel ch = DatagramChannel.open()) {
                for (int i = 0; i < 50; i++) {
                    ch.send(ByteBuffer.wrap(("garbage " + i + " ".repeat(40)).getBytes()), new InetSocketAddress(address, port));
                }
            }
            return 50;
        });
        assertTrue(r.ok(), r.toString());
        assertTrue(r.metric("strays_dropped") >= 50, r.metrics().toString());
        assertTrue(r.metric("messages_received") <= r.metric("messages_sent"), "garbage is not counted as data: " + r.metrics());
        assertEquals(0.0, r.metric("messages_duplicate"), r.metrics().toString());
    }

    /** Sends strays to the test's port on its address. */
    private interface Strays {
        int send(InetAddress address, int port) throws IOException;
    }

    private static Result runWithStrays(String verb, Map<String, Object> args, String proto, Strays strays) throws Exception {
        assumeTrue(ProcFs.available(), "needs /proc (Linux)");
        Inet4Address address = ownLoopbackAddress();
        Map<String, Object> bound = new HashMap<>(args);
        bound.put("bind", address.getHostAddress());
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            LocalHost local = (LocalHost) session.hosts().local();
            local.peer();
            long pid = local.peerPid();
            CompletableFuture<Object> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return new benchsh.shell.script.ScriptRunner(session).verbs().get(verb).invoke(session, new Object[] {bound});
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Set<Integer> ports = Set.of();
            for (int i = 0; i < 1500 && ports.isEmpty() && !run.isDone(); i++) {
                ports = ProcFs.portsOn(pid, proto, address);
                Thread.sleep(20);
            }
            assertEquals(1, ports.size(), "the test's " + proto + " port on " + address.getHostAddress() + " shows up in /proc, alone; test: "
                    + (run.isDone() ? run.get() : "running"));
            int port = ports.iterator().next();
            try {
                strays.send(address, port);
            } catch (IOException e) {
                throw new AssertionError("strays to " + address.getHostAddress() + ":" + port + ": " + e + "; test: " + (run.isDone() ? run.get() : "running"), e);
            }
            return (Result) run.get(30, TimeUnit.SECONDS);
        }
    }

    /** A loopback address only this test uses (127.0.0.0/8 is all loopback on Linux): no other socket of the peer is on it. */
    private static Inet4Address ownLoopbackAddress() throws IOException {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        return (Inet4Address) InetAddress.getByAddress(new byte[] {127, (byte) r.nextInt(1, 255), (byte) r.nextInt(0, 256), (byte) r.nextInt(1, 255)});
    }
}
