package benchsh.peer.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host facts that tell where the peer may run. */
class HostFactsTest {

    /** Run in a child JVM: prints the cpus_allowed fact. */
    public static void main(String[] args) {
        System.out.println(HostFacts.collect().get("cpus_allowed"));
    }

    @Test
    void cpusAllowedIsTheStatusLinesList(@TempDir Path tmp) throws Exception {
        Path status = tmp.resolve("status");
        Files.writeString(status, "Name:\tjava\nCpus_allowed:\t5\nCpus_allowed_list:\t0,2\nMems_allowed_list:\t0\n");
        assertEquals("0,2", HostFacts.cpusAllowed(status));
        Files.writeString(status, "Name:\tjava\n");
        assertNull(HostFacts.cpusAllowed(status), "no such line");
        assertNull(HostFacts.cpusAllowed(tmp.resolve("missing")), "unreadable");
    }

    @Test
    void aPeerUnderTasksetReportsTheCpusItMayRunOn() throws Exception {
        Path taskset = Path.of("/usr/bin/taskset");
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")) && Files.isExecutable(taskset), "needs Linux and taskset");
        Process p = new ProcessBuilder(taskset.toString(), "-c", "0", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), HostFactsTest.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM ended within 60 s");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.exitValue(), out);
        assertEquals("0", out);
    }
}
