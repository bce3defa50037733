package benchsh.shell.result.store;

import benchsh.shell.result.SessionInfo;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A child process for {@link ResultStoreKillTest}: writes results with many rows each to the store
 * given as the first argument, as fast as it can, until killed (or after 100,000 results). Prints
 * "ready" after the first commit.
 */
public final class StoreWriter {
    private StoreWriter() {
    }

    public static void main(String[] args) throws Exception {
        try (ResultStore store = ResultStore.open(Path.of(args[0]))) {
            SessionInfo session = SessionInfo.start("writer", null);
            for (int i = 0; i < 100_000; i++) {
                store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", "kill", 1024L * (i % 64 + 1), 1e9 + i, 40, Instant.now()),
                        session));
                if (i == 0) {
                    System.out.println("ready");
                    System.out.flush();
                }
            }
        }
    }
}
