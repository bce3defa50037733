package benchsh.peer.net;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The admission rules of a test listener, whatever its sockets ({@link TokenGate} on NIO, the native listener
 * on Java 22+): a connection is let in once it has sent the test's random token. Until then it waits in
 * arrival order:
 * <ul>
 *   <li>it has one deadline for its whole token, the token timeout after it was accepted, so a slow talker
 *       sending a byte now and then is cut there, however often it sends;</li>
 *   <li>at most {@code maxPending} wait at once; when they are full, a new connection evicts the oldest
 *       waiting one (never itself), so the real connection arriving late still gets in;</li>
 *   <li>a wrong token (compared in constant time, only once all of it is there), an end of stream or a read
 *       error drops it at once.</li>
 * </ul>
 * Every dropped connection, and every one still waiting at {@link #close}, counts in {@link #strays()}. What
 * differs between socket kinds (accepting, reading, waiting for readiness, closing) is a {@link Sockets}.
 *
 * <p>Not thread-safe: one thread uses the queue; {@link #strays()} may be read from any thread.
 *
 * @param <C> a connection as the sockets know it
 */
public final class AdmissionQueue<C> {
    /**
     * Fresh connections taken per wake-up before the waiting ones are read again; well under the usual bound on
     * waiting ones, so a connection whose token arrives just after its accept is read in the next round, before
     * newer ones can evict it, however slowly this thread is scheduled.
     */
    static final int ACCEPTS_PER_ROUND = 64;
    /** Longest single wait, so a cancel is seen within it. */
    private static final long SLICE_NANOS = 100_000_000L;

    /** What differs between the listeners: their sockets. Called only from the queue's thread. */
    public interface Sockets<C> {
        /** Whether the listener is still open. */
        boolean open();

        /** The next connection in the accept queue, or null if it is empty. */
        C accept() throws IOException;

        /**
         * Reads what has come of a connection's token into {@code into[offset, offset + length)}, without waiting.
         *
         * @return bytes of the token read, 0 if none has come, -1 at an end of stream or on an error
         */
        int readToken(C connection, byte[] into, int offset, int length);

        /**
         * Waits up to {@code millis} until the listener has a connection to accept or one of {@code waiting} has
         * data; adds the latter to {@code ready}.
         *
         * @return whether the listener has a connection to accept
         */
        boolean await(Collection<Waiting<C>> waiting, long millis, List<Waiting<C>> ready) throws IOException;

        /** A connection presented the token: the queue hands it out next (e.g. stop watching it for data). */
        void admitted(C connection) throws IOException;

        /** Closes a connection (dropped, or admitted and never handed out). Never fails. */
        void close(C connection);
    }

    /** A connection waiting for the rest of its token: its deadline ({@link System#nanoTime()}) and what it sent so far. */
    public static final class Waiting<C> {
        private final C connection;
        private final long deadline;
        private final byte[] token;
        private int have;

        Waiting(C connection, long deadline, byte[] token, int have) {
            this.connection = connection;
            this.deadline = deadline;
            this.token = token;
            this.have = have;
        }

        public C connection() {
            return connection;
        }
    }

    private enum Verdict { WAIT, ADMITTED, DROPPED }

    private final Sockets<C> sockets;
    private final byte[] token;
    private final long tokenTimeoutNanos;
    private final int maxPending;
    /** Connections still presenting their token, oldest first (so also soonest deadline first). */
    private final LinkedHashSet<Waiting<C>> waiting = new LinkedHashSet<>();
    private final Collection<Waiting<C>> waitingView = Collections.unmodifiableSet(waiting);
    private final List<Waiting<C>> ready = new ArrayList<>();
    /** Connections that presented the token and are not yet handed out. */
    private final ArrayDeque<C> admitted = new ArrayDeque<>();
    /** A fresh connection's token, read before it is known whether it must wait. */
    private final byte[] fresh;
    private volatile long strays;

    /**
     * @param token        the test's token
     * @param tokenTimeout how long a connection may take to present all of it, from its accept
     * @param maxPending   how many connections may wait for their token at once
     */
    public AdmissionQueue(Sockets<C> sockets, byte[] token, Duration tokenTimeout, int maxPending) {
        if (maxPending < 1) {
            throw new IllegalArgumentException("at least one connection must be able to wait, not " + maxPending);
        }
        this.sockets = sockets;
        this.token = token.clone();
        this.tokenTimeoutNanos = tokenTimeout.toNanos();
        this.maxPending = maxPending;
        this.fresh = new byte[token.length];
    }

    /** Connections dropped so far: wrong token, closed or cut before their token was in, evicted, or left waiting at {@link #close}. */
    public long strays() {
        return strays;
    }

    /** Connections waiting for their token right now. */
    public int waiting() {
        return waiting.size();
    }

    /** Whether a connection was admitted and not yet handed out (so a read may take what follows its token). */
    public boolean anyAdmitted() {
        return !admitted.isEmpty();
    }

    /**
     * The next connection that presented the token, or null if none did within {@code wait}. Connections keep
     * waiting between calls, each against its own deadline.
     *
     * @throws IOException when {@code cancelled}, or if the listener fails or was closed
     */
    public C next(Duration wait, BooleanSupplier cancelled) throws IOException {
        long end = System.nanoTime() + wait.toNanos();
        while (admitted.isEmpty()) {
            if (cancelled.getAsBoolean()) {
                throw new IOException("cancelled while waiting for connections");
            }
            if (!sockets.open()) {
                throw new ClosedChannelException();
            }
            long now = System.nanoTime();
            dropExpired(now);
            if (now - end >= 0) {
                return null;
            }
            long sleep = Math.min(end - now, SLICE_NANOS);
            if (!waiting.isEmpty()) {
                sleep = Math.min(sleep, waiting.iterator().next().deadline - now);
            }
            ready.clear();
            boolean listener = sockets.await(waitingView, Math.max(1, sleep / 1_000_000), ready);
            for (Waiting<C> w : ready) { // the old ones first, then fresh ones
                if (waiting.contains(w) && read(w) != Verdict.WAIT) {
                    waiting.remove(w);
                }
            }
            ready.clear();
            if (listener) {
                acceptReady();
            }
        }
        return admitted.poll();
    }

    /** Drops (and counts) the connections still waiting and closes admitted ones not handed out; the listener stays open. */
    public void close() {
        for (Waiting<C> w : waiting) {
            discard(w.connection);
        }
        waiting.clear();
        for (C c; (c = admitted.poll()) != null; ) {
            sockets.close(c);
        }
    }

    /** Takes fresh connections until the accept queue is empty, one is admitted, or the round's share is taken. */
    private void acceptReady() throws IOException {
        for (int i = 0; i < ACCEPTS_PER_ROUND && admitted.isEmpty(); i++) {
            C c = sockets.accept();
            if (c == null) {
                return;
            }
            Waiting<C> w = new Waiting<>(c, System.nanoTime() + tokenTimeoutNanos, fresh, 0);
            if (read(w) != Verdict.WAIT) {
                continue;
            }
            if (waiting.size() >= maxPending) {
                drop(waiting.iterator().next()); // full: the oldest goes, the newcomer may be the real sender
            }
            waiting.add(new Waiting<>(c, w.deadline, fresh.clone(), w.have));
        }
    }

    /** Reads what has arrived of a connection's token and decides on it once all of it is there. */
    private Verdict read(Waiting<C> w) throws IOException {
        int n = sockets.readToken(w.connection, w.token, w.have, token.length - w.have);
        if (n < 0) {
            discard(w.connection);
            return Verdict.DROPPED;
        }
        w.have += n;
        if (w.have < token.length) {
            return Verdict.WAIT;
        }
        if (!MessageDigest.isEqual(w.token, token)) {
            discard(w.connection);
            return Verdict.DROPPED;
        }
        admitted.add(w.connection);
        sockets.admitted(w.connection);
        return Verdict.ADMITTED;
    }

    private void dropExpired(long now) {
        for (Iterator<Waiting<C>> it = waiting.iterator(); it.hasNext(); ) {
            Waiting<C> w = it.next();
            if (now - w.deadline < 0) {
                return; // arrival order is deadline order
            }
            it.remove();
            discard(w.connection);
        }
    }

    private void drop(Waiting<C> w) {
        waiting.remove(w);
        discard(w.connection);
    }

    private void discard(C c) {
        strays++;
        sockets.close(c);
    }
}
