package benchsh.shell.report;

import benchsh.shell.run.Plan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** A dry run as a table: one row per test with its hosts, tags and parameters, then the estimated total. */
public final class PlanTable {
    private static final Set<String> QUIET = Set.of("interval", "timeout", "nodelay");

    private PlanTable() {
    }

    public static String render(Plan plan, ThroughputUnit unit) {
        List<Plan.Step> steps = plan.steps();
        TextTable t = new TextTable(List.of("#", "test", "from", "to", "tags", "parameters", "est."));
        int i = 1;
        for (Plan.Step s : steps) {
            t.row(List.of(Integer.toString(i++), s.test(), s.from(), s.to(), pairs(s.tags(), unit), pairs(s.params(), unit),
                    s.expected().map(Formats::duration).orElse("?")));
        }
        return (steps.isEmpty() ? "plan: no tests\n" : t.toString())
                + "plan: " + Formats.count(steps.size(), "test") + ", about " + Formats.duration(plan.total()) + " of measuring"
                + (plan.unknown() > 0 ? " plus " + plan.unknown() + " whose length depends on the data rate (?)" : "")
                + "; nothing was connected\n";
    }

    private static String quoted(String v) {
        return v.contains(" ") ? "'" + v + "'" : v;
    }

    /** {@code size=16 KiB time=2.00 s}: the values that are set, in the units their names carry. */
    private static String pairs(Map<String, Object> values, ThroughputUnit unit) {
        String s = values.entrySet().stream()
                .filter(e -> e.getValue() != null && !QUIET.contains(e.getKey()) && !Boolean.FALSE.equals(e.getValue()))
                .map(e -> e.getKey() + "=" + quoted(e.getValue() instanceof Number ? Cells.cell(e.getKey(), e.getValue(), unit).replace(" ", "")
                        : String.valueOf(e.getValue())))
                .collect(Collectors.joining(" "));
        return s.isEmpty() ? "-" : s;
    }
}
