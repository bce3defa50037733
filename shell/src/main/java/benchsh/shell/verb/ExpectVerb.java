package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.result.Scenario;
import benchsh.shell.script.Observed;
import benchsh.shell.script.Sources;
import groovy.lang.Closure;
import java.util.List;
import org.codehaus.groovy.runtime.typehandling.DefaultTypeTransformation;

/**
 * {@code expect r.throughput > 900.Mbit}: a check for CI gating. A failed expectation is printed
 * with its line and the values of its parts ({@code (r.throughput = 51.5 MB/s, 900.Mbit = 112 MB/s)},
 * recorded by {@link Observed}); batch mode lists every failed one at the end and exits 1. Skipped in a dry run.
 * {@code expect r, within: 5.percent, of: baseline('nightly')} gates against stored runs ({@link BaselineGate}).
 */
public final class ExpectVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("expect", "check a condition; failed expectations make batch mode exit 1",
            "CONDITION | 'what' { ... } | R, within: TOLERANCE, of: baseline('LABEL')", List.of(),
            List.of("expect r.throughput > 900.Mbit", "expect('low latency') { r.metrics.latency_p99_us < 200 }",
                    "expect r, within: 5.percent, of: baseline('nightly')"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readsResults() {
        return true;
    }

    /** Nothing to check before a run: a condition is what the run measures, and {@link BaselineGate} reads its own arguments. */
    @Override
    public void check(Session session, Object[] groovyArgs) {
    }

    @Override
    public Object invoke(Session session, Object[] groovyArgs) throws Exception {
        if (BaselineGate.asked(groovyArgs)) {
            return BaselineGate.check(groovyArgs, session);
        }
        return Verb.super.invoke(session, groovyArgs);
    }

    @Override
    public Object call(Args args, Session session) {
        List<Object> p = args.positional();
        if (p.isEmpty() || p.size() > 2) {
            throw new UsageException("usage: expect CONDITION, or expect('what') { CONDITION }");
        }
        Object condition = p.get(p.size() - 1);
        Observed observed = condition instanceof Observed o ? o : null;
        Object value = observed != null ? observed.value() : condition;
        if (value instanceof Closure<?> c) {
            value = c.call();
        }
        boolean passed = DefaultTypeTransformation.castToBoolean(value);
        String values = passed || observed == null ? "" : observed.describe(session.unit());
        return record(session, p.size() == 2 ? String.valueOf(p.get(0)) : null, values.isEmpty() ? null : values, passed);
    }

    /**
     * Records and prints an expectation: {@code what} (or the script line) and, when given, {@code detail}
     * in parentheses after it.
     */
    static boolean record(Session session, String what, String detail, boolean passed) {
        Sources.Location where = Sources.caller();
        String text = (what != null ? what : where == null ? "expectation" : where.text()) + (detail == null ? "" : " (" + detail + ")");
        String location = where == null ? "?" : where.toString();
        session.scenario().expectation(new Scenario.Expectation(location, text, passed));
        session.print((passed ? "expect ok: " : "EXPECT FAILED: ") + location + ": " + text + "\n");
        return passed;
    }
}
