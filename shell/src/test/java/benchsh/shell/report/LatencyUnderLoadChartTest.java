package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.latency.LatencyProbe;
import benchsh.peer.workload.Interval;
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

/**
 * A latency-under-load result in the reports: flent's plot (download, upload and latency over the test, phases shaded and
 * named) in the HTML report, and the phase table with sparklines in the terminal; a probe schedule the host could not
 * keep gets a note.
 */
class LatencyUnderLoadChartTest {
    /** An RRUL result: idle 0-2 s, both 2-6 s, idle_end 6-8 s, latency 1 ms idle and 40 ms loaded. */
    static Result rrul(double probeSeconds, double achievedUs, long skipped) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("responsiveness_rpm", 1200.0);
        m.put("probes_sent", 800L);
        m.put("probes_skipped", skipped);
        m.put("probe_interval_achieved_us", achievedUs);
        m.put("clock_offset_us", 3.0);
        m.put("clock_offset_end_us", 4.0);
        m.put("clock_offset_uncertainty_us", 30.0);
        for (String phase : List.of("idle", "both", "idle_end")) {
            boolean loaded = phase.equals("both");
            if (loaded) {
                m.put(phase + "_throughput_down_bps", 80e6);
                m.put(phase + "_throughput_up_bps", 40e6);
                m.put(phase + "_added_latency_p50_us", 39_000.0);
            }
            m.put(phase + "_latency_p50_us", loaded ? 40_000.0 : 1_000.0);
            m.put(phase + "_responsiveness_rpm", loaded ? 1200.0 : 60_000.0);
            m.put(phase + "_probes_sent", 100L);
            m.put(phase + "_probe_loss_pct", loaded ? 2.0 : 0.0);
            m.put(phase + "_up_delay_p50_us", loaded ? 30_000.0 : 600.0);
        }
        List<Map<String, Object>> timeline = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            String phase = i < 4 ? "idle" : i < 12 ? "both" : "idle_end";
            boolean loaded = phase.equals("both");
            timeline.add(Map.of("start_s", i * 0.5, "end_s", i * 0.5 + 0.5, "phase", phase, "throughput_down_bps", loaded ? 80e6 : 0.0,
                    "throughput_up_bps", loaded ? 40e6 : 0.0, "latency_p50_us", loaded ? 40_000.0 : 1_000.0, "up_delay_p50_us", loaded ? 30_000.0 : 600.0,
                    "down_delay_p50_us", 400.0));
        }
        return new Result("bufferbloat", Status.OK, "h1", "h2", Map.of("mode", "rrul", "probe", probeSeconds), m, Map.of(),
                Instant.parse("2026-12-07T10:00:00Z"), 1, null, timeline);
    }

    @Test
    void flentsPlotHasThreePanelsAndThePhasesShaded() throws Exception {
        String svg = LatencyUnderLoadChart.render(rrul(0.01, 10_000, 0), ThroughputUnit.named("Mbit/s"), "t1");
        Document doc = HtmlReportTest.parse(svg);
        NodeList lines = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "polyline");
        assertEquals(5, lines.getLength(), "download, upload, round trip and each way's delay: " + svg);
        assertEquals(16, lines.item(0).getAttributes().getNamedItem("points").getNodeValue().split(" ").length);
        for (String label : List.of(">idle<", ">both<", ">idle_end<", ">download Mbit/s<", ">upload Mbit/s<", ">latency ms<", ">40<")) {
            assertTrue(svg.contains(label), label + " in " + svg);
        }
    }

    @Test
    void nothingToDrawWithoutATimeline() {
        Result r = rrul(0.01, 10_000, 0);
        Result none = new Result(r.test(), r.status(), r.from(), r.to(), r.params(), r.metrics(), r.tags(), r.started(), 1, null, List.of());
        assertNull(LatencyUnderLoadChart.render(none, ThroughputUnit.MB_S, "t"));
        assertNull(LatencyUnderLoadChart.render(ObservedChartTest.observed(), ThroughputUnit.MB_S, "t"), "a tcp timeline is no latency timeline");
    }

    @Test
    void theTerminalGetsThePhaseTableTheClockAndSparklines() {
        String text = PhaseTable.render(rrul(0.01, 10_000, 0));
        List<String> rows = text.lines().toList();
        assertTrue(rows.get(2).matches("\\s+idle\\s+-\\s+-\\s+1\\.00\\s.*"), text);
        assertTrue(rows.get(3).matches("\\s+both\\s+80\\.0\\s+40\\.0\\s+40\\.00\\s.*39\\.00\\s+2\\.0\\s+1200\\s+30\\.00.*"), text);
        assertTrue(text.contains("reads 0.00 ms ahead of the from host's (0.00 ms at the end), ± 0.03 ms"), text);
        assertTrue(text.contains("latency  ▁▁▁▁████████▁▁▁▁  (top 40.0 ms)"), text);
        assertTrue(!text.contains("note:"), "the schedule was kept: " + text);
        assertNull(PhaseTable.render(ObservedChartTest.observed()), "no phases, no table");
    }

    @Test
    void aScheduleTheHostCouldNotKeepIsNoted() {
        String text = PhaseTable.render(rrul(0.0001, 160, 300));
        assertTrue(text.contains("note: probes were asked for every 0.10 ms; the from host sent one every 0.16 ms (27 % of the slots skipped)"), text);
    }

    @Test
    void theLiveProgressShowsTheProbesRoundTrip() {
        Interval<?> sample = new Interval<>(1.0, 1.2, new LatencyProbe.Sample(20, 0, 12_345, 20_000, 6_000, 6_345));
        assertEquals("  bufferbloat   1.0-1.2 s  round trip 12.35 ms", ProgressText.interval("bufferbloat", sample, null, ThroughputUnit.MB_S));
    }

    @Test
    void theHtmlReportHasThePlotAndThePhaseTable() throws Exception {
        String html = HtmlReport.render(List.of(rrul(0.01, 10_000, 0)), ReportFixtures.context("t"), ThroughputUnit.MB_S);
        HtmlReportTest.parse(html);
        assertTrue(html.contains("bufferbloat h1 → h2: throughput each way and latency over the test, phases shaded"), html);
        assertTrue(html.contains("<pre>") && html.contains("idle_end"), html);
    }
}
