package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.MetricCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The reference pages in docs/ say what {@code help} says. After a verb or a metric changed, regenerate them in place
 * with {@code mvn -B verify -pl peer,shell -Dtest=VerbReferenceTest -Ddocs.update=true} (or {@code scripts/benchsh help
 * --markdown > docs/verbs.md}, {@code --metrics > docs/metrics.md}) and review the diff.
 */
class VerbReferenceTest {
    private static final Path DOCS = Path.of("..", "docs");
    private static final Verbs VERBS = Verbs.standard(file -> null);

    @Test
    void docsVerbsIsWhatHelpMarkdownPrints() throws Exception {
        assertCurrent("verbs.md", VerbReference.verbs(VERBS));
    }

    @Test
    void docsMetricsIsWhatHelpMetricsPrints() throws Exception {
        assertCurrent("metrics.md", VerbReference.metrics());
    }

    /** The page is {@code text}; with {@code -Ddocs.update=true} it is written first. */
    private static void assertCurrent(String page, String text) throws Exception {
        Path file = DOCS.resolve(page);
        if (Boolean.getBoolean("docs.update")) {
            Files.writeString(file, text);
        }
        assertEquals(text, Files.readString(file).stripTrailing() + "\n", "docs/" + page + " is stale: regenerate it with mvn -B verify -pl peer,shell"
                + " -Dtest=VerbReferenceTest -Ddocs.update=true");
    }

    @Test
    void everyVerbAndEveryArgumentAndMetricIsOnThePage() {
        String page = VerbReference.verbs(VERBS);
        for (Verb v : VERBS.all()) {
            assertTrue(page.contains("\n## " + v.spec().name() + "\n"), v.spec().name());
            v.spec().args().forEach(a -> assertTrue(page.contains("| `" + a.name() + ":` |"), v.spec().name() + " " + a.name()));
        }
        String metrics = VerbReference.metrics();
        MetricCatalog.all().forEach(m -> assertTrue(metrics.contains("| `" + m.name() + "` |"), m.name()));
    }
}
