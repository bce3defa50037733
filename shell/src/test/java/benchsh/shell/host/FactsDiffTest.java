package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A diff names the facts that describe a machine (kernel, NIC, governor, mounts, Java), not the ones that name it. */
class FactsDiffTest {

    static Map<String, Object> facts(String host, String kernel, long mtu, String governor, String mountOptions) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("hostname", host);
        f.put("kernel", kernel);
        f.put("cpu_governor", governor);
        f.put("java", "17.0.13");
        f.put("nics", List.of(Map.of("name", "eth0", "mtu", mtu, "speed_mbps", 10000L, "address", host + "-mac")));
        f.put("mounts", List.of(Map.of("point", "/data", "type", "ext4", "source", "/dev/" + host, "options", mountOptions)));
        return f;
    }

    @Test
    void onlyDescriptiveFactsThatDifferAreListed() {
        var changes = FactsDiff.between(facts("a", "6.1.0", 1500, "performance", "rw"), facts("b", "6.12.0", 9000, "powersave", "rw"));
        assertEquals(List.of(
                new FactsDiff.Change("cpu_governor", "performance", "powersave"),
                new FactsDiff.Change("kernel", "6.1.0", "6.12.0"),
                new FactsDiff.Change("nic.eth0.mtu", "1500", "9000")), changes);
        assertEquals(List.of(), FactsDiff.between(facts("a", "6.1.0", 1500, "x", "rw"), facts("b", "6.1.0", 1500, "x", "rw")));
        assertEquals(List.of(new FactsDiff.Change("mount./data.options", "rw", "ro")),
                FactsDiff.between(facts("a", "k", 1, "x", "rw"), facts("a", "k", 1, "x", "ro")));
        assertEquals(7, FactsDiff.compared(facts("a", "k", 1, "x", "rw"), facts("a", "k", 1, "x", "ro")));
    }

    @Test
    void aFactOnOneSideOnlyShowsAsMissingOnTheOther() {
        Map<String, Object> left = facts("a", "k", 1500, "x", "rw");
        Map<String, Object> right = new LinkedHashMap<>(left);
        right.remove("cpu_governor");
        assertEquals(List.of(new FactsDiff.Change("cpu_governor", "x", null)), FactsDiff.between(left, right));
    }
}
