package benchsh.shell.args;

import java.time.Duration;

/**
 * A rate in bits per second, as scripts write it ({@code 100.Mbit}, {@code 5.Gbit}): it prints in its unit
 * ({@code 100 Mbit/s}), compares with rates and plain numbers of bits/s ({@code r.throughput > 900.Mbit}), and
 * does Groovy arithmetic ({@code rate * 0.9}, {@code rate + 10.Mbit}, {@code a / b} is a ratio,
 * {@code rate * 2.s} is a {@link Size}). It is a {@link Number} of bits/s, so whatever took bits/s takes it;
 * results record it as that number ({@link Values#recorded}). Immutable.
 */
public final class Rate extends Number implements Comparable<Rate> {
    private static final long serialVersionUID = 1L;
    private final long bitsPerSecond;

    private Rate(long bitsPerSecond) {
        this.bitsPerSecond = bitsPerSecond;
    }

    public static Rate ofBitsPerSecond(long bps) {
        return new Rate(bps);
    }

    /** {@code bps} rounded to a whole bit/s. */
    public static Rate ofBitsPerSecond(double bps) {
        return new Rate(Math.round(bps));
    }

    public long bitsPerSecond() {
        return bitsPerSecond;
    }

    public Rate plus(Number n) {
        return new Rate(Math.addExact(bitsPerSecond, Values.bitsPerSecond(n, "add")));
    }

    public Rate minus(Number n) {
        return new Rate(Math.subtractExact(bitsPerSecond, Values.bitsPerSecond(n, "subtract")));
    }

    /** {@code rate * 0.9}: a rate. */
    public Rate multiply(Number n) {
        return ofBitsPerSecond(bitsPerSecond * Values.factor(n, this, "multiply"));
    }

    /** {@code rate * 2.s}: what this rate moves in that time. */
    public Size multiply(Duration time) {
        return Size.ofBytes(bitsPerSecond / 8.0 * (time.toNanos() / 1e9));
    }

    /** {@code rate / 2}: a rate. */
    public Rate div(Number n) {
        return ofBitsPerSecond(bitsPerSecond / Values.factor(n, this, "divide"));
    }

    /** {@code a / b}: the ratio of two rates, a plain number. */
    public double div(Rate other) {
        return (double) bitsPerSecond / other.bitsPerSecond;
    }

    public Rate negative() {
        return new Rate(-bitsPerSecond);
    }

    @Override
    public int compareTo(Rate o) {
        return Long.compare(bitsPerSecond, o.bitsPerSecond);
    }

    @Override
    public long longValue() {
        return bitsPerSecond;
    }

    @Override
    public int intValue() {
        return (int) bitsPerSecond;
    }

    @Override
    public double doubleValue() {
        return bitsPerSecond;
    }

    @Override
    public float floatValue() {
        return bitsPerSecond;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rate r && r.bitsPerSecond == bitsPerSecond;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bitsPerSecond);
    }

    /** "100 Mbit/s", "941.2 Mbit/s". */
    @Override
    public String toString() {
        return Quantities.rateValue(bitsPerSecond);
    }
}
