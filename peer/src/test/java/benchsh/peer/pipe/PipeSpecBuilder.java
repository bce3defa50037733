package benchsh.peer.pipe;

import benchsh.peer.workload.Timing;
import java.nio.file.Path;

/**
 * The {@link PipeStream}'s specs for tests, by name: {@code pipe().bs(65536).count(100).zeros()} for a source,
 * {@code pipe().bs(4096).sync().keep().fileSink(dst)} for a sink. Unless set: 64 KiB blocks, {@link #TIMING}, no
 * sync, the sink file removed after the test; a zero or random source needs a count. Not thread-safe.
 */
public final class PipeSpecBuilder {
    /** Samples every second; gives up after 10 s without data. */
    public static final Timing TIMING = new Timing(1_000_000_000L, 10_000_000_000L);

    private int bs = 64 << 10;
    private long count;
    private boolean sync;
    private boolean keep;
    private Timing timing = TIMING;

    private PipeSpecBuilder() {
    }

    public static PipeSpecBuilder pipe() {
        return new PipeSpecBuilder();
    }

    /** Bytes per block (dd's bs=). */
    public PipeSpecBuilder bs(int bytes) {
        this.bs = bytes;
        return this;
    }

    /** Blocks the source sends (dd's count=); 0: to the end of a file. */
    public PipeSpecBuilder count(long blocks) {
        this.count = blocks;
        return this;
    }

    /** The file sink is fdatasync'ed after its last write. */
    public PipeSpecBuilder sync() {
        return sync(true);
    }

    public PipeSpecBuilder sync(boolean on) {
        this.sync = on;
        return this;
    }

    /** The file sink is left after the test. */
    public PipeSpecBuilder keep() {
        return keep(true);
    }

    public PipeSpecBuilder keep(boolean on) {
        this.keep = on;
        return this;
    }

    public PipeSpecBuilder timing(Timing t) {
        this.timing = t;
        return this;
    }

    public PipeStream.SinkSpec nullSink() {
        return new PipeStream.SinkSpec(PipeSink.Kind.NULL, null, sync, keep, bs, timing);
    }

    public PipeStream.SinkSpec fileSink(Path p) {
        return new PipeStream.SinkSpec(PipeSink.Kind.FILE, p.toString(), sync, keep, bs, timing);
    }

    public PipeStream.SourceSpec zeros() {
        return new PipeStream.SourceSpec(PipeSource.Kind.ZERO, null, bs, count, timing);
    }

    public PipeStream.SourceSpec fileSource(Path p) {
        return new PipeStream.SourceSpec(PipeSource.Kind.FILE, p.toString(), bs, count, timing);
    }
}
