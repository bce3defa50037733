package benchsh.peer.workload;

import benchsh.peer.net.TokenGate;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Map;

/**
 * The TCP server of {@link RequestResponse}. TCP_RR: admits the client's one connection through a
 * {@link TokenGate} and answers each request until the client closes. TCP_CRR: the listener is open
 * for the whole test and every transaction is a new connection, admitted through the same gate, so
 * strays arriving at any time wait beside the client's connections with their own token deadline and
 * are evicted oldest first when too many wait; they never hold up an admitted one. Each admitted
 * connection carries an opcode (0 transaction, 1 end) and the request; the server answers and closes
 * first. Strays, including those still waiting at the end, are counted in {@code strays_dropped}.
 */
final class RrTcpServer extends RrSide {
    private static final Duration POLL = Duration.ofMillis(100);
    private final ServerSocketChannel server;
    private final TokenGate gate;
    private final byte[] request;
    private final byte[] response;

    RrTcpServer(RequestResponse.Spec spec, ServerSocketChannel server, SideContext context) {
        super(spec, context, false);
        this.server = track(server);
        this.gate = new TokenGate(spec.token());
        this.request = new byte[spec.perConnection() ? spec.request() : 0];
        this.response = new byte[spec.perConnection() ? spec.response() : 0];
    }

    @Override
    public Map<String, Object> endpoint() {
        return Map.of("port", (long) server.socket().getLocalPort());
    }

    @Override
    public Outcome run() {
        String error = null;
        try {
            if (spec.perConnection()) {
                servePerConnection();
            } else {
                serveOne();
            }
        } catch (IOException | RuntimeException e) {
            error = describe(e);
        }
        return finish(error, Map.of("strays_dropped", gate.strays()));
    }

    private void serveOne() throws IOException {
        SocketChannel ch;
        try {
            ch = track(gate.admit(server, 1, Duration.ofNanos(spec.timeoutNanos()), () -> cancelled).get(0));
        } finally {
            server.close();
        }
        ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
        ByteBuffer request = ByteBuffer.allocateDirect(spec.request());
        ByteBuffer response = ByteBuffer.allocateDirect(spec.response());
        meter.start();
        while (!cancelled) {
            request.clear();
            if (!RequestResponse.readFullyOrEof(ch, request)) {
                return;
            }
            response.clear();
            RequestResponse.writeFully(ch, response);
            meter.add(0, 1);
        }
    }

    /** TCP_CRR: a connection per transaction until the client's end marker. */
    private void servePerConnection() throws IOException {
        long openedAt = System.nanoTime();
        try {
            while (!cancelled) {
                SocketChannel ch = gate.next(server, POLL, () -> cancelled);
                if (ch == null) {
                    if (!meter.started() && System.nanoTime() - openedAt > spec.timeoutNanos()) {
                        throw new IOException("no connection with the test token within " + Duration.ofNanos(spec.timeoutNanos()).toSeconds()
                                + " s" + (gate.strays() > 0 ? " (" + gate.strays() + " strays dropped)" : ""));
                    }
                    continue;
                }
                track(ch);
                boolean end = serveTransaction(ch);
                untrackClosed();
                if (end) {
                    return;
                }
            }
        } finally {
            gate.close();
            server.close();
        }
    }

    /**
     * Answers one admitted connection; true when it was the client's end marker. The client sends
     * opcode and request right behind the token, so the rest has the side's receive timeout.
     */
    private boolean serveTransaction(SocketChannel channel) throws IOException {
        try (SocketChannel ch = channel) {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.socket().setSoTimeout((int) Math.min(Integer.MAX_VALUE, spec.timeoutNanos() / 1_000_000));
            InputStream in = ch.socket().getInputStream();
            int opcode = in.read();
            if (opcode == 1) {
                return true;
            }
            if (opcode != 0 || in.readNBytes(request, 0, request.length) < request.length) {
                throw new EOFException("a connection with the test token ended before its whole request (opcode " + opcode + ")");
            }
            if (!meter.started()) {
                meter.start();
            }
            ch.socket().getOutputStream().write(response);
            meter.add(0, 1);
            return false;
        } catch (SocketTimeoutException e) {
            throw new SocketTimeoutException("a connection with the test token sent no whole request within "
                    + Duration.ofNanos(spec.timeoutNanos()).toSeconds() + " s");
        }
    }
}
