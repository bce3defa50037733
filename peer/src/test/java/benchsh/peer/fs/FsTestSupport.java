package benchsh.peer.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.RecordingContext;
import benchsh.peer.protocol.Fields;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** Running file workloads in the test JVM, and a small tmpfs for ENOSPC. */
final class FsTestSupport {
    static final String TOKEN = "00112233445566778899aabbccddeeff";

    private FsTestSupport() {
    }

    static Map<String, Object> spec(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static Outcome run(Workload w, String role, Map<String, Object> spec) throws IOException {
        return w.open(role, spec, null, new RecordingContext()).run();
    }

    /** Runs a listen side and a connect side; returns {listen, connect}. */
    static Outcome[] pair(Workload w, Map<String, Object> listen, Map<String, Object> connect) throws Exception {
        listen.putIfAbsent("token", TOKEN);
        listen.putIfAbsent("address", "127.0.0.1");
        Side l = w.open("listen", listen, null, new RecordingContext());
        connect.putIfAbsent("token", TOKEN);
        connect.putIfAbsent("address", "127.0.0.1");
        connect.put("port", l.endpoint().get("port"));
        Side c = w.open("connect", connect, null, new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Outcome co = c.run();
        return new Outcome[] {lo.get(), co};
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
    }

    static long number(Outcome o, String key) {
        return ((Number) o.metrics().get(key)).longValue();
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
