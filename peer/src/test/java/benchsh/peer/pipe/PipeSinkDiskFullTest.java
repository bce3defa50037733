package benchsh.peer.pipe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Sides;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipe into a file on a full disk (a 1 MiB tmpfs): the sink stops, reports ENOSPC with the bytes
 * written, removes its partial file (even with {@code keep}), and the test fails. Needs root to mount.
 */
@Tag("e2e")
@Timeout(60)
class PipeSinkDiskFullTest {
    @TempDir
    Path dir;
    private boolean mounted;

    @BeforeEach
    void mount() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (mounts a tmpfs)");
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "benchsh-test", dir.toString()).redirectErrorStream(true).start();
        assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mount -t tmpfs failed: " + new String(p.getInputStream().readAllBytes()));
        mounted = true;
    }

    @AfterEach
    void umount() throws Exception {
        if (mounted) {
            new ProcessBuilder("umount", dir.toString()).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFullDiskStopsTheSinkReportsEnospcAndRemovesThePartialFile() throws Exception {
        Path sink = dir.resolve("sink.bin");
        Outcome[] o = Sides.pair(new PipeStream(), PipeStreamTest.fileSink(sink, 1 << 20, false, true), PipeStreamTest.zeros(65536, 100),
                new RecordingContext(), new RecordingContext());
        String error = o[0].error();
        assertNotNull(error, o[0].metrics().toString());
        assertTrue(error.matches(".*is full \\(ENOSPC\\) after \\d+ bytes written.*"), error);
        assertEquals(ErrorKind.IO, o[0].kind());
        assertNotNull(o[1].error(), "the source sees the sink go away");
        assertFalse(Files.exists(sink), "the partial file is removed");
        try (var left = Files.list(dir)) {
            assertTrue(left.toList().equals(List.of()), "nothing left on the full disk");
        }
    }
}
