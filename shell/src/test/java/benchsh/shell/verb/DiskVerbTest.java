package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class DiskVerbTest {
    static FsVerbSession s;
    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        s = new FsVerbSession();
    }

    @AfterAll
    static void stop() {
        s.close();
    }

    @Test
    void writeWithSyncPrintsADdLikeRow() {
        Result r = (Result) s.eval("disk path: '" + dir.resolve("a.dat") + "', write: 4.MiB, bs: 4.KiB, sync: true");
        assertTrue(r.ok(), r.error());
        assertEquals(4L << 20, ((Number) r.metrics().get("bytes")).longValue());
        assertTrue(r.metric("throughput_bps") > 0);
        assertEquals("write", r.params().get("op"));
        assertEquals("sync", r.params().get("flags"));
        assertTrue(r.metrics().get("fs").toString().startsWith(r.metrics().get("fs_type").toString()));
        assertTrue(s.out.toString().contains("throughput MB/s"), s.out.toString());
        assertFalse(Files.exists(dir.resolve("a.dat")));
    }

    @Test
    void aReadOfASmallerFileSaysItReadLessThanAsked() throws Exception {
        Path small = Files.writeString(dir.resolve("eight.dat"), "12345678");
        Result r = (Result) s.eval("disk path: '" + small + "', read: 1.MiB");
        assertTrue(r.ok(), r.error());
        assertEquals(8L, ((Number) r.metrics().get("bytes")).longValue());
        assertTrue(s.out.toString().contains("note: read 8 B of the 1 MiB asked: the file ends there"), s.out.toString());
        assertTrue(Files.exists(small), "a file the run did not create stays");
    }

    @Test
    void coldReadSaysHowItWasMadeCold() {
        Result r = (Result) s.eval("disk path: '" + dir.resolve("r.dat") + "', read: 2.MiB, bs: 64.KiB, cold: true, keep: true");
        assertTrue(r.ok(), r.error());
        assertTrue(java.util.List.of("dropped", "direct", "warm").contains(r.metrics().get("cache")));
        assertTrue(Files.exists(dir.resolve("r.dat")));
    }

    @Test
    void mountingATmpfsForTheTestShowsTmpfs() throws Exception {
        Path at = Files.createDirectory(dir.resolve("mnt"));
        Result r = (Result) s.eval("disk path: '" + at.resolve("x.dat") + "', write: 1.MiB, mount: 'tmpfs', at: '" + at + "', options: 'size=4m'");
        org.junit.jupiter.api.Assumptions.assumeFalse(s.out.toString().contains("needs root"), "mounting needs root");
        assertTrue(r.ok(), r.error());
        assertEquals("tmpfs", r.metrics().get("fs_type"));
        java.util.List<String> options = java.util.List.of(((String) r.metrics().get("mount_options")).split(","));
        assertEquals(new java.util.LinkedHashSet<>(options).size(), options.size(), "each option once, not rw,relatime,rw,size=4096k: " + options);
        assertFalse(benchsh.peer.facts.Mounts.list().stream().anyMatch(m -> m.point().equals(at.toString())), "unmounted after");
    }

    @Test
    void badInputGetsAClearError() {
        ScriptError e = assertThrows(ScriptError.class, () -> s.eval("disk path: '/tmp/x', write: 1.MiB, read: 1.MiB"));
        assertTrue(e.getMessage().contains("exactly one of write: or read:"), e.getMessage());
        ScriptError relative = assertThrows(ScriptError.class, () -> s.eval("disk path: 'bin.dat', write: 1.MiB"));
        assertTrue(relative.getMessage().contains("'bin.dat' is not an absolute path"), relative.getMessage());
        Result r = (Result) s.eval("disk path: '/dev/null', write: 1.MiB");
        assertFalse(r.ok());
        assertTrue(r.error().contains("device"), r.error());
    }
}
