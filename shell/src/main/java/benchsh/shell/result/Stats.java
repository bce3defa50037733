package benchsh.shell.result;

import java.util.List;

/**
 * Summary statistics of repeated measurements: median, mean, min, max, sample standard deviation
 * and the half-width of the confidence interval of the mean, from Student's t distribution (the
 * same test netperf's {@code -I} confidence mode uses). Immutable.
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
        return StudentT.quantile(1 - (1 - confidence) / 2, n - 1) * stddev / Math.sqrt(n);
    }

    /**
     * Whether the interval is narrow enough: its full width at most {@code width} (a fraction) of the
     * mean, as {@code netperf -I 99,5} asks for ±2.5 %.
     */
    public boolean converged(double confidence, double width) {
        return n >= 2 && 2 * ciHalfWidth(confidence) <= width * Math.abs(mean);
    }

    /** Student's t distribution: CDF via the regularized incomplete beta function (Numerical Recipes 6.4), quantile by bisection. */
    static final class StudentT {
        private StudentT() {
        }

        static double cdf(double t, int df) {
            double x = df / (df + t * t);
            double tail = 0.5 * incompleteBeta(df / 2.0, 0.5, x);
            return t >= 0 ? 1 - tail : tail;
        }

        static double quantile(double p, int df) {
            double lo = 0;
            double hi = 1e4;
            for (int i = 0; i < 200; i++) {
                double mid = (lo + hi) / 2;
                if (cdf(mid, df) < p) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return (lo + hi) / 2;
        }

        static double incompleteBeta(double a, double b, double x) {
            if (x <= 0) {
                return 0;
            }
            if (x >= 1) {
                return 1;
            }
            double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
            return x < (a + 1) / (a + b + 2) ? front * fraction(a, b, x) / a : 1 - front * fraction(b, a, 1 - x) / b;
        }

        /** Lentz's continued fraction for the incomplete beta function. */
        private static double fraction(double a, double b, double x) {
            double tiny = 1e-300;
            double c = 1;
            double d = 1 - (a + b) * x / (a + 1);
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            double h = d;
            for (int m = 1; m <= 300; m++) {
                int m2 = 2 * m;
                double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
                d = 1 / nonZero(1 + aa * d);
                c = nonZero(1 + aa / c);
                h *= d * c;
                aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
                d = 1 / nonZero(1 + aa * d);
                c = nonZero(1 + aa / c);
                double del = d * c;
                h *= del;
                if (Math.abs(del - 1) < 1e-14) {
                    break;
                }
            }
            return h;
        }

        private static double nonZero(double v) {
            return Math.abs(v) < 1e-300 ? 1e-300 : v;
        }

        /** Lanczos approximation (g = 7, n = 9). */
        static double logGamma(double x) {
            double[] g = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
                12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
            if (x < 0.5) {
                return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
            }
            x -= 1;
            double a = g[0];
            double t = x + 7.5;
            for (int i = 1; i < 9; i++) {
                a += g[i] / (x + i);
            }
            return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
        }
    }
}
