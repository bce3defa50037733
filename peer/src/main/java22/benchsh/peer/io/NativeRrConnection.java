package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.POLL_EVENTS;
import static benchsh.peer.io.CLayouts.POLL_FD;
import static benchsh.peer.io.CLayouts.POLL_REVENTS;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.time.Duration;

/**
 * A TCP connection on a socket this class owns (created with socket(2) or accept4(2), close-on-exec, blocking at
 * the descriptor). A client's is used blocking, so a TCP_CRR transaction makes the C loop's calls: connect, send,
 * read, read (the server's close), close, and a TCP_RR one a send and a read. A server's (from {@link
 * NativeRrListener}) reads and sends with MSG_DONTWAIT and waits in poll(2) only when its data is not there yet,
 * until {@link #blocking} makes it use plain blocking read(2) and send(2) (TCP_RR's server).
 *
 * <p>A close from another thread first shuts the socket down (shutdown(2) wakes a blocked connect, read or
 * send), and {@link FdGuard} closes the descriptor only after the last call on it has left, so its number is
 * never reused under a call. A close from the owning thread, which cannot be in a call, is one close(2).
 */
final class NativeRrConnection implements RrConnection {
    private final int fd;
    private final RrScratch scratch;
    /** Whether reads and writes wait in the kernel; if not, each is one call with MSG_DONTWAIT and a poll(2) when it must wait. */
    private boolean blocking;
    private final FdGuard guard;
    private final MemorySegment server;
    private final int serverLength;
    private final InetSocketAddress serverAddress;

    /** @param server the address to connect to (client), or null (server) */
    NativeRrConnection(int fd, RrScratch scratch, boolean blocking, MemorySegment server, int serverLength, InetSocketAddress serverAddress) {
        this.fd = fd;
        this.scratch = scratch;
        this.blocking = blocking;
        this.guard = new FdGuard(this::release);
        this.server = server;
        this.serverLength = serverLength;
        this.serverAddress = serverAddress;
    }

    @Override
    public void connect() throws IOException {
        connect(0);
    }

    /**
     * A blocking connect(2) bounded by SO_SNDTIMEO (Linux ends a blocking connect after it with EINPROGRESS), set
     * for the connect only: one setsockopt(2) before and one after, once per connection.
     */
    @Override
    public void connect(Duration timeout) throws IOException {
        connect(Math.max(1, timeout.toNanos()));
    }

    /** @param timeoutNanos 0: no timer (a close from another thread ends the connect) */
    private void connect(long timeoutNanos) throws IOException {
        if (server == null) {
            throw new IllegalStateException("an accepted connection is connected already");
        }
        guard.enter();
        try {
            if (timeoutNanos > 0) {
                sendTimeout(timeoutNanos);
            }
            long deadline = timeoutNanos > 0 ? System.nanoTime() + timeoutNanos : Long.MAX_VALUE;
            int e = Libc.connect(scratch.errno, fd, server, serverLength) == 0 ? 0 : Libc.errno(scratch.errno);
            checkOpen();
            if (e == Libc.EINTR) { // the connect goes on in the kernel: wait for its outcome
                while (!await(Libc.POLLOUT, deadline)) {
                    checkOpen();
                    if (deadline != Long.MAX_VALUE) {
                        throw timedOut();
                    }
                }
                e = soError();
            }
            if (e == RrLibc.EINPROGRESS) {
                throw timedOut();
            }
            if (e != 0) {
                throw new IOException(Libc.describe(e)); // the caller names the address, as NIO's message leaves it to it
            }
            if (timeoutNanos > 0) {
                sendTimeout(0); // sends wait as long as they must: a stall is the meter's to declare
            }
        } finally {
            guard.exit();
        }
    }

    private static SocketTimeoutException timedOut() {
        return new SocketTimeoutException("Connect timed out"); // NIO's words: the caller names the address
    }

    /** Sets SO_SNDTIMEO ({@code struct timeval}: seconds and microseconds, two longs); 0 clears it. */
    private void sendTimeout(long nanos) throws IOException {
        scratch.timeval.set(CLayouts.C_LONG, 0, nanos / 1_000_000_000L);
        scratch.timeval.set(CLayouts.C_LONG, 8, Math.max(nanos > 0 ? 1 : 0, nanos % 1_000_000_000L / 1_000));
        if (Libc.setsockopt(scratch.errno, fd, Libc.SOL_SOCKET, RrLibc.SO_SNDTIMEO, scratch.timeval, (int) scratch.timeval.byteSize()) != 0) {
            throw new IOException("setsockopt(SO_SNDTIMEO): " + Libc.describe(Libc.errno(scratch.errno)));
        }
    }

    @Override
    public void blocking() {
        blocking = true;
    }

