package benchsh.peer.workload;

import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TCP stream (netperf TCP_STREAM, iperf3, netio): one side sends messages of {@code size} bytes over
 * {@code streams} connections for a time or a byte count, the other counts what arrives. Which side
 * listens ("listen" role) and which side sends ({@code send}) are independent, so reverse tests need
 * no extra code. Blocking NIO with direct buffers, one thread per stream.
 *
 * <p>A sender may be paced ({@code rate} bits/s for all streams together, split evenly, see
 * {@link Pacer}) and may send with {@code zerocopy}: {@link FileChannel#transferTo} from a
 * {@code size}-byte temp file in the peer's temp directory (sendfile(2) on Linux), so no user-space
 * buffer is copied.
 */
public final class TcpStream implements Workload {
    /** Hard caps, re-checked here whatever the shell validated. */
    public static final long MAX_SIZE = 16L << 20;
    public static final long MAX_STREAMS = 128;
    public static final long MAX_NANOS = Duration.ofHours(24).toNanos();

    @Override
    public String name() {
        return "tcp";
    }

    /** The typed spec of one side. */
    record Spec(String role, boolean send, int size, long timeNanos, long bytes, int streams, long omitNanos, long intervalNanos,
                long timeoutNanos, String token, String address, int port, int window, boolean noDelay, long rate, boolean zeroCopy) {

        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!role.equals("listen") && !role.equals("connect")) {
                throw new ProtocolException("tcp has no role '" + role + "' (listen or connect)");
            }
            Spec s = new Spec(role,
                    f.bool("send", false),
                    (int) f.integer("size", 1, MAX_SIZE, 128 * 1024),
                    f.integer("time_ns", 0, MAX_NANOS, 0),
                    f.integer("bytes", 0, Long.MAX_VALUE / 2, 0),
                    (int) f.integer("streams", 1, MAX_STREAMS, 1),
                    f.integer("omit_ns", 0, MAX_NANOS, 0),
                    f.integer("interval_ns", 10_000_000L, MAX_NANOS, 1_000_000_000L),
                    f.integer("timeout_ns", 100_000_000L, MAX_NANOS, 10_000_000_000L),
                    f.string("token"),
                    f.string("address"),
                    (int) f.integer("port", 0, 65535, 0),
                    (int) f.integer("window", 0, 1L << 30, 0),
                    f.bool("nodelay", false),
                    f.integer("rate", 0, 1_000_000_000_000L, 0),
                    f.bool("zerocopy", false));
            f.end();
            if (s.send && s.timeNanos == 0 && s.bytes == 0) {
                throw new ProtocolException("tcp sender needs time_ns or bytes");
            }
            try {
                TokenGate.decode(s.token);
            } catch (IllegalArgumentException e) {
                throw new ProtocolException("tcp token: " + e.getMessage());
            }
            return s;
        }
    }

    @Override
    public Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        ServerSocketChannel server = s.role.equals("listen") ? Endpoints.listen(s.address, s.port, s.window) : null;
        return new StreamSide(s, server, context);
    }

    private static final class StreamSide implements Side {
        private final Spec spec;
        private final ServerSocketChannel server;
        private final Meter meter;
        private final SideContext context;
        private final List<SocketChannel> channels = new ArrayList<>();
        private Path zeroCopyFile;
        private FileChannel zeroCopySource;
        private volatile boolean cancelled;
        private long strays;

        StreamSide(Spec spec, ServerSocketChannel server, SideContext context) {
            this.spec = spec;
            this.server = server;
            this.context = context;
            this.meter = new Meter(spec.streams, Duration.ofNanos(spec.omitNanos), Duration.ofNanos(spec.intervalNanos),
                    Duration.ofNanos(spec.timeoutNanos), context, this::closeAll);
        }

        @Override
        public Map<String, Object> endpoint() {
            return server == null ? Map.of() : Map.of("port", (long) server.socket().getLocalPort());
        }

        @Override
        public Outcome run() {
            String error = null;
            try {
                open();
                meter.start();
                List<Thread> threads = new ArrayList<>();
                List<String> errors = java.util.Collections.synchronizedList(new ArrayList<>());
                for (int i = 0; i < channels.size(); i++) {
                    int stream = i;
                    Thread t = new Thread(() -> {
                        try {
                            if (spec.send) {
                                send(stream, channels.get(stream));
                            } else {
                                receive(stream, channels.get(stream));
                            }
                        } catch (IOException e) {
                            errors.add(describe(e));
                        }
                    }, "tcp-stream-" + i);
                    t.start();
                    threads.add(t);
                }
                for (Thread t : threads) {
                    t.join();
                }
                if (!errors.isEmpty()) {
                    error = errors.get(0);
                }
            } catch (IOException e) {
                error = describe(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                error = "interrupted";
            } finally {
                closeAll();
                removeZeroCopyFile();
            }
            if (cancelled) {
                error = "cancelled";
            }
            return meter.finish(error, Map.of("strays_dropped", strays));
        }

        private String describe(IOException e) {
            if (cancelled) {
                return "cancelled";
            }
            if (meter.stallError() != null) {
                return meter.stallError();
            }
            return e.getMessage() == null ? e.toString() : e.getMessage();
        }

        private void open() throws IOException {
            Duration timeout = Duration.ofNanos(spec.timeoutNanos);
            if (server != null) {
                TokenGate gate = new TokenGate(spec.token);
                try {
                    channels.addAll(gate.admit(server, spec.streams, timeout, () -> cancelled));
                } finally {
                    strays = gate.strays();
                    server.close();
                }
            } else {
                byte[] token = TokenGate.decode(spec.token);
                for (int i = 0; i < spec.streams && !cancelled; i++) {
                    synchronized (channels) {
                        channels.add(Endpoints.connect(spec.address, spec.port, timeout, token, spec.window, spec.window, spec.noDelay));
                    }
                }
            }
            for (SocketChannel ch : channels) {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, spec.noDelay);
                if (spec.window > 0) {
                    ch.setOption(StandardSocketOptions.SO_SNDBUF, spec.window);
                }
            }
            if (spec.send && spec.zeroCopy) {
                zeroCopyFile = Files.createTempFile(context.tempDir(), "tcp-zerocopy-", ".bin");
                byte[] block = new byte[spec.size];
                new java.util.Random().nextBytes(block);
                Files.write(zeroCopyFile, block);
                zeroCopySource = FileChannel.open(zeroCopyFile, StandardOpenOption.READ);
            }
        }

        private void removeZeroCopyFile() {
            try {
                if (zeroCopySource != null) {
                    zeroCopySource.close();
                }
                if (zeroCopyFile != null) {
                    Files.deleteIfExists(zeroCopyFile);
                }
            } catch (IOException ignored) {
                // the peer removes its temp directory on exit
            }
        }

        private void send(int stream, SocketChannel ch) throws IOException {
            ByteBuffer buf = ByteBuffer.allocateDirect(spec.size);
            long deadline = spec.timeNanos > 0 ? System.nanoTime() + spec.omitNanos + spec.timeNanos : Long.MAX_VALUE;
            long quota = spec.bytes > 0 ? share(spec.bytes, stream) : Long.MAX_VALUE;
            long sent = 0;
            Pacer pacer = new Pacer(spec.rate > 0 ? Math.max(1, spec.rate / spec.streams) : 0);
            while (!cancelled && sent < quota && System.nanoTime() < deadline) {
                int chunk = (int) Math.min(spec.size, quota - sent);
                if (zeroCopySource != null) {
                    long pos = 0;
                    while (pos < chunk) {
                        long n = zeroCopySource.transferTo(pos, chunk - pos, ch);
                        pos += n;
                        meter.add(stream, n);
                    }
                } else {
                    buf.clear();
                    buf.limit(chunk);
                    while (buf.hasRemaining()) {
                        meter.add(stream, ch.write(buf));
                    }
                }
                sent += chunk;
                pacer.sent(chunk);
            }
            ch.shutdownOutput();
            drain(ch);
        }

        /** Waits for the receiver to close, so the last bytes are really delivered before we report. */
        private void drain(SocketChannel ch) throws IOException {
            ByteBuffer sink = ByteBuffer.allocate(512);
            ch.socket().setSoTimeout(5000);
            var in = ch.socket().getInputStream();
            while (in.read(sink.array()) >= 0) {
                // the receiver sends nothing; EOF means it has everything
            }
        }

        private void receive(int stream, SocketChannel ch) throws IOException {
            ByteBuffer buf = ByteBuffer.allocateDirect(Math.max(spec.size, 128 * 1024));
            int n;
            while ((n = ch.read(buf)) >= 0) {
                meter.add(stream, n);
                buf.clear();
            }
            ch.close();
        }

        private long share(long total, int stream) {
            long each = total / spec.streams;
            return stream == 0 ? each + total % spec.streams : each;
        }

        @Override
        public void cancel() {
            cancelled = true;
            closeAll();
        }

        private void closeAll() {
            synchronized (channels) {
                for (SocketChannel ch : channels) {
                    try {
                        ch.close();
                    } catch (IOException ignored) {
                        // closing is best effort
                    }
                }
            }
            try {
                if (server != null) {
                    server.close();
                }
            } catch (IOException ignored) {
                // ditto
            }
        }
    }
}
