package benchsh.peer.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.Interval;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The counters made from texts read elsewhere (the shell reads them over SSH) and the figures between two readings. */
class ProcCountersTest {

    @Test
    void parsesTheTextsOfTheProcFilesAndTc() {
        ProcCounters c = ProcCounters.parse(5, CpuTimesTest.MODERN, InterfaceCountersTest.NET_DEV, SoftnetStatTest.MODERN, QdiscStatsTest.TC,
                false);
        assertEquals(5, c.nanos());
        assertEquals(java.util.Set.of("cpu", "cpu0", "cpu1"), c.cpus().keySet());
        assertEquals(java.util.Set.of("eth1", "br-dut.10"), c.interfaces().keySet());
        assertEquals(0x1a, c.softnetDrops().getAsLong());
        assertEquals(1543L, c.qdiscDrops().orElseThrow().get("p2"));
    }

    @Test
    void emptyTextsLeaveTheirFamiliesOut() {
        ProcCounters c = ProcCounters.parse(0, "", "", "", null, false);
        assertTrue(c.cpus().isEmpty() && c.interfaces().isEmpty());
        assertTrue(c.softnetDrops().isEmpty());
        assertTrue(c.qdiscDrops().isEmpty());
        assertNull(Observation.between(c, c).qdiscDrops(), "no tc statistics: none, not 0");
    }

    @Test
    void qdiscDropsAreWhatEachRootQdiscsCounterGrewBy() {
        ProcCounters a = ProcCounters.parse(0, "", "", "", QdiscStatsTest.TC, false);
        ProcCounters b = ProcCounters.parse(2_000_000_000L, "", "", "", QdiscStatsTest.TC.replace("dropped 1543", "dropped 1600"), false);
        Load m = Observation.between(a, b);
        assertEquals(Map.of("p2", 57L, "eth0", 0L, "wlan0", 0L), m.qdiscDrops());
        Interval<Load> sample = Observation.interval(a, a, b);
        assertEquals(0.0, sample.startS());
        assertEquals(2.0, sample.endS());
        assertEquals(2.0, sample.figures().seconds());
        assertEquals(0L, Observation.whole(a, b).cpuCount());
    }
}
