package benchsh.shell.host.shellpeer;

import static benchsh.shell.host.shellpeer.SideScript.q;

import benchsh.peer.fs.CopyWorkload;
import benchsh.peer.protocol.ErrorKind;
import java.util.List;

/**
 * A {@code copy} on one host without a peer, with its own {@code cp -a}: a tree into a new directory (created first,
 * then {@code cp -a SOURCE/. DESTINATION}), a file to a new path. The span is the host's uptime around cp; what it made
 * is counted afterwards. {@code cold:} drops the page cache where the login user may, else says warm. The destination
 * is removed afterwards unless {@code keep}, and always after a failure. Immutable.
 */
final class CopyLocal implements ShellJob {
    static final List<String> NEEDS = List.of("cp", "find", "wc", "mkdir");

    private final String host;
    private final CopyWorkload.Local spec;
    private final Tools tools;

    CopyLocal(String host, CopyWorkload.Local spec, Tools tools) {
        this.host = host;
        this.spec = spec;
        this.tools = tools;
    }

    @Override
    public String tools() {
        return "cp -a";
    }

    @Override
    public String prepare() {
        String s = q(spec.src());
        String d = q(spec.dst());
        return "if [ -h " + s + " ]; then echo \"$T fail link\"; false; elif [ -d " + s + " ]; then " + Fragments.createDir(spec.dst())
                + "; elif [ -f " + s + " ]; then if [ -e " + d + " ] || [ -h " + d + " ]; then echo \"$T fail exists\"; false; else I=new; fi; "
                + "else echo \"$T fail source\"; false; fi";
    }

    @Override
    public String body() {
        String s = q(spec.src());
        String d = q(spec.dst());
        return (spec.cold() ? Fragments.cold(tools) : "echo \"$T val cache warm\"") + "; echo \"$T step copy\"; m start; "
                + "if [ -d " + s + " ]; then cp -a " + q(spec.src() + "/.") + " " + d + "; else cp -a " + s + " " + d + "; fi; echo \"$T exit cp $?\"; "
                + "m end; " + Fragments.count(spec.dst());
    }

    @Override
    public String cleanup() {
        String d = q(spec.dst());
        // a file copied to a path that was free: what is there now is the copy's
        return "if [ \"$I\" = new ]; then if { [ \"$c\" -ne 0 ] || " + (spec.keep() ? "false" : "true") + "; } && [ -f " + d + " ]; then "
                + "rm -f " + d + " && echo \"$T val removed yes\"; fi; else " + Fragments.removeCreated(spec.dst(), spec.keep()) + "; fi";
    }

    @Override
    public Ended end(Said said) {
        if (said.fails().contains("link") || said.fails().contains("source")) {
            return new Ended(null, host + ": " + tools() + ": " + spec.src() + (said.fails().contains("link") ? " is a symbolic link" : " does not exist"),
                    ErrorKind.REFUSED);
        }
        Long bytes = said.number("bytes");
        CopyWorkload.Source source = new CopyWorkload.Source(null, Copies.cache(said.value("cache")), null, null);
        CopyWorkload.Report report = new CopyWorkload.Report(bytes == null ? null : Span.streamed(said, "start", "end", bytes), source,
                Copies.destination(said), null, null, Copies.removed(said));
        Ended failed = Fragments.failure(host, tools(), said, spec.dst(), List.of("cp"));
        return failed == null ? Ended.ok(report) : new Ended(report, failed.error(), failed.kind());
    }
}
