package benchsh.peer.net;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Admits data connections to a test listener: each must send the test's random token within
 * {@link #TOKEN_TIMEOUT}; strays, slow talkers and garbage are closed without disturbing the others.
 * Not thread-safe; one gate per listener.
 */
public final class TokenGate {
    /** How long one connection may take to present its token. */
    public static final Duration TOKEN_TIMEOUT = Duration.ofSeconds(5);
    /** At most this many connections may be waiting to present a token at once; beyond that the oldest is dropped. */
    public static final int MAX_PENDING = 256;
    /** Token length on the wire. */
    public static final int TOKEN_BYTES = 16;

    private final byte[] token;
    private int strays;

    public TokenGate(String hexToken) {
        this.token = decode(hexToken);
    }

    /** Parses a hex token, checking its length. */
    public static byte[] decode(String hexToken) {
        byte[] t = HexFormat.of().parseHex(hexToken);
        if (t.length != TOKEN_BYTES) {
            throw new IllegalArgumentException("token must be " + TOKEN_BYTES + " bytes");
        }
        return t;
    }

    /** Connections dropped so far. */
    public int strays() {
        return strays;
    }

    /**
     * Accepts {@code count} connections that present the token, in blocking mode on return.
     *
     * @throws SocketTimeoutException if they do not all arrive within {@code deadline}
     */
    public List<SocketChannel> admit(ServerSocketChannel server, int count, Duration deadline, BooleanSupplier cancelled) throws IOException {
        List<SocketChannel> admitted = new ArrayList<>();
        long end = System.nanoTime() + deadline.toNanos();
        server.configureBlocking(false);
        try (Selector selector = Selector.open()) {
            server.register(selector, SelectionKey.OP_ACCEPT);
            while (admitted.size() < count) {
                if (cancelled.getAsBoolean()) {
                    throw new IOException("cancelled while waiting for connections");
                }
                long now = System.nanoTime();
                if (now > end) {
                    throw new SocketTimeoutException("only " + admitted.size() + " of " + count + " connections with the test token arrived within "
                            + deadline.toSeconds() + " s" + (strays > 0 ? " (" + strays + " strays dropped)" : ""));
                }
                selector.select(100);
                for (SelectionKey key : selector.selectedKeys()) {
                    if (!key.isValid()) {
                        continue; // dropped as the oldest while this round was handled
                    }
                    if (key.isAcceptable()) {
                        SocketChannel ch = server.accept();
                        if (ch != null) {
                            if (selector.keys().size() > MAX_PENDING) {
                                dropOldest(selector); // a flood: bounded file descriptors, and the newest may be the real sender
                            }
                            ch.configureBlocking(false);
                            ch.register(selector, SelectionKey.OP_READ, new Pending(now));
                        }
                    } else if (key.isReadable()) {
                        readToken(key, admitted);
                    }
                }
                selector.selectedKeys().clear();
                dropSlow(selector, now);
            }
            for (SelectionKey key : selector.keys()) {
                if (key.isValid() && key.attachment() instanceof Pending) {
                    key.channel().close();
                }
            }
        } catch (IOException e) {
            for (SocketChannel ch : admitted) {
                ch.close();
            }
            throw e;
        }
        for (SocketChannel ch : admitted) {
            ch.configureBlocking(true);
        }
        return admitted;
    }

    private void readToken(SelectionKey key, List<SocketChannel> admitted) throws IOException {
        SocketChannel ch = (SocketChannel) key.channel();
        Pending p = (Pending) key.attachment();
        int n;
        try {
            n = ch.read(p.buffer);
        } catch (IOException e) {
            n = -1;
        }
        if (n < 0) {
            drop(key);
        } else if (!p.buffer.hasRemaining()) {
            if (MessageDigest.isEqual(p.buffer.array(), token)) {
                key.attach(null);
                key.cancel();
                admitted.add(ch);
            } else {
                drop(key);
            }
        }
    }

    private void dropOldest(Selector selector) throws IOException {
        SelectionKey oldest = null;
        for (SelectionKey key : selector.keys()) {
            if (key.isValid() && key.attachment() instanceof Pending p && (oldest == null || p.since < ((Pending) oldest.attachment()).since)) {
                oldest = key;
            }
        }
        if (oldest != null) {
            drop(oldest);
        }
    }

    private void dropSlow(Selector selector, long now) throws IOException {
        for (SelectionKey key : selector.keys()) {
            if (key.isValid() && key.attachment() instanceof Pending p && now - p.since > TOKEN_TIMEOUT.toNanos()) {
                drop(key);
            }
        }
    }

    private void drop(SelectionKey key) throws IOException {
        strays++;
        key.cancel();
        key.channel().close();
    }

    private static final class Pending {
        final long since;
        final ByteBuffer buffer = ByteBuffer.allocate(TOKEN_BYTES);

        Pending(long since) {
            this.since = since;
        }
    }
}
