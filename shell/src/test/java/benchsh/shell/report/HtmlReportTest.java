package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** The HTML report's structure: well-formed, self-contained, a chart with real text, the tables, all text escaped. */
class HtmlReportTest {
    static final String EVIL = "<script>alert('x')</script>";

    static String html() {
        List<Result> results = ReportFixtures.results(EVIL);
        ReportContext c = ReportFixtures.context(EVIL);
        return HtmlReport.render(results, new ReportContext(c.title(), c.scriptPath(), c.script() + "// " + EVIL + " & more\n",
                c.parameters(), c.overrides(), c.inventory(), c.expectations(), c.hosts(), c.version(), c.started(), c.ended(), c.rerun(), "x.groovy:3: " + EVIL,
                List.of()), ThroughputUnit.MB_S);
    }

    static Document parse(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setExpandEntityReferences(false);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new InputSource(new StringReader(html)));
    }

    @Test
    void isWellFormedWithAChartAndTheTables() throws Exception {
        Document doc = parse(html());
        NodeList svgs = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "svg");
        assertEquals(1, svgs.getLength(), "one chart: the sweep; the untagged test has nothing to plot");
        Element svg = (Element) svgs.item(0);
        assertEquals("figure", svg.getParentNode().getNodeName());
        List<String> texts = texts(svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text"));
        assertTrue(texts.contains("size"), "x axis label as real text: " + texts);
        assertTrue(texts.contains("throughput MB/s"), texts.toString());
        assertTrue(texts.contains("1 KiB") && texts.contains("2 KiB") && texts.contains("4 KiB"), "size ticks: " + texts);
        assertTrue(texts.stream().noneMatch(t -> t.endsWith(" B")), "ticks only at powers of two: " + texts);
        assertTrue(texts.contains("dir Tx") && texts.contains("dir " + EVIL), "legend: " + texts);
        List<String> headers = texts(doc.getElementsByTagName("th"));
        assertTrue(headers.containsAll(List.of("size", "Tx MB/s", EVIL + " MB/s")), "pivot header: " + headers);
        assertTrue(headers.containsAll(List.of("kernel", "h1", "h2")) || texts(doc.getElementsByTagName("td")).contains("kernel"));
        assertTrue(doc.getElementsByTagName("table").getLength() >= 5, "pivot, results, untagged, environment, mounts, parameters");
        List<String> cells = texts(doc.getElementsByTagName("td"));
        assertTrue(cells.contains("6.12.9-amd64"), "environment: " + cells);
        assertTrue(cells.contains("eth0 1000 Mbit/s mtu 1500 virtio_net up"), cells.toString());
        assertTrue(cells.stream().anyMatch(c -> c.contains("connect to 10.0.0.2:5001 refused")), "the failed row's error");
        assertEquals(1, doc.getElementsByTagName("pre").getLength(), "the script");
        assertTrue(doc.getDocumentElement().getTextContent().contains("rerun with: scripts/benchsh run examples/01-netio-table.groovy"));
    }

    @Test
    void escapesEveryTextAndLoadsNothingFromOutside() {
        String html = html();
        String lower = html.toLowerCase(Locale.ROOT);
        assertFalse(lower.contains("<script"), "no script element, and labels escaped");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), "escaped in HTML");
        assertTrue(html.contains("// &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"), "the script is escaped");
        for (String external : List.of("src=", "href=", "@import")) {
            assertFalse(lower.contains(external), "self-contained: " + external);
        }
        assertFalse(java.util.regex.Pattern.compile("url\\((?!#)").matcher(lower).find(), "only in-document url(#id) references");
    }

    @Test
    void failedRowsAreMarkedAndNoResultsStillRender() throws Exception {
        Document doc = parse(html());
        NodeList rows = doc.getElementsByTagName("tr");
        int failed = 0;
        for (int i = 0; i < rows.getLength(); i++) {
            failed += "failed".equals(((Element) rows.item(i)).getAttribute("class")) ? 1 : 0;
        }
        assertEquals(2, failed, "the failed result and the expectation that did not hold");
        Document empty = parse(HtmlReport.render(List.of(), ReportFixtures.context("empty"), ThroughputUnit.MB_S));
        assertTrue(empty.getDocumentElement().getTextContent().contains("No results were measured."));
    }

    @Test
    void chartDataIsTheMedianPerPointInTheSessionUnit() {
        ReportSection sweep = ReportSection.of(ReportFixtures.results("Rx")).get(0);
        assertEquals("size", sweep.chartX());
        assertEquals("dir", sweep.series());
        var data = SvgChart.dataset(sweep, ThroughputUnit.MB_S);
        assertEquals(2, data.size());
        assertEquals(100.75, data.get(0).points().firstEntry().getValue(), 1e-9, "median of 100 and 101.5 MB/s");
        assertEquals(2, data.get(1).points().size(), "the failed Rx point is left out");
        assertNotNull(SvgChart.render(sweep, ThroughputUnit.MB_S, "c1"));
    }

    /** Repeated runs show their spread: a bar from the lowest to the highest at each point of several. */
    @Test
    void aPointOfSeveralRunsHasABarFromTheLowestToTheHighest() throws Exception {
        ReportSection sweep = ReportSection.of(ReportFixtures.results("Rx")).get(0);
        var tx = SvgChart.dataset(sweep, ThroughputUnit.MB_S).get(0);
        assertEquals(1, tx.spread().size(), "1 KiB Tx ran twice: " + tx);
        assertEquals(100.0, tx.spread().firstEntry().getValue()[0], 1e-9);
        assertEquals(101.5, tx.spread().firstEntry().getValue()[1], 1e-9);
        Document doc = parse(html());
        assertEquals(1, count(doc, "path", "spread"), "one bar, on the chart of the sweep");
        assertTrue(doc.getDocumentElement().getTextContent().contains("bars: the lowest and highest of the runs"));
    }

    /** A section whose results carry per-interval throughput gets it over time, a line per result, in a chart of its own. */
    @Test
    void throughputPerIntervalIsALinePerResult() throws Exception {
        List<Result> rs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            rs.add(new Result("tcp", benchsh.shell.result.Status.OK, "h1", "h2", java.util.Map.of("size", 1024L), java.util.Map.of("throughput_bps", 8e8),
                    java.util.Map.of("label", "run " + i), ReportFixtures.T0, 1, null, List.of(
                            ReportFixtures.ordered("start_s", 0.0, "end_s", 1.0, "bytes", 1L, "throughput_bps", 7e8),
                            ReportFixtures.ordered("start_s", 1.0, "end_s", 2.0, "bytes", 1L, "throughput_bps", 9e8))));
        }
        Document doc = parse(HtmlReport.render(rs, ReportFixtures.context("t"), ThroughputUnit.MB_S));
        Element svg = (Element) doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "svg").item(0);
        assertEquals("chart-1-intervals", svg.getAttribute("id"));
        assertEquals(3, svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "polyline").getLength(), "a line per result");
        List<String> texts = texts(svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text"));
        assertTrue(texts.containsAll(List.of("seconds into the test", "throughput MB/s", "label run 0", "label run 2")), texts.toString());
    }

    private static int count(Document doc, String tag, String cls) {
        NodeList all = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", tag);
        int n = 0;
        for (int i = 0; i < all.getLength(); i++) {
            n += cls.equals(((Element) all.item(i)).getAttribute("class")) ? 1 : 0;
        }
        return n;
    }

    private static List<String> texts(NodeList nodes) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent().trim());
        }
        return out;
    }
}
