package benchsh.shell.verb;

import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostConnector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code connect a, b, c}: connects hosts in parallel (all known hosts when none are named), prints
 * one line per host that failed, and returns the hosts that are ready. A failing host does not hold
 * up the others.
 */
public final class ConnectVerb implements Verb {
    static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final VerbSpec SPEC = new VerbSpec("connect", "connect hosts in parallel and start their peers", "[HOST ...]",
            List.of(), List.of("connect a, b", "connect"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    /** It reaches the host: a dry run skips it. */
    @Override
    public boolean connects() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) throws InterruptedException {
        List<Host> hosts = resolve(args.positional(), session);
        Map<Host, String> outcome = HostConnector.connectAll(hosts, session.ssh().settings().parallel(), DEADLINE);
        List<Host> ready = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        outcome.forEach((h, error) -> {
            if (error == null) {
                ready.add(h);
            } else {
                sb.append("error: ").append(error).append('\n');
            }
        });
        sb.append(ready.size()).append(" of ").append(hosts.size()).append(" hosts ready\n");
        session.print(sb.toString());
        return ready;
    }

    /** Hosts named or given as objects; all hosts when the list is empty. */
    static List<Host> resolve(List<Object> given, Session session) {
        if (given.isEmpty()) {
            return session.hosts().all();
        }
        List<Host> hosts = new ArrayList<>();
        for (Object o : given) {
            if (o instanceof List<?> l) {
                l.forEach(x -> hosts.add((Host) ArgType.HOST.convert("host", x, session::host)));
            } else {
                hosts.add((Host) ArgType.HOST.convert("host", o, session::host));
            }
        }
        return hosts;
    }
}
