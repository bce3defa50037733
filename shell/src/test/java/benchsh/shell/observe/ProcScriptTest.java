package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The /proc loop run by real shells here (dash as /bin/sh, and busybox's sh where installed), fed on its
 * standard input as over SSH: readings until the input ends, then a last one, and the shell exits.
 */
@Timeout(60)
class ProcScriptTest {
    private static final String TOKEN = "@benchsh-00112233aabbccdd";

    /** Runs the loop with {@code shell}, reads {@code readings} periodic readings, ends its input, and returns every reading. */
    private static List<ProcFrames.Reading> run(List<String> shell, ProcScript script, int readings) throws Exception {
        List<String> command = new ArrayList<>(shell);
        command.add("IFS= read -r s && eval \"$s\"");
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        ProcFrames frames = new ProcFrames(TOKEN, true);
        List<ProcFrames.Reading> got = new ArrayList<>();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.ISO_8859_1))) {
            in.write((script.text() + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            for (String line; got.size() < readings && (line = out.readLine()) != null; ) {
                ProcFrames.Reading r = frames.accept(line);
                if (r != null) {
                    got.add(r);
                }
            }
            in.close();
            for (String line; (line = out.readLine()) != null; ) {
                ProcFrames.Reading r = frames.accept(line);
                if (r != null) {
                    got.add(r);
                }
            }
        } finally {
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the loop exits when its input ends");
            p.destroyForcibly();
        }
        return got;
    }

    @ParameterizedTest
    @ValueSource(strings = {"/bin/sh", "/bin/busybox"})
    void readsUntilItsInputEndsThenOnceMore(String sh) throws Exception {
        assumeTrue(Files.isExecutable(Path.of(sh)), sh + " is not installed");
        List<String> shell = sh.endsWith("busybox") ? List.of(sh, "sh", "-c") : List.of(sh, "-c");
        List<ProcFrames.Reading> r = run(shell, new ProcScript(TOKEN, Duration.ofMillis(100), Duration.ofMinutes(1)), 3);
        assertTrue(r.size() >= 4, "3 readings and the last: " + r);
        assertTrue(r.get(r.size() - 1).last(), r.toString());
        assertEquals("0", r.get(0).label());
        assertFalse(r.get(0).counters().cpus().isEmpty(), "/proc/stat was read");
        assertTrue(r.get(0).counters().interfaces().containsKey("lo"), "/proc/net/dev was read");
        assertTrue(r.get(r.size() - 1).counters().nanos() > r.get(0).counters().nanos(), "uptime went on");
    }

    @Test
    void endsByItselfAfterItsMaximum() throws Exception {
        Process p = new ProcessBuilder("/bin/sh", "-c", "IFS= read -r s && eval \"$s\"").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write((new ProcScript(TOKEN, Duration.ofMillis(100), Duration.ofMillis(300)).text() + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the loop ends after its maximum although its input stays open");
            assertTrue(out.contains(TOKEN + " end last"), out);
            assertEquals(5, out.split(TOKEN + " begin ", -1).length - 1, "4 readings (one at the start, one per interval) and the last: " + out);
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void isOneLineAndSleepsAtLeastATenthOfASecond() {
        ProcScript s = new ProcScript(TOKEN, Duration.ofMillis(10), Duration.ofSeconds(1));
        assertEquals(Duration.ofMillis(100), s.interval());
        assertFalse(s.text().contains("\n"));
        assertThrows(IllegalArgumentException.class, () -> new ProcScript("a b", Duration.ofSeconds(1), Duration.ofSeconds(1)));
    }
}
