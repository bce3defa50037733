package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cpu cell of host tables: where the peer may run shows only when that is not every CPU. */
class HostReportTest {
    private static Map<String, Object> facts(Object allowed) {
        Map<String, Object> f = new HashMap<>(Map.of("cpu_count", 4L, "cpu_model", "Xeon"));
        if (allowed != null) {
            f.put("cpus_allowed", allowed);
        }
        return f;
    }

    @Test
    void aPinnedPeerShowsItsCpus() {
        assertEquals("4 x Xeon, peer on 1", HostReport.cpu(facts("1")));
        assertEquals("4 x Xeon, peer on 0,2-3", HostReport.cpu(facts("0,2-3")));
    }

    @Test
    void aPeerThatMayRunAnywhereShowsJustTheCpus() {
        assertEquals("4 x Xeon", HostReport.cpu(facts("0-3")));
        assertEquals("4 x Xeon", HostReport.cpu(facts(null)), "an older peer");
        assertEquals("4 x Xeon", HostReport.cpu(facts("garbage")));
        assertEquals("Xeon", HostReport.cpu(Map.of("cpu_model", "Xeon")));
    }
}
