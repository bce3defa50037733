package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.workload.Interval;
import benchsh.shell.observe.ObservedNames;
import benchsh.shell.result.IntervalKeys;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** The HTML report plots an observed host's CPU per interval against the test's throughput. */
class ObservedChartTest {
    /** A udp result through dut: throughput levels off as dut's CPU reaches 100 %. */
    static Result observed() {
        List<Map<String, Object>> intervals = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            intervals.add(Map.of("start_s", (double) i, "end_s", i + 1.0, "throughput_bps", Math.min(4, i + 1) * 1e8,
                    "cpu_dut_pct", Math.min(100.0, 25.0 * (i + 1))));
        }
        return new Result("udp", Status.OK, "h1", "h2", Map.of("size", 1000L), Map.of("throughput_bps", 3.4e8, "cpu_dut_pct", 70.0,
                "dut_drops", 12L), Map.of(), Instant.parse("2026-12-02T01:00:00Z"), 1, null, intervals);
    }

    @Test
    void drawsTheThroughputAndTheObservedCpuWithBothAxes() throws Exception {
        String svg = ObservedChart.render(observed(), ThroughputUnit.MB_S, "c1");
        Document doc = HtmlReportTest.parse(svg);
        NodeList lines = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "polyline");
        assertEquals(2, lines.getLength(), svg);
        assertEquals(5, lines.item(1).getAttributes().getNamedItem("points").getNodeValue().split(" ").length);
        assertTrue(svg.contains(">cpu dut %<") || svg.contains(">cpu dut<"), svg);
        assertTrue(svg.contains(">100 %<") && svg.contains(" MB/s<"), "both axes labelled: " + svg);
    }

    @Test
    void drawsTheSamplesAsTheExecutorFlattensThem() {
        List<Map<String, Object>> intervals = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Map<String, Object> s = new LinkedHashMap<>(Flat.of(new Interval<>(i, i + 1.0, new Interval.Bytes(125_000_000L, (i + 1) * 1e9))));
            s.put(ObservedNames.cpu("dut"), 50.0);
            intervals.add(s);
        }
        Result r = new Result("udp", Status.OK, "h1", "h2", Map.of(), Map.of("throughput_bps", 2e9, "cpu_dut_pct", 50.0), Map.of(),
                Instant.EPOCH, 1, null, intervals);
        assertEquals(Map.of(1.0, 1e9, 2.0, 2e9, 3.0, 3e9), TimeSeriesChart.samples(r, IntervalKeys.THROUGHPUT_BPS, 1));
        assertNotNull(ObservedChart.render(r, ThroughputUnit.MB_S, "c"), "the throughput by each sample's end, and dut's CPU");
    }

    @Test
    void nothingToDrawWithoutAnObservedHostOrSamples() {
        Result r = observed();
        Result plain = new Result(r.test(), r.status(), r.from(), r.to(), r.params(), Map.of("throughput_bps", 1e8), r.tags(), r.started(), 1,
                null, r.intervals());
        assertNull(ObservedChart.render(plain, ThroughputUnit.MB_S, "c"));
        Result noSamples = new Result(r.test(), r.status(), r.from(), r.to(), r.params(), r.metrics(), r.tags(), r.started(), 1, null, List.of());
        assertNull(ObservedChart.render(noSamples, ThroughputUnit.MB_S, "c"));
    }

    @Test
    void theHtmlReportHasTheChartUnderItsSection() throws Exception {
        ReportContext c = ReportFixtures.context("t");
        String html = HtmlReport.render(List.of(observed()), c, ThroughputUnit.MB_S);
        Document doc = HtmlReportTest.parse(html);
        NodeList svgs = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "svg");
        assertTrue(svgs.getLength() >= 1, html);
        assertTrue(html.contains("udp h1 → h2: throughput and observed CPU per interval"), html);
    }
}
