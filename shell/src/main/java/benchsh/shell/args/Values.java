package benchsh.shell.args;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values of the scenario language as results record them, and the operands of {@link Size} and {@link Rate}
 * arithmetic. Results, JSON, reports and the store keep plain numbers: a size as bytes, a rate as bits/s, a
 * duration as seconds. Stateless.
 */
public final class Values {
    private Values() {
    }

    /**
     * {@code v} as a result's tag or a report's parameter holds it: a {@link Size} as its bytes, a {@link Rate} as
     * its bits/s (both {@code Long}), a {@link Duration} as seconds ({@code Double}); lists and maps element by
     * element; anything else as it is.
     */
    public static Object recorded(Object v) {
        if (v instanceof Size s) {
            return s.bytes();
        }
        if (v instanceof Rate r) {
            return r.bitsPerSecond();
        }
        if (v instanceof Duration d) {
            return d.toNanos() / 1e9;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), recorded(x)));
            return out;
        }
        if (v instanceof Collection<?> c) {
            List<Object> out = new ArrayList<>(c.size());
            c.forEach(x -> out.add(recorded(x)));
            return out;
        }
        return v;
    }

    /** Every value of {@code m} {@link #recorded}, in order. */
    public static Map<String, Object> recorded(Map<String, Object> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, recorded(v)));
        return out;
    }

    /** The kind of a quantity in words, for errors: "a size", "a rate", "a number". */
    static String kind(Object n) {
        return n instanceof Size ? "a size" : n instanceof Rate ? "a rate" : n instanceof Duration ? "a duration" : "a number";
    }

    /** The bytes of the operand of a size's {@code +} or {@code -}: a size, or a plain number of bytes. */
    static long bytes(Number n, String op) {
        if (n instanceof Rate) {
            throw new UsageException("cannot " + op + " a rate and a size");
        }
        return whole(n);
    }

    /** The bits/s of the operand of a rate's {@code +} or {@code -}: a rate, or a plain number of bits/s. */
    static long bitsPerSecond(Number n, String op) {
        if (n instanceof Size) {
            throw new UsageException("cannot " + op + " a size and a rate");
        }
        return whole(n);
    }

    /** A plain number that multiplies or divides {@code self} (a size, a rate or a duration); another quantity is refused. */
    public static double factor(Number n, Object self, String op) {
        if (n instanceof Size || n instanceof Rate) {
            throw new UsageException("cannot " + op + " " + kind(self) + " by " + kind(n) + " (" + self + ", " + n + ")");
        }
        return n.doubleValue();
    }

    /** A number as a whole {@code long}: exactly for sizes, rates and integers, rounded otherwise. */
    static long whole(Number n) {
        if (n instanceof Size || n instanceof Rate || n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
            return n.longValue();
        }
        if (n instanceof java.math.BigInteger b) {
            return b.longValue();
        }
        return Math.round(n.doubleValue());
    }
}
