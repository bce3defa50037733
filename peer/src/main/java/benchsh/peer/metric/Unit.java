package benchsh.peer.metric;

/**
 * The unit a metric's value is in, and the suffix its name ends with (so a name always carries its unit:
 * {@code throughput_bps}, {@code cpu_local_pct}). Values are plain numbers in the unit, or text.
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
    COUNT("", "a count"),
    TEXT("", "text");

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
}
