package benchsh.shell.report;

import benchsh.shell.observe.ObservedNames;
import benchsh.shell.result.IntervalKeys;
import benchsh.shell.result.Result;
import java.util.List;
import java.util.SortedMap;

/**
 * Draws one result's interval samples as an inline SVG ({@link TimeSeriesChart}): the test's throughput per interval
 * (left axis, in the session's unit) and the CPU of each observed host ({@code cpu_<host>_pct}, right axis, 0–100 %)
 * against the seconds of the test, so a device in the middle that runs out of CPU shows where the throughput stops
 * growing. Stateless and thread-safe.
 */
public final class ObservedChart {
    private static final String THROUGHPUT = IntervalKeys.THROUGHPUT_BPS;

    private ObservedChart() {
    }

    /** The observed CPU keys of a result: its metrics named {@code cpu_<host>_pct}, in order. */
    static List<String> cpuKeys(Result r) {
        return r.metrics().keySet().stream().filter(ObservedNames::isBusyCpu).toList();
    }

    /** The {@code <svg>} element, or null when the result has no two samples with both throughput and an observed CPU. */
    public static String render(Result r, ThroughputUnit unit, String id) {
        List<String> cpus = cpuKeys(r);
        SortedMap<Double, Double> throughput = TimeSeriesChart.samples(r, THROUGHPUT, unit.bitsPerUnit());
        List<TimeSeriesChart.Line> load = cpus.stream().map(k -> new TimeSeriesChart.Line(Cells.header(k, unit), TimeSeriesChart.samples(r, k, 1)))
                .toList();
        if (cpus.isEmpty() || throughput.size() < 2 || load.stream().allMatch(l -> l.points().size() < 2)) {
            return null;
        }
        return TimeSeriesChart.of(id)
                .left(TimeSeriesChart.Scale.of(Cells.header(THROUGHPUT, unit), v -> Formats.number(v) + " " + unit.name()),
                        List.of(new TimeSeriesChart.Line("throughput", throughput)))
                .right(TimeSeriesChart.Scale.fixed("CPU %", 0, 100, v -> Formats.number(v) + " %"), load)
                .render();
    }
}
