package benchsh.peer;

import static benchsh.peer.stream.TcpSpecBuilder.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ClockExchange;
import benchsh.peer.protocol.ControlChannel;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Message;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A peer in this JVM, driven over pipes exactly as the shell drives a child peer over stdin/stdout. */
@Timeout(60)
class PeerTest {
    static final Duration WAIT = Duration.ofSeconds(20);
    ControlChannel shell;
    CompletableFuture<Integer> exit;

    PipedPeer peer;

    @BeforeEach
    void startPeer() throws IOException {
        peer = PipedPeer.start(Duration.ofSeconds(30), Peer.SHELL_SILENCE);
        shell = peer.shell();
        exit = peer.exit();
    }

    @AfterEach
    void stopPeer() {
        peer.close();
    }

    Message next() throws Exception {
        return peer.next();
    }

    @Test
    void handshakeCarriesHostFacts() throws Exception {
        shell.send(new Message.Hello(Message.PROTOCOL, "test"));
        Message.Welcome w = assertInstanceOf(Message.Welcome.class, shell.receive(WAIT));
        assertEquals(Message.PROTOCOL, w.protocol());
        for (String fact : new String[] {"hostname", "kernel", "os", "cpu_count", "java"}) {
            assertTrue(w.facts().containsKey(fact), fact + " in " + w.facts());
        }
    }

    @Test
    void anotherProtocolVersionIsRefused() throws Exception {
        shell.send(new Message.Hello(99, "future"));
        Message.Error e = assertInstanceOf(Message.Error.class, shell.receive(WAIT));
        assertTrue(e.message().contains("protocol 99 not supported"), e.message());
        assertEquals(2, exit.get());
    }

    @Test
    void runsATcpTestBetweenTwoSidesOfTheSamePeer() throws Exception {
        shell.send(new Message.Hello(Message.PROTOCOL, "test"));
        shell.receive(WAIT);
        String token = "0123456789abcdef0123456789abcdef";
        shell.send(new Message.Start("a-l", "tcp", "listen", SpecCodec.encode(tcp().build()),
                new Link(token, "127.0.0.1", 0)));
        Message.Ready ready = assertInstanceOf(Message.Ready.class, next());
        shell.send(new Message.Start("a-c", "tcp", "connect", SpecCodec.encode(tcp().send().bytes(2_000_000L).build()),
                new Link(token, "127.0.0.1", ready.endpoint().port())));
        assertInstanceOf(Message.Ready.class, next());
        Map<String, Message.Done> done = new LinkedHashMap<>();
        while (done.size() < 2) {
            Message.Done d = assertInstanceOf(Message.Done.class, next());
            done.put(d.id(), d);
        }
        assertNull(done.get("a-l").error());
        TcpStream.Report report = SpecCodec.decodeFigures(TcpStream.Report.class, new Fields("report", done.get("a-l").report()));
        assertEquals(2_000_000L, report.meter().bytesTotal());
    }

    @Test
    void aPingIsAnsweredWithThePeersClock() throws Exception {
        shell.send(new Message.Hello(Message.PROTOCOL, "test"));
        shell.receive(WAIT);
        long t1 = System.nanoTime();
        shell.send(Message.Ping.asking(t1));
        Message.Ping answer = assertInstanceOf(Message.Ping.class, next());
        ClockExchange e = answer.exchange(System.nanoTime());
        assertEquals(t1, e.t1());
        assertTrue(e.t1() <= e.t2() && e.t2() <= e.t3() && e.t3() <= e.t4(), "one JVM, one clock: " + e);
        assertTrue(Math.abs(e.offsetNanos()) <= e.delayNanos() / 2.0, "the offset of one clock is zero within half the round trip: " + e);
        shell.send(new Message.Ping());
        assertNull(assertInstanceOf(Message.Ping.class, next()).exchange(System.nanoTime()), "a keepalive carries no exchange");
    }

