package benchsh.shell.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DirsTest {
    private static final Path HOME = Path.of("/home/ann");

    @Test
    void withoutXdgVariablesEverythingLivesUnderTheHomeDirectory() {
        assertEquals(new Dirs(Path.of("/home/ann/.local/share/benchsh"), Path.of("/home/ann/.cache/benchsh"), Path.of("/home/ann/.config/benchsh")),
                Dirs.of(Map.of(), HOME));
    }

    @Test
    void xdgVariablesMoveEachDirectory() {
        Dirs d = Dirs.of(Map.of("XDG_DATA_HOME", "/data", "XDG_CACHE_HOME", "/var/cache/ann", "XDG_CONFIG_HOME", "/etc/ann"), HOME);
        assertEquals(new Dirs(Path.of("/data/benchsh"), Path.of("/var/cache/ann/benchsh"), Path.of("/etc/ann/benchsh")), d);
    }

    @Test
    void emptyOrRelativeValuesAreIgnoredAsTheSpecificationSays() {
        Dirs d = Dirs.of(Map.of("XDG_DATA_HOME", "", "XDG_CACHE_HOME", "relative/cache"), HOME);
        assertEquals(Dirs.of(Map.of(), HOME), d);
    }
}
