package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.report.PlanTable;
import benchsh.shell.run.Plan;
import groovy.lang.Closure;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code plan 'scenario.groovy'} or {@code plan { ... }}: a dry run. The script is evaluated, but no
 * host is contacted and no data moves; every test it would run is listed with its hosts and
 * parameters, and the total duration is estimated. Same as {@code benchsh run FILE --dry-run}.
 */
public final class PlanVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("plan", "dry run: list the tests a script or block would run, without connecting",
            "'file.groovy' | { ... }", List.of(),
            List.of("plan 'examples/01-netio-table.groovy'", "plan { sweep(size: [1.KiB, 2.KiB]) { p -> tcp size: p.size } }"));

    private final ScriptFiles scripts;

    public PlanVerb(ScriptFiles scripts) {
        this.scripts = scripts;
    }

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) throws Exception {
        if (args.positional().size() != 1) {
            throw new UsageException("usage: plan 'file.groovy' or plan { ... }");
        }
        Object what = args.positional().get(0);
        return dryRun(session, () -> {
            if (what instanceof Closure<?> c) {
                c.call();
            } else {
                scripts.evaluateFile(Path.of(what.toString()));
            }
        });
    }

    /** Something evaluated in plan mode. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} as a dry run, prints the plan and returns it; within a dry run already (a script's check), as part of it. */
    public static Plan dryRun(Session session, Body body) throws Exception {
        if (session.context().planning()) {
            body.run();
            return session.context().plan();
        }
        Plan plan = new Plan();
        session.hosts().allowConnections(false);
        try {
            Exception[] failure = new Exception[1];
            session.within(session.context().planning(plan), () -> {
                try {
                    body.run();
                } catch (Exception e) {
                    failure[0] = e;
                }
                return null;
            });
            if (failure[0] != null) {
                throw failure[0];
            }
        } finally {
            session.hosts().allowConnections(true);
        }
        session.print(PlanTable.render(plan, session.unit()));
        return plan;
    }
}
