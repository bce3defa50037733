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
    void aNumberWithoutCapsIsAProgrammingError() {
        assertThrows(IllegalStateException.class, () -> SpecCodec.encode(new Unbounded(1)));
    }

    private static void assertRefused(String field, Object value, String message) {
        Map<String, Object> wire = new LinkedHashMap<>(SpecCodec.encode(SAMPLE));
        wire.put(field, value);
        ProtocolException e = assertThrows(ProtocolException.class, () -> SpecCodec.decode(Sample.class, new Fields("spec", wire)));
        assertEquals(message, e.getMessage());
    }
}
