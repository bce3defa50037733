package benchsh.shell.report;

import benchsh.shell.host.FactsDiff;
import java.util.List;

/** Renders a {@link FactsDiff}: the differing facts side by side, or that there are none. Stateless. */
public final class FactsReport {
    private FactsReport() {
    }

    public static String diff(String left, String right, List<FactsDiff.Change> changes, int compared) {
        if (changes.isEmpty()) {
            return "no differences in " + compared + " facts of " + left + " and " + right + "\n";
        }
        TextTable t = new TextTable(List.of("fact", left, right));
        for (FactsDiff.Change c : changes) {
            t.row(List.of(c.fact(), c.left() == null ? "-" : c.left(), c.right() == null ? "-" : c.right()));
        }
        return t.toString() + changes.size() + " of " + compared + " facts differ\n";
    }
}
