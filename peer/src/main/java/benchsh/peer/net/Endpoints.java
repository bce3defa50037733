package benchsh.peer.net;

import benchsh.peer.protocol.ErrorWords;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.NetworkChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Map;

/** Opening the data-plane sockets of a test: listeners bound to one address, and token-presenting connections. */
public final class Endpoints {
    private Endpoints() {
    }

    /**
     * Listens on {@code address:port} (port 0 = ephemeral) for one test.
     *
     * @param receiveBuffer SO_RCVBUF for accepted sockets, 0 for the kernel default (set before bind so window scaling applies)
     */
    public static ServerSocketChannel listen(String address, int port, int receiveBuffer) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            if (receiveBuffer > 0) {
                server.setOption(StandardSocketOptions.SO_RCVBUF, receiveBuffer);
            }
            server.bind(new InetSocketAddress(address, port), 64);
            return server;
        } catch (IOException e) {
            server.close();
            throw new IOException("cannot listen on " + address + ":" + port + ": " + ErrorWords.of(e), e);
        }
    }

    /** A listening side's endpoint for the shell: {@code port}, the local port of {@code channel}; empty once it is closed. */
    public static Map<String, Object> endpoint(NetworkChannel channel) {
        try {
            return Map.of("port", (long) ((InetSocketAddress) channel.getLocalAddress()).getPort());
        } catch (IOException e) {
            return Map.of();
        }
    }

    /** Connects to {@code target:port} within {@code timeout} and presents the test token. */
    public static SocketChannel connect(String target, int port, Duration timeout, byte[] token, int sendBuffer, int receiveBuffer, boolean noDelay)
            throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            if (sendBuffer > 0) {
                ch.setOption(StandardSocketOptions.SO_SNDBUF, sendBuffer);
            }
            if (receiveBuffer > 0) {
                ch.setOption(StandardSocketOptions.SO_RCVBUF, receiveBuffer);
            }
            ch.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
            ch.socket().connect(new InetSocketAddress(target, port), (int) timeout.toMillis());
            ByteBuffer t = ByteBuffer.wrap(token);
            while (t.hasRemaining()) {
                ch.write(t);
            }
            return ch;
        } catch (IOException e) {
            ch.close();
            throw cannotConnect(target, port, e);
        }
    }

    /** A failed connect to {@code target:port}, said in words; a timeout stays a {@link SocketTimeoutException}. */
    public static IOException cannotConnect(String target, int port, IOException e) {
        String what = "cannot connect to " + target + ":" + port + ": " + ErrorWords.of(e);
        return e instanceof SocketTimeoutException ? new SocketTimeoutException(what) : new IOException(what, e);
    }
}
