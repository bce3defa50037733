package benchsh.shell.host.shellpeer;

import static benchsh.shell.host.shellpeer.SideScript.q;

import benchsh.peer.pipe.PipeSink;
import benchsh.peer.pipe.PipeStream;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Streamed;
import java.util.List;

/**
 * The receiving end of a {@code pipe} on a host without a peer: {@code nc -l -p PORT | dd of=FILE bs=BS conv=notrunc}
 * into a new file (created first, O_EXCL, with {@code conv=fdatasync} for {@code sync:}, or {@code conv=fsync} where dd
 * has no fdatasync), or {@code nc -l -p PORT | wc -c} for the null sink, after the test's 16-byte token is read and
 * checked ({@code dd bs=16 count=1 | od}). {@code nc} listens on every address of the host (busybox's cannot bind
 * one) on the first free one of the ports it is given. Its span runs from the token's arrival to the sink's end, sync
 * included; the bytes are the file's size (or wc's count). The file is removed afterwards unless {@code keep}, and
 * always after a failure, while it is still the file it created. Immutable.
 */
final class PipeReceive implements ShellJob {
    /** The tools needed besides nc: to read the token. */
    static final List<String> NEEDS = List.of("nc", "dd", "od", "grep", "wc");

    private final String host;
    private final PipeStream.SinkSpec spec;
    private final Link link;
    private final Tools tools;
    private final List<Integer> ports;

    PipeReceive(String host, PipeStream.SinkSpec spec, Link link, Tools tools, List<Integer> ports) {
        this.host = host;
        this.spec = spec;
        this.link = link;
        this.tools = tools;
        this.ports = List.copyOf(ports);
    }

    private boolean file() {
        return spec.sink() == PipeSink.Kind.FILE;
    }

    @Override
    public String tools() {
        String sync = spec.sync() ? " conv=" + tools.ddSync() : "";
        return file() ? "nc -l | dd of=FILE" + sync : "nc -l | wc -c";
    }

    @Override
    public String prepare() {
        return file() ? Fragments.createFile(spec.sinkPath()) : "true";
    }

    @Override
    public String body() {
        String sink;
        if (file()) {
            String sync = spec.sync() ? "," + tools.ddSync() : "";
            sink = "dd of=" + q(spec.sinkPath()) + " bs=" + spec.bs() + " conv=notrunc" + sync + " 2>&4; echo \"$T exit dd $?\"";
        } else {
            sink = "n=$(wc -c); echo \"$T exit wc $?\"; echo \"$T val bytes $n\"";
        }
        String consumer = "{ " + Fragments.token(link.tokenBytes()) + "; echo \"$T step receive\"; m start; " + sink + "; }";
        return Fragments.listen(tools, ports, consumer) + "; m end" + (file() ? "; " + Fragments.size("size", spec.sinkPath()) : "");
    }

    @Override
    public String cleanup() {
        return file() ? Fragments.removeCreated(spec.sinkPath(), spec.keep()) : "true";
    }

    @Override
    public Ended end(Said said) {
        Long bytes = file() ? said.number("size") : said.number("bytes");
        Streamed meter = bytes == null ? null : Span.streamed(said, "start", "end", bytes);
        boolean synced = file() && spec.sync() && Integer.valueOf(0).equals(said.exit("dd"));
        PipeStream.SinkReport report = new PipeStream.SinkReport(meter, new PipeStream.SinkTimes(Double.NaN, Double.NaN, Double.NaN, synced ? 1 : 0), 0);
        Ended failed = Fragments.failure(host, tools(), said, spec.sinkPath(), List.of("dd", "wc", "nc"));
        if (failed == null && "no".equals(said.value("removed"))) {
            failed = new Ended(null, host + ": " + spec.sinkPath() + " was not removed: it is no longer the file this test created", 
                    benchsh.peer.protocol.ErrorKind.IO);
        }
        return failed == null ? Ended.ok(report) : new Ended(report, failed.error(), failed.kind());
    }
}
