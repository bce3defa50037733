package benchsh.peer.fs;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.attribute.FileTime;

/**
 * Received small files written by worker threads while the stream goes on: the receiving thread reads each
 * file's content off the stream into the pending {@link ReceivedBatch}; a full batch goes to a worker
 * ({@link SinkWorkers}), which creates and writes its files through the {@link EntryWriter} and gives its
 * buffer back. At most {@link #BATCHES_HELD} buffers are out at once, so a slow disk holds the stream back.
 * Thread-safety: {@link #add} and {@link #finish} from the receiving thread; {@link #failure} from any.
 */
final class SmallFileBatches implements AutoCloseable {
    /** Batches of received small files ({@link ReceivedBatch#BYTES} each) held for the workers at most: 32 MiB. */
    private static final int BATCHES_HELD = 32;

    private final EntryWriter writer;
    private final SinkWorkers workers;
    private final ReceivedBatch.Pool pool = new ReceivedBatch.Pool(BATCHES_HELD);
    /** Received small files not yet handed to a worker; the receiving thread's. */
    private ReceivedBatch pending;

    /** @param threads worker threads, more than one */
    SmallFileBatches(EntryWriter writer, int threads) {
        this.writer = writer;
        this.workers = new SinkWorkers(threads);
    }

    /** Whether a file of {@code size} bytes goes into a batch (larger ones are written as they arrive). */
    static boolean fits(long size) {
        return size <= ReceivedBatch.BYTES;
    }

    /** Reads the file {@code name} of {@code size} bytes ({@link #fits}) off {@code content} into a batch. */
    void add(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
        if (pending != null && !pending.fits(size)) {
            handOver();
        }
        if (pending == null) {
            pending = new ReceivedBatch(pool.take());
        }
        pending.add(name, mode, mtimeMillis, size, content);
    }

    /** Submits the pending batch to a worker, which returns its buffer to the pool. */
    private void handOver() throws IOException {
        ReceivedBatch batch = pending;
        pending = null;
        if (batch == null) {
            return;
        }
        try {
            workers.submit(() -> {
                try {
                    batch.writeEach((name, mode, mtime, content) -> {
                        if (workers.failure() == null) {
                            writer.write(name, mode, content, FileTime.fromMillis(mtime));
                        }
                    });
                } finally {
                    pool.give(batch.buffer());
                }
            });
        } catch (IOException | RuntimeException e) {
            pool.give(batch.buffer());
            throw e;
        }
    }

    /** The first failure of a worker, or null. */
    IOException failure() {
        return workers.failure();
    }

    /** Hands the last batch over, waits for the workers and throws their first failure. */
    void finish() throws IOException {
        handOver();
        workers.drain();
        IOException f = workers.failure();
        if (f != null) {
            throw f;
        }
    }

    /** Stops the workers and waits for the running writes. */
    @Override
    public void close() {
        workers.close();
    }
}
