package benchsh.peer.io;

import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.Range;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;
import java.nio.channels.ServerSocketChannel;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The TCP and IP options a side sets on its sockets, as iperf3's {@code -C}, {@code -M} and {@code -S} do: a spec's
 * part (any workload's that streams over TCP). The MSS is negotiated in the handshake, so it is the listener's to set,
 * before its connections arrive: it announces it and sends no larger, which clamps both directions. The congestion
 * control is set on the listener (its connections inherit it) and on every connection; the type of service on every
 * connection (NIO has none for a listener, so the handshake's own segments keep the default). The type of service goes
 * through NIO (IP_TOS, IPV6_TCLASS on an IPv6 socket), on every Java; the congestion control (TCP_CONGESTION) and the
 * MSS (TCP_MAXSEG) need the native calls of Java 22+. Immutable.
 *
 * @param congestionControl the congestion control, e.g. "bbr"; null for the kernel's default
 * @param mss               the largest segment, in bytes; null for the route's
 * @param tos               the IP type of service byte (DSCP × 4, plus ECN bits the kernel keeps for TCP); null to leave it
 */
public record TcpOptions(@OrNull String congestionControl, @OrNull @Range(min = TcpOptions.MIN_MSS, max = TcpOptions.MAX_MSS) Integer mss,
                         @OrNull @Range(min = 0, max = 255) Integer tos) {
    /** TCP_MIN_MSS: the kernel refuses a smaller TCP_MAXSEG. */
    public static final int MIN_MSS = 88;
    /** MAX_TCP_WINDOW: nor a larger one. */
    public static final int MAX_MSS = 32767;
    /** None: the kernel's defaults. */
    public static final TcpOptions NONE = new TcpOptions(null, null, null);
    /** What a kernel's congestion control may be called (TCP_CA_NAME_MAX is 16 with the NUL). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,15}");

    /** @throws IllegalArgumentException for a name no congestion control has (the numbers' ranges are the codec's to check) */
    public TcpOptions {
        if (congestionControl != null && !NAME.matcher(congestionControl).matches()) {
            throw new IllegalArgumentException("'" + congestionControl + "' is not the name of a congestion control (letters, digits, _ or -,"
                    + " at most 15), e.g. cubic or bbr");
        }
    }

    /** Whether a native call sets any of them (the congestion control, the MSS). */
    public boolean needsNative() {
        return congestionControl != null || mss != null;
    }

    /**
     * Sets them on {@code channel}: a listener (before any connection arrives) the congestion control and the MSS, a
     * connection the congestion control and the type of service.
     *
     * @throws IOException when this host refuses one, saying which and why (what its kernel offers, the Java it runs on)
     */
    public void apply(NetworkChannel channel) throws IOException {
        boolean listener = channel instanceof ServerSocketChannel;
        if (tos != null && !listener) {
            channel.setOption(StandardSocketOptions.IP_TOS, tos);
        }
        if (congestionControl == null && !(listener && mss != null)) {
            return;
        }
        TcpSocket socket = socket(channel);
        if (congestionControl != null) {
            socket.congestionControl(congestionControl);
        }
        if (listener && mss != null) {
            socket.maxSegment(mss);
        }
    }

    /**
     * Refuses now what this host cannot set, before anything connects: a listener on loopback takes them as a side's
     * sockets would. Nothing to check when no native call is needed.
     */
    public void check() throws IOException {
        if (!needsNative()) {
            return;
        }
        try (ServerSocketChannel probe = ServerSocketChannel.open()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            apply(probe);
        }
    }

    /**
     * The type of service {@code channel}'s socket has (IP_TOS; IPV6_TCLASS on an IPv6 socket), in words: {@code 0xb8
     * (DSCP 46)}. TCP keeps the two ECN bits to itself, so a connection may read back less than was set.
     */
    public static String tosOf(NetworkChannel channel) throws IOException {
        int tos = channel.getOption(StandardSocketOptions.IP_TOS);
        return String.format("0x%02x (DSCP %d)", tos, tos >> 2);
    }

    /** The options in words, as a message names them: "cc: 'bbr', mss: 1200". */
    private String asked() {
        return congestionControl != null && mss != null ? "cc: '" + congestionControl + "' and mss: " + mss
                : congestionControl != null ? "cc: '" + congestionControl + "'" : "mss: " + mss;
    }

    private TcpSocket socket(NetworkChannel channel) throws IOException {
        String no = NativeTcp.unavailable();
        if (no != null) {
            throw new IOException(asked() + " needs the native TCP calls (TCP_CONGESTION, TCP_MAXSEG; NIO has neither), and this peer " + no
                    + "; run it on Java 22+, as benchsh's runtime is (the host's runtime: default or true)");
        }
        return NativeTcp.attach(List.of(channel)).get(0);
    }
}
