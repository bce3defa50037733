package benchsh.peer.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Consecutive small files of a received tree with their contents packed into one direct buffer of
 * {@link #BYTES}: a worker gets them in one hand-off (instead of one queue round and wake-up per file),
 * creates them one after another (consecutive files mostly share a directory, whose lock the workers
 * would otherwise contend for), and writes each straight from the buffer (no copy to the heap and back).
 * Filled by the receiving thread, then written by one worker; not thread-safe. {@link Pool} bounds the
 * buffers held.
 */
final class ReceivedBatch {
    /** Bytes of content per batch; files up to this size are batched. */
    static final int BYTES = 1 << 20;
    /** Files per batch at most. */
    static final int MAX_FILES = 64;

    /** Writes one file of the batch. */
    interface FileWriter {
        void write(String name, int mode, long mtimeMillis, ByteBuffer content) throws IOException;
    }

    private final ByteBuffer data;
    private final String[] names = new String[MAX_FILES];
    private final int[] modes = new int[MAX_FILES];
    private final long[] mtimes = new long[MAX_FILES];
    private final int[] ends = new int[MAX_FILES];
    private int count;

    /** @param data a direct buffer of {@link #BYTES} from the {@link Pool} */
    ReceivedBatch(ByteBuffer data) {
        this.data = data.clear();
    }

    /** Whether a file of {@code size} bytes still fits. */
    boolean fits(long size) {
        return count < MAX_FILES && size <= data.remaining();
    }

    /** Reads exactly {@code size} bytes of the file {@code name} off {@code content} into the batch. */
    void add(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
        if (!fits(size)) {
            throw new IllegalStateException("no room for " + size + " bytes in the batch");
        }
        int end = data.position() + (int) size;
        data.limit(end);
        while (data.hasRemaining()) {
            if (content.read(data) < 0) {
                throw new IOException("the tree stream ended inside " + name);
            }
        }
        data.limit(data.capacity());
        names[count] = name;
        modes[count] = mode;
        mtimes[count] = mtimeMillis;
        ends[count] = end;
        count++;
    }

    int size() {
        return count;
    }

    /** Hands each file to {@code writer} in order, its content a view of the buffer (position 0, limit its size). */
    void writeEach(FileWriter writer) throws IOException {
        int start = 0;
        for (int i = 0; i < count; i++) {
            writer.write(names[i], modes[i], mtimes[i], data.duplicate().limit(ends[i]).position(start).slice());
            start = ends[i];
        }
    }

    /** The buffer, for the pool once the batch is written. */
    ByteBuffer buffer() {
        return data;
    }

    /**
     * Direct buffers of {@link #BYTES}, at most {@code max} out at once, allocated on first need and reused.
     * Thread-safe.
     */
    static final class Pool {
        private final Semaphore permits;
        private final ConcurrentLinkedQueue<ByteBuffer> free = new ConcurrentLinkedQueue<>();

        Pool(int max) {
            this.permits = new Semaphore(max);
        }

        /** A buffer; waits at most 10 minutes for the workers to give one back. */
        ByteBuffer take() throws IOException {
            try {
                if (!permits.tryAcquire(10, TimeUnit.MINUTES)) {
                    throw new IOException("copy workers made no progress for 10 minutes");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
            ByteBuffer b = free.poll();
            return b != null ? b : ByteBuffer.allocateDirect(BYTES);
        }

        void give(ByteBuffer b) {
            free.offer(b);
            permits.release();
        }
    }
}
