package benchsh.peer;

import static benchsh.peer.stream.TcpSpecBuilder.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Message;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.stream.TcpStream;
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
 * A peer that runs (or ran) a test exits once the shell is silent for its deadline, cancelling its
 * sides; pings keep it going; an idle peer waits for its idle timeout instead.
 */
@Timeout(60)
class PeerLivenessTest {
    private static final Duration SILENCE = Duration.ofSeconds(2);
    private static final Duration IDLE = Duration.ofSeconds(60);

    /** Starts a TCP test between two sides of the same peer, sending for {@code timeNanos} or {@code bytes}; returns their ids. */
    private static List<String> startTcp(PipedPeer peer, long timeNanos, long bytes) throws Exception {
        Timing timing = new Timing(200_000_000L, 10_000_000_000L);
        String token = "0123456789abcdef0123456789abcdef";
        peer.shell().send(new Message.Start("t-l", "tcp", "listen",
                SpecCodec.encode(tcp().time(Duration.ofNanos(timeNanos)).timing(timing).build()), new Link(token, "127.0.0.1", 0)));
        Message.Ready ready = assertInstanceOf(Message.Ready.class, peer.next());
        int port = ((Number) ready.endpoint().get("port")).intValue();
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

    @Test
    void aPeerRunningATestExitsWhenTheShellFallsSilentAndReportsItsSides() throws Exception {
        try (PipedPeer peer = PipedPeer.start(IDLE, SILENCE)) {
            peer.handshake();
            long silentSince = System.nanoTime();
            List<String> sides = startTcp(peer, 60_000_000_000L, 0);
            assertEquals(new HashSet<>(sides), doneUntilExit(peer), "both sides were cancelled and reported");
            assertEquals(Peer.SHELL_SILENT, peer.exit().get(PipedPeer.WAIT.toSeconds(), TimeUnit.SECONDS));
            assertTrue(System.nanoTime() - silentSince > SILENCE.toNanos(), "not before the deadline");
        }
    }

    @Test
    void aPeerWhoseTestEndedBeforeTheShellFellSilentExitsToo() throws Exception {
        try (PipedPeer peer = PipedPeer.start(IDLE, SILENCE)) {
            peer.handshake();
            startTcp(peer, 0, 1_000_000L);
            assertEquals(Set.of("t-l", "t-c"), doneUntilExit(peer));
            assertEquals(Peer.SHELL_SILENT, peer.exit().get(PipedPeer.WAIT.toSeconds(), TimeUnit.SECONDS));
        }
    }

    @Test
    void pingsKeepATestRunningPastTheDeadline() throws Exception {
        try (PipedPeer peer = PipedPeer.start(IDLE, SILENCE)) {
            peer.handshake();
            List<String> sides = startTcp(peer, 60_000_000_000L, 0);
            List<Message> heard = new ArrayList<>();
            long end = System.nanoTime() + SILENCE.multipliedBy(3).toNanos();
            while (System.nanoTime() < end) {
                peer.shell().send(new Message.Ping());
                Thread.sleep(SILENCE.toMillis() / 5);
            }
            assertFalse(peer.exit().isDone(), "the peer still serves after three deadlines of pings");
            for (String id : sides) {
                peer.shell().send(new Message.Stop(id));
            }
            Set<String> done = new HashSet<>();
            while (done.size() < 2) {
                Message m = peer.next();
                heard.add(m);
                if (m instanceof Message.Done d) {
                    done.add(d.id());
                }
            }
            assertTrue(heard.stream().anyMatch(m -> m instanceof Message.Ping), "the pings were answered: " + heard);
        }
    }

    @Test
    void anIdlePeerWaitsForItsIdleTimeoutNotTheTestDeadline() throws Exception {
        try (PipedPeer peer = PipedPeer.start(IDLE, SILENCE)) {
            peer.handshake();
            Thread.sleep(SILENCE.multipliedBy(2).toMillis());
            assertFalse(peer.exit().isDone(), "an idle peer outlives the test deadline");
            peer.shell().send(new Message.Ping());
            assertInstanceOf(Message.Ping.class, peer.next());
        }
    }
}
