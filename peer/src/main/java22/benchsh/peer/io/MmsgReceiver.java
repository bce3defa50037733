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
import static benchsh.peer.io.CLayouts.MSG_LEN;
import static benchsh.peer.io.CLayouts.MSG_NAME;
import static benchsh.peer.io.CLayouts.MSG_NAMELEN;
import static benchsh.peer.io.CLayouts.SOCKADDR_MAX;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * The receiving half of a {@link NativeDatagramSocket}: one recvmmsg(2) per batch when datagrams are waiting.
 *
 * <p>mmsg: message {@code i} lands straight in slot {@code i}. gso (UDP_GRO on): the kernel may hand over
 * several datagrams of one flow as one buffer with their size in a UDP_GRO control message, so each message
 * lands in its own 64 KiB chunk and is cut into slots here (the last piece may be shorter, as GSO allows);
 * pieces that find no free slot wait for the next receive, which then makes no system call. Used by one thread
 * at a time.
 */
final class MmsgReceiver {
    /** A message on the gso path: the largest UDP payload over IPv6 and some. */
    static final int CHUNK_BYTES = 65_536;
    /** The most messages one recvmmsg takes on the gso path (each needs a chunk). */
    static final int MAX_CHUNKS = 64;
    private static final long GRO_CMSG_SPACE = CLayouts.cmsgSpace(Integer.BYTES);
    private static final ValueLayout.OfLong SIZE_T = (ValueLayout.OfLong) CLayouts.SIZE_T;

    private final int fd;
    private final Arena arena;
    private final FdGuard guard;
    private final boolean gro;
    private final MemorySegment errno;
    private final Poller poller;
    private MemorySegment messages = MemorySegment.NULL;
    private MemorySegment iovecs;
    private MemorySegment names;
    private MemorySegment controls;
    private MemorySegment chunks;
    private int capacity;
    /** gso: messages of the last recvmmsg, the next one to cut, the offset in it, its piece size. */
    private int pendingMessages;
    private int next;
    private int offset;
    private int pieceBytes;
    /** gso: the message each slot of the last cut came from (for its source); reused, valid until the next receive. */
    private int[] messageOf = new int[0];

    MmsgReceiver(int fd, Arena arena, boolean gro, FdGuard guard) {
        this.fd = fd;
        this.arena = arena;
        this.gro = gro;
        this.guard = guard;
        this.errno = Libc.newErrno(arena);
        this.poller = new Poller(fd, arena, guard);
    }

