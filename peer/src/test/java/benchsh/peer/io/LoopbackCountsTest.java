package benchsh.peer.io;

import static benchsh.peer.io.Datagrams.assertIntact;
import static benchsh.peer.io.Datagrams.head;
import static benchsh.peer.io.Datagrams.headOf;
import static benchsh.peer.io.Datagrams.stampBatch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Exact counts on loopback for every path this JVM offers: what the sender says went out is what arrives, each
 * datagram once, exactly {@code size} bytes, its numbers and bytes intact. No test here measures speed.
 */
@Timeout(120)
class LoopbackCountsTest {
    private static final Duration ROUND_DEADLINE = Duration.ofSeconds(10);

    /** What a lockstep exchange counted. */
    record Tally(long sent, long received, long lost, long errors, long bytes) {
    }

    @ParameterizedTest(name = "{0}, {1} bytes")
    @MethodSource("benchsh.peer.io.Datagrams#pathsAndSizes")
    void everyDatagramSentArrivesOnceWithItsBytesIntact(IoPath path, int size) throws IOException {
        try (BatchedDatagramSocket rx = Datagrams.receiver(path, size); BatchedDatagramSocket tx = Datagrams.sender(path, rx, size)) {
            Tally t = lockstep(tx, rx, size, 8, Datagrams.roundSlots(rx, size));
            assertEquals(t.sent(), t.received() + t.lost(), "sent = received + lost");
            assertEquals(0, t.lost(), "a round that fits the receive buffer loses nothing on loopback");
            assertEquals(0, t.errors());
            assertEquals((long) size * t.received(), t.bytes(), "bytes = size × datagrams");
            assertTrue(t.sent() >= 8);
        }
    }

