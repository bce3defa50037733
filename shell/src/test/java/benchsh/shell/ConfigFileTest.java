package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A real benchsh process reads $XDG_CONFIG_HOME/benchsh/config.groovy and keeps its data under $XDG_DATA_HOME. */
@Timeout(120)
class ConfigFileTest {
    @Test
    void theConfigsUnitsApplyAndTheStoreLivesUnderXdgDataHome(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("config/benchsh"));
        Files.writeString(dir.resolve("config/benchsh/config.groovy"), "units = 'Mbit/s'\nunit = 'x'\n");
        Map<String, String> env = Map.of("XDG_CONFIG_HOME", dir.resolve("config").toString(), "XDG_DATA_HOME", dir.resolve("data").toString(),
                "XDG_CACHE_HOME", dir.resolve("cache").toString(), "BENCHSH_DB", "");
        try (BatchProcess p = BatchProcess.start(env, "-e", "tcp time: 1.s")) {
            assertEquals(0, p.exit(Duration.ofSeconds(90)), p.transcript());
            assertTrue(p.out().stream().anyMatch(l -> l.contains("throughput Mbit/s")), p.transcript());
            assertTrue(p.err().stream().anyMatch(l -> l.contains("unknown key 'unit'; did you mean 'units'?")), p.transcript());
        }
        assertTrue(Files.exists(dir.resolve("data/benchsh/results.db")), "the store is in XDG_DATA_HOME");
        assertTrue(Files.isDirectory(dir.resolve("cache/benchsh")), "the peer jar is cached in XDG_CACHE_HOME");
    }
}
