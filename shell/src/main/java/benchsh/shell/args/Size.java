package benchsh.shell.args;

import java.time.Duration;

/**
 * A size in bytes, as scripts write it ({@code 16.KiB}, {@code 1.5.GB}): it prints in its unit ({@code 16 KiB}),
 * compares with sizes and plain numbers of bytes, and does Groovy arithmetic ({@code size * 2},
 * {@code size + 1.KiB}, {@code size / 2}, {@code a / b} is a ratio, {@code 64.MiB / 2.s} is a {@link Rate}).
 * It is a {@link Number} of bytes, so a verb, a table or a comparison that took bytes takes it; results
 * record it as the number of bytes ({@link Values#recorded}). Immutable.
 */
public final class Size extends Number implements Comparable<Size> {
    private static final long serialVersionUID = 1L;
    private final long bytes;

    private Size(long bytes) {
        this.bytes = bytes;
    }

    public static Size ofBytes(long bytes) {
        return new Size(bytes);
    }

    /** {@code n} bytes, rounded to a whole byte ({@code 1.5.KiB}). */
    public static Size ofBytes(double n) {
        return new Size(Math.round(n));
    }

    public long bytes() {
        return bytes;
    }

    public Size plus(Number n) {
        return new Size(Math.addExact(bytes, Values.bytes(n, "add")));
    }

    public Size minus(Number n) {
        return new Size(Math.subtractExact(bytes, Values.bytes(n, "subtract")));
    }

    /** {@code size * 2}: a size; a size times a size means nothing and is refused. */
    public Size multiply(Number n) {
        return ofBytes(bytes * Values.factor(n, this, "multiply"));
    }

    /** {@code size / 2}: a size. */
    public Size div(Number n) {
        return ofBytes(bytes / Values.factor(n, this, "divide"));
    }

    /** {@code a / b}: how many times {@code b} fits in {@code a}, a plain number. */
    public double div(Size other) {
        return (double) bytes / other.bytes;
    }

    /** {@code 64.MiB / 2.s}: the rate that moves this size in that time. */
    public Rate div(Duration time) {
        return Rate.ofBitsPerSecond(bytes * 8.0 / (time.toNanos() / 1e9));
    }

    /** {@code -size}, for the argument checks to refuse by name. */
    public Size negative() {
        return new Size(-bytes);
    }

    @Override
    public int compareTo(Size o) {
        return Long.compare(bytes, o.bytes);
    }

    @Override
    public long longValue() {
        return bytes;
    }

    @Override
    public int intValue() {
        return (int) bytes;
    }

    @Override
    public double doubleValue() {
        return bytes;
    }

    @Override
    public float floatValue() {
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Size s && s.bytes == bytes;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bytes);
    }

    /** "16 KiB", "1 MB", "1,500 B", "4,294,967,297 B (4.0 GiB)". */
    @Override
    public String toString() {
        return Quantities.sizeValue(bytes);
    }
}
