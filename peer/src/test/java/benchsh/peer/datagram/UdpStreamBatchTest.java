package benchsh.peer.datagram;

import static benchsh.peer.datagram.UdpSpecBuilder.udp;
import static benchsh.peer.workload.Sides.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.io.BatchedDatagrams;
import benchsh.peer.io.IoPath;
import java.time.Duration;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The udp workload on every datagram I/O path this JVM offers (nio on Java 17; mmsg and gso too on Java 22+ with
 * the multi-release jar), batched and not: the counts stay exact whatever moves the datagrams.
 */
@Timeout(120)
class UdpStreamBatchTest {
    private static final long SECOND = 1_000_000_000L;
    private static final Timing TIMING = new Timing(SECOND, 10 * SECOND);

    static UdpStream.Spec spec(int size, long nanos, long rate, int batch, IoPath io) {
        return udp().size(size).time(Duration.ofNanos(nanos)).rate(rate).timing(TIMING).batch(batch, io).build();
    }

    /** Every available path × the sizes of the small-datagram mode, a header, an Ethernet and a jumbo frame × batch 1 and 64. */
    static Stream<Arguments> pathsSizesBatches() {
        List<Arguments> all = new ArrayList<>();
        for (IoPath io : BatchedDatagrams.available()) {
            for (int size : new int[] {1, 22, 1472, 8972}) {
                for (int batch : new int[] {1, 64}) {
                    all.add(Arguments.of(io, size, batch));
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}, {1} bytes, batch {2}")
    @MethodSource("pathsSizesBatches")
    void everyDatagramIsCountedOnceAsReceivedOrLostWithExactBytes(IoPath io, int size, int batch) throws Exception {
        AtomicLong dropped = new AtomicLong();
        UdpStream lossy = new UdpStream(seq -> seq % 7 == 2 && dropped.incrementAndGet() > 0);
        Outcome[] o = Sides.pair(lossy, spec(size, 10 * SECOND, 0, batch, io), spec(size, SECOND / 4, 0, batch, io),
                new RecordingContext(), new RecordingContext());
        Outcome rx = o[0];
        Outcome tx = o[1];
        assertNull(rx.error(), rx.error());
        assertNull(tx.error(), tx.error());
        long sent = longOf(tx, "messages_sent");
        long received = longOf(rx, "messages_received");
        long lost = reconciled(rx, tx);
        assertEquals((long) size * sent, longOf(tx, "bytes"), "the sender counts size × datagrams on the wire");
        assertEquals((long) size * received, longOf(rx, "bytes"), "the receiver counts size × datagrams received");
        assertTrue(lost >= dropped.get(), lost + " lost, yet the receiver dropped " + dropped.get() + " on purpose");
        assertEquals(0L, longOf(rx, "strays_dropped"), rx.metrics().toString());
        if (size >= UdpStream.HEADER_BYTES) {
            assertEquals(0L, longOf(rx, "messages_duplicate"));
        }
        assertRan(io, tx.metrics(), "send_io", "send_io_note");
        assertRan(io, rx.metrics(), "recv_io", "recv_io_note");
        assertEquals((long) batch, longOf(tx, "send_batch"));
        assertEquals((long) batch, longOf(rx, "recv_batch"));
    }

    /**
     * Checks that sent = received + lost and returns the loss. An unpaced sender may leave the receive buffer
     * full as its end markers come; if all of them were lost the receiver cannot know the count, and the shell
     * reconciles from the sender's (UdpMetrics), as this does.
     */
    static long reconciled(Outcome rx, Outcome tx) {
        long sent = longOf(tx, "messages_sent");
        long received = longOf(rx, "messages_received");
        assertTrue(sent > 0, "nothing sent: " + tx.metrics());
        assertTrue(received <= sent, received + " received of " + sent + " sent");
        if (rx.metrics().containsKey("sender_messages_sent")) {
            assertEquals(sent, longOf(rx, "sender_messages_sent"), "the end marker carries the sender's count");
            assertEquals(sent - received, longOf(rx, "messages_lost"), rx.metrics().toString());
        } else {
            assertFalse(rx.metrics().containsKey("messages_lost"), "no end marker, no count of the lost: " + rx.metrics());
        }
        return sent - received;
    }

    /**
     * The path reported is the one asked for, or a slower one with a note saying why; never slower than the path
     * the build promises this JVM (benchsh.io.expected, set for the run on Java 22+).
     */
    private static void assertRan(IoPath asked, Map<String, Object> metrics, String io, String note) {
        IoPath ran = IoPath.parse((String) metrics.get(io));
        String promised = System.getProperty("benchsh.io.expected");
        if (promised != null && asked.ordinal() <= IoPath.parse(promised).ordinal()) {
            assertEquals(asked, ran, metrics.toString());
        }
        assertTrue(ran.ordinal() <= asked.ordinal(), ran + " is faster than the " + asked + " asked for");
        assertEquals(ran != asked, metrics.containsKey(note), metrics.toString());
    }

    @Test
    void onJava17TheNativePathsFallBackToNioWithANote() throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() < 22, "Java " + Runtime.version().feature());
        Outcome[] o = Sides.pair(new UdpStream(), spec(1472, 10 * SECOND, 0, 64, IoPath.GSO), spec(1472, SECOND / 4, 0, 64, IoPath.GSO),
                new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        reconciled(o[0], o[1]);
        assertEquals("nio", o[1].metrics().get("send_io"));
        assertEquals("nio", o[0].metrics().get("recv_io"));
        assertTrue(((String) o[1].metrics().get("send_io_note")).contains("needs Java 22"), o[1].metrics().toString());
    }

    @Test
    void nioAskedForIsNioWithoutANote() throws Exception {
        Outcome[] o = Sides.pair(new UdpStream(), spec(100, 10 * SECOND, 0, 8, IoPath.NIO), spec(100, SECOND / 5, 0, 8, IoPath.NIO),
                new RecordingContext(), new RecordingContext());
        assertEquals("nio", o[1].metrics().get("send_io"));
        assertEquals("nio", o[0].metrics().get("recv_io"));
        assertFalse(o[1].metrics().containsKey("send_io_note"));
        reconciled(o[0], o[1]);
    }

    @Test
    void aPacedSenderBatchesAtMostAMillisecondOfItsRate() {
        assertEquals(64, UdpSender.batchFor(spec(1472, SECOND, 0, 64, IoPath.GSO)), "unpaced: as asked");
        assertEquals(64, UdpSender.batchFor(spec(1472, SECOND, 1_000_000_000L, 64, IoPath.GSO)), "1 ms of 1 Gbit/s is 84 datagrams");
        assertEquals(8, UdpSender.batchFor(spec(1472, SECOND, 100_000_000L, 64, IoPath.GSO)), "1 ms of 100 Mbit/s is 8.5 datagrams");
        assertEquals(1, UdpSender.batchFor(spec(1472, SECOND, 1_000_000L, 64, IoPath.GSO)), "at least one");
        assertEquals(128, UdpSender.batchFor(spec(65_507, SECOND, 0, 1024, IoPath.GSO)), "at most 8 MiB of slots");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("paths")
    void aPacedBatchedSenderStaysNearItsRate(IoPath io) throws Exception {
        long rate = 50_000_000L; // 1472-byte datagrams: 4.2 per ms, so batches of 4
        RecordingContext cc = new RecordingContext();
        Outcome[] o = Sides.pair(new UdpStream(), spec(1472, 10 * SECOND, 0, 64, io), spec(1472, SECOND, rate, 64, io),
                new RecordingContext(), cc);
        assertNull(o[1].error(), o[1].error());
        assertEquals(4L, longOf(o[1], "send_batch"));
        double offered = longOf(o[1], "messages_sent") * 1472 * 8.0; // in one second
        assertTrue(offered <= rate * 1.25, offered + " bits sent in 1 s, paced to " + rate + " bit/s");
        assertTrue(offered >= rate * 0.2, offered + " bits sent in 1 s, paced to " + rate + " bit/s");
        assertTrue(cc.samples.size() >= 1, "interval samples: " + cc.samples);
        reconciled(o[0], o[1]);
    }

    static Stream<IoPath> paths() {
        return BatchedDatagrams.available().stream();
    }
}
