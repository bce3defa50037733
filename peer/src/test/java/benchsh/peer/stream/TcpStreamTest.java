package benchsh.peer.stream;

import static benchsh.peer.stream.TcpSpecBuilder.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(60)
class TcpStreamTest {
    static final Timing TIMING = TcpSpecBuilder.TIMING;
    /**
     * A sender's time that no test here waits for (each has a minute): a side that ends within the test ended for
     * the reason the test gives it (a reset, a cancel, a stall), not at its time.
     */
    static final Duration LONGER_THAN_THE_TEST = Duration.ofMinutes(10);
    /** How long a test waits for a side to end: generous, and shorter than {@link #LONGER_THAN_THE_TEST}. */
    static final long WAIT_SECONDS = 30;

    /** A receiver of {@code size}-byte reads over {@code streams} connections. */
    static TcpStream.Spec receiver(int size, int streams, Timing timing) {
        return tcp().size(size).streams(streams).timing(timing).build();
    }

    /** A sender of {@code size}-byte writes for {@code nanos}, or of {@code bytes} in all when nanos is 0. */
    static TcpStream.Spec sender(int size, int streams, long nanos, long bytes) {
        return tcp().send().size(size).streams(streams).time(Duration.ofNanos(nanos)).bytes(bytes).build();
    }

    static Outcome[] pair(TcpStream.Spec listen, TcpStream.Spec connect, RecordingContext lc) throws Exception {
        return Sides.pair(new TcpStream(), listen, connect, lc, new RecordingContext());
    }

    @Test
    void sendsForTheGivenTimeAndBothSidesCountTheSameBytes() throws Exception {
        RecordingContext lc = new RecordingContext();
        Outcome[] o = pair(receiver(16384, 2, new Timing(200_000_000L, 10_000_000_000L)), sender(16384, 2, 1_000_000_000L, 0), lc);
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        assertTrue(((Number) Sides.metrics(o[0]).get("bytes")).longValue() > 0);
        assertEquals(Sides.metrics(o[1]).get("bytes_total"), Sides.metrics(o[0]).get("bytes_total"));
        assertTrue(((Number) Sides.metrics(o[0]).get("throughput_bps")).doubleValue() > 0);
        assertTrue(lc.samples.size() >= 2, "interval samples: " + lc.samples);
        assertNotNull(Sides.metrics(o[0]).get("cpu_pct"));
    }

    @Test
    void byteCountModeSendsExactlyThatMany() throws Exception {
        Outcome[] o = pair(receiver(65536, 3, TIMING), sender(65536, 3, 0, 3_000_001L), new RecordingContext());
        assertEquals(3_000_001L, Sides.metrics(o[0]).get("bytes_total"));
        assertEquals(3_000_001L, Sides.metrics(o[0]).get("bytes"));
    }

    @Test
    void smallMessagesByByteCountArriveExactlyOnBothSides() throws Exception {
        long messages = 20_000;
        Outcome[] o = pair(receiver(1024, 2, TIMING), sender(1024, 2, 0, 1024 * messages), new RecordingContext());
        assertNull(o[1].error(), o[1].error());
        assertEquals(1024 * messages, Sides.metrics(o[1]).get("bytes_total"), "sent");
        assertEquals(1024 * messages, Sides.metrics(o[0]).get("bytes_total"), "received");
    }

    @ParameterizedTest
    @ValueSource(ints = {1024, 4096, 16384, 131072})
    void aTimedSenderAndItsReceiverCountTheSameBytesAtEverySize(int size) throws Exception {
        Outcome[] o = pair(receiver(size, 1, TIMING), sender(size, 1, 300_000_000L, 0), new RecordingContext());
        assertNull(o[1].error(), o[1].error());
        assertNull(o[0].error(), o[0].error());
        long sent = Sides.longOf(o[1], "bytes_total");
        assertTrue(sent > 0 && sent % size == 0, "whole " + size + "-byte messages went out: " + sent);
        assertEquals(sent, Sides.longOf(o[0], "bytes_total"), "the receiver counted every byte sent");
        assertPath(Sides.metrics(o[0]));
        assertPath(Sides.metrics(o[1]));
    }

