package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.report.HostReport;
import java.util.List;

/** {@code sysinfo h}: prints all of a host's facts, including NICs and mounts (connects it if needed). */
public final class SysinfoVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("sysinfo", "all facts of a host: kernel, CPU, memory, Java, NICs, mounts", "HOST",
            List.of(), List.of("sysinfo local", "sysinfo a", "println a.facts().kernel"));

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
    public Object call(Args args, Session session) throws Exception {
        List<Host> hosts = ConnectVerb.resolve(args.positional().isEmpty() ? List.of("local") : args.positional(), session);
        for (Host h : hosts) {
            h.peer();
            session.print(HostReport.sysinfo(h));
        }
        return null;
    }
}
