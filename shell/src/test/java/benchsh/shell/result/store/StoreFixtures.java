package benchsh.shell.result.store;

import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import benchsh.shell.result.SessionInfo;
import benchsh.shell.result.Status;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Results and host facts as tests need them: realistic shapes, made-up numbers. */
final class StoreFixtures {
    private StoreFixtures() {
    }

    static Map<String, Object> facts(String hostname, String kernel, long mtu) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("hostname", hostname);
        f.put("kernel", kernel);
        f.put("cpu_count", 2L);
        f.put("cpu_governor", "performance");
        f.put("java", "17.0.13");
        f.put("nics", List.of(Map.of("name", "eth0", "mtu", mtu, "speed_mbps", 10000L, "address", "02:00:00:00:00:01")));
        f.put("mounts", List.of(Map.of("point", "/data", "type", "ext4", "source", "/dev/sda1", "options", "rw,relatime")));
        return f;
    }

    static Result result(String test, String from, String to, String label, long size, double bps, int intervals, Instant started) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("size", size);
        params.put("time", 2.0);
        params.put("reverse", false);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("bytes", (long) (bps / 8 * 2));
        metrics.put("seconds", 2.0);
        metrics.put("throughput_bps", bps);
        Map<String, Object> tags = new LinkedHashMap<>();
        if (label != null) {
            tags.put("label", label);
        }
        tags.put("dir", "tx");
        List<Map<String, Object>> iv = new ArrayList<>();
        for (int i = 0; i < intervals; i++) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("start_s", (double) i);
            s.put("end_s", i + 1.0);
            s.put("bytes", (long) (bps / 8));
            s.put("throughput_bps", bps);
            iv.add(s);
        }
        return new Result(test, Status.OK, from, to, params, metrics, tags, started, 1, null, iv);
    }

    static Recorded recorded(Result r, SessionInfo s) {
        return new Recorded(r, s, Map.of(r.from(), facts("alpha", "6.1.0", 1500), r.to(), facts("beta", "6.1.0", 9000)));
    }
}
