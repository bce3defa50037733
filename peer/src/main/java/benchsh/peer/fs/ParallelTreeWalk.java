package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * Walks a local source directory with several threads that walk as well as hand files on: a thread lists a
 * directory (getdents), reads each entry's attributes once (lstat), hands the subdirectories to the visitor
 * and queues them, and queues the files in batches; any thread hands a queued batch's files to the visitor
 * (a {@link TreeSink} copies them, a {@link SharedArchiveWriter} reads and sends them). So the cold metadata
 * reads of different directories overlap each other and the file reads, where a single walker would wait for
 * each in turn. What {@link TreeSource#walk} promises holds: every directory is listed by exactly one thread,
 * so every entry reaches the visitor once; a directory reaches it before anything inside it is queued; links,
 * devices, sockets and FIFOs are skipped and counted.
 *
 * <p>Threads take file batches before directories, and a lister copies a batch itself while
 * {@link #MAX_QUEUED_BATCHES} wait, so at most that many batches are held; pending directories are taken
 * newest first (depth first), one path each. The first failure or cancellation stops every thread before
 * its next entry; {@link #run} returns only when all threads have left (or fails after
 * {@link #STOP_SECONDS} if one hangs in a system call), so a sink's ledger is complete for a cleanup.
 * One run per instance, called from one thread.
 */
final class ParallelTreeWalk {
    /** Files per queued batch: one hand-off (a lock and a wake-up) per batch rather than per file. */
    static final int BATCH_FILES = 16;
    /** Batches waiting at most; beyond that a lister copies its batch itself. */
    static final int MAX_QUEUED_BATCHES = 64;
    /** How long threads get to leave after a failure or cancellation. */
    static final long STOP_SECONDS = 30;
    private static final long POLL_MILLIS = 100;

    private record Dir(Path source, String name) {
    }

    private record Entry(Path source, String name, PosixFileAttributes attrs) {
    }

    private final Path root;
    private final TreeVisitor visitor;
    private final int threads;
    private final AtomicLong skipped = new AtomicLong();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Guarded by {@link #lock}. */
    private final Deque<Dir> dirs = new ArrayDeque<>();
    /** Guarded by {@link #lock}. */
    private final Deque<List<Entry>> batches = new ArrayDeque<>();
    /** Threads running a job; guarded by {@link #lock}. */
    private int busy;
    /** The first failure; guarded by {@link #lock}. */
    private IOException failure;
    /** Set with {@link #failure}: read without the lock before every entry. */
    private volatile boolean stop;
    private BooleanSupplier cancelled = () -> false;

    /**
     * @param root    the source directory (checked by {@link TreeSource})
     * @param visitor a visitor whose {@code dir} and {@code file(name, attrs, source)} these threads call at once: a
     *                started {@link TreeSink} without workers of its own, or a {@link SharedArchiveWriter}
     * @param threads threads that list and copy, at least 1
     */
    ParallelTreeWalk(Path root, TreeVisitor visitor, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        this.root = root;
        this.visitor = visitor;
        this.threads = threads;
    }

    /** Entries that were neither directories nor regular files (links, devices, ...). */
    long skipped() {
        return skipped.get();
    }

    /** Copies the tree; throws the first failure, or "cancelled" when {@code cancelled} turned true. */
    void run(BooleanSupplier cancelled) throws IOException {
        this.cancelled = cancelled;
        dirs.push(new Dir(root, ""));
        List<Thread> started = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::loop, "copy-worker");
            t.setDaemon(true);
            t.start();
            started.add(t);
        }
        for (Thread t : started) {
            await(t);
        }
        lock.lock();
        try {
            if (failure != null) {
                throw failure;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits for {@code t} to leave; after a failure or cancellation at most {@link #STOP_SECONDS}. */
    private void await(Thread t) throws IOException {
        long stopBy = Long.MAX_VALUE;
        try {
            while (t.isAlive()) {
                t.join(POLL_MILLIS);
                if (stopBy == Long.MAX_VALUE && stopped()) {
                    stopBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_SECONDS);
                }
                if (System.nanoTime() - stopBy > 0) {
                    throw new IOException("a copy thread did not stop within " + STOP_SECONDS + " s (hung in a system call?); "
                            + "what it creates later is removed by the cleanup's ledger check");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(new IOException("interrupted"));
            throw new IOException("interrupted");
        }
    }


    private void fail(IOException e) {
        lock.lock();
        try {
            if (failure == null) {
                failure = e;
            }
            stop = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** A thread: takes batches before directories until nothing is left and nobody can add more, or a failure. */
    private void loop() {
        while (true) {
            Object job;
            lock.lock();
            try {
                while (failure == null && batches.isEmpty() && dirs.isEmpty() && busy > 0) {
                    changed.await(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    if (cancelled.getAsBoolean() && failure == null) {
                        failure = new IOException("cancelled");
                        stop = true;
                    }
                }
                if (failure != null || batches.isEmpty() && dirs.isEmpty()) {
                    changed.signalAll();
                    return;
                }
                job = batches.isEmpty() ? dirs.pop() : batches.pollFirst();
                busy++;
            } catch (InterruptedException e) {
                failure = failure == null ? new IOException("interrupted") : failure;
                stop = true;
                changed.signalAll();
                return;
            } finally {
                lock.unlock();
            }
            try {
                if (job instanceof Dir d) {
                    list(d);
                } else {
                    @SuppressWarnings("unchecked")
                    List<Entry> batch = (List<Entry>) job;
                    copy(batch);
                }
            } catch (IOException e) {
                fail(e);
            } catch (RuntimeException e) {
                fail(new IOException(e.toString(), e));
            } catch (Error e) {
                fail(new IOException(e.toString(), e));
                throw e;
            } finally {
                lock.lock();
                try {
                    busy--;
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /** Lists one directory: creates and queues its subdirectories, queues (or copies) its files in batches. */
    private void list(Dir dir) throws IOException {
        List<Entry> batch = new ArrayList<>(BATCH_FILES);
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir.source())) {
            for (Path p : stream) {
                if (stopped()) {
                    return;
                }
                PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                String name = dir.name().isEmpty() ? p.getFileName().toString() : dir.name() + "/" + p.getFileName();
                if (a.isDirectory()) {
                    visitor.dir(name, TreeSource.mode(a.permissions()), a.lastModifiedTime().toMillis());
                    queue(new Dir(p, name));
                } else if (a.isRegularFile()) {
                    batch.add(new Entry(p, name, a));
                    if (batch.size() == BATCH_FILES) {
                        hand(batch);
                        batch = new ArrayList<>(BATCH_FILES);
                    }
                } else {
                    skipped.incrementAndGet();
                }
            }
        } catch (DirectoryIteratorException e) {
            throw e.getCause();
        }
        if (!batch.isEmpty()) {
            hand(batch);
        }
    }

    private void queue(Dir d) {
        lock.lock();
        try {
            dirs.push(d);
            changed.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Queues a batch for any thread, or copies it here when enough wait already. */
    private void hand(List<Entry> batch) throws IOException {
        lock.lock();
        try {
            if (batches.size() < MAX_QUEUED_BATCHES) {
                batches.addLast(batch);
                changed.signal();
                return;
            }
        } finally {
            lock.unlock();
        }
        copy(batch);
    }

    private void copy(List<Entry> batch) throws IOException {
        for (Entry e : batch) {
            if (stopped()) {
                return;
            }
            visitor.file(e.name(), e.attrs(), e.source());
        }
    }

    /** True once the run should stop: another thread failed, or the copy was cancelled. */
    private boolean stopped() {
        if (!stop && cancelled.getAsBoolean()) {
            fail(new IOException("cancelled"));
        }
        return stop;
    }
}
