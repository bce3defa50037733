package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.result.Scenario;
import benchsh.shell.script.Sources;
import groovy.lang.Closure;
import java.util.List;
import org.codehaus.groovy.runtime.typehandling.DefaultTypeTransformation;

/**
 * {@code expect r.throughput > 900.Mbit}: a check for CI gating. A failed expectation is printed
 * with its line; batch mode lists every failed one at the end and exits 1. Skipped in a dry run.
 */
public final class ExpectVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("expect", "check a condition; failed expectations make batch mode exit 1",
            "CONDITION | 'what' { ... }", List.of(),
            List.of("expect r.throughput > 900.Mbit", "expect('low latency') { r.metrics.latency_p99_us < 200 }"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readsResults() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) {
        List<Object> p = args.positional();
        if (p.isEmpty() || p.size() > 2) {
            throw new UsageException("usage: expect CONDITION, or expect('what') { CONDITION }");
        }
        Object condition = p.get(p.size() - 1);
        boolean passed = DefaultTypeTransformation.castToBoolean(condition instanceof Closure<?> c ? c.call() : condition);
        Sources.Location where = Sources.caller();
        String text = p.size() == 2 ? String.valueOf(p.get(0)) : where == null ? "expectation" : where.text();
        String location = where == null ? "?" : where.toString();
        session.scenario().expectation(new Scenario.Expectation(location, text, passed));
        session.print((passed ? "expect ok: " : "EXPECT FAILED: ") + location + ": " + text + "\n");
        return passed;
    }
}
