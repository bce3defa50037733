package benchsh.peer.fs;

import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.LegacyWorkload;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies a tree (or one file) like {@code cp -a} on one host (role "local"), or from host to host
 * like {@code tar c | nc | tar x} (role "connect" sends, role "listen" receives): one token-gated TCP
 * stream carrying a {@link TreeArchive}, no per-file round trip. The destination must be new; it is
 * removed after the copy unless {@code keep}, and always after a failure (ENOSPC, a rejected name):
 * exactly the entries the copy created ({@link CreatedEntries}), nothing that appeared beside them.
 * With {@code verify} each side reports a {@link TreeDigest} ({@code src_digest}, {@code dst_digest})
 * computed after the timed copy; the shell compares them. With {@code cold} the sender drops the
 * page cache first (metric {@code cache}: dropped or warm).
 */
public final class CopyWorkload extends LegacyWorkload {
    /** At most this many entries are accepted from a sender. */
    public static final long MAX_ENTRIES = 20_000_000;
    /** Worker threads of a local copy: file data is copied while the walk goes on. */
    public static final long MAX_THREADS = 64;
    static final long DEFAULT_THREADS = 4;

    @Override
    public String name() {
        return "copy";
    }

    record Spec(String role, Path src, Path dst, boolean verify, boolean cold, boolean keep, int threads, long intervalNanos, long timeoutNanos,
                String token, String address, int port) {
        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!List.of("local", "listen", "connect").contains(role)) {
                throw new ProtocolException("copy has no role '" + role + "' (local, listen, connect)");
            }
            boolean network = !role.equals("local");
            Spec s = new Spec(role,
                    role.equals("listen") ? null : path(f, "src"),
                    role.equals("connect") ? null : path(f, "dst"),
                    f.bool("verify", false), f.bool("cold", false), f.bool("keep", true),
                    (int) f.integer("threads", 1, MAX_THREADS, DEFAULT_THREADS),
                    f.integer("interval_ns", 10_000_000L, DiskWorkload.MAX_NANOS, 1_000_000_000L),
                    f.integer("timeout_ns", 100_000_000L, DiskWorkload.MAX_NANOS, 60_000_000_000L),
                    network ? f.string("token") : null,
                    network ? f.string("address") : null,
                    role.equals("connect") ? (int) f.integer("port", 1, 65535) : (int) f.integer("port", 0, 65535, 0));
            f.end();
            if (network) {
                try {
                    TokenGate.decode(s.token);
                } catch (IllegalArgumentException e) {
                    throw new ProtocolException("copy token: " + e.getMessage());
                }
            }
            return s;
        }

        private static Path path(Fields f, String name) throws ProtocolException {
            try {
                return SafePaths.absolute(f.string(name));
            } catch (IOException e) {
                throw new ProtocolException(e.getMessage());
            }
        }
    }

    @Override
    protected Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        if (s.src != null) {
            new TreeSource(s.src);
        }
        if (s.dst != null) {
            TreeSink.check(s.dst);
        }
        if (s.src != null && s.dst != null && (s.dst.startsWith(s.src) || s.src.startsWith(s.dst))) {
            throw new IOException("source " + s.src + " and destination " + s.dst + " overlap");
        }
        ServerSocketChannel server = role.equals("listen") ? Endpoints.listen(s.address, s.port, 0) : null;
        return new CopySide(s, server, context);
    }

    private static final class CopySide implements Side {
        private final Spec spec;
        private final ServerSocketChannel server;
        private final Meter meter;
        private volatile SocketChannel channel;
        private volatile boolean cancelled;

        CopySide(Spec spec, ServerSocketChannel server, SideContext context) {
            this.spec = spec;
            this.server = server;
            this.meter = new Meter(1, Duration.ZERO, Duration.ofNanos(spec.intervalNanos), Duration.ofNanos(spec.timeoutNanos), context,
                    this::closeChannels);
        }

        @Override
        public Map<String, Object> endpoint() {
            return server == null ? Map.of() : Map.of("port", (long) server.socket().getLocalPort());
        }

        @Override
        public Outcome run() {
            Map<String, Object> extra = new LinkedHashMap<>();
            if (spec.src != null) {
                extra.putAll(FsFacts.of(spec.src, "src_"));
            }
            if (spec.dst != null) {
                extra.putAll(FsFacts.of(spec.dst, "dst_"));
            }
            TreeSink sink = spec.dst == null ? null : new TreeSink(spec.dst, n -> meter.add(0, n), spec.threads);
            String error = null;
            try {
                switch (spec.role) {
                    case "local" -> local(sink, extra);
                    case "listen" -> receive(sink, extra);
                    default -> send(extra);
                }
            } catch (IOException | RuntimeException e) {
                error = cancelled ? "cancelled" : meter.stallError() != null ? meter.stallError()
                        : e instanceof IOException io ? FsErrors.describe(io) : e.toString();
                if (e instanceof IOException io && FsErrors.noSpace(io)) {
                    error += " after " + meter.total() + " bytes";
                }
            } finally {
                closeChannels();
                if (sink != null) {
                    sink.close();
                }
            }
            if (sink != null) {
                extra.put("files", sink.files());
                extra.put("dirs", sink.dirs());
                extra.put("attributes_not_kept", sink.attributesNotKept());
            }
            Outcome o = meter.started() ? meter.finish(error, extra) : new Outcome(extra, List.of(), error);
            Map<String, Object> m = new LinkedHashMap<>(o.metrics());
            if (error == null) {
                error = digests(m);
            }
            if (m.get("seconds") instanceof Double seconds && m.get("files") instanceof Long files) {
                m.put("files_per_s", seconds > 0 ? files / seconds : 0.0);
            }
            if (sink != null && sink.created().size() > 0 && (error != null || !spec.keep)) {
                CreatedEntries.Removal removal = sink.created().removeAll();
                error = removal.addTo(error, "copy");
                m.put("removed", removal.complete());
            }
            return new Outcome(m, o.intervals(), error);
        }

        /** Adds the verification digests (after the timed span); returns an error text or null. */
        private String digests(Map<String, Object> m) {
            if (!spec.verify) {
                return null;
            }
            try {
                if (spec.src != null) {
                    m.put("src_digest", TreeDigest.of(spec.src));
                }
                if (spec.dst != null) {
                    m.put("dst_digest", TreeDigest.of(spec.dst));
                }
                return null;
            } catch (IOException e) {
                return "verify: " + FsErrors.describe(e);
            }
        }

        private String cold(Map<String, Object> extra) {
            if (!spec.cold) {
                return null;
            }
            String mode = PageCache.drop() ? PageCache.Mode.DROPPED.wire() : PageCache.Mode.WARM.wire();
            extra.put("cache", mode);
            return mode;
        }

        private void local(TreeSink sink, Map<String, Object> extra) throws IOException {
            TreeSource source = new TreeSource(spec.src);
            cold(extra);
            meter.start();
            sink.start(source.isFile());
            source.walk(sink, () -> cancelled);
            sink.finish();
            extra.put("skipped", source.skipped());
        }

        private void receive(TreeSink sink, Map<String, Object> extra) throws IOException {
            TokenGate gate = new TokenGate(spec.token);
            try {
                channel = gate.admit(server, 1, Duration.ofNanos(spec.timeoutNanos), () -> cancelled).get(0);
            } finally {
                extra.put("strays_dropped", (long) gate.strays());
                server.close();
            }
            meter.start();
            TreeArchive.Reader reader = new TreeArchive.Reader(channel);
            sink.start(reader.header());
            reader.replay(sink, MAX_ENTRIES);
        }

        private void send(Map<String, Object> extra) throws IOException {
            TreeSource source = new TreeSource(spec.src);
            cold(extra);
            channel = Endpoints.connect(spec.address, spec.port, Duration.ofNanos(spec.timeoutNanos), TokenGate.decode(spec.token), 0, 0, false);
            meter.start();
            TreeArchive.Writer writer = new TreeArchive.Writer(channel, source.isFile(), n -> meter.add(0, n));
            source.walk(writer, () -> cancelled);
            writer.end();
            channel.shutdownOutput();
            extra.put("files", writer.files());
            extra.put("dirs", writer.dirs() + (source.isFile() ? 0 : 1));
            extra.put("skipped", source.skipped());
            awaitReceiver();
        }

        /** Waits for the receiver to close: it has written everything. */
        private void awaitReceiver() throws IOException {
            channel.socket().setSoTimeout((int) Math.min(Integer.MAX_VALUE, spec.timeoutNanos / 1_000_000));
            var in = channel.socket().getInputStream();
            byte[] sink = new byte[512];
            while (in.read(sink) >= 0) {
                // the receiver sends nothing; EOF means it is done
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
            closeChannels();
        }

        private void closeChannels() {
            try {
                if (channel != null) {
                    channel.close();
                }
                if (server != null) {
                    server.close();
                }
            } catch (IOException ignored) {
                // best effort
            }
        }
    }
}
