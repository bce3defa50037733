package benchsh.peer.rr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How a TCP_CRR side ends when the other does not play along: a server that never answers, a connect that never
 * completes, a cancel while blocked. On Java 22+ these run on the native sockets (a close from another thread
 * must wake the blocked system call), on Java 17 on NIO.
 */
@Timeout(60)
class TcpCrrEndingsTest {
    private static Link to(ServerSocket s) {
        return new Link(Sides.TOKEN, Sides.LOOPBACK, s.getLocalPort());
    }

    private static Side client(Link to, Timing timing) throws Exception {
        return new TcpCrr().open("connect", new TcpCrr.ClientSpec(1, 1, 30_000_000_000L, 0, timing, false), to, new RecordingContext());
    }

    @Test
    void aServerThatNeverAnswersStallsTheClientAtItsTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getByName(Sides.LOOPBACK))) {
            long start = System.nanoTime();
            Outcome o = client(to(silent), RrChecks.IMPATIENT).run(); // connects (the kernel accepts), then waits for an answer
            long took = System.nanoTime() - start;
            assertEquals(ErrorKind.STALLED, o.kind(), o.error());
            assertTrue(o.error().contains("no data for"), o.error());
            assertTrue(took < RrChecks.PROMPT_NANOS, "gave up after " + took / 1_000_000 + " ms with a 300 ms timeout");
        }
    }

    @Test
    void aCancelEndsAClientBlockedInARead() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getByName(Sides.LOOPBACK))) {
            RrChecks.cancelledWhileBlocked(client(to(silent), RrChecks.TIMING));
        }
    }

    @Test
    void aCancelEndsAClientBlockedInAConnect() throws Exception {
        try (RrChecks.FullBacklog full = new RrChecks.FullBacklog()) {
            RrChecks.cancelledWhileBlocked(client(full.link(), RrChecks.TIMING));
        }
    }

    @Test
    void aCancelEndsAServerWaitingForConnections() throws Exception {
        RrChecks.cancelledWhileBlocked(new TcpCrr().open("listen", TcpCrrTest.server(1, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext()));
    }

    @Test
    void aCancelEndsAServerWaitingForARequest() throws Exception {
        Side l = new TcpCrr().open("listen", TcpCrrTest.server(4, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext());
        try (Socket s = new Socket(Sides.LOOPBACK, Sides.to(l).port())) {
            s.getOutputStream().write(java.util.HexFormat.of().parseHex(Sides.TOKEN));
            s.getOutputStream().write(new byte[] {TcpCrr.TRANSACTION, 1});
            RrChecks.cancelledWhileBlocked(l);
        }
    }
}
