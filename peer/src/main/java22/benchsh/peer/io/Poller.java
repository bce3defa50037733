package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.POLLFD;
import static benchsh.peer.io.CLayouts.POLL_EVENTS;
import static benchsh.peer.io.CLayouts.POLL_FD;
import static benchsh.peer.io.CLayouts.POLL_REVENTS;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Waits for a socket to become readable or writable with poll(2), in slices of {@link
 * NioDatagramSocket#WAIT_SLICE_MS} so that a close is noticed even where shutdown(2) would not wake the poll.
 * Used by one thread at a time.
 */
final class Poller {
    private final FdGuard guard;
    private final MemorySegment pollfd;
    private final MemorySegment errno;

    Poller(int fd, Arena arena, FdGuard guard) {
        this.guard = guard;
        this.pollfd = arena.allocate(POLLFD);
        this.errno = Libc.newErrno(arena);
        pollfd.set(CLayouts.C_INT, POLL_FD, fd);
    }

    /**
     * Waits up to {@code millis} for {@code events}; true if they came.
     *
     * @throws java.nio.channels.AsynchronousCloseException if the socket was closed meanwhile
     */
    boolean await(short events, long millis) throws IOException {
        long end = System.nanoTime() + millis * 1_000_000;
        pollfd.set(CLayouts.C_SHORT, POLL_EVENTS, events);
        for (long left = millis; left > 0; left = (end - System.nanoTime() + 999_999) / 1_000_000) {
            pollfd.set(CLayouts.C_SHORT, POLL_REVENTS, (short) 0);
            int r = Libc.poll(errno, pollfd, 1, (int) Math.min(left, NioDatagramSocket.WAIT_SLICE_MS));
            if (guard.closed()) {
                throw NativeDatagramSocket.closedUnder();
            }
            if (r > 0) {
                return true;
            }
            if (r < 0 && Libc.errno(errno) != Libc.EINTR) {
                throw new IOException("poll: " + Libc.describe(Libc.errno(errno)));
            }
        }
        return false;
    }
}
