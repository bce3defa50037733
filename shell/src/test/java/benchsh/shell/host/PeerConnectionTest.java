package benchsh.shell.host;

import static benchsh.shell.host.PeerTextTest.HOSTILE;
import static benchsh.shell.host.PeerTextTest.hasControl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.datagram.UdpStream;
import benchsh.peer.io.StreamSockets;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Interval;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The shell's end of a peer connection, against a {@link FakePeer} over pipes: it pings on a fixed
 * cadence even while the peer talks without pause, and everything the peer says reaches the shell
 * with its control characters escaped.
 */
@Timeout(60)
class PeerConnectionTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private static PeerConnection connect(FakePeer peer, java.util.function.Supplier<String> diagnostics, Duration pingEvery) throws Exception {
        PeerConnection c = new PeerConnection("h1", peer.shellEnd(), diagnostics, pingEvery, PeerConnection.DEAD_AFTER);
        c.handshake("test", WAIT);
        return c;
    }

    @Test
    void aPeersClockIsLearntFromThePingsAndAHeldSidesGoIsSentInIt() throws Exception {
        try (FakePeer peer = new FakePeer(Map.of(), 1, Duration.ofMillis(10), null);
                PeerConnection c = connect(peer, () -> null, Duration.ofSeconds(10))) {
            peer.skew = 3_000_000_000L + 77_777L;
            PeerClock.Estimate e = c.syncClock(4, WAIT).orElseThrow();
            assertEquals(peer.skew, e.offsetNanos(), e.uncertaintyNanos(), "the skew, within half the fastest round trip: " + e);
            SideHandle side = c.start("t1", "tcp", "listen", Map.of(), null, Duration.ofMinutes(1), true);
            side.awaitReady(WAIT);
            long instant = System.nanoTime() + 1_000_000_000L;
            side.go(instant);
            c.start("t2", "tcp", "listen", Map.of(), null, Duration.ofMinutes(1)).awaitReady(WAIT); // after the GO, on one channel
            assertEquals(instant + peer.skew, peer.startAt.get("t1"), e.uncertaintyNanos() + 1, "the instant, as the peer's clock reads it");
            assertTrue(!peer.startAt.containsKey("t2"), "a side started at once gets no GO");
        }
    }

    @Test
    void theShellPingsOnItsCadenceWhileIntervalsFlowWithoutPause() throws Exception {
        // a sample every 20 ms: the connection is never idle, so only a fixed cadence sends pings
        try (FakePeer peer = new FakePeer(Map.of(), Integer.MAX_VALUE, Duration.ofMillis(20), null);
                PeerConnection c = connect(peer, () -> null, Duration.ofMillis(100))) {
            SideHandle side = c.start("t1", "tcp", "listen", Map.of(), null, Duration.ofMinutes(1));
            long end = System.nanoTime() + WAIT.toNanos();
            while (peer.pings() < 5 && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertTrue(peer.pings() >= 5, "pings while the peer talked: " + peer.pings());
            assertTrue(side.intervals().size() >= 5, "the peer talked meanwhile: " + side.intervals().size() + " samples");
            assertFalse(side.isDone());
        }
    }

    @Test
    void factsReportsAndErrorsFromThePeerArriveEscapedAndTyped() throws Exception {
        UdpStream.ReceiverReport hostile = new UdpStream.ReceiverReport(null, 1472, new UdpStream.Received(3, null, null, Double.NaN, 212_992, 1, "nio",
                HOSTILE), null, null, 0);
        try (FakePeer peer = new FakePeer(Map.of("kernel", HOSTILE), null, hostile, 2, Duration.ofMillis(10), HOSTILE);
                PeerConnection c = connect(peer, () -> null, PeerConnection.PING_EVERY)) {
            assertEquals(PeerText.line(HOSTILE), c.welcome().facts().get("kernel"));
            SideHandle side = c.start("t1", "udp", "listen", Map.of(), null, Duration.ofMinutes(1));
            SideEnd done = doneWithin(side);
            assertEquals(PeerText.line(HOSTILE), done.error());
            UdpStream.ReceiverReport report = assertInstanceOf(UdpStream.ReceiverReport.class, done.report(), "decoded with the role's record");
            assertEquals(3, report.received().messagesReceived());
            assertEquals(PeerText.line(HOSTILE), report.received().recvIoNote());
            assertEquals(2, side.intervals().size());
            side.intervals().forEach(s -> assertEquals(1000, ((Interval.Bytes) s.figures()).bytes()));
        }
    }

    @Test
    void aSampleThatDoesNotDecodeWithItsRecordEndsTheSideAsAProtocolErrorAndStopsIt() throws Exception {
        try (FakePeer peer = new FakePeer(Map.of(), Map.of("start_s", 0.0, "end_s", 1.0, "figures", Map.of("moved", Map.of("bytes", "many"))),
                new TcpStream.Report(null, 0, null, null, StreamSockets.Chosen.byDefault(), null), 1, Duration.ofMillis(10), null);
                PeerConnection c = connect(peer, () -> null, PeerConnection.PING_EVERY)) {
            SideHandle side = c.start("t1", "tcp", "listen", Map.of(), null, Duration.ofMinutes(1));
            SideEnd done = doneWithin(side);
            assertEquals(ErrorKind.PROTOCOL, done.kind());
            assertTrue(done.error().contains("interval sample that does not decode (interval.figures.moved.bytes must be an integer"), done.error());
            assertTrue(side.intervals().isEmpty());
        }
    }

    @Test
    void aPeerThatDiesIsNamedWithItsStderrEscaped() throws Exception {
        FakePeer peer = new FakePeer(Map.of(), Integer.MAX_VALUE, Duration.ofMillis(50), null);
        try (PeerConnection c = connect(peer, () -> "Exception in thread main\n" + HOSTILE, PeerConnection.PING_EVERY)) {
            SideHandle side = c.start("t1", "tcp", "listen", Map.of(), null, Duration.ofMinutes(1));
            peer.close();
            String error = doneWithin(side).error();
            assertTrue(error.startsWith("h1: the peer exited (Exception in thread main\\n\\x1b[31mred"), error);
            assertFalse(hasControl(error, false), error);
            assertFalse(hasControl(c.deadReason(), false), c.deadReason());
        }
    }

    private static SideEnd doneWithin(SideHandle side) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!side.isDone() && System.nanoTime() < end) {
            Thread.sleep(10);
        }
        assertTrue(side.isDone(), "the side ended");
        return side.doneNow();
    }
}
