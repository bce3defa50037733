package benchsh.peer.observe;

import java.util.OptionalLong;

/**
 * The softnet backlog drops from /proc/net/softnet_stat: one line per CPU of hexadecimal columns (9 to 13
 * of them, depending on the kernel), the second of which counts packets dropped because that CPU's input
 * backlog ({@code net.core.netdev_max_backlog}) was full. Stateless.
 */
public final class SoftnetStat {
    private SoftnetStat() {
    }

    /** The dropped column added up over all CPUs; empty when no line parses. */
    public static OptionalLong dropped(String softnetStat) {
        long sum = 0;
        boolean any = false;
        for (String line : softnetStat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 2) {
                continue;
            }
            try {
                sum += Long.parseUnsignedLong(f[1], 16);
                any = true;
            } catch (NumberFormatException e) {
                // not a counter line
            }
        }
        return any ? OptionalLong.of(sum) : OptionalLong.empty();
    }
}
