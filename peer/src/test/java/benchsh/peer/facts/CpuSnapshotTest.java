package benchsh.peer.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The CPU count that goes with a CPU share is the number of CPUs the share was taken over: every online CPU
 * of /proc/stat, also when this process may run on fewer (taskset, a container's quota).
 */
class CpuSnapshotTest {

    /** Run in a child JVM: prints "cpus availableProcessors". */
    public static void main(String[] args) {
        System.out.println(CpuSnapshot.now().cpus() + " " + Runtime.getRuntime().availableProcessors());
    }

    private static long procStatCpus() throws IOException {
        return Files.readAllLines(Path.of("/proc/stat")).stream().filter(l -> l.matches("cpu[0-9]+ .*")).count();
    }

    @Test
    void countsTheCpusOfProcStat() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only");
        CpuSnapshot s = CpuSnapshot.now();
        assertEquals(procStatCpus(), s.cpus());
        assertTrue(s.totalJiffies() >= s.busyJiffies() && s.busyJiffies() > 0);
    }

    @Test
    void aProcessPinnedToOneCpuStillCountsTheHostsCpus() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only");
        long cpus = procStatCpus();
        Path taskset = Path.of("/usr/bin/taskset");
        assumeTrue(cpus >= 2 && Files.isExecutable(taskset), "needs two CPUs and taskset");
        Process p = new ProcessBuilder(taskset.toString(), "-c", "0", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CpuSnapshotTest.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM ended within 60 s");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.exitValue(), out);
        assertEquals(cpus + " 1", out, "CpuSnapshot's CPUs, and the JVM's own view under taskset -c 0");
    }
}
