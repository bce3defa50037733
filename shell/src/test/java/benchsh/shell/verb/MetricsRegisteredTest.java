package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Metrics;
import benchsh.shell.result.Result;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every metric any measuring verb reports is in the registry, so headers, cells, JSON schema and docs know its unit. */
@Timeout(180)
class MetricsRegisteredTest {
    @TempDir
    Path dir;

    @Test
    void everyVerbReportsOnlyRegisteredMetrics() {
        String d = dir.toString();
        String script = String.join("\n",
                "t = tree path: '" + d + "/t', files: 20, dirs: 3, bytes: 80.KiB, seed: 1",
                "[tcp(time: 1.s, interval: 0.5, observe: b), tcp(time: 1.s, bidir: true),",
                " udp(time: 1.s, rate: 10.mbit), udp(time: 1.s, size: 16, rate: 1.mbit),",
                " rr(time: 1.s, histogram: true), rr(time: 1.s, proto: 'udp'), rr(time: 1.s, connect: true),",
                " pipe(count: 64, bs: 64.KiB), http(bytes: 4.MiB),",
                " disk(path: '" + d + "/a.dat', write: 1.MiB, sync: true), disk(path: '" + d + "/a.dat', read: 1.MiB, cold: true),",
                " t,",
                " copy(t, to: '" + d + "/c', verify: true),",
                " copy(t, from: local, to: 'local', path: '" + d + "/n', verify: true),",
                " remove(t)]");
        try (FsVerbSession s = new FsVerbSession()) {
            List<?> results = (List<?>) s.eval(script);
            assertEquals(15, results.size());
            Set<String> unknown = new TreeSet<>();
            for (Object o : results) {
                Result r = o instanceof Result res ? res : ((benchsh.shell.definition.TreeHandle) o).result();
                assertTrue(r.ok(), r.test() + ": " + r.error());
                r.metrics().keySet().stream().filter(k -> Metrics.named(k).isEmpty()).forEach(k -> unknown.add(r.test() + " " + k));
            }
            assertTrue(unknown.isEmpty(), "metrics missing from benchsh.peer.metric.Metrics: " + unknown);
        }
    }
}