    @ParameterizedTest(name = "{0} to {1}")
    @MethodSource("pathPairs")
    void everyPathTalksToEveryOther(IoPath sending, IoPath receiving) throws IOException {
        for (int size : new int[] {22, 1472}) {
            try (BatchedDatagramSocket rx = Datagrams.receiver(receiving, size); BatchedDatagramSocket tx = Datagrams.sender(sending, rx, size)) {
                Tally t = lockstep(tx, rx, size, 4, Datagrams.roundSlots(rx, size));
                assertEquals(t.sent(), t.received(), size + " bytes");
                assertEquals((long) size * t.received(), t.bytes());
            }
        }
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> pathPairs() {
        return Datagrams.paths().stream().flatMap(a -> Datagrams.paths().stream().map(b -> org.junit.jupiter.params.provider.Arguments.of(a, b)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void aReceiverWithFewerSlotsThanASendTakesItInSeveralReceives(IoPath path) throws IOException {
        try (BatchedDatagramSocket rx = Datagrams.receiver(path, 22); BatchedDatagramSocket tx = Datagrams.sender(path, rx, 22)) {
            Tally t = lockstep(tx, rx, 22, 6, 5); // gso: one 64-datagram buffer is cut into 13 receives
            assertEquals(t.sent(), t.received());
            assertEquals(22L * t.received(), t.bytes());
        }
    }

    @ParameterizedTest(name = "{0}, {1} bytes")
    @MethodSource("freeRunning")
    void aSenderAndReceiverRunningFlatOutAgreeOnEveryDatagram(IoPath path, int size) throws Exception {
        try (BatchedDatagramSocket rx = Datagrams.receiver(path, size); BatchedDatagramSocket tx = Datagrams.sender(path, rx, size)) {
            AtomicBoolean senderDone = new AtomicBoolean();
            BitSet seen = new BitSet();
            CompletableFuture<long[]> received = CompletableFuture.supplyAsync(() -> receiveUntilQuiet(rx, size, senderDone, seen));
            DatagramBatch out = new DatagramBatch(64, size);
            long sent = 0;
            long errors = 0;
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            for (int round = 0; round < 400 && System.nanoTime() < end; round++) {
                Sent s = tx.send(stampBatch(out, sent, 64));
                assertEquals(s.datagrams() < 64, s.errors() > 0, "a datagram not sent is always explained by an error: " + s);
                sent += s.datagrams();
                errors += s.errors();
            }
            senderDone.set(true);
            long[] r = received.get(90, TimeUnit.SECONDS);
            long count = r[0];
            long bytes = r[1];
            assertTrue(seen.length() <= sent, "a datagram numbered " + (seen.length() - 1) + " arrived, but only " + sent + " were sent");
            assertEquals(count, seen.cardinality(), "no datagram arrives twice");
            long lost = sent - seen.cardinality();
            assertEquals(sent, count + lost);
            assertEquals((long) size * count, bytes);
            assertTrue(count > 0, "nothing arrived of " + sent + " (" + errors + " send errors)");
        }
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> freeRunning() {
        return Datagrams.paths().stream().flatMap(p -> java.util.stream.Stream.of(22, 1472).map(s -> org.junit.jupiter.params.provider.Arguments.of(p, s)));
    }

    /** Receives (checking every datagram) until the sender is done and nothing came for a second; returns [datagrams, bytes]. */
    private static long[] receiveUntilQuiet(BatchedDatagramSocket rx, int size, AtomicBoolean senderDone, BitSet seen) {
        DatagramBatch in = new DatagramBatch(64, size + 1);
        long count = 0;
        long bytes = 0;
        long end = System.nanoTime() + Duration.ofSeconds(80).toNanos();
        try {
            while (System.nanoTime() < end) {
                boolean done = senderDone.get(); // read before the receive: a quiet second after it means drained
                int n = rx.receive(in, Duration.ofSeconds(1));
                for (int i = 0; i < n; i++) {
                    long seq = head(in, i);
                    assertFalse(seen.get((int) seq), "datagram " + seq + " arrived twice");
                    assertIntact(in, i, seq, size);
                    seen.set((int) seq);
                    count++;
                    bytes += in.length(i);
                }
                if (n == 0 && done) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new long[] {count, bytes};
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void anUnconnectedReceiverNamesTheSenderAndAConnectedOneHearsOnlyIt(IoPath path) throws Exception {
        try (BatchedDatagramSocket rx = Datagrams.receiver(path, 100);
             BatchedDatagramSocket a = Datagrams.sender(path, rx, 100);
             BatchedDatagramSocket b = Datagrams.sender(path, rx, 100)) {
            DatagramBatch out = new DatagramBatch(4, 100);
            assertEquals(4, a.send(stampBatch(out, 0, 4)).datagrams());
            List<Datagrams.Arrival> first = Datagrams.collect(rx, 4, 101);
            assertEquals(4, first.size());
            for (Datagrams.Arrival d : first) {
                assertEquals(a.localAddress().getPort(), d.source().getPort());
                assertEquals(InetAddress.getLoopbackAddress(), d.source().getAddress());
            }
            rx.connect(first.get(0).source()); // as a small-datagram receiver admits its sender
            assertEquals(a.localAddress(), rx.remoteAddress());
            b.send(stampBatch(out, 100, 4)); // no socket takes them now: the kernel drops them and tells b (ICMP)
            assertEquals(4, a.send(stampBatch(out, 4, 4)).datagrams());
            List<Datagrams.Arrival> second = Datagrams.collect(rx, 4, 101);
            assertEquals(4, second.size());
            for (Datagrams.Arrival d : second) {
                assertIntact(d.bytes(), d.length(), d.head(), 100);
                assertTrue(d.head() >= 4 && d.head() < 8, "datagram " + d.head() + " is not one of a's");
            }
            assertEquals(0, rx.receive(new DatagramBatch(8, 101), Duration.ofMillis(300)), "b's datagrams never arrive");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void ipv6AndADualStackReceiverCountTheSame(IoPath path) throws IOException {
        InetAddress v6 = InetAddress.getByName("::1");
        try (DatagramChannel probe = DatagramChannel.open()) {
            probe.bind(new InetSocketAddress(v6, 0));
        } catch (IOException e) {
            Assumptions.abort("no IPv6 loopback here: " + e.getMessage());
        }
        for (InetSocketAddress local : new InetSocketAddress[] {new InetSocketAddress(v6, 0), new InetSocketAddress(InetAddress.getByName("::"), 0)}) {
            DatagramSocketSpec spec = DatagramSocketSpec.bound(local).withBuffers(0, Datagrams.RECEIVE_BUFFER).withDatagramBytes(1472);
            try (BatchedDatagramSocket rx = BatchedDatagrams.open(spec, path)) {
                assertEquals(path, rx.io(), rx.fallback());
                InetAddress target = local.getAddress().isAnyLocalAddress() ? InetAddress.getByName("127.0.0.1") : v6;
                InetSocketAddress to = new InetSocketAddress(target, rx.localAddress().getPort());
                try (BatchedDatagramSocket tx = BatchedDatagrams.open(DatagramSocketSpec.connected(to).withDatagramBytes(1472), path)) {
                    Tally t = lockstep(tx, rx, 1472, 4, Datagrams.roundSlots(rx, 1472));
                    assertEquals(t.sent(), t.received(), "to " + to);
                    assertEquals(1, tx.send(stampBatch(new DatagramBatch(1, 1472), 0, 1)).datagrams());
                    List<Datagrams.Arrival> got = Datagrams.collect(rx, 1, 1473);
                    assertEquals(1, got.size());
                    assertEquals(target, got.get(0).source().getAddress());
                    assertEquals(target instanceof Inet6Address, got.get(0).source().getAddress() instanceof Inet6Address);
                }
            }
        }
    }

    /**
     * Sends {@code rounds} batches, each received in full (into batches of {@code receiveSlots}) before the next
     * goes: numbers run on from what was sent, so a refused datagram's number is reused, as a workload does.
     */
    static Tally lockstep(BatchedDatagramSocket tx, BatchedDatagramSocket rx, int size, int rounds, int receiveSlots) throws IOException {
        int slots = Datagrams.roundSlots(rx, size);
        DatagramBatch out = new DatagramBatch(slots, size);
        DatagramBatch in = new DatagramBatch(receiveSlots, size + 1);
        long sent = 0;
        long received = 0;
        long lost = 0;
        long errors = 0;
        long bytes = 0;
        for (int r = 0; r < rounds; r++) {
            Sent s = tx.send(stampBatch(out, sent, slots));
            assertEquals(s.datagrams() < slots, s.errors() > 0, "a datagram not sent is always explained by an error: " + s);
            Map<Long, Long> expected = new HashMap<>();
            for (long seq = sent; seq < sent + s.datagrams(); seq++) {
                expected.put(headOf(seq, size), seq);
            }
            sent += s.datagrams();
            errors += s.errors();
            long end = System.nanoTime() + ROUND_DEADLINE.toNanos();
            while (!expected.isEmpty() && System.nanoTime() < end) {
                int n = rx.receive(in, Duration.ofSeconds(1));
                for (int i = 0; i < n; i++) {
                    Long seq = expected.remove(head(in, i));
                    assertNotNull(seq, "datagram with head " + head(in, i) + " was not sent in this round, or arrived twice");
                    assertIntact(in, i, seq, size);
                    received++;
                    bytes += in.length(i);
                }
            }
            lost += expected.size();
        }
        assertEquals(0, rx.receive(in, Duration.ofMillis(200)), "nothing arrives that was not sent");
        return new Tally(sent, received, lost, errors, bytes);
    }
}
