package benchsh.shell.run;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What is in force for the tests a thread runs: tags (labels, sweep coordinates), the repeat
 * number, and the start barrier of a {@code together} block. Immutable; a thread's frame is swapped
 * for a nested one and restored, so concurrent tests each carry their own.
 *
 * @param repeat 1-based run number, 0 outside a repeat
 * @param gate   the barrier to pass before data flows, or null
 */
public record Frame(Map<String, Object> tags, int repeat, StartGate gate) {
    public static final Frame ROOT = new Frame(Map.of(), 0, null);

    public Frame {
        tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
    }

    public Frame withTags(Map<String, Object> more) {
        Map<String, Object> t = new LinkedHashMap<>(tags);
        t.putAll(more);
        return new Frame(t, repeat, gate);
    }

    public Frame withRepeat(int n) {
        return new Frame(tags, n, gate);
    }

    public Frame withGate(StartGate g) {
        return new Frame(tags, repeat, g);
    }
}
