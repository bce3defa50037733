package benchsh.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.args.Rate;
import benchsh.shell.args.Size;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnitExtensionsTest {
    final Session session = new Session(new PrintWriter(new StringWriter()));
    final ScriptRunner runner = new ScriptRunner(session);

    Object eval(String code) {
        return runner.evaluate(code, "test");
    }

    @Test
    void sizesAreBytes() {
        assertEquals(Size.ofBytes(4096L), eval("4.KiB"));
        assertEquals(Size.ofBytes(3L << 20), eval("3.MiB"));
        assertEquals(Size.ofBytes(1L << 30), eval("1.GiB"));
        assertEquals(Size.ofBytes(1_000L), eval("1.KB"));
        assertEquals(Size.ofBytes(2_000_000L), eval("2.MB"));
        assertEquals(Size.ofBytes(1_500_000_000L), eval("1.5.GB"));
        assertEquals(4096L, ((Size) eval("4.KiB")).bytes());
    }

    @Test
    void timesAreDurationsAndRatesAreBitsPerSecond() {
        assertEquals(Duration.ofSeconds(5), eval("5.s"));
        assertEquals(Duration.ofMillis(500), eval("500.ms"));
        assertEquals(Duration.ofMinutes(2), eval("2.min"));
        assertEquals(Rate.ofBitsPerSecond(100_000_000L), eval("100.Mbit"));
        assertEquals(Rate.ofBitsPerSecond(1_000_000_000L), eval("1.Gbit"));
        assertEquals(0.05, eval("5.percent"));
        assertEquals(Duration.ofHours(25), eval("25.h"));
        assertEquals(Size.ofBytes(1L << 40), eval("1.TiB"));
        assertEquals(Size.ofBytes(2_000_000_000_000L), eval("2.TB"));
    }

    /** Sizes and rates are types of their own: they print in their unit and keep it through arithmetic. */
    @Test
    void sizesAndRatesPrintInTheirUnitAndKeepItThroughArithmetic() {
        assertEquals("16 KiB", eval("16.KiB").toString());
        assertEquals("1 MB", eval("1.MB").toString());
        assertEquals("100 Mbit/s", eval("100.Mbit").toString());
        assertEquals("10 Gbit/s", eval("5.Gbit * 2").toString());
        assertEquals("10 Gbit/s", eval("2 * 5.Gbit").toString());
        assertEquals("5 KiB", eval("size = 4.KiB\nsize + 1.KiB").toString());
        assertEquals("2 KiB", eval("4.KiB / 2").toString());
        assertEquals(4.0, eval("4.KiB / 1.KiB"));
        assertEquals("90 Mbit/s", eval("100.Mbit * 0.9").toString());
        assertEquals("25 MB", eval("100.Mbit * 2.s").toString(), "a rate for a time is a size");
        assertEquals("8 Mbit/s", eval("1.MB / 1.s").toString(), "a size in a time is a rate");
        assertEquals(Duration.ofSeconds(6), eval("2.s * 3"));
        assertEquals(2.5, eval("5.s / 2.s"));
        assertTrue(eval("gap = 2.s; gap * 2 > 3.s") instanceof Boolean b && b);
        ScriptError mixed = assertThrows(ScriptError.class, () -> eval("100.Mbit + 4.KiB"));
        assertEquals("cannot add a size and a rate", mixed.getMessage());
    }

    /** Plain numbers go on working where they did: a size is a number of bytes, a rate one of bits/s. */
    @Test
    void sizesAndRatesCompareWithPlainNumbers() {
        assertEquals(true, eval("4.KiB == 4096"));
        assertEquals(true, eval("4096L == 4.KiB"));
        assertEquals(true, eval("4.KiB > 1000 && 4.KiB < 1.MiB"));
        assertEquals(true, eval("r = [throughput: 941.2e6]\nr.throughput > 900.Mbit"));
        assertEquals(true, eval("[4.KiB, 64.KiB, 1.KiB].max() == 64.KiB"));
        assertEquals(4096L, eval("4.KiB as long"));
    }

    @Test
    void aUnitThatDoesNotExistIsNamedWithEveryUnitThereIs() {
        ScriptError e = assertThrows(ScriptError.class, () -> eval("x = 1\ny = 1.PiB"));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith("'PiB' is not a unit"), e.getMessage());
        for (String u : List.of("1.KiB", "1.TiB", "1.MB", "1.ms", "1.min", "1.h", "1.Mbit", "1.percent")) {
            assertTrue(e.getMessage().contains(u), u + " in " + e.getMessage());
        }
        String mb = assertThrows(ScriptError.class, () -> eval("1.mb")).getMessage();
        assertTrue(mb.startsWith("'mb' is not a unit (did you mean 'MB'?)"), "the same letters first, not the nearer 'ms': " + mb);
        assertTrue(assertThrows(ScriptError.class, () -> eval("nosuch")).getMessage().startsWith("unknown name 'nosuch'"), "other names stay names");
    }

    @Test
    void theUnitListIsEveryUnitPropertyAndNothingElse() {
        java.util.Set<String> getters = new java.util.TreeSet<>();
        for (java.lang.reflect.Method m : UnitExtensions.class.getMethods()) {
            if (m.getName().startsWith("get") && m.getParameterCount() == 1 && m.getParameterTypes()[0] == Number.class) {
                getters.add(m.getName().substring(3).toLowerCase(java.util.Locale.ROOT));
            }
        }
        java.util.Set<String> listed = new java.util.TreeSet<>();
        UnitExtensions.KINDS.values().forEach(l -> l.forEach(u -> listed.add(u.toLowerCase(java.util.Locale.ROOT))));
        assertEquals(getters, listed);
    }

    /** {@code -1.s} is a negative duration that the argument check refuses by name, on its line; not a Groovy error without one. */
    @Test
    void aNegativeDurationIsAUsageErrorOnItsLine() {
        assertEquals(Duration.ofSeconds(-1), eval("-1.s"));
        ScriptError e = assertThrows(ScriptError.class, () -> eval("x = 1\ntcp time: -1.s"));
        assertEquals(2, e.line());
        assertEquals("tcp: time must be more than 0 s and at most 24 h, not -1 s", e.getMessage());
    }
}
