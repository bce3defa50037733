package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.CMSG_DATA;
import static benchsh.peer.io.CLayouts.CMSG_LEN;
import static benchsh.peer.io.CLayouts.CMSG_LEVEL;
import static benchsh.peer.io.CLayouts.CMSG_TYPE;
import static benchsh.peer.io.CLayouts.C_INT;
import static benchsh.peer.io.CLayouts.IOVEC;
import static benchsh.peer.io.CLayouts.IOV_BASE;
import static benchsh.peer.io.CLayouts.IOV_LEN;
import static benchsh.peer.io.CLayouts.MMSGHDR;
import static benchsh.peer.io.CLayouts.MSG_CONTROL;
import static benchsh.peer.io.CLayouts.MSG_CONTROLLEN;
import static benchsh.peer.io.CLayouts.MSG_IOV;
import static benchsh.peer.io.CLayouts.MSG_IOVLEN;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

/**
 * The sending half of a {@link NativeDatagramSocket}: one sendmmsg(2) per batch. On the gso path, each message
 * carries up to {@link #MAX_SEGMENTS} consecutive slots as one buffer with a UDP_SEGMENT control message, and
 * the kernel (or the NIC) cuts it into datagrams of exactly the slot size; a message of one slot goes without.
 * If the kernel refuses UDP_SEGMENT on this route (EIO without checksum offload, EINVAL past the MTU, ...), the
 * socket drops to plain messages for good and resends what was refused. Used by one thread at a time.
 */
final class MmsgSender {
    /** Segments per UDP_SEGMENT send the kernel accepts on every version that has it (UDP_MAX_SEGMENTS). */
    static final int MAX_SEGMENTS = 64;
    /** The most bytes one UDP_SEGMENT send may carry: the largest UDP payload over IPv4. */
    static final int MAX_SEND_BYTES = DatagramBatch.MAX_DATAGRAM_BYTES;
    private static final long SEGMENT_CMSG_SPACE = CLayouts.cmsgSpace(Short.BYTES);
    private static final ValueLayout.OfLong SIZE_T = (ValueLayout.OfLong) CLayouts.SIZE_T;

    private final int fd;
    private final Arena arena;
    private final FdGuard guard;
    private final MemorySegment errno;
    private final Poller poller;
    private volatile boolean gso;
    private volatile String downgrade;
    private MemorySegment messages = MemorySegment.NULL;
    private MemorySegment iovecs;
    private MemorySegment controls;
    private int capacity;

    MmsgSender(int fd, Arena arena, boolean gso, FdGuard guard) {
        this.fd = fd;
        this.arena = arena;
        this.gso = gso;
        this.guard = guard;
        this.errno = Libc.newErrno(arena);
        this.poller = new Poller(fd, arena, guard);
    }

    /** How many datagrams of {@code bytes} one UDP_SEGMENT send carries. */
    static int datagramsPerSend(int bytes) {
        return Math.min(MAX_SEGMENTS, MAX_SEND_BYTES / bytes);
    }

    boolean gso() {
        return gso;
    }

    /** Why the gso path was given up, or null. */
    String downgrade() {
        return downgrade;
    }

