package benchsh.peer.rr;

import benchsh.peer.io.RrConnection;
import benchsh.peer.net.ReadyWait;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;

/**
 * {@link RrConnection} on a NIO {@link SocketChannel}, where the native sockets are unavailable (Java 17). A
 * client's channel is blocking (its connect has no timer of its own: a close ends it); a server's, from {@link
 * NioRrListener}, stays non-blocking and waits in its side's {@link ReadyWait} only when its data is not there
 * yet. Used by one thread; {@link #close} from any.
 */
final class NioRrConnection implements RrConnection {
    private final SocketChannel channel;
    private ReadyWait ready;
    private final InetSocketAddress server;

    private NioRrConnection(SocketChannel channel, ReadyWait ready, InetSocketAddress server) {
        this.channel = channel;
        this.ready = ready;
        this.server = server;
    }

    /** An admitted server-side connection, non-blocking. */
    static NioRrConnection accepted(SocketChannel channel, ReadyWait ready) {
        return new NioRrConnection(channel, ready, null);
    }

    /**
     * A client's blocking channel to {@code server}, not yet connected: an IPv4 socket for an IPv4 server (a
     * dual-stack one costs a setsockopt(IPV6_V6ONLY) per connection).
     */
    static NioRrConnection client(InetSocketAddress server) throws IOException {
        SocketChannel ch = SocketChannel.open(server.getAddress() instanceof Inet6Address ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET);
        return new NioRrConnection(ch, null, server);
    }

    @Override
    public void connect() throws IOException {
        try {
            channel.connect(server);
        } catch (UnresolvedAddressException e) {
            throw new IOException("cannot resolve " + server.getHostString(), e);
        }
    }

    /** As the socket adaptor's timed connect (a non-blocking connect and a wait, then blocking again). */
    @Override
    public void connect(Duration timeout) throws IOException {
        try {
            channel.socket().connect(server, (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
        } catch (UnresolvedAddressException e) {
            throw new IOException("cannot resolve " + server.getHostString(), e);
        }
    }

    /** Its channel in blocking mode; an admitted one is registered with no selector (the gate deregisters it). */
    @Override
    public void blocking() throws IOException {
        channel.configureBlocking(true);
        ready = null;
    }

    /** The channel, for a caller that drives it itself (TCP_RR's burst). */
    SocketChannel channel() {
        return channel;
    }

    @Override
    public int read(ByteBuffer buffer, long deadlineNanos) throws IOException {
        while (true) {
            int n = channel.read(buffer);
            if (n != 0 || ready == null) {
                return n;
            }
            if (!ready.await(channel, SelectionKey.OP_READ, deadlineNanos)) {
                return 0;
            }
        }
    }

    @Override
    public boolean write(ByteBuffer buffer, long deadlineNanos) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.write(buffer) == 0 && ready != null && !ready.await(channel, SelectionKey.OP_WRITE, deadlineNanos)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void shutdownOutput() throws IOException {
        channel.shutdownOutput();
    }

    @Override
    public void noDelay() throws IOException {
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is best effort
        }
    }
}
