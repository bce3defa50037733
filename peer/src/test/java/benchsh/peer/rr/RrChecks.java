package benchsh.peer.rr;

import static benchsh.peer.workload.Sides.doubleOf;
import static benchsh.peer.workload.Sides.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** What every request/response test shows whatever its protocol, and the timing its specs share. */
final class RrChecks {
    static final Timing TIMING = RrSpecBuilder.TIMING;
    /** A short timeout, for sides that are meant to give up. */
    static final Timing IMPATIENT = new Timing(1_000_000_000L, 300_000_000L);
    /** How long a test waits for a side to end: generous, and far shorter than {@link #PATIENT} and {@link #LONGER_THAN_THE_TEST}. */
    static final long WAIT_SECONDS = 30;
    /** A timeout no test waits for: a side with it that ends within {@link #WAIT_SECONDS} ended for another reason (a cancel). */
    static final Timing PATIENT = new Timing(1_000_000_000L, 600_000_000_000L);
    /** A client's time no test waits for: a client that ends within {@link #WAIT_SECONDS} ended for another reason. */
    static final Duration LONGER_THAN_THE_TEST = Duration.ofMinutes(10);

    private RrChecks() {
    }

    /**
     * Runs {@code side}, whose own time and timeouts no test waits for ({@link #PATIENT}, {@link #LONGER_THAN_THE_TEST}),
     * cancels it once it has had 300 ms to block, and returns its outcome: it ended within {@link #WAIT_SECONDS}, so at
     * the cancel, and says so.
     */
    static Outcome cancelledWhileBlocked(Side side) throws Exception {
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(side::run);
        Thread.sleep(300);
        side.cancel();
        Outcome o = run.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(ErrorKind.CANCELLED, o.kind(), o.error());
        return o;
    }

    /**
     * Runs {@code side}, whose timeout no test waits for ({@link #PATIENT}) while its deadline is near, and returns its
     * outcome: it ended within {@link #WAIT_SECONDS}, so by its deadline. A side still running then is cancelled.
     */
    static Outcome endedByItsDeadline(Side side) throws Exception {
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(side::run);
        try {
            return run.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            side.cancel();
            throw new AssertionError("the side still ran " + WAIT_SECONDS + " s later: a wait went past its deadline", e);
        }
    }

    /**
     * Sends three strays to {@code port} (a whole wrong token, a wrong token in two segments, part of a token
     * and a close), then runs {@code client} while the first two are still connected; returns its outcome.
     */
    static Outcome afterThreeStrays(int port, Callable<Outcome> client) throws Exception {
        byte[] wrong = new byte[16];
        try (Socket wholeWrongToken = new Socket(Sides.LOOPBACK, port); Socket inPieces = new Socket(Sides.LOOPBACK, port)) {
            wholeWrongToken.getOutputStream().write(wrong);
            inPieces.getOutputStream().write(wrong, 0, 5);
            try (Socket closesEarly = new Socket(Sides.LOOPBACK, port)) {
                closesEarly.getOutputStream().write(wrong, 0, 3);
            }
            Thread.sleep(100); // the rest of a token in a segment of its own
            inPieces.getOutputStream().write(wrong, 5, 11);
            return client.call();
        }
    }

    /**
     * A loopback listener that never accepts, its accept queue full: the kernel drops further SYNs, so a connect
     * to it hangs. Closing it closes the queued connections too.
     */
    static final class FullBacklog implements AutoCloseable {
        private final ServerSocket full;
        private final List<Socket> queued = new ArrayList<>();

        FullBacklog() throws IOException {
            full = new ServerSocket(0, 1, InetAddress.getByName(Sides.LOOPBACK));
            for (int i = 0; i < 16; i++) {
                Socket s = new Socket();
                queued.add(s);
                try {
                    s.connect(new InetSocketAddress(Sides.LOOPBACK, full.getLocalPort()), 300);
                } catch (SocketTimeoutException e) {
                    return;
                }
            }
        }

        Link link() {
            return new Link(Sides.TOKEN, Sides.LOOPBACK, full.getLocalPort());
        }

        @Override
        public void close() throws IOException {
            for (Socket s : queued) {
                s.close();
            }
            full.close();
        }
    }

    /** Runs server and client on loopback; returns {server, client}. */
    static Outcome[] pair(Workload w, Record server, Record client) throws Exception {
        return Sides.pair(w, server, client, new RecordingContext(), new RecordingContext());
    }

    /**
     * Both sides ended ok, every request was answered once, the percentiles are ordered and (the client asked
     * for the histogram) the buckets hold every timed transaction.
     */
    static void everyTransactionCountedAndTimed(Outcome[] o) {
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        long transactions = longOf(o[1], "transactions_total");
        assertTrue(transactions > 0);
        assertEquals(transactions, longOf(o[0], "transactions_total"), "every request answered once");
        assertTrue(longOf(o[1], "latency_count") <= transactions);
        double p50 = doubleOf(o[1], "latency_p50_us");
        assertTrue(p50 > 0 && p50 <= doubleOf(o[1], "latency_p90_us") && doubleOf(o[1], "latency_p90_us") <= doubleOf(o[1], "latency_p99_us")
                && doubleOf(o[1], "latency_p99_us") <= doubleOf(o[1], "latency_p99_9_us")
                && doubleOf(o[1], "latency_p99_9_us") <= doubleOf(o[1], "latency_max_us"), Sides.metrics(o[1]).toString());
        List<?> buckets = (List<?>) Sides.metrics(o[1]).get("latency_buckets_ns");
        long inBuckets = 0;
        for (int i = 2; i < buckets.size(); i += 3) {
            inBuckets += ((Number) buckets.get(i)).longValue();
        }
        assertEquals(longOf(o[1], "latency_count"), inBuckets);
    }
}
