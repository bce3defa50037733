package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The hosts of results as tables show them: a test between two hosts (tcp, udp, copy) by {@code from} and {@code to}, a
 * test on one host (disk, tree, remove: its {@code on:} parameter) by {@code on}, so a disk row never reads as if data
 * went from a host to itself. Stateless.
 */
public final class HostColumns {
    private HostColumns() {
    }

    /** Whether {@code r} ran on one host: it has the parameter {@code on}, and that host is its from and its to. */
    public static boolean oneHost(Result r) {
        return oneHost(r.from(), r.to(), r.params());
    }

    /** Whether a test from {@code from} to {@code to} with {@code params} runs on one host (its {@code on}). */
    static boolean oneHost(String from, String to, Map<String, Object> params) {
        return params.get("on") != null && Objects.equals(from, to);
    }

    /** The host columns of a table of {@code results}: from and to, on, or all three when both kinds are in it. */
    public static List<String> keys(List<Result> results) {
        return keys(results.stream().map(HostColumns::oneHost).toList());
    }

    /** The host columns of a table whose rows run on one host ({@code true}) or between two. */
    static List<String> keys(Collection<Boolean> oneHost) {
        boolean one = oneHost.contains(true);
        boolean two = oneHost.isEmpty() || oneHost.contains(false);
        List<String> keys = new ArrayList<>();
        if (two) {
            keys.addAll(List.of("from", "to"));
        }
        if (one) {
            keys.add("on");
        }
        return keys;
    }

    /** {@code columns} with its from and to replaced by the host columns of {@code results} ({@link #keys}). */
    public static List<String> in(List<String> columns, List<Result> results) {
        int at = columns.indexOf("from");
        if (at < 0 || !columns.contains("to")) {
            return columns;
        }
        List<String> out = new ArrayList<>(columns);
        out.removeAll(List.of("from", "to", "on"));
        out.addAll(Math.min(at, out.size()), keys(results));
        return out;
    }

    /** What {@code r} shows under {@code key}: as {@link Result#lookup}, but nothing under from and to for a one-host result. */
    public static Object value(Result r, String key) {
        return oneHost(r) && (key.equals("from") || key.equals("to")) ? null : r.lookup(key);
    }
}
