package benchsh.shell.report;

import benchsh.peer.protocol.Json;
import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import benchsh.shell.host.Version;
import benchsh.shell.result.ResultSink;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Writes each result as one JSON object on one line (the result contract, {@code "type": "result"}). Before
 * the first result that involves a host, a {@code "type": "host"} line carries that host's facts. Every
 * line carries {@code benchsh_version}, {@code schema} ({@link #SCHEMA}) and {@code session}; the lines
 * follow {@code docs/json-schema.json}. To a file, each line is appended with a single write, so a killed
 * shell leaves whole lines only, never half a result. Thread-safe.
 */
public final class JsonLines implements ResultSink, AutoCloseable {
    /** The version of the line format; raised when a field changes meaning or goes away, not when one is added. */
    public static final int SCHEMA = 1;
    /** The hosts (by session and name) whose facts were written. */
    private final Set<String> described = new HashSet<>();
    private final PrintStream stream;
    private final FileChannel file;

    public JsonLines(PrintStream out) {
        this.stream = out;
        this.file = null;
    }

    private JsonLines(FileChannel file) {
        this.stream = null;
        this.file = file;
    }

    /** Appends to {@code path}, creating it if needed. */
    public static JsonLines append(Path path) throws IOException {
        return new JsonLines(FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
    }

    /** The result contract alone, as the store keeps it (no line header). */
    public static String line(Result r) {
        return Json.write(r.toMap());
    }

    /** A result's line. */
    public static String line(Result r, String session) {
        Map<String, Object> m = header("result", session);
        m.putAll(r.toMap());
        return Json.write(m);
    }

    /** The line describing a host: its facts as its peer reported them. */
    static String hostLine(String host, Map<String, Object> facts, String session) {
        Map<String, Object> m = header("host", session);
        m.put("host", host);
        m.put("facts", facts);
        return Json.write(m);
    }

    private static Map<String, Object> header(String type, String session) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put("benchsh_version", Version.current());
        m.put("schema", SCHEMA);
        m.put("session", session);
        return m;
    }

    @Override
    public synchronized void accept(Recorded recorded) {
        String session = recorded.session().id();
        StringBuilder lines = new StringBuilder();
        recorded.facts().forEach((host, facts) -> {
            if (described.add(session + "\n" + host)) {
                lines.append(hostLine(host, facts, session)).append('\n');
            }
        });
        write(lines.append(line(recorded.result(), session)).append('\n').toString());
    }

    private void write(String line) {
        if (stream != null) {
            stream.print(line);
            stream.flush();
            return;
        }
        try {
            ByteBuffer b = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
            while (b.hasRemaining()) {
                file.write(b);
            }
            file.force(false);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the JSON result: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (file != null) {
                file.close();
            }
        } catch (IOException e) {
            // nothing more to save
        }
    }
}
