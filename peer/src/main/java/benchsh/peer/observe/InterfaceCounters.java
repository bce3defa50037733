package benchsh.peer.observe;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One network interface's counters from /proc/net/dev since it came up (or, as {@link #since}, their growth in a
 * span): bytes, packets, errors and drops, each received and sent. Immutable.
 */
public record InterfaceCounters(@Metric(unit = Unit.BYTES, means = "bytes the interface received") long rxBytes,
                                @Metric(unit = Unit.COUNT, means = "packets the interface received") long rxPackets,
                                @Metric(unit = Unit.COUNT, means = "receive errors of the interface") long rxErrors,
                                @Metric(unit = Unit.COUNT, means = "received packets the interface dropped") long rxDrops,
                                @Metric(unit = Unit.BYTES, means = "bytes the interface sent") long txBytes,
                                @Metric(unit = Unit.COUNT, means = "packets the interface sent") long txPackets,
                                @Metric(unit = Unit.COUNT, means = "send errors of the interface") long txErrors,
                                @Metric(unit = Unit.COUNT, means = "packets the interface dropped instead of sending") long txDrops) {

    /** Each counter less {@code earlier}'s. */
    public InterfaceCounters since(InterfaceCounters earlier) {
        return new InterfaceCounters(rxBytes - earlier.rxBytes, rxPackets - earlier.rxPackets, rxErrors - earlier.rxErrors,
                rxDrops - earlier.rxDrops, txBytes - earlier.txBytes, txPackets - earlier.txPackets, txErrors - earlier.txErrors,
                txDrops - earlier.txDrops);
    }

    /** The counters by their metric suffix: rx_bytes, rx_packets, rx_errors, rx_drops and tx likewise. */
    public Map<String, Long> named() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("rx_packets", rxPackets);
        m.put("rx_bytes", rxBytes);
        m.put("rx_drops", rxDrops);
        m.put("rx_errors", rxErrors);
        m.put("tx_packets", txPackets);
        m.put("tx_bytes", txBytes);
        m.put("tx_drops", txDrops);
        m.put("tx_errors", txErrors);
        return m;
    }

    /**
     * Every interface of a /proc/net/dev text, by name, in the file's order; {@code lo} only when
     * {@code loopback}. The receive columns are bytes, packets, errs, drop and four more, then the transmit
     * columns bytes, packets, errs, drop (the same on every kernel since 2.2); old kernels write a large first
     * number right after the colon ({@code eth0:123}), which is read too. Header lines and lines that do not
     * parse are skipped.
     */
    public static Map<String, InterfaceCounters> parse(String netDev, boolean loopback) {
        Map<String, InterfaceCounters> out = new LinkedHashMap<>();
        for (String line : netDev.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0 || line.contains("|")) {
                continue;
            }
            String name = line.substring(0, colon).trim();
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            if (name.isEmpty() || f.length < 12 || name.equals("lo") && !loopback) {
                continue;
            }
            try {
                out.put(name, new InterfaceCounters(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                        Long.parseLong(f[8]), Long.parseLong(f[9]), Long.parseLong(f[10]), Long.parseLong(f[11])));
            } catch (NumberFormatException e) {
                // not a counter line
            }
        }
        return out;
    }
}
