package benchsh.peer.fs;

import static benchsh.peer.fs.DiskSpecBuilder.disk;
import static benchsh.peer.fs.FsTestSupport.number;
import static benchsh.peer.fs.FsTestSupport.open;
import static benchsh.peer.fs.FsTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
        Outcome o = run(disk, "run", disk().bs(64 << 10).with(option).write(f, 3L << 20));
        assertNull(o.error(), o.error());
        assertEquals(3L << 20, number(o, "bytes"));
        assertTrue(((Number) Sides.metrics(o).get("seconds")).doubleValue() > 0);
        assertNotNull(Sides.metrics(o).get("fs_type"));
        assertEquals(Files.getFileStore(dir).getBlockSize(), number(o, "block_size_bytes"), "the file system's, whatever the run's alignment");
        assertEquals(option.equals("sync"), Sides.metrics(o).containsKey("sync_seconds"));
        assertFalse(Files.exists(f), "the file is removed unless keep");
    }

    @Test
    void keepKeepsTheFileWithItsSize() throws IOException {
        Path f = dir.resolve("k.dat");
        Outcome o = run(disk, "run", disk().bs(4096).keep().write(f, 1_000_001L));
        assertNull(o.error());
        assertEquals(1_000_001L, Files.size(f));
    }

    @ParameterizedTest
    @ValueSource(strings = {"warm", "cold", "direct"})
    void readsAnExistingFileAndLeavesIt(String option) throws IOException {
        Path f = dir.resolve("r.dat");
        Files.write(f, new byte[2 << 20]);
        Outcome o = run(disk, "run", disk().with(option).read(f, 2L << 20));
        assertNull(o.error(), o.error());
        assertEquals(2L << 20, number(o, "bytes"));
        String cache = (String) Sides.metrics(o).get("cache");
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
        Outcome o = run(disk, "run", disk().bs(4096).cold().read(f, 1L << 20));
        assertNull(o.error(), o.error());
        assertEquals(1L << 20, number(o, "bytes"));
        assertFalse(Files.exists(f));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cold", "plain"})
    void aBlockSizeThatIsNoMultipleOfTheFileSystemBlockIsWrittenWhole(String option) throws IOException {
        Path f = dir.resolve("odd.dat");
        Outcome o = run(disk, "run", disk().bs(99_928).with(option).write(f, 300_000));
        assertNull(o.error(), o.error());
        assertEquals(300_000L, number(o, "bytes"));
    }

    @Test
    void readStopsAtTheEndOfAShorterFile() throws IOException {
        Path f = dir.resolve("short.dat");
        Files.write(f, new byte[1000]);
        Outcome o = run(disk, "run", disk().bs(4096).read(f, 1L << 20));
        assertEquals(1000L, number(o, "bytes"));
    }

    @Test
    void refusesExistingFilesSymlinksAndDevices() throws IOException {
        Path existing = Files.writeString(dir.resolve("mine.txt"), "precious");
        Path link = Files.createSymbolicLink(dir.resolve("link"), existing);
        IOException e = assertThrows(RefusedException.class, () -> open(disk, "run", disk().write(existing, 10)));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        e = assertThrows(RefusedException.class, () -> open(disk, "run", disk().read(link, 10)));
        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        e = assertThrows(RefusedException.class, () -> open(disk, "run", disk().write(Path.of("/dev/null"), 10)));
        assertTrue(e.getMessage().contains("device"), e.getMessage());
        assertEquals("precious", Files.readString(existing));
        assertTrue(Files.isSymbolicLink(link));
    }

    /** The reproduced bug: the path was new when the test was opened, a directory appeared before the run created it. */
    @ParameterizedTest
    @ValueSource(strings = {"WRITE", "READ"})
    void aDirectoryThatAppearsAfterOpenIsLeftWithItsContents(DiskWorkload.Op op) throws IOException {
        Path f = dir.resolve("target.dat");
        Side side = open(disk, "run", disk().bs(4096).op(op, f, 1L << 20));
        FsTestSupport.appear(f);
        FsTestSupport.assertLeftAlone(f, side.run());
    }

    /** Refused when the test is opened, before anything is written. */
    @Test
    void directRefusesUnalignedBlocks() {
        IOException e = assertThrows(RefusedException.class, () -> open(disk, "run", disk().bs(1000).direct().write(dir.resolve("u.dat"), 10_000)));
        assertTrue(e.getMessage().contains("block size"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("u.dat")));
    }

    @Test
    void noSpaceStopsReportsTheBytesAndRemovesThePartialFile() throws IOException {
        Path at = FsTestSupport.tmpfs(dir, "2m");
        try {
            Path f = at.resolve("big.dat");
            Outcome o = run(disk, "run", disk().bs(64 << 10).keep().write(f, 8L << 20));
            assertNotNull(o.error());
            assertEquals(ErrorKind.IO, o.kind());
            assertTrue(o.error().contains("no space left on device"), o.error());
            long written = number(o, "bytes");
            assertTrue(written > 0 && written <= 2L << 20, "bytes written " + written);
            assertTrue(o.error().contains(Long.toString(written)), o.error());
            assertFalse(Files.exists(f), "the partial file is removed");
            assertEquals("tmpfs", Sides.metrics(o).get("fs_type"));
        } finally {
            FsTestSupport.unmount(at);
        }
    }

    @Test
    void relativePathsAndUnknownFieldsAreRejected() {
        Map<String, Object> relative = new java.util.LinkedHashMap<>(SpecCodec.encode(disk().bs(4096).write(Path.of("/tmp/x"), 1)));
        relative.put("path", "rel.dat");
        ProtocolException e = assertThrows(ProtocolException.class, () -> disk.open("run", relative, null, new RecordingContext()));
        assertTrue(e.getMessage().contains("not an absolute path"), e.getMessage());
        Map<String, Object> unknown = new java.util.LinkedHashMap<>(SpecCodec.encode(disk().bs(4096).write(Path.of("/tmp/x"), 1)));
        unknown.put("bogus", 1L);
        assertThrows(ProtocolException.class, () -> disk.open("run", unknown, null, new RecordingContext()));
    }
}
