package benchsh.shell.definition;

import benchsh.peer.protocol.Message;
import benchsh.shell.run.Merged;
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
        String error = null;
        if (verify && (metrics.containsKey("src_digest") || metrics.containsKey("dst_digest"))) {
            Object a = metrics.get("src_digest");
            Object b = metrics.get("dst_digest");
            boolean same = a != null && a.equals(b);
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
