package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Metrics;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The reference pages in docs/ say what {@code help} says: regenerate them when a verb or a metric changes. */
class VerbReferenceTest {
    private static final Path DOCS = Path.of("..", "docs");
    private static final Verbs VERBS = Verbs.standard(file -> null);

    @Test
    void docsVerbsIsWhatHelpMarkdownPrints() throws Exception {
        assertEquals(VerbReference.verbs(VERBS), Files.readString(DOCS.resolve("verbs.md")).stripTrailing() + "\n",
                "docs/verbs.md is stale: scripts/benchsh help --markdown > docs/verbs.md");
    }

    @Test
    void docsMetricsIsWhatHelpMetricsPrints() throws Exception {
        assertEquals(VerbReference.metrics(), Files.readString(DOCS.resolve("metrics.md")).stripTrailing() + "\n",
                "docs/metrics.md is stale: scripts/benchsh help --metrics > docs/metrics.md");
    }

    @Test
    void everyVerbAndEveryArgumentAndMetricIsOnThePage() {
        String page = VerbReference.verbs(VERBS);
        for (Verb v : VERBS.all()) {
            assertTrue(page.contains("\n## " + v.spec().name() + "\n"), v.spec().name());
            v.spec().args().forEach(a -> assertTrue(page.contains("| `" + a.name() + ":` |"), v.spec().name() + " " + a.name()));
        }
        String metrics = VerbReference.metrics();
        Metrics.all().forEach(m -> assertTrue(metrics.contains("| `" + m.name() + "` |"), m.name()));
    }
}
