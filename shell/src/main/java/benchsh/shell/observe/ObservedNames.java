package benchsh.shell.observe;

import benchsh.peer.metric.Metrics;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How the observe workload's figures (a nested map: {@code cpu} by CPU, {@code interfaces} by name,
 * {@code softnet_drops}, {@code qdisc_drops} by interface, {@code seconds}, {@code cpu_count}) become a result's
 * metrics named after the observed host: {@code cpu_dut_pct}, {@code cpu_dut_user_pct}, {@code cpu_dut_cpu0_pct},
 * {@code dut_eth1_rx_drops}, {@code dut_softnet_drops}, {@code dut_eth1_qdisc_drops}, {@code dut_drops} (see
 * {@link benchsh.peer.metric.Metrics}). Host and interface names become identifier characters. Stateless.
 */
public final class ObservedNames {
    private static final String[] CPU_SHARES = {"user", "sys", "softirq", "idle"};

    private ObservedNames() {
    }

    /**
     * The host's part of its metric names: lower case, every character but a letter or digit as {@code _}; a
     * name whose {@code cpu_<name>_pct} is a metric of its own ({@code local}, {@code remote}) gets a
     * {@code host_} prefix, so observing {@code local} never overwrites {@code cpu_local_pct}.
     */
    public static String host(String name) {
        String token = identifier(name);
        boolean taken = Metrics.named("cpu_" + token + "_pct").map(m -> !m.name().contains("{")).orElse(false);
        return taken ? "host_" + token : token;
    }

    /** Lower case, every character but a letter or digit as {@code _}. */
    static String identifier(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_");
    }

    /** The CPU column of an observed host: {@code cpu_<host>_pct}. */
    public static String cpu(String host) {
        return "cpu_" + host(host) + "_pct";
    }

    /** How an observed host was watched, {@code peer} or {@code ssh}: {@code <host>_observed_via}. */
    public static String via(String host) {
        return host(host) + "_observed_via";
    }

    /** What an observed host's watch could not count: {@code <host>_observe_note}. */
    public static String note(String host) {
        return host(host) + "_observe_note";
    }

    /** The drops column of an observed host: {@code <host>_drops}. */
    public static String drops(String host) {
        return host(host) + "_drops";
    }

    /**
     * The observe workload's figures as host-named metrics; {@code <host>_drops} adds up every interface's
     * drops, the softnet drops and the root qdiscs' drops ({@code <host>_qdisc_drops}, where tc printed them). {@code start_s} and {@code end_s} of an interval sample are left out.
     */
    public static Map<String, Object> flatten(String hostName, Map<String, Object> figures) {
        String h = host(hostName);
        Map<String, Object> m = new LinkedHashMap<>();
        if (figures.get("cpu") instanceof Map<?, ?> cpus) {
            cpus.forEach((label, shares) -> {
                if (shares instanceof Map<?, ?> s && "all".equals(label)) {
                    m.put("cpu_" + h + "_pct", s.get("busy_pct"));
                    for (String share : CPU_SHARES) {
                        m.put("cpu_" + h + "_" + share + "_pct", s.get(share + "_pct"));
                    }
                } else if (shares instanceof Map<?, ?> s) {
                    m.put("cpu_" + h + "_" + identifier(String.valueOf(label)) + "_pct", s.get("busy_pct"));
                }
            });
        }
        if (figures.get("cpu_count") instanceof Number n) {
            m.put(h + "_cpu_count", n.longValue());
        }
        if (figures.get("seconds") instanceof Number n) {
            m.put(h + "_observed_seconds", n.doubleValue());
        }
        long drops = 0;
        boolean counted = false;
        if (figures.get("interfaces") instanceof Map<?, ?> interfaces) {
            for (Map.Entry<?, ?> e : interfaces.entrySet()) {
                if (e.getValue() instanceof Map<?, ?> counters) {
                    String prefix = h + "_" + identifier(String.valueOf(e.getKey())) + "_";
                    counters.forEach((k, v) -> m.put(prefix + k, v));
                    drops += number(counters.get("rx_drops")) + number(counters.get("tx_drops"));
                    counted = true;
                }
            }
        }
        if (figures.get("softnet_drops") instanceof Number n) {
            m.put(h + "_softnet_drops", n.longValue());
            drops += n.longValue();
            counted = true;
        }
        if (figures.get("qdisc_drops") instanceof Map<?, ?> qdiscs) {
            long all = 0;
            for (Map.Entry<?, ?> e : qdiscs.entrySet()) {
                m.put(h + "_" + identifier(String.valueOf(e.getKey())) + "_qdisc_drops", e.getValue());
                all += number(e.getValue());
            }
            m.put(h + "_qdisc_drops", all);
            drops += all;
            counted = true;
        }
        if (counted) {
            m.put(h + "_drops", drops);
        }
        m.values().removeIf(java.util.Objects::isNull);
        return m;
    }

    /** Whether {@code metric} is one of the figures {@link #flatten} names after {@code hostName}. */
    public static boolean isOf(String metric, String hostName) {
        String h = java.util.regex.Pattern.quote(host(hostName));
        return metric.matches("cpu_" + h + "_[a-z0-9_]+_pct|cpu_" + h + "_pct|" + h
                + "_(drops|softnet_drops|qdisc_drops|cpu_count|observed_seconds|observed_via|observe_note)|"
                + h + "_[a-z0-9_]+_((rx|tx)_(packets|bytes|drops|errors)|qdisc_drops)");
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }
}
