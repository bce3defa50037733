package benchsh.shell.report;

import benchsh.peer.protocol.Json;
import benchsh.shell.result.Result;
import java.util.List;
import java.util.Map;

/**
 * The report as one JSON object: the context's fields ({@link ReportContext#toMap()}) and
 * {@code results}, every result in the result contract form with its intervals. Each top-level field
 * and each result sits on its own line, so files diff well. Stateless.
 */
public final class JsonReport {
    private JsonReport() {
    }

    public static String render(List<Result> results, ReportContext context) {
        StringBuilder b = new StringBuilder("{\n");
        for (Map.Entry<String, Object> e : context.toMap().entrySet()) {
            b.append("  ").append(Json.write(e.getKey())).append(": ").append(Json.write(e.getValue())).append(",\n");
        }
        b.append("  \"results\": ");
        list(b, results, "  ");
        return b.append("\n}\n").toString();
    }

    /** The results alone: a JSON array, one result a line. */
    public static String array(List<Result> results) {
        StringBuilder b = new StringBuilder();
        list(b, results, "");
        return b.append('\n').toString();
    }

    private static void list(StringBuilder b, List<Result> results, String indent) {
        b.append('[');
        for (int i = 0; i < results.size(); i++) {
            b.append(i == 0 ? "\n" : ",\n").append(indent).append("  ").append(Json.write(results.get(i).toMap()));
        }
        b.append(results.isEmpty() ? "]" : "\n" + indent + "]");
    }
}
