package benchsh.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import benchsh.shell.Session;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class UnitExtensionsTest {
    final Session session = new Session(new PrintWriter(new StringWriter()));
    final ScriptRunner runner = new ScriptRunner(session);

    Object eval(String code) {
        return runner.evaluate(code, "test");
    }

    @Test
    void sizesAreBytes() {
        assertEquals(4096L, eval("4.KiB"));
        assertEquals(3L << 20, eval("3.MiB"));
        assertEquals(1L << 30, eval("1.GiB"));
        assertEquals(1_000L, eval("1.KB"));
        assertEquals(2_000_000L, eval("2.MB"));
        assertEquals(1_500_000_000L, eval("1.5.GB"));
    }

    @Test
    void timesAreDurationsAndRatesAreBitsPerSecond() {
        assertEquals(Duration.ofSeconds(5), eval("5.s"));
        assertEquals(Duration.ofMillis(500), eval("500.ms"));
        assertEquals(Duration.ofMinutes(2), eval("2.min"));
        assertEquals(100_000_000L, eval("100.Mbit"));
        assertEquals(1_000_000_000L, eval("1.Gbit"));
        assertEquals(0.05, eval("5.percent"));
    }
}
