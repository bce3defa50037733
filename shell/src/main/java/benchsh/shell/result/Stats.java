package benchsh.shell.result;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Summary statistics of repeated measurements: median, mean, min, max, sample standard deviation
 * and the half-width of the confidence interval of the mean, from Student's t distribution (the
 * same test netperf's {@code -I} confidence mode uses; the distribution is Apache Commons Math's). Immutable.
 */
public record Stats(int n, double median, double mean, double min, double max, double stddev) {

    public static Stats of(List<Double> values) {
        List<Double> v = values.stream().filter(d -> !d.isNaN()).sorted().toList();
        int n = v.size();
        if (n == 0) {
            return new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double mean = v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
        double ss = v.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
        double stddev = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
        return new Stats(n, median, mean, v.get(0), v.get(n - 1), stddev);
    }

    /** Half-width of the two-sided confidence interval of the mean, e.g. {@code confidence = 0.99}. */
    public double ciHalfWidth(double confidence) {
        if (n < 2) {
            return Double.POSITIVE_INFINITY;
        }
        return tQuantile(1 - (1 - confidence) / 2, n - 1) * stddev / Math.sqrt(n);
    }

    /**
     * Whether the interval is narrow enough: its full width at most {@code width} (a fraction) of the
     * mean, as {@code netperf -I 99,5} asks for ±2.5 %.
     */
    public boolean converged(double confidence, double width) {
        return n >= 2 && 2 * ciHalfWidth(confidence) <= width * Math.abs(mean);
    }

    /** Student's t distribution's quantile ({@code p} = 0.975 for a two-sided 95 % interval), from Apache Commons Math. */
    static double tQuantile(double p, double df) {
        return new TDistribution(null, df).inverseCumulativeProbability(p);
    }
}
