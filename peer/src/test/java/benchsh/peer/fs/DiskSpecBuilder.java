package benchsh.peer.fs;

import benchsh.peer.workload.Timing;
import java.nio.file.Path;

/**
 * The {@link DiskWorkload}'s specs for tests, by name: {@code disk().bs(64 << 10).sync().write(f, 3L << 20)},
 * {@code disk().cold().read(f, 1L << 20)}, {@code disk().with("direct").write(f, n)} for a parameterized test. Unless
 * set: blocks of 1 MiB (the shell's default), no sync, dsync or direct I/O, a warm read, the written file removed after
 * the test, the file workloads' timing (samples every second, a minute without progress). Not thread-safe.
 */
public final class DiskSpecBuilder {
    private int bs = 1 << 20;
    private boolean sync;
    private boolean dsync;
    private boolean direct;
    private boolean cold;
    private boolean keep;
    private Timing timing = FsTestSupport.TIMING;

    private DiskSpecBuilder() {
    }

    public static DiskSpecBuilder disk() {
        return new DiskSpecBuilder();
    }

    /** Bytes per write or read. */
    public DiskSpecBuilder bs(int bytes) {
        this.bs = bytes;
        return this;
    }

    /** fdatasync at the end, inside the timed span. */
    public DiskSpecBuilder sync() {
        this.sync = true;
        return this;
    }

    /** O_DSYNC on every write. */
    public DiskSpecBuilder dsync() {
        this.dsync = true;
        return this;
    }

    /** O_DIRECT with aligned buffers. */
    public DiskSpecBuilder direct() {
        this.direct = true;
        return this;
    }

    /** A cold read: the page cache dropped first (root), else O_DIRECT. */
    public DiskSpecBuilder cold() {
        this.cold = true;
        return this;
    }

    /** The file the run created is left after it. */
    public DiskSpecBuilder keep() {
        this.keep = true;
        return this;
    }

    /** The option named, for a test run with each of several: sync, dsync, direct, cold or keep; any other name sets none ("plain", "warm"). */
    public DiskSpecBuilder with(String option) {
        switch (option) {
            case "sync" -> sync();
            case "dsync" -> dsync();
            case "direct" -> direct();
            case "cold" -> cold();
            case "keep" -> keep();
            default -> { }
        }
        return this;
    }

    public DiskSpecBuilder timing(Timing t) {
        this.timing = t;
        return this;
    }

    /** Writes {@code bytes} to the new file {@code path}. */
    public DiskWorkload.Spec write(Path path, long bytes) {
        return op(DiskWorkload.Op.WRITE, path, bytes);
    }

    /** Reads {@code bytes} of {@code path} (or as many as it has), creating it first if it is missing. */
    public DiskWorkload.Spec read(Path path, long bytes) {
        return op(DiskWorkload.Op.READ, path, bytes);
    }

    /** Writes or reads, as {@code op} says, for a test run with each. */
    public DiskWorkload.Spec op(DiskWorkload.Op op, Path path, long bytes) {
        return new DiskWorkload.Spec(path.toString(), op, bytes, bs, sync, dsync, direct, cold, keep, timing);
    }
}
