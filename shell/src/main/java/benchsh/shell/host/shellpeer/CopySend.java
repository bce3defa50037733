package benchsh.shell.host.shellpeer;

import static benchsh.shell.host.shellpeer.SideScript.q;

import benchsh.peer.fs.CopyWorkload;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import java.util.List;

/**
 * The sending end of a {@code copy} on a host without a peer: {@code { printf TOKEN; cd SOURCE && tar cf - .; } | nc
 * ADDRESS PORT} (a single file: {@code cd DIR && tar cf - NAME}); the receiver, a peer, reads the tar stream. The
 * source must hold only files and directories (tar would send its links and devices, which the receiver refuses: the
 * peer skips them). What it sends is counted first, outside the span ({@code find}, {@code ls}); {@code cold:} drops the
 * page cache where the login user may, else says warm. The span runs to nc's end, after the receiver closed. Immutable.
 */
final class CopySend implements ShellJob {
    static final List<String> NEEDS = List.of("tar", "nc", "printf", "find", "wc");

    private final String host;
    private final CopyWorkload.Send spec;
    private final Link link;
    private final Tools tools;

    CopySend(String host, CopyWorkload.Send spec, Link link, Tools tools) {
        this.host = host;
        this.spec = spec;
        this.link = link;
        this.tools = tools;
    }

    @Override
    public String tools() {
        return "tar c | nc";
    }

    @Override
    public String prepare() {
        String p = q(spec.src());
        return "if [ -h " + p + " ]; then echo \"$T fail link\"; false; elif [ -e " + p + " ]; then "
                + "set -- $(find " + p + " ! -type f ! -type d 2>/dev/null | wc -l); if [ \"$1\" -ne 0 ]; then echo \"$T val special $1\"; "
                + "echo \"$T fail special\"; false; else " + Fragments.count(spec.src()) + "; fi; else echo \"$T fail source\"; false; fi";
    }

    @Override
    public String body() {
        String p = q(spec.src());
        String close = tools.ncClose().isEmpty() ? "" : tools.ncClose() + " ";
        long wait = Math.max(1, spec.timing().timeout().toSeconds());
        String tar = "if [ -d " + p + " ]; then cd " + p + " && tar cf - .; else cd \"$(dirname " + p + ")\" && tar cf - \"$(basename " + p + ")\"; fi";
        return (spec.cold() ? Fragments.cold(tools) : "echo \"$T val cache warm\"") + "; echo \"$T step send\"; m start; { "
                + SideScript.printfToken(link.tokenBytes()) + "; " + tar + "; echo \"$T exit tar $?\" >&4; } | nc " + close + "-w " + wait + " "
                + q(link.address()) + " " + link.port() + " >/dev/null 2>&4; echo \"$T exit nc $?\"; m end";
    }

    @Override
    public String cleanup() {
        return "true";
    }

    @Override
    public Ended end(Said said) {
        if (said.fails().contains("link") || said.fails().contains("source") || said.fails().contains("special")) {
            String why = said.fails().contains("link") ? " is a symbolic link; benchsh reads only the tree itself"
                    : said.fails().contains("source") ? " does not exist"
                    : " holds " + said.value("special") + " links, devices or other special files, which tar would send and the receiving peer refuses";
            return new Ended(null, host + ": " + tools() + ": " + spec.src() + why, ErrorKind.REFUSED);
        }
        long bytes = orZero(said.number("bytes"));
        CopyWorkload.Source source = new CopyWorkload.Source(null, Copies.cache(said.value("cache")), 0L, null);
        CopyWorkload.Report report = new CopyWorkload.Report(Span.streamed(said, "start", "end", bytes), source, null,
                new CopyWorkload.Count(orZero(said.number("files")), orZero(said.number("dirs"))), null, null);
        Ended failed = Fragments.failure(host, tools(), said, spec.src(), List.of("nc", "tar"));
        return failed == null ? Ended.ok(report) : new Ended(report, failed.error(), failed.kind());
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }
}
