package benchsh.peer.io;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * Memory for up to {@link #slots()} datagrams of at most {@link #slotBytes()} bytes each: what one {@link
 * BatchedDatagramSocket#send} or {@link BatchedDatagramSocket#receive} call moves. The slots lie back to back
 * in one direct, big-endian buffer, so a native path hands the kernel the caller's bytes without copying.
 *
 * <p>Sending: write each datagram into {@link #slot(int)} (sequence numbers, send times: whatever the caller
 * puts there), then {@link #ready(int)} with how many slots to send. Every slot goes out as exactly {@code
 * slotBytes} bytes, whatever its position and limit. Receiving: {@code receive} sets {@link #count()}, and
 * datagram {@code i} is the first {@link #length(int)} bytes of slot {@code i}. A datagram longer than a slot is
 * cut to the slot on every path, so a receiver that must notice oversized datagrams makes its slots one byte
 * longer than the largest it accepts.
 *
 * <p>Not thread-safe: a batch belongs to one thread at a time.
 */
public final class DatagramBatch {
    /** The largest UDP payload over IPv4: 65,535 less 20 (IP) and 8 (UDP) bytes. */
    public static final int MAX_DATAGRAM_BYTES = 65_507;

    private final ByteBuffer memory;
    private final ByteBuffer[] slots;
    private final ByteBuffer[] ioViews;
    private final int[] lengths;
    private final int slotBytes;
    private int count;
    private static final Sources NO_SOURCES = i -> null;
    private Sources sources = NO_SOURCES;

    /** Where the datagrams of the last receive came from, resolved only when asked. */
    interface Sources {
        InetSocketAddress of(int slot);
    }

    /**
     * @param slots     how many datagrams one call moves, 1 to 1024 (the kernel's UIO_MAXIOV)
     * @param slotBytes bytes per slot: the datagram size when sending; 1 to {@link #MAX_DATAGRAM_BYTES} + 1
     */
    public DatagramBatch(int slots, int slotBytes) {
        if (slots < 1 || slots > 1024) {
            throw new IllegalArgumentException("a batch holds 1 to 1024 datagrams, not " + slots);
        }
        if (slotBytes < 1 || slotBytes > MAX_DATAGRAM_BYTES + 1) {
            throw new IllegalArgumentException("a slot holds 1 to " + (MAX_DATAGRAM_BYTES + 1) + " bytes, not " + slotBytes);
        }
        this.slotBytes = slotBytes;
        this.memory = ByteBuffer.allocateDirect(slots * slotBytes).order(ByteOrder.BIG_ENDIAN);
        this.slots = new ByteBuffer[slots];
        this.ioViews = new ByteBuffer[slots];
        this.lengths = new int[slots];
        for (int i = 0; i < slots; i++) {
            this.slots[i] = memory.slice(i * slotBytes, slotBytes).order(ByteOrder.BIG_ENDIAN);
            this.ioViews[i] = memory.slice(i * slotBytes, slotBytes);
        }
    }

    public int slots() {
        return slots.length;
    }

    public int slotBytes() {
        return slotBytes;
    }

    /** Slot {@code i} to write or read, position 0 and limit {@link #slotBytes()}; absolute gets and puts need no reset. */
    public ByteBuffer slot(int i) {
        return slots[Objects.checkIndex(i, slots.length)].clear();
    }

    /** Marks slots {@code 0 .. n-1} as the datagrams to send. */
    public DatagramBatch ready(int n) {
        this.count = Objects.checkIndex(n, slots.length + 1);
        Arrays.fill(lengths, 0, n, slotBytes);
        this.sources = NO_SOURCES;
        return this;
    }

    /** Datagrams to send, or received by the last {@code receive}. */
    public int count() {
        return count;
    }

    /** Bytes of datagram {@code i} ({@code i < count()}). */
    public int length(int i) {
        return lengths[Objects.checkIndex(i, count)];
    }

    /**
     * The sender of received datagram {@code i} (null in a batch made ready to send). The native paths resolve it
     * only when asked, from memory their next receive reuses: ask before receiving again.
     */
    public InetSocketAddress source(int i) {
        return sources.of(Objects.checkIndex(i, count));
    }

    /** The whole memory, for a native path: slot {@code i} starts at {@code i * slotBytes()}. */
    ByteBuffer memory() {
        return memory;
    }

    /** Slot {@code i} for a channel to read or write, reset to the whole slot; never the caller's view. */
    ByteBuffer ioView(int i) {
        return ioViews[i].clear();
    }

    int[] lengths() {
        return lengths;
    }

    /** A receive filled {@code n} slots; {@link #lengths()} holds their lengths. */
    void received(int n, Sources from) {
        this.count = n;
        this.sources = from;
    }
}
