package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.POLL_EVENTS;
import static benchsh.peer.io.CLayouts.POLL_FD;
import static benchsh.peer.io.CLayouts.POLL_REVENTS;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * One direction of a TCP stream on a descriptor of its own (a duplicate of the NIO channel's, blocking as the
 * channel is): a write is one blocking send(2), as the C loop's, bounded by SO_SNDTIMEO (the timeout: the meter's
 * stall normally ends a stuck stream first); a read is one recv(2) with MSG_DONTWAIT, asked again for the busy wait
 * when the socket is empty, then poll(2) in slices of {@link NioDatagramSocket#WAIT_SLICE_MS} up to the timeout.
 * No call allocates.
 *
 * <p>A close from the owning thread closes the duplicate only (the channel's owner ends the connection). A close
 * from another thread (the side's cancel or stall) shuts the connection down first, which wakes a blocked send or
 * poll, and {@link FdGuard} closes the descriptor only once the call has left. Used by one thread; {@link #close}
 * from any.
 */
final class NativeStream implements StreamIo {
    private final int fd;
    private final MemorySegment errno;
    private final MemorySegment pollfd;
    private final long timeoutNanos;
    private final long busyWaitNanos;
    private final BooleanSupplier cancelled;
    private final FdGuard guard;
    private final Thread owner = Thread.currentThread();
    /** The native address of the last buffer's first byte, so that a call computes none. */
    private ByteBuffer lastBuffer;
    private long lastBase;

    /** @param errno a capture segment of {@code arena}, for the owning thread */
    NativeStream(int fd, Arena arena, MemorySegment errno, Duration timeout, Duration busyWait, BooleanSupplier cancelled) throws IOException {
        this.fd = fd;
        this.errno = errno;
        this.pollfd = arena.allocate(CLayouts.POLLFD);
        this.timeoutNanos = timeout.toNanos();
        this.busyWaitNanos = busyWait.toNanos();
        this.cancelled = cancelled;
        this.guard = new FdGuard(this::release);
        pollfd.set(CLayouts.C_INT, POLL_FD, fd);
        sendTimeout(arena);
    }

    /** SO_SNDTIMEO = the timeout ({@code struct timeval}: seconds and microseconds, two longs). */
    private void sendTimeout(Arena arena) throws IOException {
        MemorySegment timeval = arena.allocate(16, 8);
        timeval.set(CLayouts.C_LONG, 0, timeoutNanos / 1_000_000_000L);
        timeval.set(CLayouts.C_LONG, 8, Math.max(1, timeoutNanos % 1_000_000_000L / 1_000));
        if (Libc.setsockopt(errno, fd, Libc.SOL_SOCKET, RrLibc.SO_SNDTIMEO, timeval, 16) != 0) {
            int e = Libc.errno(errno);
            Libc.close(errno, fd);
            throw new IOException("setsockopt(SO_SNDTIMEO): " + Libc.describe(e));
        }
    }

    @Override
    public int write(ByteBuffer buffer) throws IOException {
        guard.enter();
        try {
            while (true) {
                long n = RrLibc.send(errno, fd, address(buffer), buffer.remaining(), 0);
                if (n >= 0) {
                    buffer.position(buffer.position() + (int) n);
                    return (int) n;
                }
                checkOpen();
                int e = Libc.errno(errno);
                if (e == Libc.EAGAIN) {
                    throw new SocketTimeoutException("no room in the socket buffer for " + Duration.ofNanos(timeoutNanos).toMillis()
                            + " ms: the receiver stopped reading");
                }
                if (e != Libc.EINTR) {
                    throw new IOException("write: " + Libc.describe(e));
                }
            }
        } finally {
            guard.exit();
        }
    }

    @Override
    public int read(ByteBuffer buffer) throws IOException {
        guard.enter();
        try {
            long n = recv(buffer);
            for (long until = n == 0 && busyWaitNanos > 0 ? System.nanoTime() + busyWaitNanos : 0; n == 0 && System.nanoTime() < until; ) {
                n = recv(buffer);
            }
            if (n == 0) {
                await();
            }
            return (int) n;
        } finally {
            guard.exit();
        }
    }

    /** One recv(2) without waiting: the bytes read, 0 when there are none yet, -1 at the end of the stream. */
    private long recv(ByteBuffer buffer) throws IOException {
        while (true) {
            long n = RrLibc.recv(errno, fd, address(buffer), buffer.remaining(), RrLibc.MSG_DONTWAIT);
            if (n > 0) {
                buffer.position(buffer.position() + (int) n);
                return n;
            }
            checkOpen();
            if (n == 0) {
                return buffer.hasRemaining() ? -1 : 0;
            }
            int e = Libc.errno(errno);
            if (e == Libc.EAGAIN) {
                return 0;
            }
            if (e != Libc.EINTR) {
                throw new IOException("read: " + Libc.describe(e));
            }
        }
    }

    /** Waits in poll(2) until data arrives, in slices so that a close or the cancel flag ends the wait within one. */
    private void await() throws IOException {
        pollfd.set(CLayouts.C_SHORT, POLL_EVENTS, Libc.POLLIN);
        long deadline = System.nanoTime() + timeoutNanos;
        for (long left; (left = deadline - System.nanoTime()) > 0; ) {
            if (cancelled.getAsBoolean()) {
                throw new AsynchronousCloseException();
            }
            pollfd.set(CLayouts.C_SHORT, POLL_REVENTS, (short) 0);
            int r = Libc.poll(errno, pollfd, 1, (int) Math.max(1, Math.min(NioDatagramSocket.WAIT_SLICE_MS, (left + 999_999) / 1_000_000)));
            checkOpen();
            if (r > 0) {
                return;
            }
            if (r < 0 && Libc.errno(errno) != Libc.EINTR) {
                throw new IOException("poll: " + Libc.describe(Libc.errno(errno)));
            }
        }
        throw new SocketTimeoutException("no data for " + Duration.ofNanos(timeoutNanos).toMillis() + " ms: the sender stopped sending");
    }

    private long address(ByteBuffer buffer) {
        if (buffer != lastBuffer) {
            lastBase = NativeRrConnection.address(buffer.duplicate().clear());
            lastBuffer = buffer;
        }
        return lastBase + buffer.position();
    }

    private void checkOpen() throws AsynchronousCloseException {
        if (guard.closed()) {
            throw new AsynchronousCloseException();
        }
    }

    @Override
    public void close() {
        boolean here = Thread.currentThread() == owner;
        guard.close(() -> {
            if (!here) {
                try (Arena a = Arena.ofConfined()) {
                    Libc.shutdown(Libc.newErrno(a), fd, Libc.SHUT_RDWR); // wakes the owner's blocked send or poll
                }
            }
        });
    }

    /** Runs once, when closed and no call is under way: the owner's memory only from the owner. */
    private void release() {
        if (Thread.currentThread() == owner) {
            Libc.close(errno, fd);
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.newErrno(a), fd);
        }
    }

    @Override
    public String toString() {
        return "native TCP stream fd " + fd;
    }
}
