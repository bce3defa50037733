package benchsh.peer.net;

import java.io.Closeable;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Admits data connections to one NIO test listener: a connection is let in once it has sent the test's
 * random {@value #TOKEN_BYTES}-byte token, by {@link AdmissionQueue}'s rules (one deadline of {@link
 * #TOKEN_TIMEOUT} per connection for its whole token, at most {@link #MAX_PENDING} waiting with the oldest
 * evicted, a wrong token, early close or read error dropped, every dropped one counted in {@link #strays()}).
 * Waiting connections are non-blocking and watched with one selector beside the listener. One gate serves
 * one listener: {@link #admit} for a fixed number of connections (the streams of a test), {@link #next} for a
 * connection at a time. Not thread-safe: one thread uses the gate; {@link #strays()} may be read from any
 * thread.
 */
public final class TokenGate implements Closeable {
    /** How long one connection may take to present its whole token, from its accept. */
    public static final Duration TOKEN_TIMEOUT = Duration.ofSeconds(5);
    /** At most this many connections wait for their token at once; a newcomer evicts the oldest. */
    public static final int MAX_PENDING = 256;
    /** Token length on the wire. */
    public static final int TOKEN_BYTES = 16;
    private final byte[] token;
    private final Duration tokenTimeout;
    private final int maxPending;
    private volatile AdmissionQueue<SocketChannel> queue;
    private NioSockets sockets;

    public TokenGate(String hexToken) {
        this(decode(hexToken), TOKEN_TIMEOUT, MAX_PENDING);
    }

    /** A gate with its own token deadline and bound on waiting connections (tests). */
    TokenGate(byte[] token, Duration tokenTimeout, int maxPending) {
        this.token = token.clone();
        this.tokenTimeout = tokenTimeout;
        this.maxPending = maxPending;
    }

    /** Parses a hex token, checking its length. */
    public static byte[] decode(String hexToken) {
        byte[] t = HexFormat.of().parseHex(hexToken);
        if (t.length != TOKEN_BYTES) {
            throw new IllegalArgumentException("token must be " + TOKEN_BYTES + " bytes");
        }
        return t;
    }

    /** Connections dropped so far: wrong token, closed or cut before their token was in, evicted, or left waiting at {@link #close}. */
    public long strays() {
        return queue == null ? 0 : queue.strays();
    }

    /** Connections waiting for their token right now. */
    public int waiting() {
        return queue == null ? 0 : queue.waiting();
    }

    /**
     * Accepts {@code count} connections that present the token, in blocking mode on return, then closes
     * the gate (connections still waiting are dropped and counted). Does not close {@code server}.
     *
     * @throws SocketTimeoutException if they do not all arrive within {@code deadline}
     */
    public List<SocketChannel> admit(ServerSocketChannel server, int count, Duration deadline, BooleanSupplier cancelled) throws IOException {
        List<SocketChannel> in = new ArrayList<>();
        long end = System.nanoTime() + deadline.toNanos();
        try {
            while (in.size() < count) {
                SocketChannel ch = next(server, Duration.ofNanos(Math.max(0, end - System.nanoTime())), cancelled);
                if (ch == null) {
                    close();
                    throw tooFew(in.size(), count, deadline, strays());
                }
                in.add(ch);
            }
        } catch (IOException | RuntimeException e) {
            for (SocketChannel ch : in) {
                ch.close();
            }
            throw e;
        } finally {
            close();
        }
        return in;
    }

    /** The timeout when only {@code arrived} of {@code wanted} connections presented the token {@code within} the deadline. */
    public static SocketTimeoutException tooFew(int arrived, int wanted, Duration within, long strays) {
        String seconds = within.toMillis() % 1000 == 0 ? within.toSeconds() + " s" : String.format(java.util.Locale.ROOT, "%.1f s", within.toMillis() / 1e3);
        return new SocketTimeoutException("only " + arrived + " of " + wanted + " connections with the test token arrived within "
                + seconds + (strays > 0 ? " (" + strays + " strays dropped)" : ""));
    }

    /**
     * The next connection that presents the token, in blocking mode, or null if none did within {@code
     * wait}. Connections keep waiting between calls, each against its own deadline.
     *
     * @throws IOException when {@code cancelled}, or if the listener fails (e.g. it was closed)
     */
    public SocketChannel next(ServerSocketChannel server, Duration wait, BooleanSupplier cancelled) throws IOException {
        SocketChannel ch = nextNonBlocking(server, wait, cancelled);
        if (ch != null) {
            ch.configureBlocking(true);
        }
        return ch;
    }

    /**
     * As {@link #next}, but the connection stays in non-blocking mode: for a caller that reads and writes it
     * non-blocking anyway (TCP_CRR's server), two fcntl(2) calls fewer per connection. Whatever the peer sent
     * after its token is still in the socket.
     */
    public SocketChannel nextNonBlocking(ServerSocketChannel server, Duration wait, BooleanSupplier cancelled) throws IOException {
        attach(server);
        return queue.next(wait, cancelled);
    }

    /** Drops (and counts) the connections still waiting, closes admitted ones not handed out; the listener stays open. */
    @Override
    public void close() throws IOException {
        if (queue != null) {
            queue.close();
            sockets.selector.close();
        }
    }

    private void attach(ServerSocketChannel listener) throws IOException {
        if (sockets != null && sockets.server == listener) {
            return;
        }
        if (sockets != null) {
            throw new IllegalStateException("a token gate serves one listener");
        }
        Selector selector = Selector.open();
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        sockets = new NioSockets(listener, selector);
        queue = new AdmissionQueue<>(sockets, token, tokenTimeout, maxPending);
    }

    /** The listener and its waiting connections, non-blocking, watched by one selector. */
    private static final class NioSockets implements AdmissionQueue.Sockets<SocketChannel> {
        private final ServerSocketChannel server;
        private final Selector selector;

        NioSockets(ServerSocketChannel server, Selector selector) {
            this.server = server;
            this.selector = selector;
        }

        @Override
        public boolean open() {
            return server.isOpen();
        }

        @Override
        public SocketChannel accept() throws IOException {
            SocketChannel ch = server.accept();
            if (ch != null) {
                ch.configureBlocking(false);
            }
            return ch;
        }

        @Override
        public int readToken(SocketChannel ch, byte[] into, int offset, int length) {
            try {
                return Math.max(-1, ch.read(ByteBuffer.wrap(into, offset, length)));
            } catch (IOException e) {
                return -1;
            }
        }

        /** Registers the waiting connections not yet registered; a round's leftover selected keys go first. */
        @Override
        public boolean await(Collection<AdmissionQueue.Waiting<SocketChannel>> waiting, long millis,
                             List<AdmissionQueue.Waiting<SocketChannel>> ready) throws IOException {
            for (AdmissionQueue.Waiting<SocketChannel> w : waiting) {
                if (w.connection().keyFor(selector) == null) {
                    w.connection().register(selector, SelectionKey.OP_READ, w);
                }
            }
            if (selector.selectedKeys().isEmpty()) {
                selector.select(millis);
            }
            boolean listener = false;
            for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
                SelectionKey key = it.next();
                it.remove();
                if (!key.isValid()) {
                    continue; // dropped while the last round was handled
                }
                if (key.isAcceptable()) {
                    listener = true;
                } else if (key.isReadable()) {
                    @SuppressWarnings("unchecked")
                    AdmissionQueue.Waiting<SocketChannel> w = (AdmissionQueue.Waiting<SocketChannel>) key.attachment();
                    ready.add(w);
                }
            }
            return listener;
        }

        /** Deregisters it now, so that it can be made blocking. */
        @Override
        public void admitted(SocketChannel ch) throws IOException {
            SelectionKey key = ch.keyFor(selector);
            if (key != null) {
                key.cancel();
                selector.selectNow();
            }
        }

        @Override
        public void close(SocketChannel ch) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // closing is best effort
            }
        }
    }
}
