package benchsh.shell.report;

import benchsh.shell.run.Plan;
import java.util.ArrayList;
import java.util.List;

/**
 * A dry run as a table: one row per test with its hosts (from and to, or on for a test on one host), tags and
 * parameters, then the estimated total.
 */
public final class PlanTable {
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
            row.addAll(List.of(Cells.settings(s.tags(), unit), Cells.settings(s.params(), unit), s.expected().map(Formats::duration).orElse("?")));
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

}
