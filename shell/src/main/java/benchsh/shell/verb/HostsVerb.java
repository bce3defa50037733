package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostConnector;
import benchsh.shell.report.HostReport;
import java.util.List;

/**
 * {@code hosts}: prints every host with its state and facts; {@code hosts connect: true} connects
 * them first, in parallel. Returns nothing (scripts use {@code connect} or a host's {@code facts()}).
 */
public final class HostsVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("hosts", "list hosts with state, peer version, kernel, CPU and Java", "",
            List.of(Arg.of("connect", ArgType.BOOL, false, "connect every host first (in parallel)")),
            List.of("hosts", "hosts connect: true"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    /** With {@code connect: true} it reaches the hosts: a dry run skips it (it only prints). */
    @Override
    public boolean connects() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) throws InterruptedException {
        List<Host> all = session.hosts().all();
        if (args.bool("connect")) {
            HostConnector.connectAll(all, session.ssh().settings().parallel(), ConnectVerb.DEADLINE);
        }
        session.print(HostReport.table(all));
        return null;
    }
}
