package benchsh.shell.verb;

import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.report.Pivot;
import benchsh.shell.result.Result;
import groovy.lang.Closure;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code matrix([h1, h2, h3]) { a, b -> tcp from: a, to: b }}: runs the block for every ordered pair
 * of different hosts, one after another, and prints a from × to table.
 */
public final class MatrixVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("matrix", "run a block for every ordered pair of hosts; prints a from x to table",
            "[h1, h2, ...] { a, b -> ... }", List.of(),
            List.of("matrix([h1, h2, h3]) { a, b -> tcp from: a, to: b, time: 5.s }"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object invoke(Session session, Object[] a) {
        if (a.length != 2 || !(a[0] instanceof List<?> list) || !(a[1] instanceof Closure<?> body)) {
            throw new UsageException("usage: matrix([h1, h2, h3]) { a, b -> tcp from: a, to: b }");
        }
        List<Host> hosts = new ArrayList<>();
        for (Object o : list) {
            hosts.add((Host) ArgType.HOST.convert("matrix", o, session::host));
        }
        if (hosts.size() < 2) {
            throw new UsageException("matrix needs at least two hosts");
        }
        int before = session.results().size();
        for (Host from : hosts) {
            for (Host to : hosts) {
                if (from != to) {
                    body.call(from, to);
                }
            }
        }
        List<Result> measured = session.results().subList(before, session.results().size());
        if (!measured.isEmpty()) {
            session.print("\n" + Pivot.ordered(measured, "from", "to", TableVerb.value(null, measured), session.unit(),
                    hosts.stream().map(Host::name).toList()));
        }
        return measured;
    }

    @Override
    public Object call(Args args, Session session) {
        throw new UsageException("usage: matrix([h1, h2, h3]) { a, b -> tcp from: a, to: b }");
    }
}
