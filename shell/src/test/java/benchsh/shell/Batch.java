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

    /** The JSON result lines of stdout (with {@code --json -}). */
    public List<Map<String, Object>> results() throws ProtocolException {
        List<Map<String, Object>> list = new ArrayList<>();
        for (String line : out.split("\n")) {
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
