package benchsh.peer.pipe;

import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.LinkedSide;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A timed {@code dd | nc | dd}: the connecting side reads blocks of {@code bs} bytes from a
 * {@link PipeSource} ({@code count} blocks, or to the end of a file) and sends them; the listening
 * side receives whole blocks and writes them to a {@link PipeSink}, then optionally fdatasyncs.
 * Each stage is timed separately: source reads and network writes on the sending side, network
 * reads, sink writes and the final sync on the receiving side, so the shell can tell which stage
 * bounded the throughput. The sender waits for the receiver to close, which it does after the sync.
 *
 * <p>Errors: a source or sink refused at open (missing, a link, a device, an existing sink) is
 * REFUSED; a connection not made or not admitted within the timeout is TIMEOUT; once data flows,
 * {@code timeout} without a byte moved is STALLED ({@code stalled_seconds}), on either side.
 */
public final class PipeStream implements Workload {
    public static final String NAME = "pipe";
    /** Hard caps, re-checked here whatever the shell validated. */
    public static final long MAX_BS = 64L << 20;
    public static final long MAX_COUNT = Long.MAX_VALUE / MAX_BS;

    /**
     * The sending side's spec (role "connect").
     *
     * @param sourcePath the file's absolute path, for a file source only
     * @param bs         bytes per block (dd's bs=)
     * @param count      blocks to send (dd's count=); 0 to the end of a file source
     */
    public record SourceSpec(PipeSource.Kind source, @OrNull String sourcePath, @Range(min = 1, max = MAX_BS) int bs,
                             @Range(min = 0, max = MAX_COUNT) long count, Timing timing) {
        public SourceSpec {
            if ((source == PipeSource.Kind.FILE) != (sourcePath != null)) {
                throw new IllegalArgumentException("a file source needs source_path, and only a file source has one");
            }
            if (sourcePath != null) {
                PipeSource.requireAbsolute("source_path", sourcePath);
            }
            if (source != PipeSource.Kind.FILE && count == 0) {
                throw new IllegalArgumentException("pipe source " + source.name().toLowerCase(java.util.Locale.ROOT) + " never ends: give count");
            }
        }
    }

    /**
     * The receiving side's spec (role "listen").
     *
     * @param sinkPath a new file's absolute path, for a file sink only
     * @param sync     fdatasync the file after the last write, timed
     * @param keep     leave the file after the test (it is removed when the test fails, whatever this says)
     * @param bs       bytes per block read from the network and written to the sink
     */
    public record SinkSpec(PipeSink.Kind sink, @OrNull String sinkPath, boolean sync, boolean keep, @Range(min = 1, max = MAX_BS) int bs,
                           Timing timing) {
        public SinkSpec {
            if ((sink == PipeSink.Kind.FILE) != (sinkPath != null)) {
                throw new IllegalArgumentException("a file sink needs sink_path, and only a file sink has one");
            }
            if (sinkPath != null) {
                PipeSource.requireAbsolute("sink_path", sinkPath);
            }
        }
    }

    private final Supplier<PipeSink> nullSink;

    public PipeStream() {
        this(PipeSink::discard);
    }

    /** For tests: what the "null" sink is, e.g. a throttled one. */
    PipeStream(Supplier<PipeSink> nullSink) {
        this.nullSink = nullSink;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Class<? extends Record>> roles() {
        return Map.of("listen", SinkSpec.class, "connect", SourceSpec.class);
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        if (role.equals("connect")) {
            SourceSpec s = (SourceSpec) spec;
            return new SourceSide(s, link, PipeSource.open(s.source(), s.sourcePath()), context);
        }
        SinkSpec s = (SinkSpec) spec;
        PipeSink sink = s.sink() == PipeSink.Kind.FILE ? PipeSink.file(Path.of(s.sinkPath()), s.keep()) : nullSink.get();
        try {
            return new SinkSide(s, link, sink, context);
        } catch (IOException e) {
            sink.abort();
            throw e;
        }
    }

    /** Reads the source and sends it; figures of its own: blocks, and the time in source reads and network writes. */
    private static final class SourceSide extends LinkedSide {
        private final SourceSpec spec;
        private final PipeSource source;
        private long readNanos;
        private long writeNanos;
        private long blocks;

        SourceSide(SourceSpec spec, Link link, PipeSource source, SideContext context) throws IOException {
            super(End.CONNECT, link, 0, Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing(), context);
            this.spec = spec;
            this.source = track(source);
        }

        @Override
        protected void work() throws IOException {
            SocketChannel channel = connect(0, 0, false);
            ByteBuffer buf = ByteBuffer.allocateDirect(spec.bs());
            meter.start();
            while (!cancelled() && (spec.count() == 0 || blocks < spec.count())) {
                buf.clear();
                long t0 = System.nanoTime();
                int n = source.read(buf);
                long t1 = System.nanoTime();
                readNanos += t1 - t0;
                if (n < 0) {
                    break;
                }
                buf.flip();
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
                writeNanos += System.nanoTime() - t1;
                meter.add(0, n);
                blocks++;
            }
            drain(0, channel); // the sink closes after its last write and sync; until then the data is not safely there
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("blocks", blocks);
            m.put("source_read_seconds", readNanos / 1e9);
            m.put("net_write_seconds", writeNanos / 1e9);
            return m;
        }
    }

    /**
     * Admits the source's connection, writes what arrives to the sink and syncs it; figures of its own: the
     * time in network reads, sink writes and the sync, and the strays its listener dropped. A sink not
     * finished (a failure, a cancel) is removed.
     */
    private static final class SinkSide extends LinkedSide {
        private final SinkSpec spec;
        private final PipeSink sink;
        private long readNanos;
        private long writeNanos;
        private long syncNanos;
        private boolean finished;

        SinkSide(SinkSpec spec, Link link, PipeSink sink, SideContext context) throws IOException {
            super(End.LISTEN, link, 0, Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing(), context);
            this.spec = spec;
            this.sink = sink;
        }

        @Override
        protected void work() throws IOException {
            SocketChannel channel = accept(1).get(0);
            ByteBuffer buf = ByteBuffer.allocateDirect(spec.bs());
            meter.start();
            boolean eof = false;
            while (!eof && !cancelled()) {
                buf.clear();
                long t0 = System.nanoTime();
                while (buf.hasRemaining()) {
                    if (channel.read(buf) < 0) {
                        eof = true;
                        break;
                    }
                }
                long t1 = System.nanoTime();
                readNanos += t1 - t0;
                buf.flip();
                int n = buf.remaining();
                sink.write(buf);
                writeNanos += System.nanoTime() - t1;
                meter.add(0, n);
            }
            if (!cancelled()) {
                syncNanos = sink.finish(spec.sync());
                finished = true;
            }
        }

        @Override
        protected void cleanup() {
            if (!finished) {
                sink.abort();
            }
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("net_read_seconds", readNanos / 1e9);
            m.put("sink_write_seconds", writeNanos / 1e9);
            m.put("sync_seconds", syncNanos / 1e9);
            m.put("syncs", spec.sync() && finished ? 1L : 0L);
            m.put("strays_dropped", strays());
            return m;
        }
    }
}
