package benchsh.peer.net;

import java.io.Closeable;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Admits data connections to one test listener: a connection is let in once it has sent the test's
 * random {@value #TOKEN_BYTES}-byte token. Until then it waits, non-blocking, in arrival order:
 * <ul>
 *   <li>it has one deadline for its whole token, {@link #TOKEN_TIMEOUT} after it was accepted, so a slow
 *       talker sending a byte now and then is cut there, however often it sends;</li>
 *   <li>at most {@link #MAX_PENDING} wait at once; when they are full, a new connection evicts the
 *       oldest waiting one (never itself), so the real connection arriving late still gets in;</li>
 *   <li>a wrong token (compared in constant time, only once all of it is there), an early close or a
 *       read error drops it at once.</li>
 * </ul>
 * Every dropped connection, and every one still waiting when the gate closes, is counted in {@link
 * #strays()}. One gate serves one listener: {@link #admit} for a fixed number of connections (the
 * streams of a test), {@link #next} for a connection at a time (TCP_CRR, a new connection per
 * transaction, for the whole test). Not thread-safe: one thread uses the gate; {@link #strays()}
 * may be read from any thread.
 */
public final class TokenGate implements Closeable {
    /** How long one connection may take to present its whole token, from its accept. */
    public static final Duration TOKEN_TIMEOUT = Duration.ofSeconds(5);
    /** At most this many connections wait for their token at once; a newcomer evicts the oldest. */
    public static final int MAX_PENDING = 256;
    /** Token length on the wire. */
    public static final int TOKEN_BYTES = 16;
    /**
     * Connections taken from the accept queue per wake-up before the waiting ones are read again; well
     * under {@link #MAX_PENDING}, so a connection whose token arrives just after its accept is read in
     * the next round, before newer ones can evict it, however slowly this thread is scheduled.
     */
    private static final int ACCEPTS_PER_ROUND = 64;
    private static final long POLL_NANOS = 100_000_000L;

    private final byte[] token;
    private final long tokenTimeoutNanos;
    private final int maxPending;
    /** Connections still presenting their token, oldest first (so also soonest deadline first). */
    private final LinkedHashSet<Waiting> waiting = new LinkedHashSet<>();
    /** Connections that presented the token and are not yet handed out, still non-blocking. */
    private final ArrayDeque<SocketChannel> admitted = new ArrayDeque<>();
    private ServerSocketChannel server;
    private Selector selector;
    private volatile long strays;

    public TokenGate(String hexToken) {
        this(decode(hexToken), TOKEN_TIMEOUT, MAX_PENDING);
    }

    /** A gate with its own token deadline and bound on waiting connections (tests). */
    TokenGate(byte[] token, Duration tokenTimeout, int maxPending) {
        this.token = token.clone();
        this.tokenTimeoutNanos = tokenTimeout.toNanos();
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
        return strays;
    }

    /** Connections waiting for their token right now. */
    public int waiting() {
        return waiting.size();
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
                    throw new SocketTimeoutException("only " + in.size() + " of " + count + " connections with the test token arrived within "
                            + deadline.toSeconds() + " s" + (strays > 0 ? " (" + strays + " strays dropped)" : ""));
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
        long end = System.nanoTime() + wait.toNanos();
        while (admitted.isEmpty()) {
            if (cancelled.getAsBoolean()) {
                throw new IOException("cancelled while waiting for connections");
            }
            if (!server.isOpen()) {
                throw new ClosedChannelException();
            }
            long now = System.nanoTime();
            dropExpired(now);
            if (now - end >= 0) {
                return null;
            }
            long sleep = Math.min(end - now, POLL_NANOS);
            if (!waiting.isEmpty()) {
                sleep = Math.min(sleep, waiting.iterator().next().deadline - now);
            }
            if (selector.selectedKeys().isEmpty()) {
                selector.select(Math.max(1, sleep / 1_000_000));
            }
            handleReady();
        }
        return admitted.poll();
    }

    /** Drops (and counts) the connections still waiting, closes admitted ones not handed out; the listener stays open. */
    @Override
    public void close() throws IOException {
        for (Waiting w : waiting) {
            discard(w);
        }
        waiting.clear();
        for (SocketChannel ch : admitted) {
            ch.close();
        }
        admitted.clear();
        if (selector != null) {
            selector.close();
        }
    }

    private void attach(ServerSocketChannel listener) throws IOException {
        if (server == listener) {
            return;
        }
        if (server != null) {
            throw new IllegalStateException("a token gate serves one listener");
        }
        selector = Selector.open();
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        server = listener;
    }

    private void handleReady() throws IOException {
        boolean cancelledKeys = false;
        for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
            SelectionKey key = it.next();
            it.remove();
            if (!key.isValid()) {
                continue; // dropped while this round was handled
            }
            if (key.isAcceptable()) {
                acceptReady();
            } else if (key.isReadable() && readToken((Waiting) key.attachment()) == Verdict.ADMITTED) {
                cancelledKeys = true;
            }
        }
        if (cancelledKeys) {
            selector.selectNow(); // deregisters the admitted channels so that they can be made blocking
        }
    }

    /** Takes what is in the accept queue; a connection whose token is already there never waits. */
    private void acceptReady() throws IOException {
        for (int i = 0; i < ACCEPTS_PER_ROUND; i++) {
            SocketChannel ch = server.accept();
            if (ch == null) {
                return;
            }
            ch.configureBlocking(false);
            Waiting w = new Waiting(ch, System.nanoTime() + tokenTimeoutNanos);
            if (readToken(w) != Verdict.WAIT) {
                continue;
            }
            if (waiting.size() >= maxPending) {
                drop(waiting.iterator().next()); // full: the oldest goes, the newcomer may be the real sender
            }
            w.key = ch.register(selector, SelectionKey.OP_READ, w);
            waiting.add(w);
        }
    }

    private enum Verdict { WAIT, ADMITTED, DROPPED }

    /** Reads what has arrived of a connection's token and decides on it once all of it is there. */
    private Verdict readToken(Waiting w) throws IOException {
        int n;
        try {
            n = w.channel.read(w.buffer);
        } catch (IOException e) {
            n = -1;
        }
        if (n >= 0 && w.buffer.hasRemaining()) {
            return Verdict.WAIT;
        }
        if (n < 0 || !MessageDigest.isEqual(w.buffer.array(), token)) {
            drop(w);
            return Verdict.DROPPED;
        }
        waiting.remove(w);
        if (w.key != null) {
            w.key.cancel();
        }
        admitted.add(w.channel);
        return Verdict.ADMITTED;
    }

    private void dropExpired(long now) throws IOException {
        for (Iterator<Waiting> it = waiting.iterator(); it.hasNext(); ) {
            Waiting w = it.next();
            if (now - w.deadline < 0) {
                return; // arrival order is deadline order
            }
            it.remove();
            discard(w);
        }
    }

    private void drop(Waiting w) throws IOException {
        waiting.remove(w);
        discard(w);
    }

    private void discard(Waiting w) throws IOException {
        strays++;
        if (w.key != null) {
            w.key.cancel();
        }
        w.channel.close();
    }

    /** A connection presenting its token: its deadline ({@link System#nanoTime()}) and what it sent so far. */
    private static final class Waiting {
        final SocketChannel channel;
        final long deadline;
        final ByteBuffer buffer = ByteBuffer.allocate(TOKEN_BYTES);
        SelectionKey key;

        Waiting(SocketChannel channel, long deadline) {
            this.channel = channel;
            this.deadline = deadline;
        }
    }
}
