package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/** Every example scenario evaluates in plan mode: it compiles, its verbs accept their arguments, nothing connects. */
@Timeout(120)
class ExamplesTest {

    static List<Path> examples() throws IOException {
        Path dir = Path.of("..", "examples");
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".groovy")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyExamplePlansWithoutConnecting() throws IOException {
        List<Path> all = examples();
        assertFalse(all.isEmpty());
        return all.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            Batch b = Batch.run("run", p.toString(), "--dry-run");
            assertEquals(0, b.exit(), b.err());
            assertTrue(b.out().contains("nothing was connected"), b.out());
        }));
    }
}
