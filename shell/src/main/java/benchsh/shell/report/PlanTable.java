package benchsh.shell.report;

import benchsh.shell.run.Plan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A dry run as a table: one row per test with its hosts (from and to, or on for a test on one host), tags and
 * parameters, then the estimated total.
 */
public final class PlanTable {
    private static final Set<String> QUIET = Set.of("interval", "timeout", "nodelay", "on");

    private PlanTable() {
    }

    public static String render(Plan plan, ThroughputUnit unit) {
        List<Plan.Step> steps = plan.steps();
        List<String> hosts = HostColumns.keys(steps.stream().map(PlanTable::oneHost).toList());
        List<String> header = new ArrayList<>(List.of("#", "test"));
        header.addAll(hosts);
        header.addAll(List.of("tags", "parameters", "est."));
        TextTable t = new TextTable(header);
        int i = 1;
        for (Plan.Step s : steps) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(i++), s.test()));
            hosts.forEach(k -> row.add(host(s, k)));
            row.addAll(List.of(pairs(s.tags(), unit), pairs(s.params(), unit), s.expected().map(Formats::duration).orElse("?")));
            t.row(row);
        }
        return (steps.isEmpty() ? "plan: no tests\n" : t.toString())
                + "plan: " + Formats.count(steps.size(), "test") + ", about " + Formats.duration(plan.total()) + " of measuring"
                + (plan.unknown() > 0 ? " plus " + plan.unknown() + " whose length depends on the data rate (?)" : "")
                + "; nothing was connected\n";
    }

    private static boolean oneHost(Plan.Step s) {
        return HostColumns.oneHost(s.from(), s.to(), s.params());
    }

    /** The step's host under {@code key}: from, to, or on. */
    private static String host(Plan.Step s, String key) {
        boolean one = oneHost(s);
        return switch (key) {
            case "on" -> one ? String.valueOf(s.params().get("on")) : "-";
            case "from" -> one ? "-" : s.from();
            default -> one ? "-" : s.to();
        };
    }

    /**
     * {@code size=16KiB time=2.00s busywait=50us rate=50Mbit/s}: the values that are set, each in the unit its verb
     * declares ({@link Cells}), those that only steer the run left out.
     */
    static String pairs(Map<String, Object> values, ThroughputUnit unit) {
        String s = values.entrySet().stream()
                .filter(e -> e.getValue() != null && !QUIET.contains(e.getKey()) && !Boolean.FALSE.equals(e.getValue()))
                .map(e -> e.getKey() + "=" + quoted(e.getValue() instanceof Number ? Cells.cell(e.getKey(), e.getValue(), unit).replace(" ", "")
                        : String.valueOf(e.getValue())))
                .collect(Collectors.joining(" "));
        return s.isEmpty() ? "-" : s;
    }

    private static String quoted(String v) {
        return v.contains(" ") ? "'" + v + "'" : v;
    }
}