    @Test
    void aHeldSideBeginsAtTheInstantItsGoNamesAndSaysHowLate() throws Exception {
        shell.send(new Message.Hello(Message.PROTOCOL, "test"));
        shell.receive(WAIT);
        String token = "0123456789abcdef0123456789abcdef";
        shell.send(new Message.Start("s-l", "tcp", "listen", SpecCodec.encode(tcp().build()), new Link(token, "127.0.0.1", 0),
                Message.Start.LONGEST_DEADLINE_NANOS, true));
        Message.Ready ready = assertInstanceOf(Message.Ready.class, next());
        shell.send(new Message.Start("s-c", "tcp", "connect", SpecCodec.encode(tcp().send().bytes(100_000L).build()),
                new Link(token, "127.0.0.1", ready.endpoint().port()), Message.Start.LONGEST_DEADLINE_NANOS, true));
        assertInstanceOf(Message.Ready.class, next());
        long at = System.nanoTime() + 200_000_000L; // this JVM's clock is the peer's
        shell.send(new Message.Go("s-l", at));
        shell.send(new Message.Go("s-c", at));
        Map<String, Message.Done> done = new LinkedHashMap<>();
        while (done.size() < 2) {
            Message.Done d = assertInstanceOf(Message.Done.class, next());
            done.put(d.id(), d);
        }
        for (Message.Done d : done.values()) {
            assertNull(d.error());
            assertTrue(d.lateNanos() != null && d.lateNanos() >= 0, "began at its instant, not before, and said how late: " + d.lateNanos());
        }
        shell.send(new Message.Go("gone", System.nanoTime() + 2 * Message.Start.LONGEST_DEADLINE_NANOS));
        assertTrue(assertInstanceOf(Message.Error.class, next()).message().contains("more than 24 h away"));
    }

    @Test
    void aHeldSideThatHearsNoGoEndsAtItsDeadlineWithoutRunning() throws Exception {
        shell.send(new Message.Hello(Message.PROTOCOL, "test"));
        shell.receive(WAIT);
        shell.send(new Message.Start("h", "tcp", "listen", SpecCodec.encode(tcp().build()), new Link("0123456789abcdef0123456789abcdef", "127.0.0.1", 0),
                Peer.REPORT_MARGIN.toNanos() + 300_000_000L, true));
        assertInstanceOf(Message.Ready.class, next());
        Message.Done d = assertInstanceOf(Message.Done.class, next());
        assertEquals(ErrorKind.TIMEOUT, d.kind(), d.error());
        assertTrue(d.error().contains("when to begin"), d.error());
    }

    @Test
    void unknownWorkloadsAndBadSpecsGetAnErrorAndThePeerGoesOn() throws Exception {
        shell.send(new Message.Hello(Message.PROTOCOL, "test"));
        shell.receive(WAIT);
        shell.send(new Message.Start("x", "warp", "listen", Map.of(), null));
        Message.Error unknown = assertInstanceOf(Message.Error.class, next());
        assertTrue(unknown.message().contains("unknown workload"));
        assertEquals(ErrorKind.PROTOCOL, unknown.kind());
        shell.send(new Message.Start("y", "tcp", "listen", Map.of("bogus", 1L), new Link("0123456789abcdef0123456789abcdef", "127.0.0.1", 0)));
        Message.Error bogus = assertInstanceOf(Message.Error.class, next());
        assertTrue(bogus.message().contains("missing field") || bogus.message().contains("unknown field 'bogus'"), bogus.message());
        assertEquals(ErrorKind.PROTOCOL, bogus.kind());
        shell.send(new Message.Ping());
        assertInstanceOf(Message.Ping.class, next());
    }

    @Test
    void thePeerExitsWhenTheShellGoesAway() throws Exception {
        shell.send(new Message.Hello(Message.PROTOCOL, "test"));
        shell.receive(WAIT);
        shell.close();
        assertEquals(0, exit.get());
    }
}
