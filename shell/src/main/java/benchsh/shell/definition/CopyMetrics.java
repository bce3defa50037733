package benchsh.shell.definition;

import benchsh.peer.protocol.Message;
import benchsh.shell.host.Host;
import benchsh.shell.report.ShellQuote;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Sides;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a copy's figures become its result, whichever way it ran (one peer, two peers, the shell over SFTP):
 * the receiver's figures with the sender's source facts, files per second, both ends' file system labels
 * and, with {@code verify}, whether the checksums agree. Stateless.
 */
final class CopyMetrics {
    private CopyMetrics() {
    }

    /**
     * The copy's metrics with {@code files_per_s}, {@code src_fs} and {@code dst_fs}, and with {@code verify}
     * {@code verified} (yes or MISMATCH; a mismatch fails the copy).
     */
    static Merged finish(boolean verify, Map<String, Object> metrics, List<Map<String, Object>> intervals) {
        return finish(verify, metrics, intervals, null);
    }

    /**
     * {@link #finish(boolean, Map, List)}, with {@code leftBehind} ({@link #leftBehind}) as the error added to the
     * part's failure; null for none. Checksums are compared once both ends computed theirs (a side that failed has none).
     */
    static Merged finish(boolean verify, Map<String, Object> metrics, List<Map<String, Object>> intervals, String leftBehind) {
        String error = leftBehind;
        if (verify && metrics.containsKey("src_digest") && metrics.containsKey("dst_digest")) {
            Object a = metrics.get("src_digest");
            Object b = metrics.get("dst_digest");
            boolean same = a.equals(b);
            metrics.put("verified", same ? "yes" : "MISMATCH");
            if (!same) {
                error = "verify: the destination's SHA-256 (" + b + ") differs from the source's (" + a + ")";
            }
        }
        FsArgs.filesPerSecond(metrics);
        metrics.put("src_fs", FsArgs.summary(metrics.get("src_fs_type"), metrics.get("src_mount_options")));
        metrics.put("dst_fs", FsArgs.summary(metrics.get("dst_fs_type"), metrics.get("dst_mount_options")));
        return new Merged(metrics, intervals, error);
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

    /** The receiver's figures, with the sender's source facts, digest and cache mode. */
    static Map<String, Object> merge(Message.Done receiver, Message.Done sender) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (receiver != null) {
            m.putAll(receiver.metrics());
        }
        if (sender != null) {
            for (Map.Entry<String, Object> e : sender.metrics().entrySet()) {
                String k = e.getKey();
                if (k.startsWith("src_") || k.equals("cache") || k.equals("skipped")) {
                    m.put(k, e.getValue());
                } else if (k.equals("bytes") || k.equals("cpu_pct") || k.equals("seconds")) {
                    m.put("sender_" + k, e.getValue());
                }
            }
        }
        return m;
    }
}
