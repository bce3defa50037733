package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading the framed output of the /proc loop: only whole readings count, parsed with the peer's parsers. */
class ProcFramesTest {
    private static final String T = "@benchsh-0123456789abcdef";

    /** One reading as the loop prints it, numbered {@code n}. */
    static List<String> reading(String n, String uptime, String stat, String dev) {
        List<String> l = new ArrayList<>(List.of(T + " begin " + n, T + " file uptime", uptime, T + " file stat"));
        l.addAll(List.of(stat.split("\n")));
        l.add(T + " file dev");
        l.addAll(List.of(dev.split("\n")));
        l.addAll(List.of(T + " file softnet", "00000010 00000002 00000000", T + " file qdisc",
                "qdisc tbf 8001: dev eth1 root refcnt 2 rate 1Mbit burst 16Kb lat 50ms",
                " Sent 900 bytes 9 pkt (dropped 4, overlimits 0 requeues 0)", T + " end " + n));
        return l;
    }

    static final String STAT = "cpu  100 0 50 800 10 5 35 0 0 0\ncpu0 100 0 50 800 10 5 35 0 0 0\nintr 1 2 3";
    static final String DEV = """
            Inter-|   Receive                                                |  Transmit
             face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                lo:     100       1    0    0    0     0          0         0      100       1    0    0    0     0       0          0
              eth1:    5000      50    0    2    0     0          0         0     6000      60    0    1    0     0       0          0""";

    private static List<ProcFrames.Reading> feed(ProcFrames f, List<String> lines) {
        List<ProcFrames.Reading> out = new ArrayList<>();
        for (String line : lines) {
            ProcFrames.Reading r = f.accept(line);
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    @Test
    void aWholeReadingBecomesThePeersCounters() {
        ProcFrames f = new ProcFrames(T, false);
        List<ProcFrames.Reading> r = feed(f, reading("0", "12345.67 999.00", STAT, DEV));
        assertEquals(1, r.size());
        assertEquals(12_345_670_000_000L, r.get(0).counters().nanos(), "the host's uptime is the reading's time");
        assertEquals(35, r.get(0).counters().cpus().get("cpu").softirq());
        assertEquals(List.of("eth1"), List.copyOf(r.get(0).counters().interfaces().keySet()), "lo is left out unless asked");
        assertEquals(2, r.get(0).counters().softnetDrops().getAsLong());
        assertEquals(4L, r.get(0).counters().qdiscDrops().orElseThrow().get("eth1"));
    }

    @Test
    void aReadingCutOffIsDroppedWholeAndTheNextOneCounts() {
        ProcFrames f = new ProcFrames(T, true);
        List<String> lines = new ArrayList<>(reading("0", "1.00 1.00", STAT, DEV).subList(0, 6)); // torn inside /proc/stat
        lines.addAll(reading("1", "2.00 1.00", STAT, DEV));
        List<ProcFrames.Reading> r = feed(f, lines);
        assertEquals(1, r.size());
        assertEquals("1", r.get(0).label());
        assertTrue(r.get(0).counters().interfaces().containsKey("lo"));
    }

    @Test
    void anEndThatDoesNotMatchItsBeginCountsNothing() {
        ProcFrames f = new ProcFrames(T, false);
        List<String> lines = new ArrayList<>(reading("3", "1.00 1.00", STAT, DEV));
        lines.set(lines.size() - 1, T + " end 4");
        assertEquals(List.of(), feed(f, lines));
    }

    @Test
    void aTornLineDropsItsReading() {
        ProcFrames f = new ProcFrames(T, false);
        List<String> lines = reading("0", "1.00 1.00", STAT, DEV);
        for (int i = 0; i < 5; i++) {
            assertNull(f.accept(lines.get(i)));
        }
        f.torn();
        assertEquals(List.of(), feed(f, lines.subList(5, lines.size())));
    }

    @Test
    void linesOutsideFramesAndOtherTokensAreIgnored() {
        ProcFrames f = new ProcFrames(T, false);
        List<String> lines = new ArrayList<>(List.of("sh: tc: not found", "@benchsh-ffffffffffffffff end 0"));
        lines.addAll(reading("last", "3.50 1.00", STAT, DEV));
        List<ProcFrames.Reading> r = feed(f, lines);
        assertEquals(1, r.size());
        assertTrue(r.get(0).last());
    }

    @Test
    void theIntervalTheLoopChoseIsKept() {
        ProcFrames f = new ProcFrames(T, false);
        assertNull(f.interval());
        f.accept(T + " interval 0.500");
        assertEquals("0.500", f.interval());
    }

    @Test
    void aReadingWithoutQdiscTextHasNoQdiscFamily() {
        ProcFrames f = new ProcFrames(T, false);
        List<String> lines = new ArrayList<>(reading("0", "1.00 1.00", STAT, DEV));
        int q = lines.indexOf(T + " file qdisc");
        lines.subList(q, q + 3).clear();
        ProcFrames.Reading r = feed(f, lines).get(0);
        assertTrue(r.counters().qdiscDrops().isEmpty());
        assertNotNull(r.counters().softnetDrops());
    }

    @Test
    void uptimeIsTheFirstNumber() {
        assertEquals(350_000_000L, ProcFrames.uptimeNanos("0.35 0.70\n"));
    }
}