    /**
     * A side reports the calls it made: native where the build promises the native paths (the run on Java 22+ sets
     * benchsh.io.expected), nio on Java 17 with a note saying why.
     */
    static void assertPath(Map<String, Object> metrics) {
        String expected = System.getProperty("benchsh.io.expected") != null ? "native" : "nio";
        assertEquals(expected, metrics.get("stream_io"), metrics.toString());
        assertEquals(expected.equals("nio"), metrics.containsKey("stream_io_note"), metrics.toString());
        if (Runtime.version().feature() < 22) {
            assertTrue(String.valueOf(metrics.get("stream_io_note")).contains("needs Java 22 or newer"), metrics.toString());
        }
    }

    @Test
    void aZeroCopySenderSaysItRanSendfile() throws Exception {
        Outcome[] o = pair(receiver(65536, 1, TIMING), tcp().send().size(65536).bytes(1 << 20).zeroCopy().build(), new RecordingContext());
        assertNull(o[1].error(), o[1].error());
        assertEquals(1L << 20, Sides.longOf(o[0], "bytes_total"));
        assertEquals("sendfile", Sides.metrics(o[1]).get("stream_io"));
        assertPath(Sides.metrics(o[0]));
    }

    @Test
    void aTimedSenderWhoseReceiverGoesAwayEndsThenNotAtItsTime() throws Exception {
        try (ServerSocket closing = new ServerSocket(0, 1, InetAddress.getByName(Sides.LOOPBACK))) {
            CompletableFuture<Void> accepted = CompletableFuture.runAsync(() -> {
                try (Socket s = closing.accept()) {
                    s.getInputStream().readNBytes(Sides.TOKEN.length() / 2); // the token, then a close with data unread: a reset
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            Side sender = new TcpStream().open("connect", tcp().send().size(16384).time(LONGER_THAN_THE_TEST).build(),
                    new Link(Sides.TOKEN, Sides.LOOPBACK, closing.getLocalPort()), new RecordingContext());
            Outcome o = CompletableFuture.supplyAsync(sender::run).get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertEquals(ErrorKind.IO, o.kind(), "ended when its stream did: " + o.error());
            accepted.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void reverseLetsTheListenerSend() throws Exception {
        Outcome[] o = Sides.pair(new TcpStream(), sender(131072, 1, 0, 1_000_000L), receiver(131072, 1, TIMING), new RecordingContext(),
                new RecordingContext());
        assertEquals(1_000_000L, Sides.metrics(o[1]).get("bytes_total"));
    }

    @Test
    void strayConnectionsAndGarbageAreDroppedWithoutDisturbingTheTest() throws Exception {
        TcpStream tcp = new TcpStream();
        Side l = tcp.open("listen", receiver(131072, 1, TIMING), Sides.listening(), new RecordingContext());
        int port = l.endpoint().port();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (Socket garbage = new Socket(Sides.LOOPBACK, port)) {
            OutputStream out = garbage.getOutputStream();
            out.write(HexFormat.of().parseHex("ffffffffffffffffffffffffffffffff"));
            out.flush();
            Thread.sleep(100);
            Outcome co = tcp.open("connect", sender(131072, 1, 0, 500_000L), Sides.to(l), new RecordingContext()).run();
            assertNull(co.error());
        }
        Outcome o = lo.get();
        assertNull(o.error());
        assertEquals(500_000L, Sides.metrics(o).get("bytes_total"));
        assertEquals(1L, Sides.metrics(o).get("strays_dropped"));
    }

    @Test
    void aListenerWithoutSenderGivesUpAtItsDeadlineAsATimeout() throws Exception {
        Side l = new TcpStream().open("listen", receiver(131072, 1, new Timing(1_000_000_000L, 300_000_000L)), Sides.listening(),
                new RecordingContext());
        Outcome o = l.run();
        assertEquals(ErrorKind.TIMEOUT, o.kind());
        assertTrue(o.error().contains("0 of 1 connections"), o.error());
    }

    @Test
    void specsOverThePeerCapsOrWithoutWhatToSendAreRejected() {
        TcpStream tcp = new TcpStream();
        Map<String, Object> huge = SpecCodec.encode(sender(1, 1, 1, 0));
        huge.put("size", 1L << 30);
        ProtocolException big = assertThrows(ProtocolException.class, () -> tcp.open("connect", huge, Sides.listening(), new RecordingContext()));
        assertTrue(big.getMessage().contains("spec.size"), big.getMessage());
        Map<String, Object> nothing = SpecCodec.encode(sender(1, 1, 1, 0));
        nothing.put("time_nanos", 0L);
        ProtocolException empty = assertThrows(ProtocolException.class, () -> tcp.open("connect", nothing, Sides.listening(), new RecordingContext()));
        assertTrue(empty.getMessage().contains("needs time_nanos or bytes"), empty.getMessage());
        assertThrows(ProtocolException.class, () -> tcp.open("sideways", SpecCodec.encode(sender(1, 1, 1, 0)), Sides.listening(), new RecordingContext()));
    }

    @Test
    void cancelStopsARunningSideAndKeepsItsFigures() throws Exception {
        TcpStream tcp = new TcpStream();
        Side l = tcp.open("listen", receiver(131072, 1, TIMING), Sides.listening(), new RecordingContext());
        RecordingContext sending = new RecordingContext();
        Side sender = tcp.open("connect", tcp().send().time(LONGER_THAN_THE_TEST).timing(new Timing(50_000_000L, 10_000_000_000L)).build(),
                Sides.to(l), sending);
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        CompletableFuture<Outcome> co = CompletableFuture.supplyAsync(sender::run);
        assertTrue(sending.await(samples -> samples.stream().anyMatch(x -> ((Interval.Moved) x.figures()).bytes() > 0), Duration.ofSeconds(WAIT_SECONDS)),
                "the sender sends");
        sender.cancel();
        Outcome so = co.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(ErrorKind.CANCELLED, so.kind(), "ended at the cancel: " + so.error());
        assertTrue(((Number) Sides.metrics(so).get("bytes_total")).longValue() > 0);
        lo.get();
    }

    @Test
    void aSenderWhoseReceiverStopsReadingEndsAtTheStallTimeoutWithItsFigures() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getByName(Sides.LOOPBACK))) {
            CompletableFuture<Socket> accepted = CompletableFuture.supplyAsync(() -> acceptQuietly(silent));
            Timing stallSoon = new Timing(100_000_000L, 500_000_000L);
            Side sender = new TcpStream().open("connect", tcp().send().size(1024).time(LONGER_THAN_THE_TEST).timing(stallSoon).build(),
                    new Link(Sides.TOKEN, Sides.LOOPBACK, silent.getLocalPort()), new RecordingContext());
            Outcome o = CompletableFuture.supplyAsync(sender::run).get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertEquals(ErrorKind.STALLED, o.kind(), "ended at the stall: " + o.error());
            assertTrue(Sides.longOf(o, "bytes_total") > 0, "the bytes that went out before the stall are kept");
            accepted.get(10, TimeUnit.SECONDS).close();
        }
    }

    private static Socket acceptQuietly(ServerSocket server) {
        try {
            return server.accept(); // and never read
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aTimedSenderOfSmallWritesStopsAtItsTimeWithSamplesOnTime() throws Exception {
        RecordingContext rx = new RecordingContext();
        Timing sampled = new Timing(100_000_000L, 10_000_000_000L);
        Outcome[] o = pair(receiver(1024, 1, sampled), tcp().send().size(1024).time(Duration.ofMillis(600)).timing(sampled).build(), rx);
        assertNull(o[1].error(), o[1].error());
        assertEquals(Sides.metrics(o[1]).get("bytes_total"), Sides.metrics(o[0]).get("bytes_total"), "the receiver counted every byte sent");
        // it stopped by itself (pair waits for both sides); a lower bound only: a slow machine makes the span longer, never shorter
        double seconds = Sides.doubleOf(o[1], "seconds");
        assertTrue(seconds >= 0.6, "the sender sent for its whole time: " + seconds);
        assertTrue(rx.samples.size() >= 3, "samples every 100 ms: " + rx.samples);
        for (int i = 1; i < rx.samples.size(); i++) {
            assertEquals(rx.samples.get(i - 1).endS(), rx.samples.get(i).startS(), 1e-9, "samples follow each other");
        }
        long sampled0 = rx.samples.stream().mapToLong(s -> ((Interval.Moved) s.figures()).bytes()).sum();
        assertTrue(sampled0 > 0 && sampled0 <= Sides.longOf(o[0], "bytes"), "the samples count what arrived: " + sampled0);
    }
}
