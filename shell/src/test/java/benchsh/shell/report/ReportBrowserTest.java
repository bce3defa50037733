package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report in a real browser: headless Chromium (Debian's package, .ci/install-browser.sh) loads
 * the file offline, renders the chart and tables, logs no console error, and takes a screenshot.
 */
@Tag("e2e")
@Timeout(180)
class ReportBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @BeforeAll
    static void needsChromium() {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "skipped: /usr/bin/chromium is missing (run .ci/install-browser.sh)");
    }

    @Test
    void chromiumRendersTheReportWithoutConsoleErrors(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("report.html");
        ReportFiles.write(html, HtmlReportTest.html());
        Path png = dir.resolve("report.png");
        Run shot = chromium(dir, "--screenshot=" + png, "--window-size=1200,1600", "--enable-logging=stderr", "--v=0", html.toUri().toString());
        assertEquals(0, shot.exit, shot.err);
        assertTrue(Files.size(png) > 20_000, "a screenshot with content: " + Files.size(png) + " bytes");
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1200, image.getWidth());
        assertTrue(colours(image) > 50, "text, lines and series colours, not a blank page");
        List<String> consoleErrors = shot.err.lines().filter(l -> l.contains("CONSOLE") || l.contains("Uncaught")).toList();
        assertEquals(List.of(), consoleErrors, "console errors");

        Run dom = chromium(dir, "--dump-dom", html.toUri().toString());
        assertEquals(0, dom.exit, dom.err);
        assertTrue(dom.out.contains("<svg"), "the chart is in the rendered DOM");
        assertTrue(dom.out.contains("Tx MB/s"), "the pivot is in the rendered DOM");
        assertTrue(dom.out.contains("&lt;script&gt;alert"), "labels stay text");
        assertTrue(!dom.out.contains("<script>alert"), "no label became an element");
    }

    /** flent's plot of a latency-under-load result, in the browser: three panels, the phases named, the series drawn. */
    @Test
    void chromiumRendersTheLatencyUnderLoadPlot(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("bufferbloat.html");
        ReportFiles.write(html, HtmlReport.render(List.of(LatencyUnderLoadChartTest.rrul(0.01, 10_000, 0)), ReportFixtures.context("t"),
                ThroughputUnit.named("Mbit/s")));
        Path png = dir.resolve("bufferbloat.png");
        Run shot = chromium(dir, "--screenshot=" + png, "--window-size=1200,1000", "--enable-logging=stderr", "--v=0", html.toUri().toString());
        assertEquals(0, shot.exit, shot.err);
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(colours(image) > 50, "the panels, the shaded phases and the series, not a blank page");
        assertEquals(List.of(), shot.err.lines().filter(l -> l.contains("CONSOLE") || l.contains("Uncaught")).toList(), "console errors");
        Run dom = chromium(dir, "--dump-dom", html.toUri().toString());
        assertEquals(0, dom.exit, dom.err);
        for (String text : List.of("download Mbit/s", "upload Mbit/s", "latency ms", ">both<", "idle_end", "one-way delays")) {
            assertTrue(dom.out.contains(text), text + " in the rendered DOM");
        }
    }

    private static int colours(BufferedImage image) {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }

    private record Run(int exit, String out, String err) {
    }

    /** Runs Chromium headless, offline, with a fresh profile; killed after 90 s. */
    private static Run chromium(Path dir, String... args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile");
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("chromium did not finish in 90 s: " + Files.readString(err, StandardCharsets.UTF_8));
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
