package benchsh.peer.fs;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Prefix;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Metered;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Streamed;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;

/**
 * Copies a tree (or one file) like {@code cp -a} on one host (role "local"), or from host to host
 * like {@code tar c | nc | tar x} (role "connect" sends, role "listen" receives): one token-gated TCP
 * stream carrying a {@link TreeArchive} (or, when the link's partner is a host's own {@code nc | tar}, {@link
 * benchsh.peer.protocol.Link#plain()}, a {@link TarArchive}), no per-file round trip. The destination must be new; it is
 * removed after the copy unless {@code keep}, and always after a failure (ENOSPC, a rejected name):
 * exactly the entries the copy created ({@link CreatedEntries}), nothing that appeared beside them.
 * With {@code verify} each side reports a {@link TreeDigest} ({@code src_digest}, {@code dst_digest})
 * computed after the timed copy; the shell compares them. With {@code cold} the sender drops the
 * page cache first (metric {@code cache}: dropped or warm). The sides are {@link CopySide}s.
 *
 * <p>Refused at open (REFUSED): a source that is missing, a link or a device; a destination that exists,
 * is a link or has no parent directory; a source and destination that overlap. While running: ENOSPC and
 * permission errors are IO, names outside the destination and paths that appeared before benchsh's
 * exclusive create REFUSED, a listener whose sender never came or a sender whose connection did not come
 * within the timeout TIMEOUT, as is a receiver that did not confirm the end by the drain rule ({@link
 * benchsh.peer.workload.LinkedSide}), no data for the timeout STALLED.
 */
public final class CopyWorkload implements Workload {
    public static final String NAME = "copy";
    /** At most this many entries are accepted from a sender. */
    public static final long MAX_ENTRIES = 20_000_000;
    /** Threads of a local copy (each lists directories and copies files) or of a receiver (writing small files). */
    public static final long MAX_THREADS = 64;
    /** The worker threads of a local copy, and of a receiver that can use them ({@link #receiverThreads}). */
    public static final int DEFAULT_THREADS = 4;
    /** A receiver's {@code threads} when the shell leaves the choice to it ({@link #receiverThreads}). */
    public static final int CHOSEN_THREADS = 0;

    /**
     * Role "local": copies {@code src} to the new path {@code dst} on this host.
     *
     * @param verify  report both trees' digests after the timed copy
     * @param cold    drop the page cache before reading the source
     * @param keep    keep the destination (else removed after the copy)
     * @param threads threads that list directories and copy files ({@link ParallelTreeWalk}; 1: one walker, inline)
     */
    public record Local(String src, String dst, boolean verify, boolean cold, boolean keep, @Range(min = 1, max = MAX_THREADS) int threads,
                        Timing timing) {
        public Local {
            SafePaths.specPath("src", src);
            SafePaths.specPath("dst", dst);
        }
    }

    /**
     * Role "listen": receives a tree from the sender into the new path {@code dst}.
     *
     * @param threads threads that write small received files (1: the receiving thread), or {@link #CHOSEN_THREADS}
     */
    public record Receive(String dst, boolean verify, boolean keep, @Range(min = CHOSEN_THREADS, max = MAX_THREADS) int threads, Timing timing) {
        public Receive {
            SafePaths.specPath("dst", dst);
        }
    }

    /** Role "connect": sends the tree (or file) at {@code src} to the listener. */
    public record Send(String src, boolean verify, boolean cold, Timing timing) {
        public Send {
            SafePaths.specPath("src", src);
        }
    }

