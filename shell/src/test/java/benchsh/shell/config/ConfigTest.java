package benchsh.shell.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigTest {
    @TempDir
    Path dir;

    private Config load(String text) throws Exception {
        Path f = dir.resolve("config.groovy");
        Files.writeString(f, text);
        return Config.load(f);
    }

    @Test
    void unitsStoreAndHostsComeFromTheFile() throws Exception {
        Config c = load("units = 'Mbit/s'\ndb = 'postgresql://bench@db/bench'\nhosts = '/lab/inventory.groovy'\n");
        assertEquals("Mbit/s", c.units());
        assertEquals("postgresql://bench@db/bench", c.db());
        assertEquals("/lab/inventory.groovy", c.hosts());
        assertTrue(c.warnings().isEmpty());
    }

    @Test
    void noFileMeansNoDefaults() throws Exception {
        assertSame(Config.NONE, Config.load(dir.resolve("absent.groovy")));
    }

    @Test
    void anUnknownKeyIsAWarningThatSuggestsTheClosest() throws Exception {
        Config c = load("unit = 'Gbit/s'\n");
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("unknown key 'unit'; did you mean 'units'?"), c.warnings().get(0));
    }

    @Test
    void aBrokenFileIsAnErrorNamingIt() {
        Config.ConfigException e = assertThrows(Config.ConfigException.class, () -> load("units = 'Mbit/s\n"));
        assertTrue(e.getMessage().contains("config.groovy does not compile"), e.getMessage());
        assertTrue(assertThrows(Config.ConfigException.class, () -> load("units = 42\n")).getMessage().contains("units must be text"));
    }
}
