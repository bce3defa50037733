package benchsh.peer.workload;

import benchsh.peer.net.Endpoints;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.Map;

/**
 * A {@link DatagramPort} on a non-blocking {@link DatagramChannel}, one datagram per system call. Waits (for a
 * datagram, or for room in a full send buffer) go through a {@link Selector} opened on the first wait, so every
 * wait is bounded and {@link #close()} ends it. Thread-safety as {@link DatagramPort}.
 */
final class NioDatagramPort implements DatagramPort {
    /** How long a send waits for room in a full send buffer before the datagram counts as refused. */
    static final Duration SEND_STALL = Duration.ofSeconds(1);

    private final DatagramChannel channel;
    private Selector selector;
    private SelectionKey key;

    private NioDatagramPort(DatagramChannel channel) {
        this.channel = channel;
    }

    /** A receiver's port, bound to {@code local} (port 0: any free one). */
    static NioDatagramPort bind(InetSocketAddress local, int receiveBufferBytes) throws IOException {
        return open(StandardSocketOptions.SO_RCVBUF, receiveBufferBytes, ch -> ch.bind(local));
    }

    /** A sender's port, connected to {@code remote} from an ephemeral port. */
    static NioDatagramPort connect(InetSocketAddress remote, int sendBufferBytes) throws IOException {
        return open(StandardSocketOptions.SO_SNDBUF, sendBufferBytes, ch -> ch.connect(remote));
    }

    private interface Setup {
        void apply(DatagramChannel channel) throws IOException;
    }

    /** Opens a channel, sets {@code buffer} (before binding, so it applies from the start) unless 0, then binds or connects it. */
    private static NioDatagramPort open(SocketOption<Integer> buffer, int bufferBytes, Setup setup) throws IOException {
        DatagramChannel ch = DatagramChannel.open();
        try {
            if (bufferBytes > 0) {
                ch.setOption(buffer, bufferBytes);
            }
            setup.apply(ch);
            ch.configureBlocking(false);
            return new NioDatagramPort(ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    @Override
    public void send(ByteBuffer datagram) throws IOException {
        if (channel.write(datagram) > 0) {
            return;
        }
        long deadline = System.nanoTime() + SEND_STALL.toNanos();
        for (long left = SEND_STALL.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            await(SelectionKey.OP_WRITE, left);
            if (channel.write(datagram) > 0) {
                return;
            }
        }
        throw new IOException("the send buffer stayed full for " + SEND_STALL.toMillis() + " ms");
    }

    @Override
    public SocketAddress receive(ByteBuffer into, Duration wait) throws IOException {
        SocketAddress source = channel.receive(into);
        if (source != null || wait.isZero()) {
            return source;
        }
        await(SelectionKey.OP_READ, wait.toNanos());
        return channel.receive(into);
    }

    @Override
    public void connect(SocketAddress partner) throws IOException {
        channel.connect(partner);
    }

    @Override
    public long sendBufferBytes() {
        return option(StandardSocketOptions.SO_SNDBUF);
    }

    @Override
    public long receiveBufferBytes() {
        return option(StandardSocketOptions.SO_RCVBUF);
    }

    @Override
    public Map<String, Object> endpoint() {
        return Endpoints.endpoint(channel);
    }

    @Override
    public void close() {
        synchronized (this) {
            try {
                channel.close();
                if (selector != null) {
                    selector.close(); // wakes a waiting select, and releases the channel's registration
                }
            } catch (IOException ignored) {
                // closing is best effort
            }
        }
    }

    /** Waits up to {@code nanos} until the channel is ready for {@code op}. */
    private void await(int op, long nanos) throws IOException {
        Selector s = selector();
        try {
            key.interestOps(op);
            s.select(Math.max(1, (nanos + 999_999) / 1_000_000));
            s.selectedKeys().clear();
        } catch (ClosedSelectorException | CancelledKeyException e) {
            throw new AsynchronousCloseException();
        }
    }

    private synchronized Selector selector() throws IOException {
        if (!channel.isOpen()) {
            throw new ClosedChannelException();
        }
        if (selector == null) {
            selector = Selector.open();
            key = channel.register(selector, 0);
        }
        return selector;
    }

    private long option(SocketOption<Integer> option) {
        try {
            return channel.getOption(option);
        } catch (IOException e) {
            return 0;
        }
    }
}