    /**
     * The threads a receiver writes small files on when left to choose: one, the receiving thread, where this peer has
     * one CPU and {@code dst} is on a local file system (more threads only take CPU from each other and from the JIT
     * compiler: scripts/bench-disk --netns --jit); else {@link #DEFAULT_THREADS}, which keep creates in flight on
     * NFS even with one CPU and spread them over more.
     */
    static int receiverThreads(Path dst, int cpus) {
        FsFacts fs = FsFacts.of(dst);
        return cpus == 1 && fs != null && !fs.network() ? 1 : DEFAULT_THREADS;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Role> roles() {
        return Map.of("local", Role.of(Local.class, Report.class), "listen", Role.of(Receive.class, Report.class),
                "connect", Role.of(Send.class, Report.class));
    }

    /**
     * What every copy side reports, as far as it applies to its role: the meter's figures, what it read (a local copy, a
     * sender), what it wrote (a local copy, a receiver), what a sender streamed, the strays (a receiver), and after a
     * removal of what it created whether all of it went.
     */
    public record Report(@OrNull Streamed meter, @OrNull Source source, @OrNull Destination destination, @OrNull Count sent,
                         @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") @OrNull Long straysDropped,
                         @Metric(unit = Unit.TEXT, means = "whether everything the run created was removed") @OrNull Boolean removed) implements Metered {
    }

    /** The source's side of a copy: its file system, how it met the page cache ({@code cold}), what was skipped, its digest ({@code verify}). */
    public record Source(@Prefix(value = "src_", means = "the source") @OrNull FsFacts fs,
                         @Metric(unit = Unit.TEXT, means = "how the source met the page cache: dropped (the caches were dropped first) or warm")
                         @OrNull PageCache.Mode cache,
                         @Metric(unit = Unit.COUNT, means = "entries a copy left out (links, devices)") @OrNull Long skipped,
                         @Metric(unit = Unit.TEXT, means = "SHA-256 over the source tree") @OrNull String srcDigest) {
    }

    /**
     * The destination's side of a copy: its file system, what was made and what could not be kept (absent when the copy
     * did not get that far), how files were written, its digest.
     */
    public record Destination(@Prefix(value = "dst_", means = "the destination") @OrNull FsFacts fs, @OrNull Count made,
                              @Metric(unit = Unit.COUNT, means = "entries whose mode or times could not be kept") @OrNull Long attributesNotKept,
                              @Metric(unit = Unit.TEXT, means = "copy: how the destination's files were written: native (create, write, times and close on"
                                      + " one descriptor; Java 22+) or nio (times set by path)") @OrNull String fileIo,
                              @Metric(unit = Unit.COUNT, means = "copy between hosts: threads that wrote the received small files (1: the receiving thread)")
                              @OrNull Integer writeThreads,
                              @Metric(unit = Unit.TEXT, means = "SHA-256 over the destination tree") @OrNull String dstDigest) {
    }

    /** Files and directories (the root included) a copy made or streamed. */
    public record Count(@Metric(unit = Unit.COUNT, means = "files made or copied") long files,
                        @Metric(unit = Unit.COUNT, means = "directories made or copied, the root included") long dirs) {
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        if (spec instanceof Local s) {
            Path src = source(s.src());
            Path dst = destination(s.dst());
            if (dst.startsWith(src) || src.startsWith(dst)) {
                throw new RefusedException("source " + src + " and destination " + dst + " overlap");
            }
            return new CopySide.LocalCopy(s, src, dst, context);
        }
        if (spec instanceof Receive s) {
            return new CopySide.Receiver(s, destination(s.dst()), link, context);
        }
        Send s = (Send) spec;
        Path src = source(s.src());
        if (link != null && link.plain() && Files.isRegularFile(src, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedException("a single file sent to a host's own tar x arrives inside a directory there: copy the directory that holds "
                    + src.getFileName() + ", or send the file with pipe (source: the file, sink: its new path)");
        }
        return new CopySide.Sender(s, src, link, context);
    }

    /** A source that exists and is no link or device. */
    private static Path source(String path) throws IOException {
        Path p = SafePaths.specPath("src", path);
        new TreeSource(p);
        return p;
    }

    /** A destination that is new, in a directory that exists. */
    private static Path destination(String path) throws IOException {
        Path p = SafePaths.specPath("dst", path);
        TreeSink.check(p);
        return p;
    }
}
