package benchsh.shell.host.shellpeer;

import static benchsh.shell.host.shellpeer.SideScript.q;

import benchsh.peer.fs.DiskWorkload;
import benchsh.peer.fs.PageCache;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Streamed;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code disk} on a host without a peer, with its own {@code dd}: a write is {@code dd if=/dev/zero of=FILE bs=BS
 * count=N conv=notrunc} into a new file (created first, O_EXCL), with {@code conv=fdatasync} for {@code sync:} (or
 * {@code conv=fsync} where dd has no fdatasync), {@code oflag=direct} and {@code oflag=dsync}; a read is {@code dd
 * if=FILE of=/dev/null bs=BS count=N}, of a file that exists or one written first (not timed, synced); {@code cold:}
 * drops the page cache where the login user may, else reads with {@code iflag=direct} where dd and the file system take
 * it, else says warm. The span is the host's uptime around dd; the bytes are the file's size for a write and dd's count
 * for a read, checked against each other. A file the run created is removed unless {@code keep} (always after a
 * failure), while it is still that file. It writes zeros where the peer writes pseudo-random bytes: a compressing file
 * system stores them in less. Immutable.
 */
final class DiskRun implements ShellJob {
    static final List<String> NEEDS = List.of("dd");

    private final String host;
    private final DiskWorkload.Spec spec;
    private final Tools tools;

    DiskRun(String host, DiskWorkload.Spec spec, Tools tools) {
        this.host = host;
        this.spec = spec;
        this.tools = tools;
    }

    /** Why this host's dd cannot run the spec as asked, in words; null when it can. */
    static String refusal(DiskWorkload.Spec spec, Tools tools) {
        if (spec.bytes() % spec.bs() != 0) {
            return "dd writes and reads whole blocks: on a host without a peer, " + (spec.op() == DiskWorkload.Op.WRITE ? "write:" : "read:")
                    + " must be a multiple of bs: (" + spec.bs() + " bytes)";
        }
        List<String> flags = new ArrayList<>();
        if (spec.sync() && tools.ddSync() == null) {
            flags.add("conv=fdatasync (nor conv=fsync)");
        }
        if (spec.dsync() && !tools.dd("oflag=dsync")) {
            flags.add("oflag=dsync");
        }
        if (spec.direct() && !tools.dd(spec.op() == DiskWorkload.Op.WRITE ? "oflag=direct" : "iflag=direct")) {
            flags.add(spec.op() == DiskWorkload.Op.WRITE ? "oflag=direct" : "iflag=direct");
        }
        return flags.isEmpty() ? null : "its dd (" + tools.label() + ") takes no " + String.join(" and no ", flags)
                + ": leave that flag out there, or run the Java peer";
    }

    private long count() {
        return spec.bytes() / spec.bs();
    }

    private boolean write() {
        return spec.op() == DiskWorkload.Op.WRITE;
    }

    @Override
    public String tools() {
        List<String> flags = new ArrayList<>();
        if (write()) {
            flags.add("conv=notrunc" + (spec.sync() ? "," + tools.ddSync() : ""));
        }
        String oflags = String.join(",", (spec.direct() ? "direct" : "") + (spec.direct() && spec.dsync() ? "," : "") + (spec.dsync() ? "dsync" : ""));
        if (write() && !oflags.isEmpty()) {
            flags.add("oflag=" + oflags);
        }
        if (!write() && spec.direct()) {
            flags.add("iflag=direct");
        }
        return (write() ? "dd if=/dev/zero of=FILE" : "dd if=FILE of=/dev/null") + (flags.isEmpty() ? "" : " " + String.join(" ", flags));
    }

    @Override
    public String prepare() {
        if (write()) {
            return Fragments.createFile(spec.path());
        }
        String p = q(spec.path());
        String sync = tools.ddSync() == null ? "" : " conv=notrunc," + tools.ddSync();
        return "if [ -h " + p + " ]; then echo \"$T fail link\"; false; elif [ -e " + p + " ]; then [ -f " + p + " ] || { echo \"$T fail notfile\"; false; }; "
                + "else " + Fragments.createFile(spec.path()) + " && { echo \"$T step fill\"; dd if=/dev/zero of=" + p + " bs=" + spec.bs() + " count=" + count()
                + (sync.isEmpty() ? " conv=notrunc" : sync) + " || { echo \"$T fail fill\"; false; }; }; fi";
    }

