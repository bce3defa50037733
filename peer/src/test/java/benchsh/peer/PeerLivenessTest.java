package benchsh.peer;

import static benchsh.peer.stream.TcpSpecBuilder.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Message;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.MovedClock;
import benchsh.peer.workload.Timing;
import java.io.EOFException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A shell whose machine vanishes sends no FIN: the peer only notices that the shell's pings stopped.
 * A peer that runs (or ran) a test exits once the shell is silent for longer than its deadline, cancelling its
 * sides; pings keep it going; an idle peer waits for its idle timeout instead. The peer measures the silence on a
 * clock the test moves ({@link MovedClock}), so "not before the deadline" is checked at the deadline itself.
 */
@Timeout(60)
class PeerLivenessTest {
    private static final Duration SILENCE = Peer.SHELL_SILENCE;
    private static final Duration IDLE = Duration.ofMinutes(2);
    private final MovedClock clock = new MovedClock();

    /** Starts a TCP test between two sides of the same peer, sending for {@code timeNanos} or {@code bytes}; returns their ids. */
    private static List<String> startTcp(PipedPeer peer, long timeNanos, long bytes) throws Exception {
        Timing timing = new Timing(200_000_000L, 10_000_000_000L);
        String token = "0123456789abcdef0123456789abcdef";
        peer.shell().send(new Message.Start("t-l", "tcp", "listen",
                SpecCodec.encode(tcp().time(Duration.ofNanos(timeNanos)).timing(timing).build()), new Link(token, "127.0.0.1", 0)));
        Message.Ready ready = assertInstanceOf(Message.Ready.class, peer.next());
        int port = ready.endpoint().port();
        peer.shell().send(new Message.Start("t-c", "tcp", "connect",
                SpecCodec.encode(tcp().send().time(Duration.ofNanos(timeNanos)).bytes(bytes).timing(timing).build()), new Link(token, "127.0.0.1", port)));
        assertInstanceOf(Message.Ready.class, peer.next());
        return List.of("t-l", "t-c");
    }

    /** The DONE ids the peer sends until it closes its end; fails if that takes longer than {@link PipedPeer#WAIT}. */
    private static Set<String> doneUntilExit(PipedPeer peer) throws Exception {
        Set<String> done = new HashSet<>();
        long end = System.nanoTime() + PipedPeer.WAIT.toNanos();
        while (System.nanoTime() < end) {
            try {
                if (peer.next() instanceof Message.Done d) {
                    done.add(d.id());
                }
            } catch (EOFException e) {
                return done;
            }
        }
        throw new AssertionError("the peer still talks after " + PipedPeer.WAIT.toSeconds() + " s");
    }

    /** Reads what the peer sends until the DONE of each of {@code ids}; returns everything read. */
    private static List<Message> untilDone(PipedPeer peer, List<String> ids) throws Exception {
        List<Message> heard = new ArrayList<>();
        Set<String> done = new HashSet<>();
        while (!done.containsAll(ids)) {
            Message m = peer.next();
            heard.add(m);
            if (m instanceof Message.Done d) {
                done.add(d.id());
            }
        }
        return heard;
    }

    /** Moves the clock on by {@code by} and waits until the peer has checked the shell's silence at the new time. */
    private void silentFor(Duration by) throws InterruptedException {
        clock.move(by);
        clock.awaitTwoReads();
    }

    @Test
    void aPeerRunningATestExitsWhenTheShellFallsSilentAndReportsItsSides() throws Exception {
        try (PipedPeer peer = PipedPeer.start(IDLE, SILENCE, clock)) {
            peer.handshake();
            List<String> sides = startTcp(peer, 60_000_000_000L, 0); // the shell's last word
            silentFor(SILENCE);
            assertFalse(peer.exit().isDone(), "silent for the deadline itself: the peer waits on");
            clock.move(Duration.ofNanos(1));
            assertEquals(new HashSet<>(sides), doneUntilExit(peer), "both sides were cancelled and reported");
            assertEquals(Peer.SHELL_SILENT, peer.exit().get(PipedPeer.WAIT.toSeconds(), TimeUnit.SECONDS));
        }
    }

    @Test
    void aPeerWhoseTestEndedBeforeTheShellFellSilentExitsToo() throws Exception {
        try (PipedPeer peer = PipedPeer.start(IDLE, SILENCE, clock)) {
            peer.handshake();
            untilDone(peer, startTcp(peer, 0, 1_000_000L));
            clock.move(SILENCE.plusNanos(1));
            assertEquals(Set.of(), doneUntilExit(peer));
            assertEquals(Peer.SHELL_SILENT, peer.exit().get(PipedPeer.WAIT.toSeconds(), TimeUnit.SECONDS));
        }
    }

    @Test
    void pingsKeepATestRunningPastTheDeadline() throws Exception {
        try (PipedPeer peer = PipedPeer.start(IDLE, SILENCE, clock)) {
            peer.handshake();
            List<String> sides = startTcp(peer, 60_000_000_000L, 0);
            for (int i = 0; i < 3; i++) {
                silentFor(SILENCE);
                peer.shell().send(new Message.Ping());
                assertInstanceOf(Message.Ping.class, peer.next(), "ping " + (i + 1) + " answered");
            }
            silentFor(SILENCE);
            assertFalse(peer.exit().isDone(), "the peer still serves after four deadlines, each ended by a ping");
            for (String id : sides) {
                peer.shell().send(new Message.Stop(id));
            }
            untilDone(peer, sides);
        }
    }

    @Test
    void anIdlePeerWaitsForItsIdleTimeoutNotTheTestDeadline() throws Exception {
        try (PipedPeer peer = PipedPeer.start(IDLE, SILENCE, clock)) {
            peer.handshake();
            peer.shell().send(new Message.Ping());
            assertInstanceOf(Message.Ping.class, peer.next()); // the shell's last word
            silentFor(SILENCE.multipliedBy(2));
            assertFalse(peer.exit().isDone(), "an idle peer outlives the test deadline");
            silentFor(IDLE.minus(SILENCE.multipliedBy(2)));
            assertFalse(peer.exit().isDone(), "idle for its idle timeout itself: the peer waits on");
            clock.move(Duration.ofNanos(1));
            assertEquals(0, peer.exit().get(PipedPeer.WAIT.toSeconds(), TimeUnit.SECONDS), "idle past its idle timeout: it exits");
        }
    }
}
