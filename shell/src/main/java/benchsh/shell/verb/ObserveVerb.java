package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import groovy.lang.Closure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code observe(dut) { ... }}: every test inside the block also watches these hosts (CPU, interface counters,
 * softnet drops; see {@link benchsh.shell.observe.Observers}), as a verb's {@code observe:} does for one
 * test. {@code lo: true} counts their loopback interface too. Blocks nest and add up. Returns what the block
 * returns.
 */
public final class ObserveVerb implements Verb {
    private static final String USAGE = "usage: observe(dut) { ... } or observe(dut, h3, lo: true) { ... }";
    private static final VerbSpec SPEC = new VerbSpec("observe", "watch hosts (CPU, interface counters, drops) during every test inside a block",
            "(host, ...) { ... }",
            List.of(Arg.of("lo", ArgType.BOOL, false, "count the loopback interface too")),
            List.of("observe(dut) { udp from: h1, to: h2, rate: 50.Mbit }", "observe(local, lo: true) { tcp to: local, time: 2.s }"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object invoke(Session session, Object[] a) {
        List<Object> rest = new ArrayList<>(List.of(a));
        Map<?, ?> named = !rest.isEmpty() && rest.get(0) instanceof Map<?, ?> m ? m : Map.of();
        if (!named.isEmpty() || !rest.isEmpty() && rest.get(0) instanceof Map<?, ?>) {
            rest.remove(0);
        }
        if (rest.size() < 2 || !(rest.get(rest.size() - 1) instanceof Closure<?> body)) {
            throw new UsageException(USAGE);
        }
        Args args = Args.parse(SPEC, named, List.of(), session::host);
        List<Host> hosts = asHosts(rest.subList(0, rest.size() - 1), session);
        return session.within(session.context().observing(hosts, args.bool("lo")), body::call);
    }

    private static List<Host> asHosts(List<Object> given, Session session) {
        List<Object> flat = new ArrayList<>();
        given.forEach(g -> {
            if (g instanceof java.util.Collection<?> c) {
                flat.addAll(c);
            } else {
                flat.add(g);
            }
        });
        @SuppressWarnings("unchecked")
        List<Host> hosts = (List<Host>) ArgType.HOSTS.convert("observe", flat, session::host);
        return hosts;
    }

    @Override
    public Object call(Args args, Session session) {
        throw new UsageException(USAGE);
    }
}
