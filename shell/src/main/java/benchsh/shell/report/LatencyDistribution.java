package benchsh.shell.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders a latency histogram (the peer's {@code latency_buckets_ns}: flat {@code lowest, highest,
 * count} triples, ascending) as a table on a 1-2-5 scale of µs: each row counts the transactions up to
 * its bound, with the cumulative percentage and a bar. Stateless.
 */
public final class LatencyDistribution {
    private static final int BAR = 40;

    private LatencyDistribution() {
    }

    public static String render(List<?> triples) {
        List<long[]> buckets = new ArrayList<>();
        long total = 0;
        for (int i = 0; i + 2 < triples.size(); i += 3) {
            long high = ((Number) triples.get(i + 1)).longValue();
            long count = ((Number) triples.get(i + 2)).longValue();
            buckets.add(new long[] {high, count});
            total += count;
        }
        if (total == 0) {
            return "no latencies recorded\n";
        }
        List<double[]> rows = new ArrayList<>();
        double bound = 1000; // 1 µs in ns
        int step = 0;
        int b = 0;
        while (b < buckets.size()) {
            long n = 0;
            while (b < buckets.size() && buckets.get(b)[0] <= bound) {
                n += buckets.get(b)[1];
                b++;
            }
            if (n > 0 || !rows.isEmpty()) {
                rows.add(new double[] {bound, n});
            }
            bound *= step % 3 == 1 ? 2.5 : 2;
            step++;
        }
        long most = (long) rows.stream().mapToDouble(r -> r[1]).max().orElse(1);
        TextTable t = new TextTable(List.of("latency up to", "count", "cumulative", ""));
        long cumulative = 0;
        for (double[] r : rows) {
            cumulative += (long) r[1];
            t.row(List.of(micros(r[0]), String.valueOf((long) r[1]),
                    String.format(Locale.ROOT, "%.3f %%", 100.0 * cumulative / total),
                    "#".repeat((int) Math.round(BAR * r[1] / Math.max(1, most)))));
        }
        return t.toString();
    }

    private static String micros(double ns) {
        double us = ns / 1000;
        return us >= 1000 ? String.format(Locale.ROOT, "%.0f ms", us / 1000) : String.format(Locale.ROOT, "%.0f us", us);
    }
}