    @Override
    public String body() {
        String p = q(spec.path());
        if (write()) {
            String oflag = (spec.direct() ? "direct" : "") + (spec.direct() && spec.dsync() ? "," : "") + (spec.dsync() ? "dsync" : "");
            return "echo \"$T step write\"; m start; dd if=/dev/zero of=" + p + " bs=" + spec.bs() + " count=" + count() + " conv=notrunc"
                    + (spec.sync() ? "," + tools.ddSync() : "") + (oflag.isEmpty() ? "" : " oflag=" + oflag) + "; echo \"$T exit dd $?\"; m end; "
                    + Fragments.size("size", spec.path());
        }
        String cold;
        if (spec.direct()) {
            cold = "D=iflag=direct; echo \"$T val cache direct\"";
        } else if (spec.cold()) {
            String direct = tools.dd("iflag=direct") ? "elif dd if=" + p + " of=/dev/null bs=" + spec.bs() + " count=1 iflag=direct >/dev/null 2>&1; then "
                    + "D=iflag=direct; echo \"$T val cache direct\"; " : "";
            cold = "D=; if " + (tools.dropsCaches() ? "sync && echo 3 >/proc/sys/vm/drop_caches" : "false") + "; then echo \"$T val cache dropped\"; "
                    + direct + "else echo \"$T val cache warm\"; fi";
        } else {
            cold = "D=; echo \"$T val cache warm\"";
        }
        return cold + "; echo \"$T step read\"; m start; dd if=" + p + " of=/dev/null bs=" + spec.bs() + " count=" + count() + " $D; echo \"$T exit dd $?\"; "
                + "m end; " + Fragments.size("size", spec.path());
    }

    @Override
    public String cleanup() {
        return Fragments.removeCreated(spec.path(), spec.keep());
    }

    @Override
    public Ended end(Said said) {
        if (said.fails().contains("link")) {
            return new Ended(null, host + ": " + tools() + ": " + spec.path() + " is a symbolic link; benchsh reads only the file itself", ErrorKind.REFUSED);
        }
        if (said.fails().contains("notfile")) {
            return new Ended(null, host + ": " + tools() + ": " + spec.path() + " is not a regular file", ErrorKind.REFUSED);
        }
        Long size = said.number("size");
        DdCount dd = DdCount.of(said.says(), write() ? "out" : "in");
        long bytes = write() ? (size == null ? 0 : size) : dd == null ? 0 : dd.bytes(spec.bs(), size);
        Streamed meter = Span.streamed(said, "start", "end", bytes);
        PageCache.Mode cache = write() ? null : Copies.cache(said.value("cache"));
        DiskWorkload.Report report = new DiskWorkload.Report(meter, null, 0, Double.NaN, cache);
        Ended failed = Fragments.failure(host, tools(), said, spec.path(), List.of("dd"));
        if (failed == null && said.fails().contains("fill")) {
            failed = new Ended(null, host + ": " + tools() + ": could not write the file to read first", ErrorKind.IO);
        }
        if (failed == null && write() && (dd == null || size == null || dd.bytes(spec.bs(), null) != size)) {
            failed = new Ended(null, host + ": dd said it wrote " + (dd == null ? "nothing" : dd.bytes(spec.bs(), null) + " bytes") + ", but "
                    + spec.path() + " has " + size, ErrorKind.IO);
        }
        if (failed == null && write() && bytes < spec.bytes()) {
            failed = new Ended(null, host + ": dd wrote " + bytes + " of " + spec.bytes() + " bytes to " + spec.path(), ErrorKind.IO);
        }
        if (failed == null) {
            return Ended.ok(report);
        }
        return new Ended(report, failed.error() + (bytes > 0 ? "; " + bytes + " bytes were " + (write() ? "written" : "read") + " before" : ""),
                failed.kind());
    }
}
