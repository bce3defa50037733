package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.run.Plan;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A plan names each test's hosts as its row will (on for a test on one host) and its parameters in their units. */
class PlanTableTest {
    @Test
    void parametersReadInTheirUnitsAndADiskTestRunsOnItsHost() {
        Plan plan = new Plan();
        Map<String, Object> tcp = new LinkedHashMap<>();
        tcp.put("size", 131072L);
        tcp.put("time", 1.0);
        tcp.put("rate", 50_000_000L);
        tcp.put("busywait", 5.0e-5);
        plan.add(new Plan.Step("tcp", "local", "h1", tcp, Map.of(), Optional.of(Duration.ofSeconds(2))));
        plan.add(new Plan.Step("disk", "h1", "h1", Map.of("on", "h1", "write", 10_485_760L), Map.of(), Optional.empty()));
        List<String> lines = PlanTable.render(plan, ThroughputUnit.MB_S).lines().toList();
        assertEquals(List.of("#", "test", "from", "to", "on", "tags", "parameters", "est."), List.of(lines.get(0).trim().split(" +")));
        assertTrue(lines.get(2).contains("size=128KiB time=1.00s rate=50Mbit/s busywait=50us"), "not rate=50000000 busywait=5.00e-05: " + lines);
        assertTrue(lines.get(3).matches("2 +disk +- +- +h1 +- +write=10MiB +\\?"), "on h1, not from h1 to h1: " + lines);
    }
}
