package benchsh.shell.report;

import benchsh.shell.run.Plan;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A dry run as a table: one row per test with its hosts, tags and parameters, then the estimated total. */
public final class PlanTable {
    private static final Set<String> QUIET = Set.of("interval", "timeout", "nodelay");

    private PlanTable() {
    }

    public static String render(Plan plan, ThroughputUnit unit) {
        List<Plan.Step> steps = plan.steps();
        Set<String> keys = new LinkedHashSet<>();
        steps.forEach(s -> keys.addAll(s.tags().keySet()));
        steps.forEach(s -> s.params().keySet().stream().filter(k -> !QUIET.contains(k)).forEach(keys::add));
        List<String> header = new ArrayList<>(List.of("#", "test", "from", "to"));
        header.addAll(keys);
        header.add("est.");
        TextTable t = new TextTable(header);
        int i = 1;
        for (Plan.Step s : steps) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(i++), s.test(), s.from(), s.to()));
            for (String k : keys) {
                Object v = s.tags().containsKey(k) ? s.tags().get(k) : s.params().get(k);
                row.add(Cells.cell(k, v, unit));
            }
            row.add(Formats.duration(s.expected()));
            t.row(row);
        }
        return (steps.isEmpty() ? "plan: no tests\n" : t.toString())
                + "plan: " + steps.size() + " tests, about " + Formats.duration(plan.total()) + " of measuring; nothing was connected\n";
    }
}
