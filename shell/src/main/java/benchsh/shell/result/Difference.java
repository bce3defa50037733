package benchsh.shell.result;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How one set of repeated measurements (B) differs from another (A): the ratio B / A with its confidence
 * interval, and whether that is a difference beyond noise. Immutable.
 *
 * <p>The method, chosen from the samples:
 * <ul>
 *   <li>{@link Method#WELCH}: Welch's t on the logarithms of the runs (two samples, unequal variances,
 *       Welch–Satterthwaite degrees of freedom), so the ratio is that of the geometric means and its interval
 *       is {@code exp(d ± t × se)}: measurements of speed vary by factors, not by amounts;</li>
 *   <li>{@link Method#BOOTSTRAP}: where either side is skewed (a sample skewness of the logarithms beyond
 *       ±1 with five runs or more, e.g. one run hit by something else), the percentile bootstrap of the ratio of
 *       medians, 10,000 resamples with a seed taken from the data, so the same runs give the same interval;</li>
 *   <li>{@link Method#WELCH_LINEAR}: where a value is zero or negative (no logarithm), Welch's t on the values,
 *       the interval of the difference of the means divided by A's mean;</li>
 *   <li>{@link Method#NONE}: fewer than two runs on a side (no spread to judge noise by), or A's mean zero.</li>
 * </ul>
 *
 * @param runsA      how many runs A has
 * @param runsB      how many runs B has
 * @param ratio      the ratio B / A (NaN with {@link Method#NONE} when A's mean is zero)
 * @param low        the lower end of the ratio's confidence interval (NaN with {@link Method#NONE})
 * @param high       the upper end
 * @param method     how the interval was computed
 * @param confidence the interval's confidence, e.g. 0.95
 */
public record Difference(int runsA, int runsB, double ratio, double low, double high, Method method, double confidence) {
    /** Resamples of the bootstrap. */
    static final int RESAMPLES = 10_000;
    /** The sample skewness of the logarithms beyond which a side counts as skewed. */
    static final double SKEWED = 1.0;

    /** How the interval was computed. */
    public enum Method {
        WELCH("Welch's t on the logarithms of the runs"),
        WELCH_LINEAR("Welch's t on the runs"),
        BOOTSTRAP("bootstrap of the ratio of medians (skewed runs)"),
        NONE("");

        private final String text;

        Method(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** What the interval says of B against A. */
    public enum Verdict {
        /** B is higher, beyond noise. */
        HIGHER,
        /** B is lower, beyond noise. */
        LOWER,
        /** The interval holds 1, or the whole difference is within the noise threshold. */
        SAME,
        /** Too few runs to tell. */
        UNKNOWN
    }

    /** The difference of {@code b} against {@code a} at {@code confidence} (0.5 to 0.9999). */
    public static Difference of(List<Double> a, List<Double> b, double confidence) {
        double[] x = a.stream().mapToDouble(Double::doubleValue).filter(d -> !Double.isNaN(d)).toArray();
        double[] y = b.stream().mapToDouble(Double::doubleValue).filter(d -> !Double.isNaN(d)).toArray();
        double meanA = mean(x);
        if (x.length < 2 || y.length < 2 || meanA == 0) {
            double ratio = x.length == 0 || y.length == 0 || meanA == 0 ? Double.NaN : mean(y) / meanA;
            return new Difference(x.length, y.length, ratio, Double.NaN, Double.NaN, Method.NONE, confidence);
        }
        boolean positive = Arrays.stream(x).allMatch(v -> v > 0) && Arrays.stream(y).allMatch(v -> v > 0);
        if (!positive) {
            Welch w = Welch.of(x, y, confidence);
            return new Difference(x.length, y.length, mean(y) / meanA, 1 + (w.difference - w.halfWidth) / meanA,
                    1 + (w.difference + w.halfWidth) / meanA, Method.WELCH_LINEAR, confidence);
        }
        double[] lx = Arrays.stream(x).map(Math::log).toArray();
        double[] ly = Arrays.stream(y).map(Math::log).toArray();
        if (skewed(lx) || skewed(ly)) {
            return bootstrap(x, y, confidence);
        }
        Welch w = Welch.of(lx, ly, confidence);
        return new Difference(x.length, y.length, Math.exp(w.difference), Math.exp(w.difference - w.halfWidth),
                Math.exp(w.difference + w.halfWidth), Method.WELCH, confidence);
    }

    /**
     * The verdict: {@link Verdict#HIGHER} or {@link Verdict#LOWER} when the interval excludes 1 and the ratio is
     * more than {@code noise} (a fraction, e.g. 0.01) away from 1, as criterion's noise threshold; else
     * {@link Verdict#SAME}; {@link Verdict#UNKNOWN} without an interval.
     */
    public Verdict verdict(double noise) {
        if (method == Method.NONE) {
            return Verdict.UNKNOWN;
        }
        if ((low > 1 || high < 1) && Math.abs(ratio - 1) > noise) {
            return ratio > 1 ? Verdict.HIGHER : Verdict.LOWER;
        }
        return Verdict.SAME;
    }

    /** Welch's two-sample t interval of the difference of the means (y − x). */
    private record Welch(double difference, double halfWidth) {
        static Welch of(double[] x, double[] y, double confidence) {
            double vx = variance(x) / x.length;
            double vy = variance(y) / y.length;
            double se = Math.sqrt(vx + vy);
            double difference = mean(y) - mean(x);
            if (se == 0) {
                return new Welch(difference, 0);
            }
            double df = (vx + vy) * (vx + vy) / (vx * vx / (x.length - 1) + vy * vy / (y.length - 1));
            double t = new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
            return new Welch(difference, t * se);
        }
    }

    private static Difference bootstrap(double[] x, double[] y, double confidence) {
        SplittableRandom random = new SplittableRandom(31L * Arrays.hashCode(x) + Arrays.hashCode(y));
        double[] ratios = new double[RESAMPLES];
        double[] rx = new double[x.length];
        double[] ry = new double[y.length];
        for (int i = 0; i < RESAMPLES; i++) {
            resample(x, rx, random);
            resample(y, ry, random);
            ratios[i] = median(ry) / median(rx);
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2;
        int lo = (int) Math.floor(tail * (RESAMPLES - 1));
        int hi = (int) Math.ceil((1 - tail) * (RESAMPLES - 1));
        return new Difference(x.length, y.length, median(y) / median(x), ratios[lo], ratios[hi], Method.BOOTSTRAP, confidence);
    }

    private static void resample(double[] from, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = from[random.nextInt(from.length)];
        }
    }

    /** The adjusted Fisher–Pearson sample skewness is beyond {@link #SKEWED}, with five values or more. */
    static boolean skewed(double[] v) {
        int n = v.length;
        if (n < 5) {
            return false;
        }
        double m = mean(v);
        double m2 = 0;
        double m3 = 0;
        for (double d : v) {
            m2 += (d - m) * (d - m) / n;
            m3 += (d - m) * (d - m) * (d - m) / n;
        }
        if (m2 == 0) {
            return false;
        }
        double g1 = m3 / Math.pow(m2, 1.5) * Math.sqrt((double) n * (n - 1)) / (n - 2);
        return Math.abs(g1) > SKEWED;
    }

    private static double mean(double[] v) {
        return v.length == 0 ? Double.NaN : Arrays.stream(v).sum() / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v);
        return Arrays.stream(v).map(d -> (d - m) * (d - m)).sum() / (v.length - 1);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
