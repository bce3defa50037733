package benchsh.shell;

import benchsh.peer.protocol.Json;
import benchsh.peer.protocol.ProtocolException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs benchsh's command line in this JVM and captures what it prints. */
public record Batch(int exit, String out, String err) {

    public static Batch run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Batch(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The JSON result lines of stdout (with {@code --json -}), without the host lines. */
    public List<Map<String, Object>> results() throws ProtocolException {
        return results(out);
    }

    /** The result lines of JSON lines output (a {@code --json} file's text), without the host lines. */
    public static List<Map<String, Object>> results(String jsonLines) throws ProtocolException {
        return lines(jsonLines).stream().filter(l -> "result".equals(l.get("type"))).toList();
    }

    /** Every line of JSON lines output: host lines and result lines. */
    public static List<Map<String, Object>> lines(String jsonLines) throws ProtocolException {
        List<Map<String, Object>> list = new ArrayList<>();
        for (String line : jsonLines.split("\n")) {
            if (!line.isBlank()) {
                list.add(Json.parseObject(line));
            }
        }
        return list;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> metrics(Map<String, Object> result) {
        return (Map<String, Object>) result.get("metrics");
    }
}
