package benchsh.shell.definition;

import benchsh.peer.fs.CopyWorkload;
import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Streamed;
import benchsh.shell.host.Host;
import benchsh.shell.report.ShellQuote;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Sides;
import java.util.List;

/**
 * How a copy's figures become its result, whichever way it ran (one peer, two peers, the shell over SFTP): the
 * writing side's figures with the reading side's source facts, files per second, both ends' file system labels and,
 * with {@code verify}, whether the checksums agree. Stateless.
 */
final class CopyMetrics {
    private CopyMetrics() {
    }

    /**
     * A copy's figures: what the writing side moved (a peer's meter, or the shell's own count over SFTP), what the reading
     * side and the writing side reported of their ends, the strays, whether a removal took everything, the sending side's
     * own figures (host to host), with {@code verify} the verdict, files per second, and both ends' file system labels.
     * A figure no side reported is absent.
     */
    @Headline("throughput_bps")
    record Figures(@OrNull Streamed meter, @OrNull StreamMetrics.Moved transfer, @OrNull CopyWorkload.Source source, @OrNull CopyWorkload.Destination destination,
                   @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") @OrNull Long straysDropped,
                   @Metric(unit = Unit.TEXT, means = "whether everything the run created was removed") @OrNull Boolean removed,
                   @Metric(unit = Unit.BYTES, means = "bytes the sender wrote in its measured span") @OrNull Long senderBytes,
                   @Metric(unit = Unit.PERCENT, means = "host CPU of the sending side") double senderCpuPct,
                   @Metric(unit = Unit.SECONDS, means = "the sender's measured span") double senderSeconds,
                   @Metric(unit = Unit.TEXT, means = "yes when the destination's SHA-256 equals the source's, else MISMATCH") @OrNull String verified,
                   @Metric(unit = Unit.PER_SECOND, means = "files per second") double filesPerS,
                   @Metric(unit = Unit.TEXT, means = "the source's file system") @OrNull String srcFs,
                   @Metric(unit = Unit.TEXT, means = "the destination's file system") @OrNull String dstFs,
                   @Metric(unit = Unit.TEXT, means = Sides.TOOLS) @OrNull String tools) {
    }

    /**
     * What a copy's sides (or the shell) measured, before {@link #finish} adds the verdict, the rate of files and the labels.
     *
     * @param tools what ran an end without a peer ({@link Sides#tools()}), or null
     */
    record Measured(Streamed meter, StreamMetrics.Moved transfer, CopyWorkload.Source source, CopyWorkload.Destination destination, Long straysDropped,
                    Boolean removed, Streamed sender, String tools) {
        /** A copy on one host: the side's own report, what it moved, and what ran it. */
        static Measured local(Sides sides) {
            Streamed meter = sides.streamed("local");
            CopyWorkload.Report r = sides.report("local", CopyWorkload.Report.class);
            return r == null ? new Measured(meter, null, null, null, null, null, null, sides.tools())
                    : new Measured(meter, null, r.source(), r.destination(), r.straysDropped(), r.removed(), null, sides.tools());
        }
    }

    /**
     * The copy's figures with {@code files_per_s}, {@code src_fs} and {@code dst_fs}, and with {@code verify}
     * {@code verified} (yes or MISMATCH; a mismatch fails the copy); {@code leftBehind} ({@link #leftBehind}) is the error
     * added to the part's failure, null for none. Checksums are compared once both ends computed theirs (a side that
     * failed has none).
     */
    static Merged finish(boolean verify, Measured m, List<Interval<?>> intervals, String leftBehind) {
        String error = leftBehind;
        String verified = null;
        String a = m.source() == null ? null : m.source().srcDigest();
        String b = m.destination() == null ? null : m.destination().dstDigest();
        if (verify && a != null && b != null) {
            verified = a.equals(b) ? "yes" : "MISMATCH";
            if (!a.equals(b)) {
                error = "verify: the destination's SHA-256 (" + b + ") differs from the source's (" + a + ")";
            }
        }
        double seconds = m.meter() != null ? m.meter().seconds() : m.transfer() != null ? m.transfer().seconds() : Double.NaN;
        Long files = m.destination() == null || m.destination().made() == null ? null : m.destination().made().files();
        Streamed tx = m.sender();
        Figures f = new Figures(m.meter(), m.transfer(), m.source(), m.destination(), m.straysDropped(), m.removed(), tx == null ? null : tx.bytes(),
                tx == null || tx.cpu() == null ? Double.NaN : tx.cpu().cpuPct(), tx == null ? Double.NaN : tx.seconds(), verified,
                FsArgs.filesPerSecond(files, seconds), FsArgs.summary(m.source() == null ? null : m.source().fs()),
                FsArgs.summary(m.destination() == null ? null : m.destination().fs()), m.tools());
        return new Merged(f, intervals, error);
    }

    /**
     * When the side writing the destination ({@code role}, on {@code host}) ended because its peer died, what the
     * failure must add: that benchsh could not remove the partial destination {@code dst}, and how to; else null.
     * The path was new when the copy began (the receiver refuses one that exists), so what is there now is the copy's.
     */
    static String leftBehind(Sides sides, String role, Host host, String dst) {
        if (!sides.peerLost(role)) {
            return null;
        }
        return "benchsh could not remove the partial destination " + dst + " on " + host.name() + " (its peer died before cleaning up): "
                + "it did not exist before the copy; check it and remove it there: rm -rf " + ShellQuote.quote(dst);
    }

    /** Host to host: the receiver's figures (it writes), with what the sender reported of the source, and its own count. */
    static Measured merge(Sides sides) {
        CopyWorkload.Report rx = sides.report("listen", CopyWorkload.Report.class);
        CopyWorkload.Report tx = sides.report("connect", CopyWorkload.Report.class);
        return new Measured(sides.streamed("listen"), null, tx == null ? null : tx.source(), rx == null ? null : rx.destination(),
                rx == null ? null : rx.straysDropped(), rx == null ? null : rx.removed(), sides.streamed("connect"), sides.tools());
    }
}
