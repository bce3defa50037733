package benchsh.shell.host.shellpeer;

import benchsh.peer.fs.CopyWorkload;
import benchsh.peer.fs.DiskWorkload;
import benchsh.peer.pipe.PipeStream;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Workload;
import benchsh.peer.workload.Workloads;
import benchsh.shell.host.HostException;
import benchsh.shell.host.SideHandle;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.sshd.client.session.ClientSession;

/**
 * The peer of a host that runs no JVM: its own tools, over its login session. It learns once what they can do
 * ({@link ToolProbe}) and runs each side of {@code pipe}, {@code disk} and {@code copy} as a {@link ShellSide}, decoding
 * the same spec records the Java peer does; any other workload, a tool it lacks or a flag its {@code dd} does not take
 * is refused in words before anything starts there. Thread-safe.
 */
public final class ShellPeer {
    /** The first port a listener tries, and how many ports after it it draws from (below Linux's ephemeral range). */
    static final int PORT_BASE = 20_000;
    static final int PORT_SPAN = 12_000;
    private static final int CANDIDATES = 6;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The host's logged-in SSH session, logging in when needed. */
    @FunctionalInterface
    public interface Login {
        ClientSession session() throws HostException, InterruptedException;
    }

    private final String host;
    private final Login login;
    private volatile Tools tools;

    public ShellPeer(String host, Login login) {
        this.host = host;
        this.login = login;
    }

    /** What the host's tools can do, probed on first use and kept for the session. */
    public Tools tools() throws HostException, InterruptedException {
        Tools t = tools;
        if (t != null) {
            return t;
        }
        synchronized (this) {
            if (tools == null) {
                tools = ToolProbe.run(login.session(), host, ShellSide.newToken(), ports());
            }
            return tools;
        }
    }

    /** The tools, if probed already; else null. */
    public Tools known() {
        return tools;
    }

    /**
     * Starts one side of a test with the host's tools; its readiness and end arrive on the handle.
     *
     * @throws HostException when the host cannot run that side with its tools (the workload needs the Java peer, a tool is
     *                       missing, its dd lacks a flag), naming the host, the step and what to do
     */
    public SideHandle start(String id, String workload, String role, Map<String, Object> wire, Link link, Duration deadline)
            throws HostException, InterruptedException {
        String step = "start " + workload;
        Workload w = Workloads.named(workload);
        Role r = w == null ? null : w.roles().get(role);
        if (r == null || !List.of(PipeStream.NAME, DiskWorkload.NAME, CopyWorkload.NAME).contains(workload)) {
            throw new HostException(host, step, host + " runs its own tools, not benchsh's Java peer: " + workload
                    + " needs the peer (pipe, disk and copy run with its dd, nc and tar; install Java 17+ there, or drop peer: 'shell')");
        }
        Record spec;
        try {
            spec = SpecCodec.decode(r.spec(), new Fields("spec", wire));
        } catch (ProtocolException e) {
            throw new HostException(host, step, "bad spec: " + e.getMessage());
        }
        Tools t = tools();
        ShellJob job = job(spec, link, t);
        return ShellSide.start(login.session(), host, id, r, job, deadline);
    }

    /** The job for a spec, once the host's tools are known to run it. */
    private ShellJob job(Record spec, Link link, Tools t) throws HostException {
        if (spec instanceof PipeStream.SourceSpec s) {
            need(t, "pipe from a host without a peer", PipeSend.NEEDS, "start pipe");
            return new PipeSend(host, s, link, t);
        }
        if (spec instanceof PipeStream.SinkSpec s) {
            need(t, "pipe to a host without a peer", PipeReceive.NEEDS, "start pipe");
            listens(t, "start pipe");
            if (s.sync() && t.ddSync() == null) {
                throw new HostException(host, "start pipe", "its dd (" + t.label() + ") takes no conv=fdatasync (nor conv=fsync): leave sync: out there");
            }
            return new PipeReceive(host, s, link, t, ports());
        }
        if (spec instanceof CopyWorkload.Send || spec instanceof CopyWorkload.Receive || spec instanceof CopyWorkload.Local) {
            return copy(spec, link, t);
        }
        DiskWorkload.Spec s = (DiskWorkload.Spec) spec;
        need(t, "disk on a host without a peer", DiskRun.NEEDS, "start disk");
        String refused = DiskRun.refusal(s, t);
        if (refused != null) {
            throw new HostException(host, "start disk", refused);
        }
        return new DiskRun(host, s, t);
    }

    /** The job of a copy's side: its tools, and no checksums. */
    private ShellJob copy(Record spec, Link link, Tools t) throws HostException {
        String step = "start copy";
        boolean verify = spec instanceof CopyWorkload.Send s ? s.verify() : spec instanceof CopyWorkload.Receive r ? r.verify()
                : ((CopyWorkload.Local) spec).verify();
        if (verify) {
            throw new HostException(host, step, "verify: compares benchsh's checksums of both ends, and " + host + " runs its own tools: leave verify: out");
        }
        if (spec instanceof CopyWorkload.Send s) {
            need(t, "copy from a host without a peer", CopySend.NEEDS, step);
            return new CopySend(host, s, link, t);
        }
        if (spec instanceof CopyWorkload.Receive r) {
            need(t, "copy to a host without a peer", CopyReceive.NEEDS, step);
            listens(t, step);
            return new CopyReceive(host, r, link, t, ports());
        }
        need(t, "copy on a host without a peer", CopyLocal.NEEDS, step);
        return new CopyLocal(host, (CopyWorkload.Local) spec, t);
    }

    private void need(Tools t, String purpose, List<String> tools, String step) throws HostException {
        String lacking = t.lacking(host, purpose, tools);
        if (lacking != null) {
            throw new HostException(host, step, lacking);
        }
    }

    private void listens(Tools t, String step) throws HostException {
        if (t.ncListen() == null) {
            throw new HostException(host, step, "its nc cannot listen (neither nc -l -p PORT nor nc -l PORT listened on a free port): "
                    + "make this host the sending end, or install an nc that listens (busybox's with its server options, netcat-openbsd)");
        }
    }

    /**
     * The one line said once per host and kept in every result it takes part in: what runs there and what its figures
     * are; {@code why} says why it was chosen by itself (its peer could not start), null when it was asked for.
     */
    public String note(String why) {
        Tools t = tools;
        String what = t == null ? "" : " (" + t.label() + ")";
        return host + " runs its own tools" + what + ", no Java peer" + (why == null ? " (peer: 'shell')" : " (" + why + ")")
                + ": pipe, disk and copy are timed there by its shell around dd, nc and tar (a process per stage, their own buffer sizes; "
                + "no intervals, no stage times from it); tcp, udp, rr and http need the peer";
    }

    /** Random candidate ports for a listener. */
    static List<Integer> ports() {
        List<Integer> ports = new ArrayList<>();
        while (ports.size() < CANDIDATES) {
            int p = PORT_BASE + RANDOM.nextInt(PORT_SPAN);
            if (!ports.contains(p)) {
                ports.add(p);
            }
        }
        return ports;
    }
}
