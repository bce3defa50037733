package benchsh.shell.host.shellpeer;

import static benchsh.shell.host.shellpeer.SideScript.q;

import benchsh.peer.pipe.PipeSource;
import benchsh.peer.pipe.PipeStream;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Streamed;
import java.util.List;

/**
 * The sending end of a {@code pipe} on a host without a peer, the seed's own command: {@code { printf TOKEN; dd
 * if=SOURCE bs=BS count=N; } | nc ADDRESS PORT}. The source is {@code /dev/zero}, {@code /dev/urandom} (the kernel's
 * generator, where the peer has its own faster one) or the file; the token the listener admits is printed first. Its
 * span runs from before the pipeline to {@code nc}'s end, which comes after the receiver closed (busybox's nc ends its
 * sending half at the end of its input, and ends when the other end closes), so it includes the receiver's final
 * sync. Its report: the bytes dd counted, the blocks, no stage times (a process per stage). Immutable.
 */
final class PipeSend implements ShellJob {
    private final String host;
    private final PipeStream.SourceSpec spec;
    private final Link link;
    private final Tools tools;

    PipeSend(String host, PipeStream.SourceSpec spec, Link link, Tools tools) {
        this.host = host;
        this.spec = spec;
        this.link = link;
        this.tools = tools;
    }

    /** The tools needed: dd and nc. */
    static final List<String> NEEDS = List.of("dd", "nc", "printf");

    private String source() {
        return switch (spec.source()) {
            case ZERO -> "/dev/zero";
            case RANDOM -> "/dev/urandom";
            case FILE -> spec.sourcePath();
        };
    }

    @Override
    public String tools() {
        return "dd if=" + source() + " | nc";
    }

    @Override
    public String prepare() {
        if (spec.source() != PipeSource.Kind.FILE) {
            return "true";
        }
        String p = q(spec.sourcePath());
        return "if [ -h " + p + " ]; then echo \"$T fail link\"; false; elif [ -f " + p + " ]; then " + Fragments.size("size", spec.sourcePath())
                + "; else echo \"$T fail source\"; false; fi";
    }

    @Override
    public String body() {
        String count = spec.count() > 0 ? " count=" + spec.count() : "";
        String close = tools.ncClose().isEmpty() ? "" : tools.ncClose() + " ";
        long wait = Math.max(1, spec.timing().timeout().toSeconds());
        return "echo \"$T step send\"; m start; { " + SideScript.printfToken(link.tokenBytes()) + "; dd if=" + q(source()) + " bs=" + spec.bs() + count
                + " 2>&4; echo \"$T exit dd $?\" >&4; } | nc " + close + "-w " + wait + " " + q(link.address()) + " " + link.port()
                + " >/dev/null 2>&4; echo \"$T exit nc $?\"; m end";
    }

    @Override
    public String cleanup() {
        return "true";
    }

    @Override
    public Ended end(Said said) {
        String file = spec.source() == PipeSource.Kind.FILE ? spec.sourcePath() : null;
        if (said.fails().contains("link")) {
            return new Ended(null, host + ": " + tools() + ": source " + file + " is a symbolic link; benchsh reads only the file itself", 
                    benchsh.peer.protocol.ErrorKind.REFUSED);
        }
        if (said.fails().contains("source")) {
            return new Ended(null, host + ": " + tools() + ": source " + file + " is missing or not a regular file", benchsh.peer.protocol.ErrorKind.REFUSED);
        }
        DdCount dd = DdCount.of(said.says(), "out");
        Long size = said.number("size");
        long bytes = dd == null ? 0 : dd.bytes(spec.bs(), size);
        Streamed meter = Span.streamed(said, "start", "end", bytes);
        PipeStream.SourceReport report = new PipeStream.SourceReport(meter, dd == null ? 0 : dd.blocks(),
                new PipeStream.SourceTimes(Double.NaN, Double.NaN));
        Ended failed = Fragments.failure(host, tools(), said, file, List.of("nc", "dd"));
        return failed == null ? Ended.ok(report) : new Ended(report, failed.error(), failed.kind());
    }
}
