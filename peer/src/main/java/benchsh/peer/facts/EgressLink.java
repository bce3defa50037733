package benchsh.peer.facts;

import benchsh.peer.fs.Commands;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.nio.channels.DatagramChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The interface a host sends through toward an address, and how fast it can send there: the link speed its driver
 * tells ({@code /sys/class/net/IF/speed}, Mbit/s on the wire; a veth says 10000, a virtual NIC often nothing) and the
 * rate of the token bucket (tbf) at the interface's root ({@code tc qdisc show dev IF}), which holds every sender on
 * the host to that rate whatever the link: tbf counts each packet from its Ethernet header on, without FCS, preamble
 * and gap. What cannot be read is NaN (or null for the interface). Immutable.
 *
 * @param sendInterface    the interface's name, or null when it cannot be found
 * @param sendLinkBps      its link speed in bits/s on the wire, NaN when its driver tells none
 * @param sendQdiscRateBps the rate of a tbf at its root in bits/s of Ethernet frames (FCS not counted), NaN for none
 */
public record EgressLink(@Metric(unit = Unit.TEXT, means = "udp: the sender's interface toward the receiver") @OrNull String sendInterface,
                         @Metric(unit = Unit.BITS_PER_SECOND, means = "udp: that interface's link speed as its driver tells it (/sys/class/net/IF/speed)")
                         double sendLinkBps,
                         @Metric(unit = Unit.BITS_PER_SECOND, means = "udp: the rate of the token bucket filter (tbf) at that interface's root (tc"
                                 + " qdisc), counting each packet from its Ethernet header on") double sendQdiscRateBps) {
    /** How long {@code tc} may take. */
    static final Duration TC_TIMEOUT = Duration.ofSeconds(2);
    /** A root qdisc's line: {@code qdisc tbf 8001: root ...} ({@code tc qdisc show dev IF}) or {@code qdisc tbf 8001: dev eth0 root ...}. */
    private static final Pattern ROOT = Pattern.compile("^qdisc\\s+(\\S+)\\s+\\S+\\s+(?:dev\\s+\\S+\\s+)?root\\b(.*)$");
    private static final Pattern RATE = Pattern.compile("\\brate\\s+([0-9]+(?:\\.[0-9]+)?)([KMGT]?)bit\\b");
    /** Nothing known: no interface, no speed, no shaper. */
    public static final EgressLink UNKNOWN = new EgressLink(null, Double.NaN, Double.NaN);

    /** The slower of the two limits this host's sending has, in bits/s as each counts them; NaN when neither is known. */
    public double slowestBps() {
        OptionalDouble min = java.util.stream.DoubleStream.of(sendLinkBps, sendQdiscRateBps).filter(d -> !Double.isNaN(d)).min();
        return min.orElse(Double.NaN);
    }

    /**
     * The link this host sends to {@code destination} through: the interface of the source address the kernel picks
     * for it (a datagram socket connected to it, which sends nothing), its speed and its root tbf's rate. Never
     * throws; what cannot be read is left unknown.
     */
    public static EgressLink toward(InetAddress destination) {
        String name;
        try (DatagramChannel probe = DatagramChannel.open()) {
            probe.connect(new InetSocketAddress(destination, 9));
            InetAddress source = ((InetSocketAddress) probe.getLocalAddress()).getAddress();
            NetworkInterface nic = NetworkInterface.getByInetAddress(source);
            name = nic == null ? null : nic.getName();
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
        if (name == null) {
            return UNKNOWN;
        }
        return new EgressLink(name, linkSpeedBps(Path.of("/sys/class/net", name, "speed")), qdiscRate(name));
    }

    /** The speed a driver tells in its sysfs file (Mbit/s), in bits/s; NaN for none, an unknown (-1) or unreadable one. */
    static double linkSpeedBps(Path speedFile) {
        try {
            long mbit = Long.parseLong(Files.readString(speedFile).strip());
            return mbit > 0 ? mbit * 1e6 : Double.NaN;
        } catch (IOException | NumberFormatException e) {
            return Double.NaN; // a link that is down, or a driver without a speed, says EINVAL
        }
    }

    private static double qdiscRate(String device) {
        Path tc = Commands.find("tc");
        if (tc == null) {
            return Double.NaN;
        }
        try {
            Commands.Output o = Commands.run(List.of(tc.toString(), "qdisc", "show", "dev", device), TC_TIMEOUT);
            return o.exit() == 0 ? rootRateBps(o.text()) : Double.NaN;
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    /**
     * The rate of a tbf at the root in what {@code tc qdisc show dev IF} printed, e.g. {@code qdisc tbf 8001: root refcnt 2 rate
     * 100Mbit burst 16Kb lat 50.0ms} (tc prints rates in powers of 1000); NaN when the root is no tbf.
     */
    static double rootRateBps(String tcOutput) {
        for (String line : tcOutput.split("\n")) {
            Matcher root = ROOT.matcher(line.strip());
            if (root.matches()) {
                Matcher rate = RATE.matcher(root.group(2));
                if (!root.group(1).equals("tbf") || !rate.find()) {
                    return Double.NaN;
                }
                double scale = switch (rate.group(2).toUpperCase(Locale.ROOT)) {
                    case "K" -> 1e3;
                    case "M" -> 1e6;
                    case "G" -> 1e9;
                    case "T" -> 1e12;
                    default -> 1;
                };
                return Double.parseDouble(rate.group(1)) * scale;
            }
        }
        return Double.NaN;
    }
}
