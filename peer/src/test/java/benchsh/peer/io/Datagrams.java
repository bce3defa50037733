package benchsh.peer.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test helpers: sockets on loopback, and datagrams whose bytes say which they are. Datagram {@code seq} starts
 * with the low {@code min(8, size)} bytes of {@code seq}, big-endian, followed by a pattern derived from
 * {@code seq}, so a byte moved, lost or cut anywhere shows.
 */
final class Datagrams {
    static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    /** The sizes the brief names: 1 byte, a 64-byte frame, an Ethernet MTU, a jumbo frame, the IPv4 maximum. */
    static final int[] SIZES = {1, 22, 1472, 8972, DatagramBatch.MAX_DATAGRAM_BYTES};
    /** What receivers ask for; the kernel caps it at net.core.rmem_max. */
    static final int RECEIVE_BUFFER = 4 << 20;

    private Datagrams() {
    }

    static List<IoPath> paths() {
        return List.copyOf(BatchedDatagrams.available());
    }

    /** Every available path with every size. */
    static Stream<org.junit.jupiter.params.provider.Arguments> pathsAndSizes() {
        return paths().stream().flatMap(p -> java.util.Arrays.stream(SIZES).mapToObj(s -> org.junit.jupiter.params.provider.Arguments.of(p, s)));
    }

    /** What a socket opened on {@code path} for {@code size}-byte datagrams must report. */
    static IoPath expectedIo(IoPath path, int size) {
        return path == IoPath.GSO && DatagramBatch.MAX_DATAGRAM_BYTES / size < 2 ? IoPath.MMSG : path;
    }

    static BatchedDatagramSocket receiver(IoPath path, int size) throws IOException {
        BatchedDatagramSocket s = BatchedDatagrams.open(DatagramSocketSpec.bound(LOOPBACK).withBuffers(0, RECEIVE_BUFFER).withDatagramBytes(size), path);
        assertEquals(expectedIo(path, size), s.io(), "receiver on " + path + ": " + s.fallback());
        return s;
    }

    static BatchedDatagramSocket sender(IoPath path, BatchedDatagramSocket to, int size) throws IOException {
        BatchedDatagramSocket s = BatchedDatagrams.open(DatagramSocketSpec.connected(to.localAddress()).withDatagramBytes(size), path);
        assertEquals(expectedIo(path, size), s.io(), "sender on " + path + ": " + s.fallback());
        return s;
    }

    /** Writes datagram {@code seq} into {@code slot} (whole slot). */
    static void stamp(ByteBuffer slot, long seq) {
        int size = slot.limit();
        int head = Math.min(8, size);
        for (int i = 0; i < head; i++) {
            slot.put(i, (byte) (seq >>> (8 * (head - 1 - i))));
        }
        for (int i = head; i < size; i++) {
            slot.put(i, pattern(seq, i));
        }
    }

    /** Fills slots 0 .. n-1 with datagrams {@code first .. first+n-1} and marks them ready. */
    static DatagramBatch stampBatch(DatagramBatch batch, long first, int n) {
        for (int i = 0; i < n; i++) {
            stamp(batch.slot(i), first + i);
        }
        return batch.ready(n);
    }

    /** The sequence head of received datagram {@code i}: the low min(8, length) bytes of its number. */
    static long head(DatagramBatch batch, int i) {
        return head(batch.slot(i), batch.length(i));
    }

    static long head(ByteBuffer datagram, int length) {
        long v = 0;
        for (int b = 0; b < Math.min(8, length); b++) {
            v = v << 8 | (datagram.get(b) & 0xff);
        }
        return v;
    }

    /** The head that datagram {@code seq} of {@code size} bytes carries. */
    static long headOf(long seq, int size) {
        return size >= 8 ? seq : seq & ((1L << (8 * size)) - 1);
    }

    /** Asserts that received datagram {@code i} is datagram {@code seq}, every byte of it. */
    static void assertIntact(DatagramBatch batch, int i, long seq, int size) {
        assertIntact(batch.slot(i), batch.length(i), seq, size);
    }

    static void assertIntact(ByteBuffer datagram, int length, long seq, int size) {
        assertEquals(size, length, "datagram " + seq + " arrived with the wrong length");
        assertEquals(headOf(seq, size), head(datagram, length));
        for (int b = Math.min(8, size); b < size; b++) {
            if (datagram.get(b) != pattern(seq, b)) {
                assertTrue(false, "datagram " + seq + " differs at byte " + b);
            }
        }
    }

    /** A received datagram, copied out of its batch. */
    record Arrival(ByteBuffer bytes, int length, InetSocketAddress source) {
        long head() {
            return Datagrams.head(bytes, length);
        }
    }

    /** Receives until {@code n} datagrams have arrived or 10 s passed; returns what arrived, in order. */
    static List<Arrival> collect(BatchedDatagramSocket rx, int n, int slotBytes) throws IOException {
        DatagramBatch in = new DatagramBatch(Math.max(1, n), slotBytes);
        List<Arrival> got = new java.util.ArrayList<>();
        long end = System.nanoTime() + java.time.Duration.ofSeconds(10).toNanos();
        while (got.size() < n && System.nanoTime() < end) {
            int k = rx.receive(in, java.time.Duration.ofSeconds(1));
            for (int i = 0; i < k; i++) {
                ByteBuffer copy = ByteBuffer.allocate(in.length(i)).put(in.slot(i).limit(in.length(i))).flip();
                got.add(new Arrival(copy, in.length(i), in.source(i)));
            }
        }
        return got;
    }

    private static byte pattern(long seq, int at) {
        return (byte) (seq * 31 + at);
    }

    /** How many slots a lockstep round may send so that a round fits in a quarter of the receive buffer. */
    static int roundSlots(BatchedDatagramSocket receiver, int size) throws IOException {
        long perDatagram = size + 1024L; // payload and the kernel's per-buffer overhead (truesize), generously
        return (int) Math.max(1, Math.min(64, receiver.receiveBufferBytes() / 4 / perDatagram));
    }
}
