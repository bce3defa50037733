package benchsh.shell;

import benchsh.shell.args.Suggest;
import benchsh.shell.args.UsageException;
import benchsh.shell.result.Scenario;
import benchsh.shell.script.Precheck;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code --set} overrides a script never asked for. When the check before the run went through the whole
 * script, every {@code param} it has is known: an override close to one of them is a typo, and the run does not
 * start ({@code --set tmie: the script has no param('tmie', ...); did you mean 'time'?}); any other is warned
 * about before the run. When the check stopped early, a later {@code param} may still ask, so they are warned
 * about after the run. Used on the script's thread.
 */
final class Overrides {
    private final Scenario scenario;
    private final PrintStream stderr;
    private final Set<String> warned = new LinkedHashSet<>();

    Overrides(Scenario scenario, PrintStream stderr) {
        this.scenario = scenario;
        this.stderr = stderr;
    }

    /** Between the check and the run. @throws UsageException for a misspelt override, after a check of the whole script */
    void checked(Precheck.Outcome outcome) {
        if (!outcome.complete()) {
            return;
        }
        List<String> typos = new ArrayList<>();
        for (String unused : scenario.unusedOverrides()) {
            String hint = hint(unused);
            if (!hint.isEmpty()) {
                typos.add("--set " + unused + ": the script has no param('" + unused + "', ...)" + hint);
            } else {
                warn(unused);
            }
        }
        if (!typos.isEmpty()) {
            throw new UsageException(String.join("\n", typos) + "\nnothing was run");
        }
    }

    /** After the run: the overrides not warned about yet. */
    void finished() {
        scenario.unusedOverrides().forEach(this::warn);
    }

    private void warn(String unused) {
        if (warned.add(unused)) {
            stderr.println("benchsh: warning: --set " + unused + " was not used: the script has no param('" + unused + "', ...)" + hint(unused));
        }
    }

    private String hint(String unused) {
        return Suggest.hint(unused, scenario.parameters().keySet());
    }
}
