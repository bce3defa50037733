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
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How a TCP_RR side ends when the other does not play along: a server that never answers, a connect that never
 * completes, a cancel while blocked in a read. On Java 22+ these run on the native sockets with blocking reads (a
 * close from another thread must wake the blocked read(2)), on Java 17 on NIO.
 */
@Timeout(60)
class TcpRrEndingsTest {
    private static Link to(ServerSocket s) {
        return new Link(Sides.TOKEN, Sides.LOOPBACK, s.getLocalPort());
    }

    @Test
    void aServerThatNeverAnswersStallsTheClientAtItsTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getByName(Sides.LOOPBACK))) {
            Outcome o = new TcpRr().open("connect", rr().time(LONGER_THAN_THE_TEST).timing(RrChecks.IMPATIENT).tcpClient(), to(silent),
                    new RecordingContext()).run(); // connects (the kernel accepts), sends its request, waits for an answer
            assertEquals(ErrorKind.STALLED, o.kind(), "ended at its 300 ms timeout: " + o.error());
            assertTrue(o.error().contains("no data for"), o.error());
            TcpCrrTest.assertPath(Sides.metrics(o), "client");
        }
    }

    @Test
    void aConnectThatNeverCompletesTimesOutAtTheTimeout() throws Exception {
        try (RrChecks.FullBacklog full = new RrChecks.FullBacklog()) {
            Outcome o = new TcpRr().open("connect", rr().time(LONGER_THAN_THE_TEST).timing(RrChecks.IMPATIENT).tcpClient(), full.link(),
                    new RecordingContext()).run();
            assertEquals(ErrorKind.TIMEOUT, o.kind(), "ended at its 300 ms timeout: " + o.error());
            assertTrue(o.error().contains("cannot connect to " + Sides.LOOPBACK), o.error());
        }
    }

    @Test
    void aConnectThatNeverCompletesEndsAtTheSidesDeadlineWhenThatComesBeforeTheTimeout() throws Exception {
        try (RrChecks.FullBacklog full = new RrChecks.FullBacklog()) {
            Outcome o = RrChecks.endedByItsDeadline(new TcpRr().open("connect", rr().time(LONGER_THAN_THE_TEST).timing(PATIENT).tcpClient(), full.link(),
                    new RecordingContext(Duration.ofSeconds(1))));
            assertEquals(ErrorKind.TIMEOUT, o.kind(), o.error());
            assertTrue(o.error().contains("cannot connect to " + Sides.LOOPBACK + ":" + full.link().port()), o.error());
        }
    }

    @Test
    void aRefusedConnectIsAnIoErrorNamingTheServer() throws Exception {
        int closedPort;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getByName(Sides.LOOPBACK))) {
            closedPort = gone.getLocalPort();
        }
        Outcome o = new TcpRr().open("connect", TcpRrTest.client(1, 1, 1_000_000_000L, 0), new Link(Sides.TOKEN, Sides.LOOPBACK, closedPort),
                new RecordingContext()).run();
        assertEquals(ErrorKind.IO, o.kind(), o.error());
        assertTrue(o.error().contains("cannot connect to " + Sides.LOOPBACK + ":" + closedPort + ": connection refused"), o.error());
    }

    @Test
    void aCancelEndsAClientBlockedInARead() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getByName(Sides.LOOPBACK))) {
            Outcome o = RrChecks.cancelledWhileBlocked(new TcpRr().open("connect", rr().time(LONGER_THAN_THE_TEST).timing(PATIENT).tcpClient(), to(silent),
                    new RecordingContext()));
            assertEquals(0L, Sides.metrics(o).get("transactions_total"), Sides.metrics(o).toString());
        }
    }

    @Test
    void aCancelEndsAServerWaitingForItsConnection() throws Exception {
        RrChecks.cancelledWhileBlocked(new TcpRr().open("listen", rr().timing(PATIENT).tcpServer(), Sides.listening(), new RecordingContext()));
    }

    @Test
    void aCancelEndsAServerBlockedInARead() throws Exception {
        Side l = new TcpRr().open("listen", rr().request(4).timing(PATIENT).tcpServer(), Sides.listening(), new RecordingContext());
        try (Socket s = new Socket(Sides.LOOPBACK, Sides.to(l).port())) {
            s.getOutputStream().write(HexFormat.of().parseHex(Sides.TOKEN));
            s.getOutputStream().write(new byte[] {1, 2}); // half a request: the server waits in its read for the rest
            Outcome o = RrChecks.cancelledWhileBlocked(l);
            TcpCrrTest.assertPath(Sides.metrics(o), "server");
        }
    }
}
