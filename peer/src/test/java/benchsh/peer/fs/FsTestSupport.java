package benchsh.peer.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Running the file workloads in the test JVM (their specs: {@link DiskSpecBuilder}, {@link TreeSpecBuilder}, {@link
 * CopySpecBuilder}), and a small tmpfs for ENOSPC.
 */
final class FsTestSupport {
    /** Samples every second; gives up after a minute without progress (the shell's default for these verbs). */
    static final Timing TIMING = new Timing(1_000_000_000L, 60_000_000_000L);

    private FsTestSupport() {
    }

    /** Opens a side from its spec's wire form, as the peer receives it. */
    static Side open(Workload w, String role, Record spec) throws IOException {
        return w.open(role, SpecCodec.encode(spec), null, new RecordingContext());
    }

    static Outcome run(Workload w, String role, Record spec) throws IOException {
        return open(w, role, spec).run();
    }

    /** Runs a listen side and a connect side linked on loopback; returns {listen, connect}. */
    static Outcome[] pair(Workload w, Record listen, Record connect) throws Exception {
        return Sides.pair(w, listen, connect, new RecordingContext(), new RecordingContext());
    }

    /** Another program's directory with a file in it appears at {@code p}. */
    static void appear(Path p) throws IOException {
        Files.createDirectory(p);
        Files.writeString(p.resolve("mine.txt"), "mine");
    }

    /** The run failed because the directory {@link #appear}ed, and left it as it was: nothing written into it, nothing taken out. */
    static void assertLeftAlone(Path p, Outcome o) throws IOException {
        assertEquals("mine", Files.readString(p.resolve("mine.txt")), "the other program's directory and file are still there");
        try (Stream<Path> left = Files.list(p)) {
            assertEquals(1, left.count());
        }
        assertNotNull(o.error());
        assertTrue(o.error().contains("already exists: " + p) && o.error().contains("something else created it after benchsh had checked"),
                o.error());
        assertFalse(o.error().contains("removed"), o.error());
        assertEquals(benchsh.peer.protocol.ErrorKind.REFUSED, o.kind(), "benchsh refused to write into what it did not create");
    }

    static long number(Outcome o, String key) {
        return ((Number) Sides.metrics(o).get(key)).longValue();
    }

    /** A tmpfs of {@code size} mounted on a new directory under {@code dir}; skips the test when mounting is impossible. */
    static Path tmpfs(Path dir, String size) throws IOException {
        Path at = Files.createDirectory(dir.resolve("tmpfs"));
        Commands.Output out = Commands.run(List.of("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString()), Duration.ofSeconds(20));
        Assumptions.assumeTrue(out.exit() == 0, "cannot mount a tmpfs here (needs root): " + out.text());
        return at;
    }

    static void unmount(Path at) throws IOException {
        if (at != null) {
            Commands.run(List.of("umount", at.toString()), Duration.ofSeconds(20));
        }
    }
}