    @Override
    public int read(ByteBuffer buffer, long deadlineNanos) throws IOException {
        long address = address(buffer);
        guard.enter();
        try {
            while (true) {
                long n = blocking ? RrLibc.read(scratch.errno, fd, address, buffer.remaining())
                        : RrLibc.recv(scratch.errno, fd, address, buffer.remaining(), RrLibc.MSG_DONTWAIT);
                if (n > 0) {
                    buffer.position(buffer.position() + (int) n);
                    return (int) n;
                }
                checkOpen();
                if (n == 0) {
                    return -1;
                }
                int e = Libc.errno(scratch.errno);
                if (e == Libc.EAGAIN && !blocking) {
                    if (!await(Libc.POLLIN, deadlineNanos)) {
                        return 0;
                    }
                } else if (e != Libc.EINTR) {
                    throw new IOException("read: " + Libc.describe(e));
                }
            }
        } finally {
            guard.exit();
        }
    }

    @Override
    public boolean write(ByteBuffer buffer, long deadlineNanos) throws IOException {
        guard.enter();
        try {
            while (buffer.hasRemaining()) {
                long n = RrLibc.send(scratch.errno, fd, address(buffer), buffer.remaining(), blocking ? 0 : RrLibc.MSG_DONTWAIT);
                if (n >= 0) {
                    buffer.position(buffer.position() + (int) n);
                    continue;
                }
                checkOpen();
                int e = Libc.errno(scratch.errno);
                if (e == Libc.EAGAIN && !blocking) {
                    if (!await(Libc.POLLOUT, deadlineNanos)) {
                        return false;
                    }
                } else if (e != Libc.EINTR) {
                    throw new IOException("write: " + Libc.describe(e));
                }
            }
            return true;
        } finally {
            guard.exit();
        }
    }

    @Override
    public void shutdownOutput() throws IOException {
        guard.enter();
        try {
            if (Libc.shutdown(scratch.errno, fd, RrLibc.SHUT_WR) != 0) {
                throw new IOException("shutdown: " + Libc.describe(Libc.errno(scratch.errno)));
            }
        } finally {
            guard.exit();
        }
    }

    @Override
    public void noDelay() throws IOException {
        guard.enter();
        try {
            scratch.intValue.set(CLayouts.C_INT, 0, 1);
            if (Libc.setsockopt(scratch.errno, fd, RrLibc.IPPROTO_TCP, RrLibc.TCP_NODELAY, scratch.intValue, 4) != 0) {
                throw new IOException("setsockopt(TCP_NODELAY): " + Libc.describe(Libc.errno(scratch.errno)));
            }
        } finally {
            guard.exit();
        }
    }

    /** The pending error of a connect that went on without us (getsockopt SO_ERROR). */
    private int soError() throws IOException {
        scratch.length.set(CLayouts.SOCKLEN_T, 0, 4);
        if (Libc.getsockopt(scratch.errno, fd, Libc.SOL_SOCKET, RrLibc.SO_ERROR, scratch.intValue, scratch.length) != 0) {
            throw new IOException("getsockopt(SO_ERROR): " + Libc.describe(Libc.errno(scratch.errno)));
        }
        return scratch.intValue.get(CLayouts.C_INT, 0);
    }

    /**
     * Waits in poll(2) for {@code events} until {@code deadlineNanos}, in slices so that a close is seen
     * within one; true if they came (or the socket has an error or hang-up for the next call to report).
     */
    private boolean await(short events, long deadlineNanos) throws IOException {
        MemorySegment p = scratch.pollfd;
        p.set(CLayouts.C_INT, POLL_FD, fd);
        p.set(CLayouts.C_SHORT, POLL_EVENTS, events);
        for (long left; (left = deadlineNanos - System.nanoTime()) > 0; ) {
            p.set(CLayouts.C_SHORT, POLL_REVENTS, (short) 0);
            int r = Libc.poll(scratch.errno, p, 1, (int) Math.max(1, Math.min(NioDatagramSocket.WAIT_SLICE_MS, (left + 999_999) / 1_000_000)));
            checkOpen();
            if (r > 0) {
                return true;
            }
            if (r < 0 && Libc.errno(scratch.errno) != Libc.EINTR) {
                throw new IOException("poll: " + Libc.describe(Libc.errno(scratch.errno)));
            }
        }
        return false;
    }

    private void checkOpen() throws AsynchronousCloseException {
        if (guard.closed()) {
            throw new AsynchronousCloseException();
        }
    }

    /** The native address of a direct buffer's position. */
    static long address(ByteBuffer buffer) {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("the native sockets need direct buffers");
        }
        return MemorySegment.ofBuffer(buffer).address();
    }

    @Override
    public void close() {
        guard.close(() -> {
            if (!scratch.ownedHere()) {
                try (Arena a = Arena.ofConfined()) {
                    Libc.shutdown(Libc.newErrno(a), fd, Libc.SHUT_RDWR); // wakes the owner's blocked call
                }
            }
        });
    }

    /** Runs once, when closed and no call is under way. */
    private void release() {
        if (scratch.ownedHere()) {
            Libc.close(scratch.errno, fd);
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.newErrno(a), fd);
        }
    }

    @Override
    public String toString() {
        return "native TCP connection fd " + fd + (serverAddress != null ? " to " + serverAddress : "");
    }
}
