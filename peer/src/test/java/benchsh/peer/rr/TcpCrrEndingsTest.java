package benchsh.peer.rr;

import static benchsh.peer.rr.RrSpecBuilder.rr;
import static benchsh.peer.rr.RrChecks.LONGER_THAN_THE_TEST;
import static benchsh.peer.rr.RrChecks.PATIENT;
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
import java.time.Duration;
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

    /** A client whose time no test waits for. */
    private static Side client(Link to, Timing timing) throws Exception {
        return new TcpCrr().open("connect", rr().time(LONGER_THAN_THE_TEST).timing(timing).crrClient(), to, new RecordingContext());
    }

    @Test
    void aServerThatNeverAnswersStallsTheClientAtItsTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getByName(Sides.LOOPBACK))) {
            Outcome o = client(to(silent), RrChecks.IMPATIENT).run(); // connects (the kernel accepts), then waits for an answer
            assertEquals(ErrorKind.STALLED, o.kind(), "ended at its 300 ms timeout: " + o.error());
            assertTrue(o.error().contains("no data for"), o.error());
        }
    }

    @Test
    void aConnectThatNeverCompletesStallsAtTheTimeout() throws Exception {
        try (RrChecks.FullBacklog full = new RrChecks.FullBacklog()) {
            Outcome o = client(full.link(), RrChecks.IMPATIENT).run(); // the meter closes the connection it waits on
            assertEquals(ErrorKind.STALLED, o.kind(), "ended at its 300 ms timeout: " + o.error());
            assertTrue(o.error().contains("no data for"), o.error());
        }
    }

    @Test
    void aConnectThatNeverCompletesEndsAtTheSidesDeadlineWhenThatComesBeforeTheTimeout() throws Exception {
        try (RrChecks.FullBacklog full = new RrChecks.FullBacklog()) {
            Side client = new TcpCrr().open("connect", rr().time(LONGER_THAN_THE_TEST).timing(PATIENT).crrClient(), full.link(),
                    new RecordingContext(Duration.ofSeconds(1)));
            Outcome o = RrChecks.endedByItsDeadline(client);
            assertEquals(ErrorKind.TIMEOUT, o.kind(), o.error());
            assertTrue(o.error().contains("cannot connect to " + Sides.LOOPBACK + ":" + full.link().port()), o.error());
        }
    }

    @Test
    void aCancelEndsAClientBlockedInARead() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getByName(Sides.LOOPBACK))) {
            RrChecks.cancelledWhileBlocked(client(to(silent), PATIENT));
        }
    }

    @Test
    void aCancelEndsAClientBlockedInAConnect() throws Exception {
        try (RrChecks.FullBacklog full = new RrChecks.FullBacklog()) {
            RrChecks.cancelledWhileBlocked(client(full.link(), PATIENT));
        }
    }

    @Test
    void aCancelEndsAServerWaitingForConnections() throws Exception {
        RrChecks.cancelledWhileBlocked(new TcpCrr().open("listen", rr().timing(PATIENT).crrServer(), Sides.listening(), new RecordingContext()));
    }

    @Test
    void aCancelEndsAServerWaitingForARequest() throws Exception {
        Side l = new TcpCrr().open("listen", rr().request(4).timing(PATIENT).crrServer(), Sides.listening(), new RecordingContext());
        try (Socket s = new Socket(Sides.LOOPBACK, Sides.to(l).port())) {
            s.getOutputStream().write(java.util.HexFormat.of().parseHex(Sides.TOKEN));
            s.getOutputStream().write(new byte[] {TcpCrr.TRANSACTION, 1});
            RrChecks.cancelledWhileBlocked(l);
        }
    }
}
