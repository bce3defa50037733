package benchsh.peer.fs;

import benchsh.peer.workload.Timing;
import java.nio.file.Path;

/**
 * The {@link CopyWorkload}'s specs for tests, by name: {@code copy().verify().keep().local(src, dst)},
 * {@code copy().receive(dst)}, {@code copy().verify().send(src)}. Unless set: not verified, page cache left warm,
 * the copy removed after the test, {@link CopyWorkload#DEFAULT_THREADS} workers, the file workloads' timing (samples
 * every second, a minute without progress). Not thread-safe.
 */
public final class CopySpecBuilder {
    private boolean verify;
    private boolean cold;
    private boolean keep;
    private int threads = CopyWorkload.DEFAULT_THREADS;
    private Timing timing = FsTestSupport.TIMING;

    private CopySpecBuilder() {
    }

    public static CopySpecBuilder copy() {
        return new CopySpecBuilder();
    }

    /** Both ends' digests are compared after the copy. */
    public CopySpecBuilder verify() {
        return verify(true);
    }

    public CopySpecBuilder verify(boolean on) {
        this.verify = on;
        return this;
    }

    /** The source is dropped from the page cache first. */
    public CopySpecBuilder cold() {
        this.cold = true;
        return this;
    }

    /** The copy is left after the test. */
    public CopySpecBuilder keep() {
        return keep(true);
    }

    public CopySpecBuilder keep(boolean on) {
        this.keep = on;
        return this;
    }

    /** Threads that list and copy (a local copy) or write small received files (a receiver). */
    public CopySpecBuilder threads(int n) {
        this.threads = n;
        return this;
    }

    public CopySpecBuilder timing(Timing t) {
        this.timing = t;
        return this;
    }

    /** A copy on one host, from {@code src} to the new {@code dst}. */
    public CopyWorkload.Local local(Path src, Path dst) {
        return new CopyWorkload.Local(src.toString(), dst.toString(), verify, cold, keep, threads, timing);
    }

    /** The receiving end of a copy between hosts, writing the new {@code dst}. */
    public CopyWorkload.Receive receive(Path dst) {
        return new CopyWorkload.Receive(dst.toString(), verify, keep, threads, timing);
    }

    /** The sending end of a copy between hosts, reading {@code src}. */
    public CopyWorkload.Send send(Path src) {
        return new CopyWorkload.Send(src.toString(), verify, cold, timing);
    }
}
