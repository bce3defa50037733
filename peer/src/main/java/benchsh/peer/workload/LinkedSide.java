package benchsh.peer.workload;

import benchsh.peer.io.TcpOptions;
import benchsh.peer.net.Endpoints;
import benchsh.peer.net.ReadyWait;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.Link;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The life of a side that streams data over TCP to or from its partner, the same for every such workload (tcp,
 * pipe, copy), as SSHD has one per channel:
 * <ol>
 *   <li><b>listen</b>: a listening side binds the link's address when it is made, so that READY carries the port;</li>
 *   <li><b>accept with the token</b>: {@link #accept} admits the connections that present the test's token
 *       ({@link TokenGate}), counts those it dropped ({@link #strays}, the side's {@code strays_dropped}) and closes
 *       the listener;</li>
 *   <li><b>connect</b>: {@link #connect} reaches the listener at the link's address and presents the token;</li>
 *   <li><b>drain</b>: after its last write a sender calls {@link #drain}, which shuts its output down and waits for
 *       the partner's close, the partner's word that everything arrived (and, for a pipe or a copy, is written);</li>
 *   <li><b>close</b>: the listener and every connection are tracked, so they close when the side ends, is
 *       cancelled or stalls.</li>
 * </ol>
 *
 * <p><b>The timeout rule.</b> A wait on the partner lasts the idle timeout, the spec's {@code timeout}: for the
 * connections with the token, for a connect, for data (the meter's stall). The drain lasts what the bytes still in
 * flight (at most the socket's send buffer) need at the rate measured, twice, plus the idle timeout for the partner
 * to finish, or up to the deadline while there is no rate yet ({@link Drain}); the meter does not take its silence
 * for a stall. No wait runs past the side's deadline ({@link
 * SideContext#deadlineNanos}), the end the shell allows the test. A drain that ends unconfirmed fails the side as
 * TIMEOUT, saying what it waited for: "the receiver did not confirm the last 1.2 MB within 19.6 s (2.0 Mbit/s
 * measured)".
 *
 * <p>A side of a workload that can also run without a partner (copy's local role) is made with {@link End#NONE}
 * and uses none of this. Thread-safety as {@link SideBase}; {@link #accept} and {@link #connect} are for the
 * side's thread, {@link #drain} for the one thread that writes the channel.
 */
public abstract class LinkedSide extends SideBase {
    /** Which end of the test's link a side is. */
    public enum End {
        /** binds the link's address and admits connections with the token */
        LISTEN,
        /** connects to the link's address and presents the token */
        CONNECT,
        /** has no partner */
        NONE;

        /** The end of a workload's role: "listen" or "connect". */
        public static End of(String role) {
            return role.equals("listen") ? LISTEN : CONNECT;
        }
    }

    /** How much longer than its own bound the meter keeps quiet for a drain, so that the drain, not a stall, reports. */
    private static final long QUIET_SLACK_NANOS = 1_000_000_000L;

    private final Link link;
    private final ServerSocketChannel listener;
    private final Duration idle;
    private final SideContext context;
    private volatile long strays;

    /**
     * Binds the listener of a {@link End#LISTEN} side.
     *
     * @param link          the test's token and address; null for {@link End#NONE}
     * @param receiveBuffer SO_RCVBUF of the accepted connections, 0 for the kernel's default
     * @param timing        the interval, and the idle timeout of the rule
     * @throws IOException when the address cannot be bound (the port is in use, the address is not this host's)
     */
    protected LinkedSide(End end, Link link, int receiveBuffer, Meter.Unit unit, int streams, Duration omit, Timing timing, SideContext context)
            throws IOException {
        super(unit, streams, omit, timing.interval(), timing.timeout(), context);
        this.link = end == End.NONE ? null : Objects.requireNonNull(link, "a linked side needs its link");
        this.idle = timing.timeout();
        this.context = context;
        this.listener = end == End.LISTEN ? track(Endpoints.listen(link.address(), link.port(), receiveBuffer)) : null;
    }

    @Override
    public Endpoint endpoint() {
        return listener == null ? null : Endpoints.endpoint(listener);
    }

    /**
     * Sets {@code options} on the listener before any connection arrives (its connections inherit the congestion
     * control, and their handshake the MSS); nothing on a connecting side. A refusal closes the listener.
     */
    protected void listenWith(TcpOptions options) throws IOException {
        try {
            if (listener != null) {
                options.apply(listener);
            }
        } catch (IOException e) {
            listener.close();
            throw e;
        }
    }

    /** Whether this side is the listening end. */
    protected boolean listens() {
        return listener != null;
    }

    /** Connections the listener dropped: without the token, too slow with it, evicted; 0 for a connecting side. */
    protected long strays() {
        return strays;
    }

    /**
     * Admits {@code count} connections that present the token, within the idle timeout, then closes the listener.
     *
     * @return the connections, in blocking mode and tracked
     * @throws SocketTimeoutException when fewer arrived in time (the message says how many, and the strays)
     */
    protected List<SocketChannel> accept(int count) throws IOException {
        TokenGate gate = new TokenGate(link.token());
        try {
            List<SocketChannel> in = gate.admit(listener, count, waitAtMost(idle), this::cancelled);
            in.forEach(this::track);
            return in;
        } finally {
            strays = gate.strays();
            listener.close();
        }
    }

    /**
     * Connects to the listener within the idle timeout and presents the token.
     *
     * @param sendBuffer    SO_SNDBUF, 0 for the kernel's default
     * @param receiveBuffer SO_RCVBUF, 0 for the kernel's default
     * @return the connection, in blocking mode and tracked
     */
    protected SocketChannel connect(int sendBuffer, int receiveBuffer, boolean noDelay) throws IOException {
        return track(Endpoints.connect(link.address(), link.port(), waitAtMost(idle), link.tokenBytes(), sendBuffer, receiveBuffer, noDelay));
    }

    /**
     * After the last write of stream {@code stream} on {@code channel}: shuts its output down and waits for the
     * partner's close by the drain rule ({@link Drain}), with the meter's count of the stream as what it wrote.
     *
     * @throws SocketTimeoutException when the partner did not close in time, saying what it waited for
     */
    protected void drain(int stream, SocketChannel channel) throws IOException {
        long sendBuffer = channel.getOption(StandardSocketOptions.SO_SNDBUF);
        long now = System.nanoTime();
        Drain d = Drain.after(meter.count(stream), meter.runningNanos(), meter.recentRate(stream), sendBuffer, idle, context.deadlineNanos() - now);
        meter.quietUntil(now + d.boundNanos() + QUIET_SLACK_NANOS);
        channel.shutdownOutput();
        if (!closedBy(channel, now + d.boundNanos())) {
            throw new SocketTimeoutException(d.unconfirmed("the receiver"));
        }
    }

    /** Reads (and drops) what the partner sends until its end of stream: true then, false at {@code deadline}. */
    private boolean closedBy(SocketChannel channel, long deadline) throws IOException {
        channel.configureBlocking(false);
        ByteBuffer discard = ByteBuffer.allocate(512);
        try (ReadyWait ready = new ReadyWait(this::cancelled)) {
            while (true) {
                discard.clear();
                int n = channel.read(discard);
                if (n < 0) {
                    return true;
                }
                if (n == 0 && !ready.await(channel, SelectionKey.OP_READ, deadline)) {
                    return false;
                }
            }
        }
    }

    /** {@code wait}, or less when the side's deadline comes first; at least a millisecond (a zero would mean no limit). */
    private Duration waitAtMost(Duration wait) {
        long left = context.deadlineNanos() - System.nanoTime();
        return Duration.ofNanos(Math.max(1_000_000L, Math.min(wait.toNanos(), left)));
    }
}
