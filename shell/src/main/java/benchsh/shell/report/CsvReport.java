package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Every result as one CSV row (RFC 4180 quoting, {@code \n} line ends). Columns: test, status, from,
 * to (empty for a test on one host, whose host is {@code params.on}), started, repeat, then every tag ({@code tags.KEY}), param ({@code params.KEY}) and metric
 * ({@code metrics.KEY}) any result has, in first-seen order, then error. Numbers are written plain
 * and unformatted, in the units their names carry (bytes, seconds, bits/s). Stateless.
 */
public final class CsvReport {
    private CsvReport() {
    }

    public static String render(List<Result> results) {
        List<String> tags = keys(results, Result::tags);
        List<String> params = keys(results, Result::params);
        List<String> metrics = keys(results, Result::metrics);
        List<String> header = new ArrayList<>(List.of("test", "status", "from", "to", "started", "repeat"));
        tags.forEach(k -> header.add("tags." + k));
        params.forEach(k -> header.add("params." + k));
        metrics.forEach(k -> header.add("metrics." + k));
        header.add("error");
        StringBuilder b = new StringBuilder();
        line(b, header);
        for (Result r : results) {
            boolean one = HostColumns.oneHost(r); // its host is params.on
            List<String> row = new ArrayList<>(List.of(r.test(), r.status().wire(), one ? "" : str(r.from()), one ? "" : str(r.to()),
                    r.started().toString(), Integer.toString(r.repeat())));
            tags.forEach(k -> row.add(value(r.tags().get(k))));
            params.forEach(k -> row.add(value(r.params().get(k))));
            metrics.forEach(k -> row.add(value(r.metrics().get(k))));
            row.add(str(r.error()));
            line(b, row);
        }
        return b.toString();
    }

    private static List<String> keys(List<Result> results, Function<Result, Map<String, Object>> part) {
        Set<String> keys = new LinkedHashSet<>();
        results.forEach(r -> keys.addAll(part.apply(r).keySet()));
        return new ArrayList<>(keys);
    }

    private static void line(StringBuilder b, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(quote(cells.get(i)));
        }
        b.append('\n');
    }

    /** Quotes a field when it holds a comma, quote, line break or edge blank; quotes are doubled. */
    static String quote(String s) {
        boolean needs = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0
                || !s.isEmpty() && (Character.isWhitespace(s.charAt(0)) || Character.isWhitespace(s.charAt(s.length() - 1)));
        return needs ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** A number in plain notation (no grouping, no exponent, no trailing zeros); NaN and null empty. */
    static String value(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) {
                return "";
            }
            String s = BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
            return s.equals("-0") ? "0" : s;
        }
        return String.valueOf(v);
    }

    private static String str(String s) {
        return s == null ? "" : s;
    }
}
