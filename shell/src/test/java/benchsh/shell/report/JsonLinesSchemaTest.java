package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.metric.NamedMetric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.Json;
import benchsh.peer.workload.Interval;
import benchsh.shell.Batch;
import benchsh.shell.result.MetricCatalog;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real --json output follows the published schema (docs/json-schema.json) and describes itself. */
@Timeout(120)
class JsonLinesSchemaTest {
    @TempDir
    Path dir;

    @Test
    void everyLineOfARealRunFollowsTheSchema() throws Exception {
        Batch b = Batch.run("--db", dir.resolve("r.db").toString(), "--json", "-", "-e",
                "tcp time: 1.s, interval: 0.5; udp time: 1.s, label: 'x'; disk path: '" + dir.resolve("missing/dir/f") + "', write: 1.MiB");
        assertEquals(1, b.exit(), "the disk test fails (its directory is missing): " + b.err());
        Schema schema;
        try (InputStream in = Files.newInputStream(Path.of("..", "docs", "json-schema.json"))) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in, InputFormat.JSON);
        }
        List<String> lines = b.out().lines().filter(l -> !l.isBlank()).toList();
        for (String line : lines) {
            List<Error> errors = schema.validate(line, InputFormat.JSON);
            assertTrue(errors.isEmpty(), errors + "\n" + line);
        }
        List<Map<String, Object>> all = Batch.lines(b.out());
        assertEquals("host", all.get(0).get("type"), "the host's facts come before its first result");
        assertEquals(1, all.stream().filter(l -> "host".equals(l.get("type"))).count(), "one host line for local");
        assertEquals(List.of("ok", "ok", "failed"), Batch.results(b.out()).stream().map(r -> r.get("status")).toList());
        assertEquals(1, all.stream().map(l -> l.get("session")).distinct().count(), "one session id on every line");
        assertTrue(all.stream().allMatch(l -> Integer.valueOf(JsonLines.SCHEMA).equals(((Number) l.get("schema")).intValue())));
    }

    /** The schema and the figure records agree: every metric the registry names fits its metrics, and an interval its span. */
    @Test
    void theSchemaAdmitsEveryMetricTheRecordsNameAndRequiresTheIntervalsSpan() throws Exception {
        Schema schema;
        try (InputStream in = Files.newInputStream(Path.of("..", "docs", "json-schema.json"))) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in, InputFormat.JSON);
        }
        Map<String, Object> metrics = new java.util.LinkedHashMap<>();
        MetricCatalog.all().forEach(m -> metrics.put(m.name().replaceAll("\\{[a-z]+\\}", "dut1"), m.unit() == Unit.TEXT ? "text" : 1.5));
        List<String> span = Flat.declared(Interval.class).stream().map(NamedMetric::name).toList();
        Map<String, Object> interval = new java.util.LinkedHashMap<>();
        span.forEach(n -> interval.put(n, 0.5));
        Map<String, Object> line = new java.util.LinkedHashMap<>(Map.of("type", "result", "benchsh_version", "1", "schema", 1L,
                "session", "20261201-000000-abcd", "test", "tcp", "status", "ok", "params", Map.of(), "metrics", metrics, "tags", Map.of()));
        line.putAll(Map.of("from", "a", "to", "b", "started", "2026-12-01T00:00:00Z", "repeat", 1L, "intervals", List.of(interval)));
        line.put("error", null);
        List<Error> errors = schema.validate(Json.write(line), InputFormat.JSON);
        assertTrue(errors.isEmpty(), errors.toString());
        Map<?, ?> defs = (Map<?, ?>) Json.parseObject(Files.readString(Path.of("..", "docs", "json-schema.json"))).get("$defs");
        Map<?, ?> intervals = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) defs.get("result")).get("properties")).get("intervals");
        assertEquals(span, ((Map<?, ?>) intervals.get("items")).get("required"), "an interval requires what Interval spans");
    }

    @Test
    void aLineThatBreaksTheContractIsRefused() throws Exception {
        Schema schema;
        try (InputStream in = Files.newInputStream(Path.of("..", "docs", "json-schema.json"))) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in, InputFormat.JSON);
        }
        assertTrue(!schema.validate("{\"type\":\"result\",\"benchsh_version\":\"1\",\"schema\":1,\"session\":\"20261201-000000-abcd\",\"test\":\"tcp\"}",
                InputFormat.JSON).isEmpty(), "a result without its fields");
    }
}
