package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeerJarTest {
    @Test
    void anotherBuildsJarInUseIsKeptAndOnlyLongUnusedOnesAreSwept(@TempDir Path cache) throws Exception {
        Path inUse = Files.writeString(cache.resolve("peer-aaaa.jar"), "another build, running now");
        Path stale = Files.writeString(cache.resolve("peer-bbbb.jar"), "an old build");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(PeerJar.UNUSED).minus(Duration.ofHours(1))));

        Path mine = PeerJar.extract(cache);

        assertEquals(PeerJar.fileName(), mine.getFileName().toString());
        assertTrue(Files.size(mine) > 1000, "the extracted peer jar");
        assertTrue(Files.exists(inUse), "a jar another build used recently is kept");
        assertTrue(!Files.exists(stale), "a jar unused for a week is removed");
    }
}
