package benchsh.shell.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What differs between two fact sets as peers report them ({@code benchsh.peer.facts.HostFacts}):
 * kernel, OS, CPU (model, count, governor), memory, Java, every NIC's speed, MTU, driver and state,
 * every mount's type and options. Facts that name a machine rather than describe it (hostname, MAC
 * address, mount source) are left out. Stateless.
 */
public final class FactsDiff {
    /** One fact that differs; a side lacking it holds null. */
    public record Change(String fact, String left, String right) {
    }

    private FactsDiff() {
    }

    /** The differing facts, sorted by name. */
    public static List<Change> between(Map<String, Object> left, Map<String, Object> right) {
        Map<String, String> a = flatten(left);
        Map<String, String> b = flatten(right);
        List<Change> changes = new ArrayList<>();
        for (String k : new TreeSet<>(union(a, b))) {
            if (!Objects.equals(a.get(k), b.get(k))) {
                changes.add(new Change(k, a.get(k), b.get(k)));
            }
        }
        return changes;
    }

    /** How many facts were compared. */
    public static int compared(Map<String, Object> left, Map<String, Object> right) {
        return union(flatten(left), flatten(right)).size();
    }

    /** Facts as flat names, e.g. {@code kernel}, {@code nic.eth0.mtu}, {@code mount./data.type}. */
    public static Map<String, String> flatten(Map<String, Object> facts) {
        Map<String, String> flat = new TreeMap<>();
        for (Map.Entry<String, Object> e : facts.entrySet()) {
            String k = e.getKey();
            Object v = e.getValue();
            if (k.equals("hostname")) {
                continue;
            }
            if (k.equals("nics") && v instanceof List<?> nics) {
                for (Object o : nics) {
                    if (o instanceof Map<?, ?> nic && nic.get("name") != null) {
                        nic.forEach((nk, nv) -> {
                            if (!nk.equals("name") && !nk.equals("address") && nv != null) {
                                flat.put("nic." + nic.get("name") + "." + nk, nv.toString());
                            }
                        });
                    }
                }
            } else if (k.equals("mounts") && v instanceof List<?> mounts) {
                for (Object o : mounts) {
                    if (o instanceof Map<?, ?> m && m.get("point") != null) {
                        put(flat, "mount." + m.get("point") + ".type", m.get("type"));
                        put(flat, "mount." + m.get("point") + ".options", m.get("options"));
                    }
                }
            } else if (v != null && !(v instanceof List<?>) && !(v instanceof Map<?, ?>)) {
                flat.put(k, v.toString());
            }
        }
        return flat;
    }

    private static void put(Map<String, String> flat, String k, Object v) {
        if (v != null) {
            flat.put(k, v.toString());
        }
    }

    private static java.util.Set<String> union(Map<String, String> a, Map<String, String> b) {
        java.util.Set<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }
}
