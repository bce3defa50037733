package benchsh.peer.rr;

import benchsh.peer.io.RrConnection;
import benchsh.peer.io.RrListener;
import benchsh.peer.net.Endpoints;
import benchsh.peer.net.ReadyWait;
import benchsh.peer.net.TokenGate;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * {@link RrListener} on a NIO {@link ServerSocketChannel} and a {@link TokenGate}, where the native sockets are
 * unavailable (Java 17). The gate reads the token alone, so nothing comes {@code after} it here. Used by one
 * thread; {@link #close} from another closes only the listening channel.
 */
final class NioRrListener implements RrListener {
    private final ServerSocketChannel server;
    private final TokenGate gate;
    private final ReadyWait ready;
    private final int port;
    private volatile Thread owner;

    NioRrListener(String address, int port, String token, ReadyWait ready) throws IOException {
        this.server = Endpoints.listen(address, port, 0);
        this.gate = new TokenGate(token);
        this.ready = ready;
        this.port = ((InetSocketAddress) server.getLocalAddress()).getPort();
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public RrConnection next(ByteBuffer after, Duration wait, BooleanSupplier cancelled) throws IOException {
        owner = Thread.currentThread();
        SocketChannel ch = gate.nextNonBlocking(server, wait, cancelled);
        return ch == null ? null : NioRrConnection.accepted(ch, ready);
    }

    @Override
    public long strays() {
        return gate.strays();
    }

    @Override
    public void close() {
        try {
            server.close();
            Thread o = owner;
            if (o == null || o == Thread.currentThread()) {
                gate.close();
            }
        } catch (IOException ignored) {
            // closing is best effort
        }
    }
}
