package benchsh.peer.http;

import java.time.Duration;
import java.util.Iterator;
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
 * <em>reading</em> until its handler calls {@link #handling()}. A reading exchange is cut {@code
 * headTimeout} after it started, and when every thread is taken a new exchange cuts the oldest reading
 * one: cutting interrupts its thread, which closes its socket (an interruptible NIO channel) and ends
 * the exchange. Exchanges in a handler are never cut. Connections that send nothing take no thread
 * (the server's selector holds them). Thread-safe.
 */
final class HandlerPool implements Executor {
    private static final long WATCH_MS = 100;
    private final int threads;
    private final long headNanos;
    private final ThreadPoolExecutor pool;
    private final ScheduledExecutorService watchdog;
    private final ThreadLocal<Task> current = new ThreadLocal<>();
    /** Running exchanges still reading their head, oldest first; guarded by this. */
    private final LinkedHashSet<Task> reading = new LinkedHashSet<>();
    /** Exchanges submitted and not yet ended; guarded by this. */
    private int inFlight;
    private long cut;

    /** @param name prefix of the thread names */
    HandlerPool(String name, int threads, Duration headTimeout) {
        this.threads = threads;
        this.headNanos = headTimeout.toNanos();
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> daemon(r, name));
        this.watchdog = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, name + "-deadline"));
        watchdog.scheduleWithFixedDelay(this::cutOverdue, WATCH_MS, WATCH_MS, TimeUnit.MILLISECONDS);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void execute(Runnable exchange) {
        synchronized (this) {
            if (inFlight >= threads) {
                Iterator<Task> oldest = reading.iterator();
                if (oldest.hasNext()) {
                    cut(oldest.next()); // full: the oldest stray makes room for the newcomer
                }
            }
            inFlight++;
        }
        pool.execute(new Task(exchange));
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

    /** Exchanges cut so far: overdue heads and the oldest ones when the pool was full. */
    synchronized long cut() {
        return cut;
    }

    /** Stops the threads; exchanges still running are interrupted. */
    void shutdown() {
        watchdog.shutdownNow();
        pool.shutdownNow();
    }

    private synchronized void cutOverdue() {
        long now = System.nanoTime();
        while (!reading.isEmpty()) {
            Task oldest = reading.iterator().next();
            if (now - oldest.since < headNanos) {
                return;
            }
            cut(oldest);
        }
    }

    /** Caller holds the monitor. */
    private void cut(Task t) {
        reading.remove(t);
        cut++;
        t.thread.interrupt();
    }

    private final class Task implements Runnable {
        private final Runnable exchange;
        private Thread thread;
        private long since;

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
                }
                Thread.interrupted(); // a cut that raced the end of this exchange must not hit the next one
            }
        }
    }
}
