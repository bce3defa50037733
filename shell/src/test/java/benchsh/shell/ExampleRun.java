package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import benchsh.peer.protocol.ProtocolException;
import benchsh.shell.host.Testbed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * One example scenario run on the testbed that is up, as a user runs it: {@code benchsh --db STORE --json
 * FILE run examples/NAME --set ...} in its own JVM with {@code BENCHSH_SSH_CONFIG} pointing at the
 * testbed's hosts. Carries what it printed and its JSON result lines. Immutable.
 *
 * @param exit the exit code (-1: still running after the deadline, then killed)
 * @param out its stdout, lines joined with newlines
 * @param transcript stdout and stderr, for failure messages
 * @param results the result lines of its {@code --json} file
 */
record ExampleRun(int exit, String out, String transcript, List<Map<String, Object>> results) {

    /** Runs {@code examples/NAME} with {@code sets} ({@code "a=h1"}, ...) against store {@code db}, killed after {@code limit}. */
    static ExampleRun run(Path db, String name, Duration limit, String... sets) throws IOException, InterruptedException, ProtocolException {
        Path json = Files.createTempFile(db.getParent(), "example-", ".jsonl");
        List<String> args = new ArrayList<>(List.of("--db", db.toString(), "--json", json.toString(), "run", Path.of("..", "examples", name).toString()));
        for (String set : sets) {
            args.addAll(List.of("--set", set));
        }
        Map<String, String> env = Map.of("BENCHSH_SSH_CONFIG", Testbed.STATE.resolve("ssh_config").toString());
        try (BatchProcess p = BatchProcess.start(env, args.toArray(String[]::new))) {
            int exit = p.exit(limit);
            String transcript = p.transcript();
            return new ExampleRun(exit, String.join("\n", p.out()), transcript, Batch.results(Files.readString(json)));
        }
    }

    /** Asserts a clean run: exit 0 and every result {@code ok}; returns the results of {@code test}. */
    List<Map<String, Object>> assertAllOk(String test) {
        assertEquals(0, exit, transcript);
        assertFalse(results.isEmpty(), transcript);
        for (Map<String, Object> r : results) {
            assertEquals("ok", r.get("status"), r + "\n" + transcript);
        }
        return results.stream().filter(r -> test.equals(r.get("test"))).toList();
    }

    /** The value of tag {@code name} of a result line. */
    @SuppressWarnings("unchecked")
    static Object tag(Map<String, Object> result, String name) {
        return ((Map<String, Object>) result.get("tags")).get(name);
    }

    /** The first printed table whose header line matches {@code header}: see {@link #tables}. */
    List<String> table(Pattern header, Predicate<String> isRow) {
        List<List<String>> all = tables(header, isRow);
        if (all.isEmpty()) {
            throw new AssertionError("no table with a header like " + header + " in:\n" + out);
        }
        return all.get(0);
    }

    /**
     * Every printed table whose header line matches {@code header}, in order: each its header, then its
     * body rows (the lines after the dashes, up to the first line that {@code isRow} rejects).
     */
    List<List<String>> tables(Pattern header, Predicate<String> isRow) {
        List<String> lines = out.lines().toList();
        List<List<String>> tables = new ArrayList<>();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (header.matcher(lines.get(i)).matches() && lines.get(i + 1).matches("[- ]+")) {
                List<String> table = new ArrayList<>(List.of(lines.get(i)));
                for (int j = i + 2; j < lines.size() && isRow.test(lines.get(j)); j++) {
                    table.add(lines.get(j));
                }
                tables.add(table);
            }
        }
        return tables;
    }
}
