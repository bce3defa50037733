package benchsh.peer.http;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The executor of an {@link com.sun.net.httpserver.HttpServer} whose exchanges get one deadline for
 * their request head, so strays cannot starve the real request.
 *
 * <p>The JDK's server hands a connection to its executor once the first bytes of a request arrive; the
 * exchange then reads the request line and headers with blocking reads, which a slow client can
 * stretch without end (on a single thread, one such stray stalls the real fetch). Here an exchange is
 * <em>reading</em> until its handler calls {@link #handling()}, and a reading exchange is cut:
 * <ul>
 *   <li>{@code headTimeout} after it started, whatever it sent;</li>
 *   <li>when every thread is taken and exchanges wait for one: the oldest reading exchange, once it
 *       has read for {@code evictableAfter} (a real request's head comes in one piece, so an exchange
 *       still reading after that is a stray; a younger one may be the real request, just not yet
 *       scheduled on a busy machine).</li>
 * </ul>
 * Cutting interrupts the exchange's thread, which closes its socket (an interruptible NIO channel) and
 * ends the exchange. Exchanges in a handler are never cut. Connections that send nothing take no
 * thread (the server's selector holds them). Thread-safe.
 */
final class HandlerPool implements Executor {
    private static final long WATCH_MS = 100;
    private final int threads;
    private final long headNanos;
    private final long evictableNanos;
    private final ThreadPoolExecutor pool;
    private final ScheduledExecutorService watchdog;
    private final ThreadLocal<Task> current = new ThreadLocal<>();
    /** Running exchanges still reading their head, oldest first; guarded by this. */
    private final LinkedHashSet<Task> reading = new LinkedHashSet<>();
    /** Exchanges submitted and not yet ended, and those of them cut; guarded by this. */
    private int inFlight;
    private int cutting;
    private long cut;

    /** @param name prefix of the thread names */
    HandlerPool(String name, int threads, Duration headTimeout, Duration evictableAfter) {
        this.threads = threads;
        this.headNanos = headTimeout.toNanos();
        this.evictableNanos = evictableAfter.toNanos();
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> daemon(r, name));
        this.watchdog = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, name + "-deadline"));
        watchdog.scheduleWithFixedDelay(this::watch, WATCH_MS, WATCH_MS, TimeUnit.MILLISECONDS);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void execute(Runnable exchange) {
        synchronized (this) {
            inFlight++;
        }
        pool.execute(new Task(exchange));
        makeRoom();
    }

    /**
     * Called by a handler as it starts: from now on its exchange is not cut. False if it was cut
     * already (its thread is interrupted and its socket closed): the handler should just return.
     */
    boolean handling() {
        Task t = current.get();
        if (t == null) {
            return true; // not one of ours
        }
        synchronized (this) {
            return reading.remove(t);
        }
    }

    /** Exchanges cut so far: overdue heads, and the oldest ones when exchanges waited for a thread. */
    synchronized long cut() {
        return cut;
    }

    /** Stops the threads; exchanges still running are interrupted. */
    void shutdown() {
        watchdog.shutdownNow();
        pool.shutdownNow();
    }

    private void watch() {
        synchronized (this) {
            long now = System.nanoTime();
            while (!reading.isEmpty() && now - reading.iterator().next().since >= headNanos) {
                cut(reading.iterator().next());
            }
        }
        makeRoom();
    }

    /** For each exchange beyond the threads that no cut is freeing one for yet, cuts the oldest evictable reading one. */
    private synchronized void makeRoom() {
        long now = System.nanoTime();
        while (inFlight - threads > cutting && !reading.isEmpty() && now - reading.iterator().next().since >= evictableNanos) {
            cut(reading.iterator().next());
        }
    }

    /** Caller holds the monitor. */
    private void cut(Task t) {
        reading.remove(t);
        t.cut = true;
        cutting++;
        cut++;
        t.thread.interrupt();
    }

    private final class Task implements Runnable {
        private final Runnable exchange;
        /** Guarded by the pool. */
        private Thread thread;
        private long since;
        private boolean cut;

        Task(Runnable exchange) {
            this.exchange = exchange;
        }

        @Override
        public void run() {
            synchronized (HandlerPool.this) {
                thread = Thread.currentThread();
                since = System.nanoTime();
                reading.add(this);
            }
            current.set(this);
            try {
                exchange.run();
            } finally {
                current.remove();
                synchronized (HandlerPool.this) {
                    reading.remove(this);
                    inFlight--;
                    if (cut) {
                        cutting--;
                    }
                }
                Thread.interrupted(); // a cut that raced the end of this exchange must not hit the next one
            }
        }
    }
}
