package benchsh.peer.io;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The native scratch memory (errno capture, a pollfd, an int option value and its length, a {@code struct timeval}) of the one thread that uses a
 * listener's or a connector's connections, so that a call allocates nothing. The owner is the thread that
 * {@link #claim}ed it; another thread (closing a connection) uses memory of its own. The memory is freed
 * when nothing refers to it any more.
 */
final class RrScratch {
    final MemorySegment errno;
    final MemorySegment pollfd;
    final MemorySegment intValue;
    final MemorySegment length;
    final MemorySegment timeval;
    private volatile Thread owner;

    RrScratch() {
        Arena arena = Arena.ofAuto();
        this.errno = Libc.newErrno(arena);
        this.pollfd = arena.allocate(CLayouts.POLLFD);
        this.intValue = arena.allocate(CLayouts.C_INT);
        this.length = arena.allocate(CLayouts.SOCKLEN_T);
        this.timeval = arena.allocate(16, 8);
    }

    /** Makes the calling thread the owner (the first caller wins; later ones from the same thread are free). */
    void claim() {
        if (owner == null) {
            owner = Thread.currentThread();
        }
    }

    /** Whether the calling thread owns this scratch, or no thread does yet (so no call is under way). */
    boolean ownedHere() {
        Thread o = owner;
        return o == null || o == Thread.currentThread();
    }
}
