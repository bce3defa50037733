package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Json;
import benchsh.shell.Batch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code param} and {@code --set}: a value is read as its default's type, a size, a rate or a duration each with its units. */
@Timeout(120)
class ParamVerbTest {

    private static Batch set(String script, String assignment) {
        return Batch.run("-e", script, "--set", assignment);
    }

    @Test
    void aRateParameterTakesARateInEveryForm() {
        for (String given : List.of("5Gbit", "5.Gbit", "5Gbit/s", "5000Mbps", "5 Gbit", "5000000000")) {
            Batch b = set("min = param('min', 100.Mbit)\nprintln \"min=$min\"", "min=" + given);
            assertEquals(0, b.exit(), given + ": " + b.err());
            assertTrue(b.out().contains("min=5 Gbit/s"), given + ": " + b.out());
        }
        Batch bytes = set("min = param('min', 100.Mbit)", "min=5GB");
        assertEquals(2, bytes.exit());
        assertTrue(bytes.err().contains("--set min: '5GB' is not bits/s, e.g. 100.Mbit"), bytes.err());
    }

    @Test
    void sizesAndDurationsTakeTheirUnitsWithOrWithoutTheDot() {
        for (String given : List.of("16KiB", "16.KiB", "16 KiB", "16384")) {
            Batch b = set("size = param('size', 4.KiB)\nprintln \"size=$size\"", "size=" + given);
            assertTrue(b.out().contains("size=16 KiB"), given + ": " + b.out() + b.err());
        }
        for (String given : List.of("500ms", "0.5s", "0.5.s")) {
            Batch b = set("t = param('time', 2.s)\nprintln \"ms=${t.toMillis()}\"", "time=" + given);
            assertTrue(b.out().contains("ms=500"), given + ": " + b.out() + b.err());
        }
        Batch plain = set("n = param('n', 3)\nprintln \"n=${n + 1}\"", "n=0");
        assertTrue(plain.out().contains("n=1"), "a whole number stays one, zero included: " + plain.out() + plain.err());
        Batch unit = set("max = param('max', 0)", "max=5Gbit");
        assertTrue(unit.err().contains("a value with a unit needs a default with one in the script, e.g. param('max', 100.Mbit)"), unit.err());
    }

    /** Typed values go into params, tags, JSON and reports as the numbers they always were: bytes, bits/s, seconds. */
    @Test
    void typedValuesAreRecordedAsPlainNumbers(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("r.json");
        Batch b = Batch.run("--db", dir.resolve("r.db").toString(), "--json", "-", "--report", report.toString(), "--set", "rate=50Mbit", "-e", """
                rate = param('rate', 100.Mbit)
                size = param('size', 4.KiB)
                sweep(size: [size], gap: [1.s]) { p -> tcp to: local, size: p.size, rate: rate, bytes: 1.MiB, tags: [cap: rate] }
                """);
        assertEquals(0, b.exit(), b.err());
        Map<String, Object> r = b.results().get(0);
        @SuppressWarnings("unchecked")
        Map<String, Object> params = (Map<String, Object>) r.get("params");
        @SuppressWarnings("unchecked")
        Map<String, Object> tags = (Map<String, Object>) r.get("tags");
        assertEquals(4096L, params.get("size"));
        assertEquals(50_000_000L, params.get("rate"));
        assertEquals(4096L, tags.get("size"), "a sweep's size tag is bytes");
        assertEquals(1L, tags.get("gap"), "a duration tag is seconds");
        assertEquals(50_000_000L, tags.get("cap"), "a tags: rate is bits/s");
        @SuppressWarnings("unchecked")
        Map<String, Object> parameters = (Map<String, Object>) Json.parseObject(Files.readString(report)).get("parameters");
        assertEquals(Map.of("rate", 50_000_000L, "size", 4096L), parameters);
    }

    /** A mistyped --set is found before anything runs, with the parameter it was meant for. */
    @Test
    void aMistypedSetStopsTheRunBeforeItStarts() throws Exception {
        Batch b = Batch.run("--json", "-", "--set", "tmie=2.s", "-e", "time = param('time', 1.s)\ntcp to: local, time: time, omit: 0.s");
        assertEquals(2, b.exit(), b.err());
        assertTrue(b.err().contains("--set tmie: the script has no param('tmie', ...); did you mean 'time'?"), b.err());
        assertTrue(b.results().isEmpty(), "nothing was measured: " + b.out());
        Batch other = Batch.run("--set", "unrelated=1", "-e", "println 'ran'");
        assertEquals(0, other.exit(), other.err());
        assertTrue(other.err().contains("--set unrelated was not used"), "an unrelated one is only warned about: " + other.err());
    }
}
