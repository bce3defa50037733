package benchsh.peer.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpecCodecTest {
    enum Mode { READ, WRITE }

    record Inner(@Range(min = 1, max = 10) int level) {
    }

    record Sample(boolean send, @Range(min = 1, max = 1 << 20) int size, @Range(min = 0, max = 100) long timeNanos,
                  @Range(min = 0, max = 1) double share, Mode mode, @OrNull String path, @Range(min = 0, max = 2) List<String> names,
                  Inner inner) {
        Sample {
            if (send && path != null) {
                throw new IllegalArgumentException("a sender has no path");
            }
        }
    }

    record Unbounded(long count) {
    }

    private static final Sample SAMPLE = new Sample(false, 4096, 7, 0.5, Mode.WRITE, "/tmp/x", List.of("a"), new Inner(3));

    @Test
    void encodesUnderSnakeCaseNamesAndDecodesTheSameRecord() throws Exception {
        Map<String, Object> wire = SpecCodec.encode(SAMPLE);
        assertEquals(List.of("send", "size", "time_nanos", "share", "mode", "path", "names", "inner"), List.copyOf(wire.keySet()));
        assertEquals(4096L, wire.get("size"));
        assertEquals("write", wire.get("mode"));
        assertEquals(Map.of("level", 3L), wire.get("inner"));
        assertEquals(SAMPLE, SpecCodec.decode(Sample.class, new Fields("spec", wire)));
    }

    @Test
    void anAbsentOrNullFieldMayBeLeftOut() throws Exception {
        Sample noPath = new Sample(true, 1, 0, 0, Mode.READ, null, List.of(), new Inner(1));
        Map<String, Object> wire = SpecCodec.encode(noPath);
        assertTrue(!wire.containsKey("path"));
        assertEquals(noPath, SpecCodec.decode(Sample.class, new Fields("spec", wire)));
    }

    @Test
    void refusesWhatTheRecordDoesNotAllow() {
        assertRefused("size", 0L, "spec.size = 0 is outside [1, 1048576]");
        assertRefused("size", "big", "spec.size must be an integer, not String");
        assertRefused("mode", "append", "spec.mode must be one of [read, write], not 'append'");
        assertRefused("names", List.of("a", "b", "c"), "spec.names has 3 entries, not 0 to 2");
        assertRefused("inner", Map.of("level", 11L), "spec.inner.level = 11 is outside [1, 10]");
        assertRefused("extra", 1L, "unknown field 'extra' in spec");
        assertRefused("send", true, "spec: a sender has no path");
        Map<String, Object> missing = new LinkedHashMap<>(SpecCodec.encode(SAMPLE));
        missing.remove("size");
        ProtocolException e = assertThrows(ProtocolException.class, () -> SpecCodec.decode(Sample.class, new Fields("spec", missing)));
        assertEquals("missing field 'size' in spec", e.getMessage());
    }

    @Test
    void aSpecNumberWithoutCapsIsAProgrammingErrorButAFigureNeedsNone() throws Exception {
        assertThrows(IllegalStateException.class, () -> SpecCodec.checkSpec(Unbounded.class));
        Map<String, Object> wire = SpecCodec.encode(new Unbounded(1));
        assertThrows(IllegalStateException.class, () -> SpecCodec.decode(Unbounded.class, new Fields("spec", wire)));
        assertEquals(new Unbounded(Long.MAX_VALUE), SpecCodec.decodeFigures(Unbounded.class, new Fields("report", Map.of("count", Long.MAX_VALUE))));
    }

    record Counters(long rx, long tx) {
    }

    record Figures(double rate, @OrNull Long lost, List<Long> perStream, Map<String, Counters> interfaces, @OrNull Counters total) {
    }

    record Sampled<F extends Record>(double startS, F figures) {
    }

    @Test
    void figuresCarryListsMapsAbsentValuesAndNaN() throws Exception {
        Figures f = new Figures(Double.NaN, null, List.of(1L, 2L), Map.of("eth0", new Counters(3, 4)), null);
        Map<String, Object> wire = SpecCodec.encode(f);
        assertEquals(Map.of("per_stream", List.of(1L, 2L), "interfaces", Map.of("eth0", Map.of("rx", 3L, "tx", 4L))), wire,
                "a NaN and a null are left out");
        Figures back = SpecCodec.decodeFigures(Figures.class, new Fields("report", Json.parseObject(Json.write(wire))));
        assertTrue(Double.isNaN(back.rate()), "an absent double is NaN");
        assertEquals(f.interfaces(), back.interfaces());
        assertEquals(f.perStream(), back.perStream());
    }

    @Test
    void figuresAreDecodedAsStrictlyAsSpecs() {
        Map<String, Object> good = new LinkedHashMap<>(Map.of("rate", 1.5, "per_stream", List.of(1L), "interfaces", Map.of()));
        assertFiguresRefused(good, "per_stream", List.of("x"), "report.per_stream must be an integer, not String");
        assertFiguresRefused(good, "interfaces", Map.of("eth0", Map.of("rx", 1L)), "missing field 'tx' in report.interfaces.eth0");
        assertFiguresRefused(good, "lost", 1.5, "report.lost must be an integer, not Double");
        assertFiguresRefused(good, "extra", 1L, "unknown field 'extra' in report");
    }

    @Test
    void aTypeVariableComponentDecodesWithTheClassItIsGiven() throws Exception {
        Sampled<Counters> s = new Sampled<>(0.5, new Counters(1, 2));
        Map<String, Object> wire = SpecCodec.encode(s);
        assertEquals(Map.of("start_s", 0.5, "figures", Map.of("rx", 1L, "tx", 2L)), wire);
        assertEquals(s, SpecCodec.decodeFigures(Sampled.class, new Fields("sample", wire), Counters.class));
    }

    private static void assertFiguresRefused(Map<String, Object> good, String field, Object value, String message) {
        Map<String, Object> wire = new LinkedHashMap<>(good);
        wire.put(field, value);
        ProtocolException e = assertThrows(ProtocolException.class, () -> SpecCodec.decodeFigures(Figures.class, new Fields("report", wire)));
        assertEquals(message, e.getMessage());
    }

    private static void assertRefused(String field, Object value, String message) {
        Map<String, Object> wire = new LinkedHashMap<>(SpecCodec.encode(SAMPLE));
        wire.put(field, value);
        ProtocolException e = assertThrows(ProtocolException.class, () -> SpecCodec.decode(Sample.class, new Fields("spec", wire)));
        assertEquals(message, e.getMessage());
    }
}
