package benchsh.shell.report;

import benchsh.shell.report.ReportContext.HostInfo;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.result.Scenario.Expectation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Fixed synthetic results and context (fixed timestamps and facts) for report tests. */
final class ReportFixtures {
    static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");

    private ReportFixtures() {
    }

    /** A size × dir sweep (one point failed, one run repeated), plus one untagged test. */
    static List<Result> results(String rxLabel) {
        List<Result> rs = new ArrayList<>();
        long[] sizes = {1024, 2048, 4096};
        int n = 0;
        for (long size : sizes) {
            for (String dir : List.of("Tx", rxLabel)) {
                boolean failed = size == 4096 && !dir.equals("Tx");
                double mbs = size / 1024.0 * 100 + (dir.equals("Tx") ? 0 : 10);
                rs.add(tcp(size, dir, failed ? Status.FAILED : Status.OK, failed ? Map.of() : metrics(mbs), n++,
                        failed ? "h2: connect to 10.0.0.2:5001 refused, \"is the peer up?\"" : null));
            }
        }
        rs.add(tcp(1024, "Tx", Status.OK, metrics(101.5), n++, null).withRepeat(2));
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("size", 131072L);
        params.put("streams", 4L);
        params.put("reverse", false);
        rs.add(new Result("tcp", Status.OK, "h1", "h2", params, metrics(940.25), Map.of(), T0.plusSeconds(60), 1, null, List.of()));
        return rs;
    }

    private static Result tcp(long size, String dir, Status status, Map<String, Object> metrics, int n, String error) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("size", size);
        params.put("streams", 1L);
        params.put("reverse", !dir.equals("Tx"));
        params.put("time", 2.0);
        Map<String, Object> tags = new LinkedHashMap<>();
        tags.put("size", size);
        tags.put("dir", dir);
        List<Map<String, Object>> intervals = status == Status.OK
                ? List.of(ordered("start_s", 0.0, "end_s", 1.0, "bytes", 1000L + n), ordered("start_s", 1.0, "end_s", 2.0, "bytes", 2000L + n))
                : List.of();
        return new Result("tcp", status, "h1", "h2", params, metrics, tags, T0.plusSeconds(3L * n), 1, error, intervals);
    }

    /** A map in the order given (Map.of iterates in a different order every run). */
    static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> metrics(double mbs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bytes", (long) (mbs * 2e6));
        m.put("seconds", 2.0);
        m.put("throughput_bps", mbs * 8e6);
        m.put("cpu_local_pct", 41.25);
        m.put("cpu_remote_pct", 37.5);
        m.put("service_demand_local_us_per_kb", 0.125);
        return m;
    }

    static ReportContext context(String title) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("hostname", "h1");
        facts.put("kernel", "6.1.0-26-amd64");
        facts.put("os", "Debian GNU/Linux 12 (bookworm)");
        facts.put("cpu_model", "AMD EPYC 7B13");
        facts.put("cpu_count", 2L);
        facts.put("memory_bytes", 8L << 30);
        facts.put("java", "17.0.15");
        facts.put("java_vendor", "Debian");
        facts.put("nics", List.of(ordered("name", "eth0", "mtu", 1500L, "speed_mbps", 1000L, "driver", "virtio_net", "state", "up")));
        facts.put("mounts", List.of(ordered("point", "/", "type", "ext4", "source", "/dev/vda1", "options", "rw,relatime")));
        Map<String, Object> facts2 = new LinkedHashMap<>(facts);
        facts2.put("hostname", "h2");
        facts2.put("kernel", "6.12.9-amd64");
        return new ReportContext(title, "examples/01-netio-table.groovy",
                "sweep(size: [1.KiB, 2.KiB, 4.KiB], dir: ['Tx', 'Rx']) { p ->\n    tcp from: a, to: b, size: p.size, reverse: p.dir == 'Rx'\n}\n",
                ordered("size", 4096L, "time", java.time.Duration.ofSeconds(3)), Map.of("size", "4KiB"), "testbed.ini",
                List.of(new Expectation("01-netio-table.groovy:4", "r.throughput > 100.Mbit", true),
                        new Expectation("01-netio-table.groovy:5", "r.throughput > 10.Gbit", false)),
                List.of(new HostInfo("h1", "0.1.0", facts), new HostInfo("h2", "0.1.0", facts2)), "0.1.0",
                T0, T0.plusSeconds(75), "scripts/benchsh run examples/01-netio-table.groovy --set size=4KiB --report r.md", null, List.of());
    }
}