    int receive(DatagramBatch batch, Duration timeout, InetSocketAddress connected) throws IOException {
        if (next < pendingMessages) {
            return cut(batch, connected);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        int vlen = gro ? Math.min(batch.slots(), MAX_CHUNKS) : batch.slots();
        MemorySegment data = MemorySegment.ofBuffer(batch.memory());
        try {
            prepare(data, batch.slotBytes(), vlen, connected == null);
            while (true) {
                int r = Libc.recvmmsg(errno, fd, messages, vlen, 0);
                if (guard.closed()) {
                    throw NativeDatagramSocket.closedUnder();
                }
                if (r > 0) {
                    return gro ? start(r, batch, connected) : landed(r, batch, connected);
                }
                int e = Libc.errno(errno);
                long left = deadline - System.nanoTime();
                if (e == Libc.EAGAIN || e == Libc.ECONNREFUSED || e == Libc.EINTR) {
                    // ECONNREFUSED: an ICMP error for an earlier send, consumed by this call; not a datagram
                    if (left <= 0) {
                        batch.received(0, i -> null);
                        return 0;
                    }
                    if (e == Libc.EAGAIN) {
                        poller.await(Libc.POLLIN, (left + 999_999) / 1_000_000);
                    }
                    continue;
                }
                throw new IOException("recvmmsg: " + Libc.describe(e));
            }
        } finally {
            Reference.reachabilityFence(batch);
        }
    }

    /** mmsg: {@code r} datagrams landed in slots 0 .. r-1. */
    private int landed(int r, DatagramBatch batch, InetSocketAddress connected) {
        int[] lengths = batch.lengths();
        for (int i = 0; i < r; i++) {
            lengths[i] = messages.get(C_INT, i * MMSGHDR.byteSize() + MSG_LEN);
        }
        batch.received(r, sources(connected, null));
        return r;
    }

    /** gso: {@code r} messages landed in chunks; cut them into the batch's slots. */
    private int start(int r, DatagramBatch batch, InetSocketAddress connected) {
        pendingMessages = r;
        next = 0;
        offset = 0;
        pieceBytes = pieceBytes(0);
        return cut(batch, connected);
    }

    private int cut(DatagramBatch batch, InetSocketAddress connected) {
        MemorySegment data = MemorySegment.ofBuffer(batch.memory());
        int[] lengths = batch.lengths();
        if (messageOf.length < batch.slots()) {
            messageOf = new int[batch.slots()];
        }
        int slotBytes = batch.slotBytes();
        int n = 0;
        while (n < batch.slots() && next < pendingMessages) {
            int length = messages.get(C_INT, next * MMSGHDR.byteSize() + MSG_LEN);
            int piece = Math.min(pieceBytes, length - offset); // a zero-length datagram is one empty piece
            int copied = Math.min(piece, slotBytes);
            MemorySegment.copy(chunks, (long) next * CHUNK_BYTES + offset, data, (long) n * slotBytes, copied);
            lengths[n] = copied;
            messageOf[n++] = next;
            offset += piece;
            if (offset >= length) {
                next++;
                offset = 0;
                pieceBytes = next < pendingMessages ? pieceBytes(next) : 0;
            }
        }
        batch.received(n, sources(connected, messageOf));
        return n;
    }

    /** The size of the datagrams in message {@code m}: its UDP_GRO size, or its whole length. */
    private int pieceBytes(int m) {
        long msg = m * MMSGHDR.byteSize();
        int length = messages.get(C_INT, msg + MSG_LEN);
        long controlBytes = messages.get(SIZE_T, msg + MSG_CONTROLLEN);
        long base = m * GRO_CMSG_SPACE;
        for (long at = 0; at + CMSG_DATA <= controlBytes; ) {
            long cmsgLen = controls.get(SIZE_T, base + at + CMSG_LEN);
            if (controls.get(C_INT, base + at + CMSG_LEVEL) == Libc.SOL_UDP && controls.get(C_INT, base + at + CMSG_TYPE) == Libc.UDP_GRO
                    && cmsgLen >= CLayouts.cmsgLen(Integer.BYTES)) {
                int size = controls.get(C_INT, base + at + CMSG_DATA);
                return size > 0 ? size : Math.max(length, 1);
            }
            if (cmsgLen < CMSG_DATA) {
                break;
            }
            at += CLayouts.cmsgAlign(cmsgLen);
        }
        return Math.max(length, 1);
    }

    private DatagramBatch.Sources sources(InetSocketAddress connected, int[] messageOf) {
        if (connected != null) {
            return i -> connected;
        }
        MemorySegment from = names;
        return i -> SocketAddresses.decode(from.asSlice((messageOf == null ? i : messageOf[i]) * SOCKADDR_MAX, SOCKADDR_MAX));
    }

    /** Points the messages at the batch's slots (mmsg) or the chunks (gso) and resets what the kernel overwrote. */
    private void prepare(MemorySegment data, int slotBytes, int vlen, boolean wantNames) {
        ensureCapacity(vlen);
        for (int m = 0; m < vlen; m++) {
            long iov = m * IOVEC.byteSize();
            long msg = m * MMSGHDR.byteSize();
            if (gro) {
                iovecs.set(ValueLayout.JAVA_LONG, iov + IOV_BASE, chunks.address() + (long) m * CHUNK_BYTES);
                iovecs.set(SIZE_T, iov + IOV_LEN, CHUNK_BYTES);
                messages.set(SIZE_T, msg + MSG_CONTROLLEN, GRO_CMSG_SPACE);
            } else {
                iovecs.set(ValueLayout.JAVA_LONG, iov + IOV_BASE, data.address() + (long) m * slotBytes);
                iovecs.set(SIZE_T, iov + IOV_LEN, slotBytes);
            }
            messages.set(ValueLayout.JAVA_LONG, msg + MSG_NAME, wantNames ? names.address() + m * SOCKADDR_MAX : 0L);
            messages.set(C_INT, msg + MSG_NAMELEN, wantNames ? (int) SOCKADDR_MAX : 0);
        }
    }

    private void ensureCapacity(int count) {
        if (count <= capacity) {
            return;
        }
        messages = arena.allocate(MMSGHDR, count);
        iovecs = arena.allocate(IOVEC, count);
        names = arena.allocate(SOCKADDR_MAX * count, 8);
        controls = arena.allocate(GRO_CMSG_SPACE * count, 8);
        if (gro) {
            chunks = arena.allocate((long) CHUNK_BYTES * count, 8);
        }
        for (int m = 0; m < count; m++) {
            long msg = m * MMSGHDR.byteSize();
            messages.set(ValueLayout.JAVA_LONG, msg + MSG_IOV, iovecs.address() + m * IOVEC.byteSize());
            messages.set(SIZE_T, msg + MSG_IOVLEN, 1L);
            messages.set(ValueLayout.JAVA_LONG, msg + MSG_CONTROL, gro ? controls.address() + m * GRO_CMSG_SPACE : 0L);
        }
        capacity = count;
    }
}
