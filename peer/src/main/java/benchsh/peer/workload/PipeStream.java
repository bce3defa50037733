package benchsh.peer.workload;

import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
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
 */
public final class PipeStream extends LegacyWorkload {
    public static final long MAX_BS = 64L << 20;
    public static final long MAX_NANOS = Duration.ofHours(24).toNanos();

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
        return "pipe";
    }

    /** The typed spec of one side; {@code count} 0 means to the end of the source. */
    record Spec(String role, String source, String sourcePath, String sink, String sinkPath, boolean sync, boolean keep, int bs,
                long count, long intervalNanos, long timeoutNanos, String token, String address, int port) {

        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!role.equals("listen") && !role.equals("connect")) {
                throw new ProtocolException("pipe has no role '" + role + "' (listen is the sink, connect the source)");
            }
            Spec s = new Spec(role,
                    f.string("source", "zero"),
                    f.optString("source_path"),
                    f.string("sink", "null"),
                    f.optString("sink_path"),
                    f.bool("sync", false),
                    f.bool("keep", false),
                    (int) f.integer("bs", 1, MAX_BS, 1L << 20),
                    f.integer("count", 0, Long.MAX_VALUE / MAX_BS, 0),
                    f.integer("interval_ns", 10_000_000L, MAX_NANOS, 1_000_000_000L),
                    f.integer("timeout_ns", 100_000_000L, MAX_NANOS, 10_000_000_000L),
                    f.string("token"),
                    f.string("address"),
                    (int) f.integer("port", 0, 65535, 0));
            f.end();
            if (role.equals("connect") && s.count == 0 && !s.source.equals("file")) {
                throw new ProtocolException("pipe source " + s.source + " never ends: give count");
            }
            if (s.source.equals("file") && s.sourcePath == null || s.sink.equals("file") && s.sinkPath == null) {
                throw new ProtocolException("pipe file source or sink needs its path");
            }
            if (!s.sink.equals("null") && !s.sink.equals("file")) {
                throw new ProtocolException("pipe sink must be null or file, not '" + s.sink + "'");
            }
            try {
                TokenGate.decode(s.token);
            } catch (IllegalArgumentException e) {
                throw new ProtocolException("pipe token: " + e.getMessage());
            }
            return s;
        }
    }

    @Override
    protected Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        if (s.role.equals("connect")) {
            return new SourceSide(s, PipeSource.open(s.source, s.sourcePath), context);
        }
        PipeSink sink = s.sink.equals("file") ? PipeSink.file(Path.of(s.sinkPath), s.keep) : nullSink.get();
        ServerSocketChannel server;
        try {
            server = Endpoints.listen(s.address, s.port, 0);
        } catch (IOException e) {
            sink.abort();
            throw e;
        }
        return new SinkSide(s, server, sink, context);
    }

    private abstract static class PipeSide implements Side {
        final Spec spec;
        final Meter meter;
        volatile SocketChannel channel;
        volatile boolean cancelled;

        PipeSide(Spec spec, SideContext context) {
            this.spec = spec;
            this.meter = new Meter(1, Duration.ZERO, Duration.ofNanos(spec.intervalNanos), Duration.ofNanos(spec.timeoutNanos), context, this::close);
        }

        void close() {
            SocketChannel ch = channel;
            if (ch != null) {
                try {
                    ch.close();
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
            close();
        }

        String describe(IOException e) {
            if (cancelled) {
                return "cancelled";
            }
            if (meter.stallError() != null) {
                return meter.stallError();
            }
            return e.getMessage() == null ? e.toString() : e.getMessage();
        }
    }

    private static final class SourceSide extends PipeSide {
        private final PipeSource source;

        SourceSide(Spec spec, PipeSource source, SideContext context) {
            super(spec, context);
            this.source = source;
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of();
        }

        @Override
        public Outcome run() {
            long readNanos = 0;
            long writeNanos = 0;
            long blocks = 0;
            String error = null;
            try (source) {
                channel = Endpoints.connect(spec.address, spec.port, Duration.ofNanos(spec.timeoutNanos), TokenGate.decode(spec.token), 0, 0, false);
                if (cancelled) {
                    close();
                }
                ByteBuffer buf = ByteBuffer.allocateDirect(spec.bs);
                meter.start();
                while (!cancelled && (spec.count == 0 || blocks < spec.count)) {
                    buf.clear();
                    long t0 = System.nanoTime();
                    int n = source.read(buf);
                    long t1 = System.nanoTime();
                    readNanos += t1 - t0;
                    if (n < 0) {
                        break;
                    }
                    buf.flip();
                    benchsh.peer.net.BlockingIo.writeFully(channel, buf);
                    writeNanos += System.nanoTime() - t1;
                    meter.add(0, n);
                    blocks++;
                }
                channel.shutdownOutput();
                awaitClose(channel);
            } catch (IOException e) {
                error = describe(e);
            }
            close();
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("blocks", blocks);
            extra.put("source_read_seconds", readNanos / 1e9);
            extra.put("net_write_seconds", writeNanos / 1e9);
            return meter.finish(cancelled ? "cancelled" : error, extra);
        }

        /** The sink closes after its last write and sync; until then the data is not safely there. */
        private void awaitClose(SocketChannel ch) throws IOException {
            ByteBuffer b = ByteBuffer.allocate(64);
            while (ch.read(b) >= 0) {
                b.clear();
            }
        }
    }

    private static final class SinkSide extends PipeSide {
        private final ServerSocketChannel server;
        private final PipeSink sink;

        SinkSide(Spec spec, ServerSocketChannel server, PipeSink sink, SideContext context) {
            super(spec, context);
            this.server = server;
            this.sink = sink;
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of("port", (long) server.socket().getLocalPort());
        }

        @Override
        public void cancel() {
            super.cancel();
            try {
                server.close();
            } catch (IOException ignored) {
                // best effort
            }
        }

        @Override
        public Outcome run() {
            long readNanos = 0;
            long writeNanos = 0;
            long syncNanos = 0;
            long strays = 0;
            String error = null;
            boolean finished = false;
            try {
                TokenGate gate = new TokenGate(spec.token);
                try {
                    channel = gate.admit(server, 1, Duration.ofNanos(spec.timeoutNanos), () -> cancelled).get(0);
                } finally {
                    strays = gate.strays();
                    server.close();
                }
                ByteBuffer buf = ByteBuffer.allocateDirect(spec.bs);
                meter.start();
                boolean eof = false;
                while (!eof && !cancelled) {
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
                if (!cancelled) {
                    syncNanos = sink.finish(spec.sync);
                    finished = true;
                }
            } catch (IOException e) {
                error = describe(e);
            }
            if (!finished) {
                sink.abort();
            }
            close();
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("net_read_seconds", readNanos / 1e9);
            extra.put("sink_write_seconds", writeNanos / 1e9);
            extra.put("sync_seconds", syncNanos / 1e9);
            extra.put("syncs", spec.sync && finished ? 1L : 0L);
            extra.put("strays_dropped", strays);
            return meter.finish(cancelled ? "cancelled" : error, extra);
        }
    }
}
