package benchsh.peer.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuTimesTest {
    /** A 5.x kernel: ten columns (guest and guest_nice at the end, already counted in user and nice). */
    static final String MODERN = """
            cpu  2728002 3580 1128705 618039 3969 0 183287 0 0 0
            cpu0 1354402 1556 563760 318372 1156 0 93614 0 0 0
            cpu1 1373600 2024 564945 299667 2813 0 89673 0 0 0
            intr 123456 0 0
            ctxt 987654
            btime 1700000000
            procs_running 2
            """;
    /** A 2.6.9 kernel: seven columns, no steal. */
    static final String OLD = """
            cpu  100 2 30 800 40 5 23
            cpu0 100 2 30 800 40 5 23
            page 1 2
            """;

    @Test
    void readsEveryCpuLineOfAModernKernel() {
        Map<String, CpuTimes> cpus = CpuTimes.parse(MODERN);
        assertEquals(List.of("cpu", "cpu0", "cpu1"), List.copyOf(cpus.keySet()));
        CpuTimes all = cpus.get("cpu");
        assertEquals(new CpuTimes(2728002, 3580, 1128705, 618039, 3969, 0, 183287, 0), all);
        assertEquals(all.total() - 618039 - 3969, all.busy());
    }

    @Test
    void readsAnOldKernelWithoutStealAsZero() {
        CpuTimes all = CpuTimes.parse(OLD).get("cpu");
        assertEquals(new CpuTimes(100, 2, 30, 800, 40, 5, 23, 0), all);
        assertEquals(1000, all.total());
    }

    @Test
    void skipsWhatItCannotRead() {
        assertTrue(CpuTimes.parse("").isEmpty());
        assertEquals(List.of("cpu1"), List.copyOf(CpuTimes.parse("cpu0 1 2 x 4\ncpu1 1 2 3 4\ncpux 1 2 3 4\n").keySet()));
    }

    @Test
    void percentagesAddUpAndBusyLeavesOutIowait() {
        CpuTimes before = CpuTimes.parse(OLD).get("cpu");
        CpuTimes after = new CpuTimes(150, 2, 60, 880, 60, 5, 43, 0);
        Load.CpuShares p = Load.CpuShares.of(after.since(before));
        // 200 jiffies: user 50, system 30, idle 80, iowait 20, softirq 20
        assertEquals(50.0, p.busyPct(), 1e-9);
        assertEquals(25.0, p.userPct(), 1e-9);
        assertEquals(15.0, p.sysPct(), 1e-9);
        assertEquals(10.0, p.softirqPct(), 1e-9);
        assertEquals(50.0, p.idlePct(), 1e-9);
    }

    @Test
    void noJiffiesIsZeroPercentNotNaN() {
        CpuTimes c = CpuTimes.parse(OLD).get("cpu");
        assertEquals(0.0, Load.CpuShares.of(c.since(c)).busyPct());
    }
}
