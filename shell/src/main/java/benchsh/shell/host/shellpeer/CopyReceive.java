package benchsh.shell.host.shellpeer;

import static benchsh.shell.host.shellpeer.SideScript.q;

import benchsh.peer.fs.CopyWorkload;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Streamed;
import java.util.List;

/**
 * The receiving end of a {@code copy} on a host without a peer: {@code nc -l -p PORT | tar xof - -C DESTINATION} into a
 * new directory (created first; tar keeps modes and times, not owners), after the test's token is read and checked. The
 * sender, a peer, sends tar ({@link CopyWorkload.Send#tar}). The span runs from the token to tar's end; what arrived is
 * counted afterwards ({@code find}, {@code ls}). The directory is removed afterwards unless {@code keep}, and always
 * after a failure, while it is still the one it created. Immutable.
 */
final class CopyReceive implements ShellJob {
    static final List<String> NEEDS = List.of("nc", "tar", "dd", "od", "grep", "find", "wc", "mkdir");

    private final String host;
    private final CopyWorkload.Receive spec;
    private final Link link;
    private final Tools tools;
    private final List<Integer> ports;

    CopyReceive(String host, CopyWorkload.Receive spec, Link link, Tools tools, List<Integer> ports) {
        this.host = host;
        this.spec = spec;
        this.link = link;
        this.tools = tools;
        this.ports = List.copyOf(ports);
    }

    @Override
    public String tools() {
        return "nc -l | tar x";
    }

    @Override
    public String prepare() {
        return Fragments.createDir(spec.dst());
    }

    @Override
    public String body() {
        String consumer = "{ " + Fragments.token(link.tokenBytes()) + "; echo \"$T step receive\"; m start; tar xof - -C " + q(spec.dst())
                + "; echo \"$T exit tar $?\"; }";
        return Fragments.listen(tools, ports, consumer) + "; m end; " + Fragments.count(spec.dst());
    }

    @Override
    public String cleanup() {
        return Fragments.removeCreated(spec.dst(), spec.keep());
    }

    @Override
    public Ended end(Said said) {
        Long bytes = said.number("bytes");
        Streamed meter = bytes == null ? null : Span.streamed(said, "start", "end", bytes);
        CopyWorkload.Report report = new CopyWorkload.Report(meter, null, Copies.destination(said), null, 0L, Copies.removed(said));
        Ended failed = Fragments.failure(host, tools(), said, spec.dst(), List.of("tar", "nc"));
        return failed == null ? Ended.ok(report) : new Ended(report, failed.error(), failed.kind());
    }
}
