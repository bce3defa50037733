import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * scripts/ref/syscall_cost.c from the JVM: the same write(2) of 1 byte to /dev/null, 200,000 times per round, 5 rounds,
 * through NIO (a FileChannel and a direct buffer: the JNI call and the channel's bookkeeping that a socket channel's
 * write has too); prints the fastest round's nanoseconds per call. Its difference to the C figure is what the JVM adds
 * to every system call (after the first rounds have compiled the loop).
 *
 *   java SyscallCost     prints {"ns_per_call":N}
 */
public final class SyscallCost {
    private static final int CALLS = 200_000;
    private static final int ROUNDS = 5;
    private static final int WARM_UP_ROUNDS = 3;

    public static void main(String[] args) throws IOException {
        if (args.length != 0) {
            Ref.fail("SyscallCost", "usage: SyscallCost");
        }
        Ref.watchdog("SyscallCost", 0);
        try (FileChannel devNull = FileChannel.open(Path.of("/dev/null"), StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocateDirect(1);
            long best = Long.MAX_VALUE;
            for (int r = 0; r < WARM_UP_ROUNDS + ROUNDS; r++) {
                long start = System.nanoTime();
                for (int i = 0; i < CALLS; i++) {
                    one.clear();
                    if (devNull.write(one) != 1) {
                        Ref.fail("SyscallCost", "write to /dev/null wrote nothing");
                    }
                }
                long took = System.nanoTime() - start;
                best = r >= WARM_UP_ROUNDS ? Math.min(best, took) : best;
            }
            System.out.printf("{\"ns_per_call\":%.1f}%n", (double) best / CALLS);
        }
    }
}
