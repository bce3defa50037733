package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.POLLFD;
import static benchsh.peer.io.CLayouts.POLL_EVENTS;
import static benchsh.peer.io.CLayouts.POLL_FD;
import static benchsh.peer.io.CLayouts.POLL_REVENTS;

import benchsh.peer.net.AdmissionQueue;
import benchsh.peer.net.TokenGate;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A native TCP listener (socket(2) it owns, non-blocking) with {@link AdmissionQueue}'s rules, as {@link TokenGate}
 * has them: one deadline per connection for its whole token ({@link TokenGate#TOKEN_TIMEOUT}), at most {@link
 * TokenGate#MAX_PENDING} waiting (a newcomer evicts the oldest), a wrong token, an early close or a read error
 * drops it; every dropped one and every one still waiting at the close counts in {@link #strays()}.
 *
 * <p>The common case costs the C loop's calls: poll(2) until the listener is readable, accept4(2) (close-on-exec,
 * blocking, so that TCP_RR's server can use it blocking without an fcntl(2)), and one recv(2) with MSG_DONTWAIT
 * that takes the token and what the client sent behind it. Only a connection whose token is not all there yet
 * waits, polled beside the listener, and is then read the same way. The waiting connections belong to the thread
 * that calls {@link #next}; a close from another thread closes only the listening socket (see {@link RrListener}).
 */
final class NativeRrListener implements RrListener, AdmissionQueue.Sockets<Integer> {
    private static final int BACKLOG = 64;
    private static final int TOKEN = TokenGate.TOKEN_BYTES;
    /** The most a fresh connection's first read takes behind its token. */
    private static final int MAX_AFTER = 64 * 1024;
    /** accept4(2) calls that fail with EINTR or ECONNABORTED in a row before the listener is polled again. */
    private static final int MAX_ACCEPT_RETRIES = 64;

    private final int fd;
    private final int port;
    private final FdGuard guard;
    private final RrScratch scratch = new RrScratch();
    private final AdmissionQueue<Integer> queue;
    private final MemorySegment pollfds;
    private final AdmissionQueue.Waiting<?>[] polled;
    /** The last read: the token's part from offset 0, then {@link #extra} bytes sent behind the token. */
    private final MemorySegment first;
    private int tokenPart;
    private int extra;
    /** Where the caller of {@link #next} wants what came behind the token (during the call only). */
    private ByteBuffer after;

    private NativeRrListener(int fd, int port, byte[] token, int afterToken) {
        this.fd = fd;
        this.port = port;
        this.guard = new FdGuard(this::release);
        this.queue = new AdmissionQueue<>(this, token, TokenGate.TOKEN_TIMEOUT, TokenGate.MAX_PENDING);
        Arena arena = Arena.ofAuto();
        this.pollfds = arena.allocate(POLLFD.byteSize() * (1 + TokenGate.MAX_PENDING), POLLFD.byteAlignment());
        this.polled = new AdmissionQueue.Waiting<?>[TokenGate.MAX_PENDING];
        this.first = arena.allocate(TOKEN + Math.max(0, Math.min(afterToken, MAX_AFTER)));
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
        return queue.strays();
    }

    @Override
    public RrConnection next(ByteBuffer after, Duration wait, BooleanSupplier cancelled) throws IOException {
        scratch.claim();
        this.after = after;
        try {
            Integer c = queue.next(wait, cancelled);
            return c == null ? null : new NativeRrConnection(c, scratch, false, null, 0, null);
        } finally {
            this.after = null;
        }
    }

    @Override
    public boolean open() {
        return !guard.closed();
    }

    @Override
    public Integer accept() throws IOException {
        for (int i = 0; i < MAX_ACCEPT_RETRIES; i++) {
            guard.enter();
            int c;
            try {
                c = RrLibc.accept4(scratch.errno, fd, Libc.SOCK_CLOEXEC); // blocking: a read that must not wait says so (MSG_DONTWAIT)
            } finally {
                guard.exit();
            }
            if (c >= 0) {
                return c;
            }
            int e = Libc.errno(scratch.errno);
            if (e == Libc.EAGAIN) {
                return null;
            }
            if (e != Libc.EINTR && e != RrLibc.ECONNABORTED) {
                throw new IOException("accept: " + Libc.describe(e));
            }
        }
        return null;
    }

    /**
     * One recv(2) (MSG_DONTWAIT) of the rest of the token and, if no other connection was admitted before it in
     * this call, of what the client sent behind it (up to {@code after}'s room, kept for {@link #admitted}).
     */
    @Override
    public int readToken(Integer c, byte[] into, int offset, int length) {
        int room = after == null || queue.anyAdmitted() ? 0 : Math.min(after.remaining(), (int) first.byteSize() - TOKEN);
        long n = RrLibc.recv(scratch.errno, c, first.address(), length + room, RrLibc.MSG_DONTWAIT);
        if (n < 0) {
            int e = Libc.errno(scratch.errno);
            return e == Libc.EAGAIN || e == Libc.EINTR ? 0 : -1;
        }
        if (n == 0) {
            return -1; // closed before its whole token
        }
        tokenPart = (int) Math.min(n, length);
        extra = (int) n - tokenPart;
        MemorySegment.copy(first, ValueLayout.JAVA_BYTE, 0, into, offset, tokenPart);
        return tokenPart;
    }

    /** Hands what came behind the token to the caller's buffer. */
    @Override
    public void admitted(Integer c) {
        if (extra > 0) {
            MemorySegment.copy(first, tokenPart, MemorySegment.ofBuffer(after), 0, extra);
            after.position(after.position() + extra);
            extra = 0;
        }
    }

    /** poll(2) on the listener and the waiting connections. */
    @Override
    public boolean await(Collection<AdmissionQueue.Waiting<Integer>> waiting, long millis, List<AdmissionQueue.Waiting<Integer>> ready)
            throws IOException {
        int count = 0;
        setPollfd(count++, fd);
        for (AdmissionQueue.Waiting<Integer> w : waiting) {
            polled[count - 1] = w;
            setPollfd(count++, w.connection());
        }
        int r;
        guard.enter();
        try {
            r = Libc.poll(scratch.errno, pollfds, count, (int) Math.min(Integer.MAX_VALUE, millis));
            if (guard.closed()) {
                throw new AsynchronousCloseException();
            }
            if (r < 0 && Libc.errno(scratch.errno) != Libc.EINTR) {
                throw new IOException("poll: " + Libc.describe(Libc.errno(scratch.errno)));
            }
        } finally {
            guard.exit();
        }
        for (int i = 1; i < count; i++) {
            if (r > 0 && ready(i)) {
                @SuppressWarnings("unchecked")
                AdmissionQueue.Waiting<Integer> w = (AdmissionQueue.Waiting<Integer>) polled[i - 1];
                ready.add(w);
            }
            polled[i - 1] = null;
        }
        return r > 0 && ready(0);
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

    @Override
    public void close(Integer c) {
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
            queue.close();
        }
    }

    /** Runs once, when closed and no call is under way. */
    private void release() {
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.newErrno(a), fd);
        }
    }

    @Override
    public String toString() {
        return "native TCP listener fd " + fd + " on port " + port;
    }
}
