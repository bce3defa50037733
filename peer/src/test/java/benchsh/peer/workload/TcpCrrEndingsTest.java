package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How a TCP_CRR side ends when the other does not play along: a server that never answers, a connect that never
 * completes, a cancel while blocked. On Java 22+ these run on the native sockets (a close from another thread
 * must wake the blocked system call), on Java 17 on NIO.
 */
@Timeout(60)
class TcpCrrEndingsTest {
    /** Far more than any ending below takes, far less than the 10 s timeout that would end it otherwise. */
    private static final long PROMPT_NANOS = 5_000_000_000L;

    private static Link to(ServerSocket s) {
        return new Link(Sides.TOKEN, Sides.LOOPBACK, s.getLocalPort());
    }

    private static Side client(Link to, Timing timing) throws Exception {
        return new TcpCrr().open("connect", new TcpCrr.ClientSpec(1, 1, 30_000_000_000L, 0, timing, false), to, new RecordingContext());
    }

    /** Runs {@code side}, cancels it after 300 ms; returns its outcome, checking it ended promptly. */
    private static Outcome cancelledWhileBlocked(Side side) throws Exception {
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(side::run);
        Thread.sleep(300);
        long cancelledAt = System.nanoTime();
        side.cancel();
        Outcome o = run.get(30, TimeUnit.SECONDS);
        long took = System.nanoTime() - cancelledAt;
        assertTrue(took < PROMPT_NANOS, "ended " + took / 1_000_000 + " ms after the cancel");
        assertEquals(ErrorKind.CANCELLED, o.kind(), o.error());
        return o;
    }

    @Test
    void aServerThatNeverAnswersStallsTheClientAtItsTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getByName(Sides.LOOPBACK))) {
            long start = System.nanoTime();
            Outcome o = client(to(silent), RrChecks.IMPATIENT).run(); // connects (the kernel accepts), then waits for an answer
            long took = System.nanoTime() - start;
            assertEquals(ErrorKind.STALLED, o.kind(), o.error());
            assertTrue(o.error().contains("no data for"), o.error());
            assertTrue(took < PROMPT_NANOS, "gave up after " + took / 1_000_000 + " ms with a 300 ms timeout");
        }
    }

    @Test
    void aCancelEndsAClientBlockedInARead() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getByName(Sides.LOOPBACK))) {
            cancelledWhileBlocked(client(to(silent), RrChecks.TIMING));
        }
    }

    @Test
    void aCancelEndsAClientBlockedInAConnect() throws Exception {
        try (ServerSocket full = new ServerSocket(0, 1, java.net.InetAddress.getByName(Sides.LOOPBACK))) {
            List<Socket> queued = new ArrayList<>();
            try {
                // never accepted: once the accept queue is full the kernel drops further SYNs, so a connect hangs
                for (int i = 0; i < 16; i++) {
                    Socket s = new Socket();
                    queued.add(s);
                    try {
                        s.connect(new InetSocketAddress(Sides.LOOPBACK, full.getLocalPort()), 300);
                    } catch (SocketTimeoutException e) {
                        break;
                    }
                }
                cancelledWhileBlocked(client(to(full), RrChecks.TIMING));
            } finally {
                for (Socket s : queued) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aCancelEndsAServerWaitingForConnections() throws Exception {
        cancelledWhileBlocked(new TcpCrr().open("listen", TcpCrrTest.server(1, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext()));
    }

    @Test
    void aCancelEndsAServerWaitingForARequest() throws Exception {
        Side l = new TcpCrr().open("listen", TcpCrrTest.server(4, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext());
        try (Socket s = new Socket(Sides.LOOPBACK, Sides.to(l).port())) {
            s.getOutputStream().write(java.util.HexFormat.of().parseHex(Sides.TOKEN));
            s.getOutputStream().write(new byte[] {TcpCrr.TRANSACTION, 1});
            cancelledWhileBlocked(l);
        }
    }
}
