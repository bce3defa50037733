package benchsh.peer.observe;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The drops of each interface's root qdisc, from what {@code tc -s qdisc show} prints: a {@code qdisc KIND
 * HANDLE: dev NAME root ...} line, then {@code Sent B bytes P pkt (dropped D, overlimits O requeues R)}. Only
 * root qdiscs count: a parent adds its children's drops to its own (tbf, htb, prio) or sums them when dumped
 * (mq), so adding the children too would count a packet twice. A tc that prints no statistics (busybox's)
 * gives nothing. Stateless.
 */
public final class QdiscStats {
    private static final Pattern QDISC = Pattern.compile("^qdisc\\s+\\S+\\s+\\S+\\s+dev\\s+(\\S+)\\s+(.*)$");
    private static final Pattern SENT = Pattern.compile("^\\s*Sent\\s+\\d+\\s+bytes\\s+\\d+\\s+pkt\\s+\\(dropped\\s+(\\d+)\\b");

    private QdiscStats() {
    }

    /**
     * The root qdiscs' drops by interface, in the text's order ({@code lo} only when {@code loopback}); empty
     * when the text has no statistics line at all (no tc, or one that prints none), which is not the same as
     * no drops.
     */
    public static Optional<Map<String, Long>> dropped(String tcOutput, boolean loopback) {
        Map<String, Long> out = new LinkedHashMap<>();
        boolean any = false;
        String device = null;
        for (String line : tcOutput.split("\n")) {
            Matcher q = QDISC.matcher(line);
            if (q.matches()) {
                boolean root = (" " + q.group(2) + " ").contains(" root ");
                device = root && (loopback || !q.group(1).equals("lo")) ? q.group(1) : null;
                continue;
            }
            Matcher s = SENT.matcher(line);
            if (s.find()) {
                any = true;
                if (device != null) {
                    try {
                        out.merge(device, Long.parseLong(s.group(1)), Long::sum);
                    } catch (NumberFormatException e) {
                        // a counter past 2^63: that device is left out
                    }
                }
                device = null;
            }
        }
        return any ? Optional.of(out) : Optional.empty();
    }
}
