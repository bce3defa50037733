package benchsh.shell.report;

import benchsh.peer.metric.Unit;
import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One block of a report: the results of one test measured under the same tag keys (a sweep, a label,
 * or none), with what to show for them. Swept results pivot by their first two tag keys (further tag
 * keys split sections); the chart plots the value metric against the first numeric key that varies,
 * one series per value of the next tag. Immutable.
 *
 * @param value  the metric in pivots and charts (throughput_bps when there is one), or null
 * @param rows   the pivot's row key, or null when the results carry no tags
 * @param cols   the pivot's column key, or null
 * @param chartX the chart's x key, or null for no chart
 * @param series the chart's series key, or null for one series
 */
public record ReportSection(String title, List<Result> results, String value, String rows, String cols, String chartX,
                            String series) {
    public ReportSection {
        results = List.copyOf(results);
    }

    /** Splits results into sections, in the order their first result was measured. */
    public static List<ReportSection> of(List<Result> results) {
        Map<List<Object>, List<Result>> groups = new LinkedHashMap<>();
        for (Result r : results) {
            List<String> keys = new ArrayList<>(r.tags().keySet());
            List<Object> id = new ArrayList<>(List.of(r.test(), keys));
            for (int i = 2; i < keys.size(); i++) {
                id.add(r.tags().get(keys.get(i)));
            }
            groups.computeIfAbsent(id, k -> new ArrayList<>()).add(r);
        }
        return groups.values().stream().map(ReportSection::section).toList();
    }

    private static ReportSection section(List<Result> group) {
        Result first = group.get(0);
        List<String> tags = new ArrayList<>(first.tags().keySet());
        String rows = tags.isEmpty() ? null : tags.get(0);
        String cols = tags.size() > 1 ? tags.get(1) : null;
        StringBuilder title = new StringBuilder(first.test());
        if (rows != null) {
            title.append(" by ").append(rows).append(cols == null ? "" : " and " + cols);
        }
        for (int i = 2; i < tags.size(); i++) {
            title.append(i == 2 ? " — " : ", ").append(tags.get(i)).append(' ').append(first.tags().get(tags.get(i)));
        }
        List<Result> ok = group.stream().filter(Result::ok).toList();
        String x = firstVaryingNumber(ok, tags.subList(0, Math.min(2, tags.size())), Result::tags);
        if (x == null) {
            x = firstVaryingNumber(ok, keys(group, Result::params).stream().filter(k -> !tags.contains(k)).toList(), Result::params);
        }
        String chartX = x;
        String series = tags.stream().limit(2).filter(k -> !k.equals(chartX)).findFirst().orElse(null);
        String value = valueMetric(group);
        return new ReportSection(title.toString(), group, value, rows, cols, value == null ? null : chartX, series);
    }

    static String valueMetric(List<Result> group) {
        return Result.headlineMetric(group);
    }

    /** The first key whose values (in {@code part} of the completed results) are all numbers, at least two distinct. */
    private static String firstVaryingNumber(List<Result> ok, List<String> keys, java.util.function.Function<Result, Map<String, Object>> part) {
        for (String k : keys) {
            Set<Object> values = new LinkedHashSet<>();
            boolean numeric = true;
            for (Result r : ok) {
                Object v = part.apply(r).get(k);
                numeric &= v instanceof Number;
                values.add(v);
            }
            if (numeric && values.size() > 1) {
                return k;
            }
        }
        return null;
    }

    static List<String> keys(List<Result> group, java.util.function.Function<Result, Map<String, Object>> part) {
        Set<String> keys = new LinkedHashSet<>();
        group.forEach(r -> keys.addAll(part.apply(r).keySet()));
        return new ArrayList<>(keys);
    }

    /** The completed results, the only ones pivots and charts use. */
    public List<Result> ok() {
        return results.stream().filter(Result::ok).toList();
    }

    public List<Result> failed() {
        return results.stream().filter(r -> !r.ok()).toList();
    }

    /** The pivot of the completed results, or null when the results carry no tags or no metric. */
    public TextTable pivot(ThroughputUnit unit) {
        return rows == null || value == null || ok().isEmpty() ? null : Pivot.of(ok(), rows, cols, value, unit);
    }

    /**
     * One row per result: its tags, its hosts (from and to, or on), the params that vary, the headline metrics (the value,
     * seconds, percentages, rates, latencies in µs, service demand), and the status when any result
     * did not complete.
     */
    public TextTable details(ThroughputUnit unit) {
        List<String> tags = keys(results, Result::tags);
        Map<String, java.util.function.Function<Result, Object>> columns = new LinkedHashMap<>();
        tags.forEach(k -> columns.put(k, r -> r.tags().get(k)));
        HostColumns.keys(results).forEach(k -> columns.put(k, r -> HostColumns.value(r, k)));
        for (String p : keys(results, Result::params)) {
            if (!tags.contains(p) && !columns.containsKey(p) && (varies(r -> r.params().get(p)) || p.equals("size"))) {
                columns.put(p, r -> r.params().get(p));
            }
        }
        if (varies(Result::repeat)) {
            columns.put("repeat", Result::repeat);
        }
        for (String m : keys(results, Result::metrics)) {
            Unit kind = Cells.unit(m).orElse(null);
            if (m.equals(value) || m.equals("seconds") || kind == Unit.PERCENT || kind == Unit.PER_SECOND || kind == Unit.MICROSECONDS
                    || kind == Unit.MICROSECONDS_PER_KB) {
                columns.putIfAbsent(m, r -> r.metrics().get(m));
            }
        }
        if (!failed().isEmpty()) {
            columns.put("status", r -> r.status().wire());
        }
        TextTable t = new TextTable(columns.keySet().stream().map(k -> Cells.header(k, unit)).toList());
        for (Result r : results) {
            t.row(columns.entrySet().stream().map(e -> Cells.cell(e.getKey(), e.getValue().apply(r), unit)).toList());
        }
        return t;
    }

    /**
     * The parameters every result has with one value, that {@link #details} shows in no column (not a tag, the host, the
     * size): the context of the whole section, said once.
     */
    public Map<String, Object> shared() {
        Map<String, Object> shared = new LinkedHashMap<>();
        List<String> tags = keys(results, Result::tags);
        for (String p : keys(results, Result::params)) {
            Object first = results.get(0).params().get(p);
            if (!tags.contains(p) && !p.equals("size") && first != null && results.stream().allMatch(r -> Objects.equals(r.params().get(p), first))) {
                shared.put(p, first);
            }
        }
        return shared;
    }

    private boolean varies(java.util.function.Function<Result, Object> value) {
        return results.stream().map(value).filter(Objects::nonNull).distinct().count() > 1;
    }
}
