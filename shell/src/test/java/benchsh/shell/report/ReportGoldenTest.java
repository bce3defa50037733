package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Json;
import benchsh.shell.result.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Markdown, CSV and JSON reports of fixed synthetic results against golden files in
 * src/test/resources/golden. After an intended change, regenerate them with
 * {@code mvn -B verify -Dtest=ReportGoldenTest -Dgolden.update=true} and review the diff.
 */
class ReportGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    private static final List<Result> RESULTS = ReportFixtures.results("Rx");
    private static final ReportContext CONTEXT = ReportFixtures.context("01-netio-table.groovy");

    @Test
    void markdownMatchesGolden() throws IOException {
        assertGolden("report.md", MarkdownReport.render(RESULTS, CONTEXT, ThroughputUnit.MB_S));
    }

    @Test
    void csvMatchesGolden() throws IOException {
        assertGolden("report.csv", CsvReport.render(RESULTS));
    }

    @Test
    void jsonMatchesGolden() throws IOException {
        assertGolden("report.json", JsonReport.render(RESULTS, CONTEXT));
    }

    @Test
    void markdownExportIsTheTablesAlone() throws IOException {
        assertGolden("export.md", MarkdownReport.tables(RESULTS, ThroughputUnit.named("Mbit/s")));
    }

    @Test
    void jsonCarriesEveryResultWithItsIntervalsAndParses() throws Exception {
        Map<String, Object> doc = Json.parseObject(JsonReport.render(RESULTS, CONTEXT));
        List<?> results = (List<?>) doc.get("results");
        assertEquals(RESULTS.size(), results.size());
        Map<?, ?> first = (Map<?, ?>) results.get(0);
        assertEquals(2, ((List<?>) first.get("intervals")).size());
        assertEquals(Map.of("size", 1024L, "dir", "Tx"), first.get("tags"));
        assertEquals("scripts/benchsh run examples/01-netio-table.groovy --set size=4KiB --report r.md", doc.get("rerun"));
        assertEquals(2, ((List<?>) doc.get("hosts")).size());
        assertEquals(List.of(), Json.parse(JsonReport.array(List.of())));
        assertEquals(RESULTS.size(), ((List<?>) Json.parse(JsonReport.array(RESULTS))).size());
    }

    @Test
    void csvQuotesAndKeepsOneRowPerResultWithEveryColumn() {
        String csv = CsvReport.render(RESULTS);
        List<String> lines = csv.lines().toList();
        assertEquals(RESULTS.size() + 1, lines.size());
        assertEquals("test,status,from,to,started,repeat,tags.size,tags.dir,params.size,params.streams,params.reverse,params.time,"
                + "metrics.bytes,metrics.seconds,metrics.throughput_bps,metrics.cpu_local_pct,metrics.cpu_remote_pct,"
                + "metrics.service_demand_local_us_per_kb,error", lines.get(0));
        assertTrue(csv.contains(",\"h2: connect to 10.0.0.2:5001 refused, \"\"is the peer up?\"\"\"\n"), csv);
        assertEquals("a", CsvReport.quote("a"));
        assertEquals("\" a\"", CsvReport.quote(" a"));
        assertEquals("\"x\ny\"", CsvReport.quote("x\ny"));
        assertEquals("800000000", CsvReport.value(8e8));
        assertEquals("0.125", CsvReport.value(0.125));
        assertEquals("", CsvReport.value(Double.NaN));
    }

    private static void assertGolden(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(file), file + " is missing; run with -Dgolden.update=true to write it");
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual, name + " differs from the golden file");
    }
}
