package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.POLLFD;
import static benchsh.peer.io.CLayouts.POLL_EVENTS;
import static benchsh.peer.io.CLayouts.POLL_FD;
import static benchsh.peer.io.CLayouts.POLL_REVENTS;

import benchsh.peer.net.TokenGate;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.function.BooleanSupplier;

/**
 * A native TCP listener (socket(2) it owns, non-blocking) with {@link TokenGate}'s admission rules: one
 * deadline per connection for its whole token ({@link TokenGate#TOKEN_TIMEOUT}), at most {@link
 * TokenGate#MAX_PENDING} waiting (a newcomer evicts the oldest), a wrong token, an early close or a read error
 * drops it; every dropped one and every one still waiting at the close counts in {@link #strays()}.
 *
 * <p>The common case costs the C loop's calls: poll(2) until the listener is readable, accept4(2) (close-on-exec,
 * blocking, so that TCP_RR's server can use it blocking without an fcntl(2)), and one recv(2) with MSG_DONTWAIT that takes the token and what the client sent behind it. Only a connection
 * whose token is not all there yet waits, polled beside the listener, and is then read the same way. The waiting connections belong to the thread that calls {@link #next}; a close from another thread
 * closes only the listening socket (see {@link RrListener}).
 */
final class NativeRrListener implements RrListener {
    private static final int BACKLOG = 64;
    private static final int TOKEN = TokenGate.TOKEN_BYTES;
    /** Fresh connections taken per wake-up, as {@link TokenGate}'s, so waiting ones are read again soon. */
    private static final int ACCEPTS_PER_ROUND = 64;
    private static final long SLICE_NANOS = 100_000_000L;
    /** The most a fresh connection's first read takes behind its token. */
    private static final int MAX_AFTER = 64 * 1024;

    private final int fd;
    private final int port;
    private final byte[] token;
    private final long tokenTimeoutNanos = TokenGate.TOKEN_TIMEOUT.toNanos();
    private final int maxPending = TokenGate.MAX_PENDING;
    private final FdGuard guard;
    private final RrScratch scratch = new RrScratch();
    private final MemorySegment pollfds;
    private final MemorySegment first;
    /** One {@value #TOKEN}-byte slot per waiting connection, for a token that comes in pieces. */
    private final MemorySegment slots;
    private final int[] freeSlots;
    private int freeCount;
    /** Waiting connections, oldest first (so also soonest deadline first). */
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private final Pending[] polled;
    private final ArrayDeque<NativeRrConnection> admitted = new ArrayDeque<>();
    private volatile long strays;

    private NativeRrListener(int fd, int port, byte[] token, int afterToken) {
        this.fd = fd;
        this.port = port;
        this.token = token.clone();
        this.guard = new FdGuard(this::release);
        Arena arena = Arena.ofAuto();
        this.pollfds = arena.allocate(POLLFD.byteSize() * (1 + maxPending), POLLFD.byteAlignment());
        this.first = arena.allocate(TOKEN + Math.max(0, Math.min(afterToken, MAX_AFTER)));
        this.slots = arena.allocate((long) TOKEN * maxPending);
        this.polled = new Pending[maxPending];
        this.freeSlots = new int[maxPending];
        for (int i = 0; i < maxPending; i++) {
            freeSlots[freeCount++] = i;
        }
    }