    Sent send(DatagramBatch batch) throws IOException {
        int n = batch.count();
        if (n == 0) {
            return Sent.NOTHING;
        }
        int size = batch.slotBytes();
        long data = MemorySegment.ofBuffer(batch.memory()).address();
        int per = gso ? Math.max(1, datagramsPerSend(size)) : 1;
        int first = 0; // the datagram the laid-out messages start at
        int count = layOut(data, first, n, size, per);
        int done = 0; // messages sent
        boolean waited = false;
        try {
            while (done < count) {
                int r = Libc.sendmmsg(errno, fd, messages.asSlice(done * MMSGHDR.byteSize()), count - done, 0);
                if (r > 0) {
                    done += r;
                    waited = false;
                    continue;
                }
                int e = Libc.errno(errno);
                if (guard.closed()) {
                    throw NativeDatagramSocket.closedUnder();
                }
                int sent = Math.min(n, first + done * per);
                if (e == Libc.EINTR) {
                    continue;
                }
                if (e == Libc.EAGAIN && !waited) {
                    waited = true;
                    poller.await(Libc.POLLOUT, BatchedDatagramSocket.SEND_STALL.toMillis());
                    continue;
                }
                if (per > 1 && refusesSegments(e)) {
                    gso = false;
                    downgrade = "the kernel refused UDP_SEGMENT on this route (" + Libc.describe(e) + "); sending one datagram per message";
                    per = 1;
                    first = sent;
                    count = layOut(data, first, n, size, per);
                    done = 0;
                    continue;
                }
                String why = e == Libc.EAGAIN ? "no room in the send buffer for " + BatchedDatagramSocket.SEND_STALL.toMillis() + " ms"
                        : Libc.describe(e);
                return new Sent(sent, 1, why);
            }
            return new Sent(n, 0, null);
        } finally {
            Reference.reachabilityFence(batch); // the kernel read its memory by address
        }
    }

    private static boolean refusesSegments(int errno) {
        return errno == Libc.EIO || errno == Libc.EINVAL || errno == Libc.EMSGSIZE || errno == Libc.ENOPROTOOPT
                || errno == Libc.EOPNOTSUPP;
    }

    /**
     * Lays datagrams {@code first .. n-1} (slots of {@code size} bytes from address {@code data}) out as messages
     * of up to {@code per} slots each; returns how many messages.
     */
    private int layOut(long data, int first, int n, int size, int per) {
        int count = (n - first + per - 1) / per;
        ensureCapacity(count);
        for (int m = 0; m < count; m++) {
            int from = first + m * per;
            int slots = Math.min(per, n - from);
            long iov = m * IOVEC.byteSize();
            iovecs.set(ValueLayout.JAVA_LONG, iov + IOV_BASE, data + (long) from * size);
            iovecs.set(SIZE_T, iov + IOV_LEN, (long) slots * size);
            long msg = m * MMSGHDR.byteSize();
            if (slots > 1) {
                long cmsg = m * SEGMENT_CMSG_SPACE;
                controls.set(CLayouts.C_SHORT, cmsg + CMSG_DATA, (short) size);
                messages.set(ValueLayout.JAVA_LONG, msg + MSG_CONTROL, controls.address() + cmsg);
                messages.set(SIZE_T, msg + MSG_CONTROLLEN, SEGMENT_CMSG_SPACE);
            } else {
                messages.set(ValueLayout.JAVA_LONG, msg + MSG_CONTROL, 0L);
                messages.set(SIZE_T, msg + MSG_CONTROLLEN, 0L);
            }
        }
        return count;
    }

    /** Room for {@code count} messages, each with its iovec and UDP_SEGMENT control message; fixed fields set once. */
    private void ensureCapacity(int count) {
        if (count <= capacity) {
            return;
        }
        messages = arena.allocate(MMSGHDR, count);
        iovecs = arena.allocate(IOVEC, count);
        controls = arena.allocate(SEGMENT_CMSG_SPACE * count, 8);
        for (int m = 0; m < count; m++) {
            long msg = m * MMSGHDR.byteSize();
            messages.set(ValueLayout.JAVA_LONG, msg + MSG_IOV, iovecs.address() + m * IOVEC.byteSize());
            messages.set(SIZE_T, msg + MSG_IOVLEN, 1L);
            long cmsg = m * SEGMENT_CMSG_SPACE;
            controls.set(SIZE_T, cmsg + CMSG_LEN, CLayouts.cmsgLen(Short.BYTES));
            controls.set(C_INT, cmsg + CMSG_LEVEL, Libc.SOL_UDP);
            controls.set(C_INT, cmsg + CMSG_TYPE, Libc.UDP_SEGMENT);
        }
        capacity = count;
    }
}
