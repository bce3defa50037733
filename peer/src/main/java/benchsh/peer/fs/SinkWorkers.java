package benchsh.peer.fs;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The worker threads of a {@link TreeSink} that write received small files while the stream goes on: at most
 * {@link #IN_FLIGHT} tasks queued or running, the first failure kept (the tasks after it are skipped), a wait
 * for all of them ({@link #drain}). A submitter that waits 10 minutes for a free slot fails. Thread-safety:
 * {@link #submit} and {@link #drain} from one thread; {@link #failure} from any.
 */
final class SinkWorkers implements AutoCloseable {
    private static final int IN_FLIGHT = 256;

    /** One unit of a worker's work. */
    interface Task {
        void run() throws IOException;
    }

    private final ExecutorService pool;
    private final Semaphore slots = new Semaphore(IN_FLIGHT);
    private final AtomicReference<IOException> failure = new AtomicReference<>();

    /** @param threads the worker threads, daemons named {@code copy-worker} */
    SinkWorkers(int threads) {
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "copy-worker");
            t.setDaemon(true);
            return t;
        });
    }

    /** Runs {@code task} on a worker once a slot is free, unless a task failed before it starts. */
    void submit(Task task) throws IOException {
        acquire(1, "copy workers made no progress for 10 minutes");
        pool.execute(() -> {
            try {
                if (failure.get() == null) {
                    task.run();
                }
            } catch (IOException e) {
                failure.compareAndSet(null, e);
            } finally {
                slots.release();
            }
        });
    }

    /** The first task's failure, or null. */
    IOException failure() {
        return failure.get();
    }

    /** Waits for every task submitted to end (at most 10 minutes). */
    void drain() throws IOException {
        acquire(IN_FLIGHT, "copy workers did not finish within 10 minutes");
        slots.release(IN_FLIGHT);
    }

    private void acquire(int permits, String timedOut) throws IOException {
        try {
            if (!slots.tryAcquire(permits, 10, TimeUnit.MINUTES)) {
                throw new IOException(timedOut);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    /** Stops the workers and waits (30 s at most) for running tasks, so a removal after a failure sees every file. */
    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
