package benchsh.peer.metric;

import java.util.List;
import java.util.Optional;

/**
 * The unit a metric's value is in, and the suffix its name ends with, so that a name always carries its unit:
 * {@code throughput_bps}, {@code cpu_local_pct}, {@code sync_seconds} (or {@code _s}, as interval samples' {@code
 * start_s}), {@code latency_p99_us}; a size in bytes has the word {@code bytes} in its name ({@code bytes_total},
 * {@code send_socket_bytes}). Counts and text carry no suffix, and no other unit's. Values are plain numbers in the
 * unit, or text.
 */
public enum Unit {
    BYTES("", "bytes"),
    BITS_PER_SECOND("_bps", "bits per second"),
    SECONDS("_seconds", "seconds"),
    PERCENT("_pct", "percent"),
    MICROSECONDS("_us", "microseconds"),
    NANOSECONDS("_ns", "nanoseconds"),
    MICROSECONDS_PER_KB("_us_per_kb", "CPU microseconds per KB (1024 bytes) moved"),
    MICROSECONDS_PER_TRANSACTION("_us_per_tran", "CPU microseconds per transaction"),
    PER_SECOND("_per_s", "per second"),
    /** Round trips per minute, 60 / a round trip's seconds: responsiveness as draft-ietf-ippm-responsiveness states it. */
    ROUND_TRIPS_PER_MINUTE("_rpm", "round trips per minute"),
    COUNT("", "a count"),
    TEXT("", "text");

    /** The short form of {@link #SECONDS}'s suffix, as in {@code start_s}. */
    private static final String SHORT_SECONDS = "_s";
    /** Units whose suffix names them, longest suffix first (so {@code _us_per_kb} is not taken for {@code _us}). */
    private static final List<Unit> BY_SUFFIX = List.of(MICROSECONDS_PER_KB, MICROSECONDS_PER_TRANSACTION, PER_SECOND, ROUND_TRIPS_PER_MINUTE,
            BITS_PER_SECOND, PERCENT, SECONDS, MICROSECONDS, NANOSECONDS);

    private final String suffix;
    private final String meaning;

    Unit(String suffix, String meaning) {
        this.suffix = suffix;
        this.meaning = meaning;
    }

    /** What a metric name in this unit ends with ("" when the name says it otherwise, e.g. {@code bytes}). */
    public String suffix() {
        return suffix;
    }

    public String meaning() {
        return meaning;
    }

    /**
     * The unit a name's suffix says (a template's placeholders count as letters): seconds for {@code _seconds},
     * {@code _s} or {@code seconds} itself, bytes for a name with the word {@code bytes}; empty for a name that
     * carries no unit (a count or text).
     */
    public static Optional<Unit> of(String name) {
        for (Unit u : BY_SUFFIX) {
            if (name.endsWith(u.suffix) || name.equals(u.suffix.substring(1))) {
                return Optional.of(u);
            }
        }
        if (name.endsWith(SHORT_SECONDS)) {
            return Optional.of(SECONDS);
        }
        for (String word : name.split("_")) {
            if (word.equals("bytes")) {
                return Optional.of(BYTES);
            }
        }
        return Optional.empty();
    }

    /**
     * Refuses a name that does not carry this unit: one whose suffix says another unit, or none for a unit that has
     * one (a count or text needs none).
     *
     * @throws IllegalArgumentException saying what the name should end with
     */
    public void check(String name) {
        Optional<Unit> said = of(name);
        boolean fits = said.isPresent() ? said.get() == this : this == COUNT || this == TEXT;
        if (!fits) {
            throw new IllegalArgumentException("the metric " + name + " is in " + meaning + ", so its name must "
                    + (this == BYTES ? "have the word bytes" : this == COUNT || this == TEXT ? "carry no unit's suffix (it says " + said.get().meaning + ")"
                    : "end with " + suffix));
        }
    }

    /** The name without its unit's suffix, e.g. {@code throughput} for {@code throughput_bps}; the name itself where there is none. */
    public String strip(String name) {
        if (!suffix.isEmpty() && name.endsWith(suffix) && name.length() > suffix.length()) {
            return name.substring(0, name.length() - suffix.length());
        }
        if (this == SECONDS && name.endsWith(SHORT_SECONDS) && name.length() > SHORT_SECONDS.length()) {
            return name.substring(0, name.length() - SHORT_SECONDS.length());
        }
        return name;
    }
}
