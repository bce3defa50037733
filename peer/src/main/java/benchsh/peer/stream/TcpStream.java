package benchsh.peer.stream;

import benchsh.peer.io.TcpOptions;
import benchsh.peer.io.TcpReport;
import benchsh.peer.io.StreamIo;
import benchsh.peer.io.StreamSockets;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.ErrorWords;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.LinkedSide;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Metered;
import benchsh.peer.workload.Pacer;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Streamed;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * TCP stream (netperf TCP_STREAM, iperf3, netio): one side sends messages of {@code size} bytes over
 * {@code streams} connections for a time or a byte count, the other counts what arrives. Which side
 * listens (the "listen" role) and which side sends ({@code send}) are independent, so reverse tests need
 * no extra code. One thread per stream, direct buffers: on Java 22+ the native calls ({@link StreamSockets}: blocking
 * send(2), as the C loop), else NIO, non-blocking ({@link NonBlockingStream}): the sender waits on a selector only
 * when the socket buffer is full. The receiver reads into a buffer of {@link #readBufferSize} bytes, takes whatever
 * has arrived, and when nothing has asks again for the busy wait of its {@link Timing} before it sleeps. Each side
 * reports which calls it made ({@code stream_io}: the result's {@code send_io} and {@code recv_io}).
 *
 * <p>A sender may be paced ({@code rate} bits/s for all streams together, split evenly, see
 * {@link Pacer}) and may send with {@code zeroCopy}: {@link FileChannel#transferTo} from a
 * {@code size}-byte temp file in the peer's temp directory (sendfile(2) on Linux), so no user-space
 * buffer is copied.
 *
 * <p>Both ends set the spec's {@link TcpOptions} (congestion control, MSS, type of service) on their sockets, and a
 * sending side reads what TCP did on its connections per interval and over the test ({@link TcpWatch}).
 */
public final class TcpStream implements Workload {
    public static final String NAME = "tcp";
    /** Hard caps, re-checked here whatever the shell validated. */
    public static final long MAX_SIZE = 16L << 20;
    public static final long MAX_STREAMS = 128;
    /** A receiver's read buffer per stream: as the C loop's (1 MiB) for few streams, at least 128 KiB, at most 16 MiB for all streams. */
    static final int MAX_READ_BUFFER = 1 << 20;
    static final int MIN_READ_BUFFER = 128 << 10;
    static final int ALL_READ_BUFFERS = 16 << 20;

    /**
     * One side's spec (both roles).
     *
     * @param send      this side sends (else it receives)
     * @param size      bytes per write
     * @param timeNanos how long to send after the warm-up; 0 when {@code bytes} is given
     * @param bytes     how many bytes to send in all; 0 when sending for a time
     * @param omitNanos warm-up left out of the figures
     * @param window    SO_SNDBUF and SO_RCVBUF, 0 for the system's default
     * @param rate      bits/s for all streams together, 0 for unpaced
     * @param options   the TCP and IP options of its sockets
     */
    public record Spec(boolean send, @Range(min = 1, max = MAX_SIZE) int size, @Range(min = 0, max = Timing.MAX_NANOS) long timeNanos,
                       @Range(min = 0, max = Long.MAX_VALUE / 2) long bytes, @Range(min = 1, max = MAX_STREAMS) int streams,
                       @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos, Timing timing, @Range(min = 0, max = 1L << 30) int window,
                       boolean noDelay, @Range(min = 0, max = 1_000_000_000_000L) long rate, boolean zeroCopy, TcpOptions options) {
        public Spec {
            if (send && timeNanos == 0 && bytes == 0) {
                throw new IllegalArgumentException("a tcp sender needs time_nanos or bytes");
            }
        }
    }

    /**
     * What a side reports: its meter's figures, the connections without the token it dropped, and the socket buffers the
     * kernel gave (raised to its minimum, capped at net.core.[rw]mem_max, read through the JDK, which halves Linux's
     * doubled figure, so window: 64 KiB reads 64 KiB); those are absent before the first connection opened; and what
     * TCP did on its connections ({@link TcpReport}), absent before they opened.
     */
    public record Report(@OrNull Streamed meter,
                         @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") long straysDropped,
                         @Metric(unit = Unit.BYTES, means = "the sender's SO_SNDBUF as the kernel gave it, read back after window: (raised to its"
                                 + " minimum, capped at net.core.wmem_max; tcp without window: the size autotuning starts from; tcp reads it through"
                                 + " the JDK, which halves the figure Linux doubles, so it compares with window:)") @OrNull Long sendSocketBytes,
                         @Metric(unit = Unit.BYTES, means = "the receiver's SO_RCVBUF as the kernel gave it, read back after window: (capped at"
                                 + " net.core.rmem_max; tcp: halved as send_socket_bytes)") @OrNull Long recvSocketBytes,
                         StreamSockets.Chosen io,
                         @OrNull TcpReport tcp) implements Metered {
    }

    /**
     * Bytes per read for a receiver of {@code size}-byte messages over {@code streams} connections: a read
     * takes whatever has arrived, so a larger buffer drains a backlog in fewer system calls (and fewer window
     * updates), independent of the sender's message size, which stays what the sender writes.
     */
    static int readBufferSize(int size, int streams) {
        int share = Math.max(MIN_READ_BUFFER, Math.min(MAX_READ_BUFFER, ALL_READ_BUFFERS / Math.max(1, streams)));
        return Math.max(size, share);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Role> roles() {
        Role role = new Role(Spec.class, Report.class, TcpSample.class);
        return Map.of("listen", role, "connect", role);
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        return new StreamSide((Spec) spec, LinkedSide.End.of(role), link, context);
    }

    private static final class StreamSide extends LinkedSide {
        private final Spec spec;
        private final SideContext context;
        /** Native or NIO calls, for every stream of the side. */
        private final StreamSockets.Chosen io;
        private final List<SocketChannel> channels = new ArrayList<>();
        private Path zeroCopyFile;
        private FileChannel zeroCopySource;
        /** SO_SNDBUF and SO_RCVBUF read back from the first connection once its options are set, -1 before it opened. */
        private long sendBuffer = -1;
        private long receiveBuffer = -1;
        private TcpWatch watch;
        private String ipTos;
        /** Set once the sending time is over; read by every stream before each write. */
        private volatile boolean timeUp;

        StreamSide(Spec spec, End end, Link link, SideContext context) throws IOException {
            super(end, link, spec.window(), Meter.Unit.BYTES, spec.streams(), Duration.ofNanos(spec.omitNanos()), spec.timing(), context);
            this.spec = spec;
            this.context = context;
            this.io = spec.send() && spec.zeroCopy() ? new StreamSockets.Chosen(StreamSockets.SENDFILE, null) : StreamSockets.Chosen.byDefault();
            if (listens()) {
                listenWith(spec.options());
            } else {
                spec.options().check();
            }
            TcpWatch.prepare(spec.send());
        }

        @Override
        protected void work() throws IOException, InterruptedException {
            open();
            meter.start();
            long deadline = spec.send() && spec.timeNanos() > 0 ? System.nanoTime() + spec.omitNanos() + spec.timeNanos() : 0;
            CountDownLatch ended = new CountDownLatch(channels.size());
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < channels.size(); i++) {
                int stream = i;
                Thread t = new Thread(() -> {
                    try {
                        if (spec.send()) {
                            send(stream, channels.get(stream));
                        } else {
                            receive(stream, channels.get(stream));
                        }
                    } catch (IOException e) {
                        fail(ErrorWords.kind(e), message(e));
                    } finally {
                        ended.countDown();
                    }
                }, "tcp-stream-" + i);
                t.start();
                threads.add(t);
            }
            if (deadline != 0) {
                awaitDeadline(deadline, ended);
            }
            for (Thread t : threads) {
                t.join();
            }
            watch.finish();
        }

        /**
         * Sleeps until the sending time is over (or every stream ended first), then tells the streams: they
         * check a flag per write instead of reading the clock per write. One sleep to the deadline, woken early
         * only by the last stream's end: no timer wakes this thread while the streams send.
         */
        private void awaitDeadline(long deadline, CountDownLatch ended) {
            try {
                ended.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the join that follows reports it
            } finally {
                timeUp = true;
            }
        }

        @Override
        protected Report report() {
            return new Report(meter.streamed(), strays(), sendBuffer >= 0 ? sendBuffer : null, receiveBuffer >= 0 ? receiveBuffer : null, io,
                    watch == null ? null : watch.report(ipTos));
        }

        @Override
        protected void cleanup() {
            try {
                if (zeroCopyFile != null) {
                    Files.deleteIfExists(zeroCopyFile);
                }
            } catch (IOException ignored) {
                // the peer removes its temp directory on exit
            }
        }

        private void open() throws IOException {
            if (listens()) {
                channels.addAll(accept(spec.streams()));
            } else {
                for (int i = 0; i < spec.streams() && !cancelled(); i++) {
                    channels.add(connect(spec.window(), spec.window(), spec.noDelay()));
                }
            }
            for (SocketChannel ch : channels) {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, spec.noDelay());
                if (spec.window() > 0) {
                    ch.setOption(StandardSocketOptions.SO_SNDBUF, spec.window());
                }
                spec.options().apply(ch);
            }
            if (!channels.isEmpty()) {
                sendBuffer = channels.get(0).getOption(StandardSocketOptions.SO_SNDBUF);
                receiveBuffer = channels.get(0).getOption(StandardSocketOptions.SO_RCVBUF);
                ipTos = spec.options().tos() != null ? TcpOptions.tosOf(channels.get(0)) : null;
            }
            watch = TcpWatch.of(channels, spec.send(), meter);
            if (spec.send() && spec.zeroCopy()) {
                zeroCopyFile = Files.createTempFile(context.tempDir(), "tcp-zerocopy-", ".bin");
                byte[] block = new byte[spec.size()];
                new java.util.Random().nextBytes(block);
                Files.write(zeroCopyFile, block);
                zeroCopySource = track(FileChannel.open(zeroCopyFile, StandardOpenOption.READ));
            }
        }

        /**
         * Writes {@code size}-byte messages until time is up, the byte quota is sent or the side is cancelled.
         * Per write: two flag reads, the write and a plain counter store ({@link Meter#addOwned}); the pacer
         * only when paced. Every write is one message of the size asked for.
         */
        private void send(int stream, SocketChannel ch) throws IOException {
            ByteBuffer buf = ByteBuffer.allocateDirect(spec.size());
            long quota = spec.bytes() > 0 ? share(spec.bytes(), stream) : Long.MAX_VALUE;
            long sent = 0;
            Pacer pacer = new Pacer(spec.rate() > 0 ? Math.max(1, spec.rate() / spec.streams()) : 0);
            boolean paced = pacer.paced();
            // sendfile needs the blocking channel; plain writes go non-blocking (see NonBlockingStream)
            try (StreamIo out = zeroCopySource == null ? streamIo(ch, Duration.ZERO) : null) {
                while (!timeUp && !cancelled() && sent < quota) {
                    int chunk = (int) Math.min(spec.size(), quota - sent);
                    if (out == null) {
                        long pos = 0;
                        while (pos < chunk) {
                            long n = zeroCopySource.transferTo(pos, chunk - pos, ch);
                            pos += n;
                            meter.addOwned(stream, n);
                        }
                    } else {
                        buf.clear();
                        buf.limit(chunk);
                        while (buf.hasRemaining()) {
                            meter.addOwned(stream, out.write(buf));
                        }
                    }
                    sent += chunk;
                    if (paced) {
                        pacer.sent(chunk);
                    }
                }
            }
            drain(stream, ch);
        }

        /**
         * How long a stream's own wait for room or data may last: the meter's stall closes the channel after the
         * timeout without progress, so this is only a backstop. (plus, not multipliedBy: that goes through
         * BigDecimal, whose first use costs the sender ~50 ms on JDK 25)
         */
        private Duration backstop() {
            return spec.timing().timeout().plus(spec.timing().timeout());
        }

        private void receive(int stream, SocketChannel ch) throws IOException {
            ByteBuffer buf = ByteBuffer.allocateDirect(readBufferSize(spec.size(), spec.streams()));
            try (StreamIo in = streamIo(ch, spec.timing().busyWait())) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    meter.addOwned(stream, n);
                    buf.clear();
                }
            }
            ch.close();
        }

        /** A stream's calls on {@code ch}: the native ones where this side has them (tracked: a cancel or stall wakes them), else NIO's. */
        private StreamIo streamIo(SocketChannel ch, Duration busyWait) throws IOException {
            return io.isNative() ? track(StreamSockets.adopt(ch, backstop(), busyWait, this::cancelled))
                    : new NonBlockingStream(ch, backstop(), busyWait, this::cancelled);
        }

        private long share(long total, int stream) {
            long each = total / spec.streams();
            return stream == 0 ? each + total % spec.streams() : each;
        }
    }
}
