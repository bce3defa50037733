package benchsh.shell.report;

import java.util.List;

/** Eight-level Unicode block sparklines, e.g. {@code ▃▅▇█▆}: the lowest value is ▁, the highest █. Stateless. */
public final class Sparkline {
    private static final char[] BARS = {'▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'};

    private Sparkline() {
    }

    /** The last {@code width} values as bars, scaled from 0 to their maximum; NaN is a space. */
    public static String of(List<Double> values, int width) {
        List<Double> tail = values.subList(Math.max(0, values.size() - width), values.size());
        double max = tail.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).max().orElse(0);
        StringBuilder b = new StringBuilder(tail.size());
        for (double v : tail) {
            if (Double.isNaN(v)) {
                b.append(' ');
            } else {
                int level = max <= 0 ? 0 : (int) Math.round(Math.max(0, v) / max * (BARS.length - 1));
                b.append(BARS[Math.min(BARS.length - 1, level)]);
            }
        }
        return b.toString();
    }
}
