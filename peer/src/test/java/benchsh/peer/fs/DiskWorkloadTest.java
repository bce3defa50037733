package benchsh.peer.fs;

import benchsh.peer.workload.RecordingContext;
import static benchsh.peer.fs.FsTestSupport.number;
import static benchsh.peer.fs.FsTestSupport.run;
import static benchsh.peer.fs.FsTestSupport.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Fields;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Side;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(60)
class DiskWorkloadTest {
    final DiskWorkload disk = new DiskWorkload();
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"plain", "sync", "dsync", "direct"})
    void writesTheBytesAskedAndRemovesTheFile(String option) throws IOException {
        Path f = dir.resolve("w.dat");
        var s = spec("path", f.toString(), "op", "write", "bytes", 3L << 20, "bs", 64L << 10);
        if (!option.equals("plain")) {
            s.put(option, true);
        }
        Outcome o = run(disk, "run", s);
        assertNull(o.error(), o.error());
        assertEquals(3L << 20, number(o, "bytes"));
        assertTrue(((Number) o.metrics().get("seconds")).doubleValue() > 0);
        assertNotNull(o.metrics().get("fs_type"));
        assertEquals(option.equals("sync"), o.metrics().containsKey("sync_seconds"));
        assertFalse(Files.exists(f), "the file is removed unless keep");
    }

    @Test
    void keepKeepsTheFileWithItsSize() throws IOException {
        Path f = dir.resolve("k.dat");
        Outcome o = run(disk, "run", spec("path", f.toString(), "op", "write", "bytes", 1_000_001L, "bs", 4096L, "keep", true));
        assertNull(o.error());
        assertEquals(1_000_001L, Files.size(f));
    }

    @ParameterizedTest
    @ValueSource(strings = {"warm", "cold", "direct"})
    void readsAnExistingFileAndLeavesIt(String option) throws IOException {
        Path f = dir.resolve("r.dat");
        Files.write(f, new byte[2 << 20]);
        var s = spec("path", f.toString(), "op", "read", "bytes", 2L << 20, "bs", 1L << 20);
        if (!option.equals("warm")) {
            s.put(option, true);
        }
        Outcome o = run(disk, "run", s);
        assertNull(o.error(), o.error());
        assertEquals(2L << 20, number(o, "bytes"));
        String cache = (String) o.metrics().get("cache");
        switch (option) {
            case "warm" -> assertEquals("warm", cache);
            case "direct" -> assertEquals("direct", cache);
            default -> assertTrue(List.of("dropped", "direct", "warm").contains(cache), cache);
        }
        assertTrue(Files.exists(f), "a file the run did not create is never removed");
    }

    @Test
    void readOfAMissingFileCreatesItFirstAndRemovesIt() throws IOException {
        Path f = dir.resolve("new.dat");
        Outcome o = run(disk, "run", spec("path", f.toString(), "op", "read", "bytes", 1L << 20, "bs", 4096L, "cold", true));
        assertNull(o.error(), o.error());
        assertEquals(1L << 20, number(o, "bytes"));
        assertFalse(Files.exists(f));
    }

    @Test
    void readStopsAtTheEndOfAShorterFile() throws IOException {
        Path f = dir.resolve("short.dat");
        Files.write(f, new byte[1000]);
        Outcome o = run(disk, "run", spec("path", f.toString(), "op", "read", "bytes", 1L << 20, "bs", 4096L));
        assertEquals(1000L, number(o, "bytes"));
    }

    @Test
    void refusesExistingFilesSymlinksAndDevices() throws IOException {
        Path existing = Files.writeString(dir.resolve("mine.txt"), "precious");
        Path link = Files.createSymbolicLink(dir.resolve("link"), existing);
        IOException e = assertThrows(IOException.class, () -> disk.open("run",
                spec("path", existing.toString(), "op", "write", "bytes", 10L), null, new RecordingContext()));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        e = assertThrows(IOException.class, () -> disk.open("run",
                spec("path", link.toString(), "op", "read", "bytes", 10L), null, new RecordingContext()));
        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        e = assertThrows(IOException.class, () -> disk.open("run",
                spec("path", "/dev/null", "op", "write", "bytes", 10L), null, new RecordingContext()));
        assertTrue(e.getMessage().contains("device"), e.getMessage());
        assertEquals("precious", Files.readString(existing));
        assertTrue(Files.isSymbolicLink(link));
    }

    /** The reproduced bug: the path was new when the test was opened, a directory appeared before the run created it. */
    @ParameterizedTest
    @ValueSource(strings = {"write", "read"})
    void aDirectoryThatAppearsAfterOpenIsLeftWithItsContents(String op) throws IOException {
        Path f = dir.resolve("target.dat");
        Side side = disk.open("run", spec("path", f.toString(), "op", op, "bytes", 1L << 20, "bs", 4096L), null, new RecordingContext());
        FsTestSupport.appear(f);
        FsTestSupport.assertLeftAlone(f, side.run());
    }

    @Test
    void directRefusesUnalignedBlocks() throws IOException {
        Outcome o = run(disk, "run", spec("path", dir.resolve("u.dat").toString(), "op", "write", "bytes", 10_000L, "bs", 1000L, "direct", true));
        assertNotNull(o.error());
        assertTrue(o.error().contains("block size"), o.error());
        assertFalse(Files.exists(dir.resolve("u.dat")));
    }

    @Test
    void noSpaceStopsReportsTheBytesAndRemovesThePartialFile() throws IOException {
        Path at = FsTestSupport.tmpfs(dir, "2m");
        try {
            Path f = at.resolve("big.dat");
            Outcome o = run(disk, "run", spec("path", f.toString(), "op", "write", "bytes", 8L << 20, "bs", 64L << 10, "keep", true));
            assertNotNull(o.error());
            assertTrue(o.error().contains("no space left on device"), o.error());
            long written = number(o, "bytes");
            assertTrue(written > 0 && written <= 2L << 20, "bytes written " + written);
            assertTrue(o.error().contains(Long.toString(written)), o.error());
            assertFalse(Files.exists(f), "the partial file is removed");
            assertEquals("tmpfs", o.metrics().get("fs_type"));
        } finally {
            FsTestSupport.unmount(at);
        }
    }

    @Test
    void relativePathsAndUnknownFieldsAreRejected() {
        assertThrows(IOException.class, () -> disk.open("run", spec("path", "rel.dat", "op", "write", "bytes", 1L), null,
                new RecordingContext()));
        assertThrows(IOException.class, () -> disk.open("run", spec("path", "/tmp/x", "op", "write", "bytes", 1L, "bogus", 1L), null,
                new RecordingContext()));
    }
}
