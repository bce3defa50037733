package benchsh.peer.fuzz;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assertions;

/**
 * A bounded property runner: a fixed-seed pass of a fixed number of cases (the same cases in every build,
 * however fast the machine) followed by a pass with a fresh, printed seed for the rest of a time budget.
 * {@code -Dbenchsh.fuzz.seconds=N} (used by {@code scripts/fuzz}) stretches the budget of each property;
 * {@code -Dbenchsh.fuzz.seed=S} replays a printed seed. Also the random values the fuzz tests share. Not
 * thread-safe.
 */
public final class Fuzz {
    /** The fixed seed of every build's first pass. */
    public static final long FIXED_SEED = 0x6265_6e63_6873_68L;

    private Fuzz() {
    }

    /** Seconds per property: the system property, else {@code defaultSeconds}. */
    public static double seconds(double defaultSeconds) {
        String s = System.getProperty("benchsh.fuzz.seconds");
        return s == null || s.isBlank() ? defaultSeconds : Double.parseDouble(s);
    }

    /**
     * Runs {@code body} with one Random per case: {@code fixedCases} cases from the fixed seed, then cases from
     * a random (or given) seed until the time budget is spent. Returns how many cases ran. Fails if the run
     * takes more than twice its budget plus two minutes (a case hangs).
     *
     * @param body throws AssertionError to report a failing case; the seed is added to the message
     */
    public static long run(String property, double defaultSeconds, int fixedCases, Consumer<Random> body) {
        double budget = seconds(defaultSeconds);
        String given = System.getProperty("benchsh.fuzz.seed");
        long second = given == null || given.isBlank() ? new Random().nextLong() : Long.parseLong(given);
        long cases = Assertions.assertTimeoutPreemptively(Duration.ofSeconds((long) (2 * budget) + 120), () -> {
            long start = System.nanoTime();
            long n = pass(property, FIXED_SEED, fixedCases, Long.MAX_VALUE, body);
            System.out.println("fuzz " + property + ": seed " + second + " (replay with -Dbenchsh.fuzz.seed=" + second + ")");
            long left = (long) (budget * 1e9) - (System.nanoTime() - start);
            return n + pass(property, second, Long.MAX_VALUE, System.nanoTime() + Math.max(0, left), body);
        }, "a " + property + " case hangs (seed " + second + " or the fixed one)");
        System.out.println("fuzz " + property + ": " + cases + " cases in " + budget + " s, none failed");
        return cases;
    }

    private static long pass(String property, long seed, long count, long endNanos, Consumer<Random> body) {
        Random random = new Random(seed);
        long n = 0;
        while (n < count && System.nanoTime() < endNanos) {
            try {
                body.accept(random);
            } catch (AssertionError e) {
                throw new AssertionError(property + " case " + n + " of seed " + seed + ": " + e.getMessage(), e);
            }
            n++;
        }
        return n;
    }

    /** An interesting integer: a boundary, a small number or any long. */
    public static long integer(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> r.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE;
            case 1 -> r.nextBoolean() ? Integer.MAX_VALUE + (long) r.nextInt(3) - 1 : Integer.MIN_VALUE;
            case 2 -> -r.nextInt(3);
            case 3 -> r.nextInt(100);
            case 4 -> 1L << r.nextInt(63);
            default -> r.nextLong() >> r.nextInt(64);
        };
    }

    /** A short string of random characters, including controls, quotes and non-ASCII. */
    public static String text(Random r) {
        String alphabet = "abz09 _-.:/\\\"'{}[],\n\t\u0000\u00e9\u20ac\ud83d";
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            b.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    /** Any JSON-like value (what a decoded frame can hold), nested at most {@code depth} deep. */
    public static Object value(Random r, int depth) {
        int kind = r.nextInt(depth > 0 ? 9 : 7);
        return switch (kind) {
            case 0 -> null;
            case 1 -> r.nextBoolean();
            case 2, 3 -> integer(r);
            case 4 -> r.nextInt(4) == 0 ? (r.nextBoolean() ? 1e308 : -0.0) : r.nextGaussian() * 1e6;
            case 5, 6 -> text(r);
            case 7 -> {
                List<Object> list = new ArrayList<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    list.add(value(r, depth - 1));
                }
                yield list;
            }
            default -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    map.put(text(r), value(r, depth - 1));
                }
                yield map;
            }
        };
    }

    /** One of the elements. */
    @SafeVarargs
    public static <T> T pick(Random r, T... options) {
        return options[r.nextInt(options.length)];
    }

    /** The first bytes of an input in hex, for failure messages. */
    public static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(b.length, 160); i++) {
            s.append(String.format("%02x", b[i]));
        }
        return s + (b.length > 160 ? "... (" + b.length + " bytes)" : "");
    }
}
