package benchsh.shell.result.store;

import benchsh.shell.result.SessionInfo;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * A child process for {@link ManyWritersTest}, one shell's share of the load: {@code TARGET COUNT LABEL}.
 * Loads the drivers, prints "ready", waits for a line on stdin (so that every writer opens the store at
 * the same moment), then opens the store (a file or a {@code postgresql://} URL), writes COUNT small
 * results through a {@link StoreSink} as a session does, and exits 0 when every one was stored, else 3
 * with the sink's message on stderr for each one that was not (4: the store could not be opened).
 */
public final class CountedWriter {
    private CountedWriter() {
    }

    public static void main(String[] args) throws Exception {
        String target = args[0];
        int count = Integer.parseInt(args[1]);
        String label = args[2];
        Class.forName("org.sqlite.JDBC");
        Class.forName("org.postgresql.Driver");
        SessionInfo session = SessionInfo.start("writer " + label, null);
        System.out.println("ready");
        System.out.flush();
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        StoreSink sink;
        try {
            sink = new StoreSink(ResultStore.open(target, System.err::println), System.err::println);
        } catch (StoreException e) {
            System.err.println(e.getMessage());
            System.exit(4);
            return;
        }
        try (ResultStore store = sink.store()) {
            for (int i = 0; i < count; i++) {
                sink.accept(StoreFixtures.recorded(StoreFixtures.result("rr", "a", "b", label, 1, 1e6 + i, 2, Instant.now()), session));
            }
        }
        System.exit(sink.unstored() == 0 ? 0 : 3);
    }
}