    /** Listens on {@code address:port} (0: any free one), backlog {@value #BACKLOG} as NIO's listeners here. */
    static NativeRrListener open(String address, int port, byte[] token, int afterToken) throws IOException {
        InetSocketAddress at = new InetSocketAddress(address, port);
        if (at.isUnresolved()) {
            throw new IOException("cannot listen on " + address + ":" + port + ": cannot resolve " + address);
        }
        int family = at.getAddress() instanceof Inet6Address ? Libc.AF_INET6 : Libc.AF_INET;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.newErrno(a);
            int fd = Libc.socket(errno, family, RrLibc.SOCK_STREAM | Libc.SOCK_NONBLOCK | Libc.SOCK_CLOEXEC, 0);
            if (fd < 0) {
                throw new IOException("cannot listen on " + address + ":" + port + ": socket: " + Libc.describe(Libc.errno(errno)));
            }
            try {
                MemorySegment one = a.allocate(CLayouts.C_INT);
                one.set(CLayouts.C_INT, 0, 1);
                check(Libc.setsockopt(errno, fd, Libc.SOL_SOCKET, RrLibc.SO_REUSEADDR, one, 4), errno, "setsockopt(SO_REUSEADDR)");
                if (family == Libc.AF_INET6) {
                    one.set(CLayouts.C_INT, 0, 0);
                    check(Libc.setsockopt(errno, fd, Libc.IPPROTO_IPV6, Libc.IPV6_V6ONLY, one, 4), errno, "setsockopt(IPV6_V6ONLY)");
                }
                MemorySegment sockaddr = a.allocate(CLayouts.SOCKADDR_MAX, 8);
                check(Libc.bind(errno, fd, sockaddr, SocketAddresses.encode(at, family, sockaddr)), errno, "bind");
                check(RrLibc.listen(errno, fd, BACKLOG), errno, "listen");
                MemorySegment length = a.allocate(CLayouts.SOCKLEN_T);
                length.set(CLayouts.SOCKLEN_T, 0, (int) sockaddr.byteSize());
                check(Libc.getsockname(errno, fd, sockaddr, length), errno, "getsockname");
                return new NativeRrListener(fd, SocketAddresses.decode(sockaddr).getPort(), token, afterToken);
            } catch (IOException | RuntimeException e) {
                Libc.close(errno, fd);
                throw new IOException("cannot listen on " + address + ":" + port + ": " + e.getMessage(), e);
            }
        }
    }

    private static void check(int result, MemorySegment errno, String what) throws IOException {
        if (result != 0) {
            throw new IOException(what + ": " + Libc.describe(Libc.errno(errno)));
        }
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public long strays() {
        return strays;
    }

    @Override
    public RrConnection next(ByteBuffer after, Duration wait, BooleanSupplier cancelled) throws IOException {
        scratch.claim();
        long end = System.nanoTime() + wait.toNanos();
        while (admitted.isEmpty()) {
            if (cancelled.getAsBoolean()) {
                throw new IOException("cancelled while waiting for connections");
            }
            if (guard.closed()) {
                throw new ClosedChannelException();
            }
            long now = System.nanoTime();
            dropExpired(now);
            if (now - end >= 0) {
                return null;
            }
            long sleep = Math.min(end - now, SLICE_NANOS);
            if (!waiting.isEmpty()) {
                sleep = Math.min(sleep, waiting.peekFirst().deadline - now);
            }
            int n = poll(Math.max(1, (int) (sleep / 1_000_000)));
            if (n > 0) {
                handleReady(after);
            }
        }
        return admitted.poll();
    }

    /** poll(2) on the listener and the waiting connections; returns how many are ready. */
    private int poll(int millis) throws IOException {
        int count = 0;
        setPollfd(count++, fd);
        for (Pending p : waiting) {
            polled[count - 1] = p;
            setPollfd(count++, p.fd);
        }
        guard.enter();
        try {
            int r = Libc.poll(scratch.errno, pollfds, count, millis);
            if (guard.closed()) {
                throw new AsynchronousCloseException();
            }
            if (r < 0 && Libc.errno(scratch.errno) != Libc.EINTR) {
                throw new IOException("poll: " + Libc.describe(Libc.errno(scratch.errno)));
            }
            return r;
        } finally {
            guard.exit();
        }
    }

    private void setPollfd(int i, int socket) {
        long at = i * POLLFD.byteSize();
        pollfds.set(CLayouts.C_INT, at + POLL_FD, socket);
        pollfds.set(CLayouts.C_SHORT, at + POLL_EVENTS, Libc.POLLIN);
        pollfds.set(CLayouts.C_SHORT, at + POLL_REVENTS, (short) 0);
    }

    private boolean ready(int i) {
        return pollfds.get(CLayouts.C_SHORT, i * POLLFD.byteSize() + POLL_REVENTS) != 0;
    }

    /** Reads the waiting connections that have data (the old ones first), then takes fresh ones. */
    private void handleReady(ByteBuffer after) throws IOException {
        int count = waiting.size();
        boolean listener = ready(0);
        for (int i = 0; i < count; i++) {
            Pending p = polled[i];
            polled[i] = null;
            if (ready(i + 1)) {
                Verdict v = read(p, after);
                if (v != Verdict.WAIT) {
                    waiting.remove(p);
                    freeSlots[freeCount++] = p.slot;
                    if (v == Verdict.DROPPED) {
                        discard(p.fd);
                    }
                }
            }
        }
        if (listener) {
            acceptReady(after);
        }
    }

    /** Takes fresh connections until the accept queue is empty, one is admitted, or the round's share is taken. */
    private void acceptReady(ByteBuffer after) throws IOException {
        for (int i = 0; i < ACCEPTS_PER_ROUND && admitted.isEmpty(); i++) {
            guard.enter();
            int c;
            try {
                c = RrLibc.accept4(scratch.errno, fd, Libc.SOCK_CLOEXEC); // blocking: a read that must not wait says so (MSG_DONTWAIT)
            } finally {
                guard.exit();
            }
            if (c < 0) {
                int e = Libc.errno(scratch.errno);
                if (e == Libc.EAGAIN) {
                    return;
                }
                if (e == Libc.EINTR || e == RrLibc.ECONNABORTED) {
                    continue;
                }
                throw new IOException("accept: " + Libc.describe(e));
            }
            Pending p = new Pending(c, System.nanoTime() + tokenTimeoutNanos);
            Verdict v = read(p, after);
            if (v == Verdict.DROPPED) {
                discard(c);
            } else if (v == Verdict.WAIT) {
                if (waiting.size() >= maxPending) {
                    drop(waiting.peekFirst()); // full: the oldest goes, the newcomer may be the real sender
                }
                p.slot = freeSlots[--freeCount];
                MemorySegment.copy(first, 0, slots, p.slotAt(), p.have);
                waiting.add(p);
            }
        }
    }

    private enum Verdict { WAIT, ADMITTED, DROPPED }

    /**
     * Reads what has come of a connection's token in one recv(2) (MSG_DONTWAIT) and, if no other connection is admitted before
     * it, what it sent behind the token (up to {@code after}'s room; copied into {@code after}). Decides once all
     * of the token is there; a connection still waiting keeps what it has of its token in its slot (if it has one).
     */
    private Verdict read(Pending p, ByteBuffer after) {
        int room = admitted.isEmpty() ? Math.min(after.remaining(), (int) first.byteSize() - TOKEN) : 0;
        if (p.have > 0) {
            MemorySegment.copy(slots, p.slotAt(), first, 0, p.have);
        }
        long n = RrLibc.recv(scratch.errno, p.fd, first.address() + p.have, TOKEN - p.have + room, RrLibc.MSG_DONTWAIT);
        if (n < 0) {
            int e = Libc.errno(scratch.errno);
            return e == Libc.EAGAIN || e == Libc.EINTR ? Verdict.WAIT : Verdict.DROPPED;
        }
        if (n == 0) {
            return Verdict.DROPPED; // closed before its whole token
        }
        int total = p.have + (int) n;
        if (total < TOKEN) {
            if (p.slot >= 0) {
                MemorySegment.copy(first, p.have, slots, p.slotAt() + p.have, n);
            }
            p.have = total;
            return Verdict.WAIT;
        }
        if (!matches(first, 0)) {
            return Verdict.DROPPED;
        }
        MemorySegment.copy(first, TOKEN, MemorySegment.ofBuffer(after), 0, total - TOKEN);
        after.position(after.position() + total - TOKEN);
        admitted.add(new NativeRrConnection(p.fd, scratch, false, null, 0, null));
        return Verdict.ADMITTED;
    }

    /** Compares a token in native memory with the test's, in constant time. */
    private boolean matches(MemorySegment segment, long offset) {
        int diff = 0;
        for (int i = 0; i < TOKEN; i++) {
            diff |= segment.get(ValueLayout.JAVA_BYTE, offset + i) ^ token[i];
        }
        return diff == 0;
    }

    private void dropExpired(long now) {
        while (!waiting.isEmpty() && now - waiting.peekFirst().deadline >= 0) {
            drop(waiting.peekFirst());
        }
    }

    private void drop(Pending p) {
        waiting.remove(p);
        freeSlots[freeCount++] = p.slot;
        discard(p.fd);
    }

    private void discard(int c) {
        strays++;
        Libc.close(scratch.errno, c);
    }

    @Override
    public void close() {
        boolean owner = scratch.ownedHere();
        guard.close(() -> {
            if (!owner) {
                try (Arena a = Arena.ofConfined()) {
                    Libc.shutdown(Libc.newErrno(a), fd, Libc.SHUT_RDWR);
                }
            }
        });
        if (owner) {
            while (!waiting.isEmpty()) {
                drop(waiting.peekFirst());
            }
            for (NativeRrConnection c; (c = admitted.poll()) != null; ) {
                c.close();
            }
        }
    }

    /** Runs once, when closed and no call is under way. */
    private void release() {
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.newErrno(a), fd);
        }
    }

    /**
     * A connection presenting its token: its descriptor, deadline ({@link System#nanoTime()}), the bytes of its
     * token so far and, once it waits, its slot for them.
     */
    private static final class Pending {
        final int fd;
        final long deadline;
        int slot = -1;
        int have;

        Pending(int fd, long deadline) {
            this.fd = fd;
            this.deadline = deadline;
        }

        long slotAt() {
            return (long) slot * TOKEN;
        }
    }

    @Override
    public String toString() {
        return "native TCP listener fd " + fd + " on port " + port;
    }
}
