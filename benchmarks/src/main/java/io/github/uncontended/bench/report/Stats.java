package io.github.uncontended.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The statistics of the verdict rule (docs/performance.md, "The verdict rule"), on per-fork
 * values: forks are the samples (a fork settles in a regime; its iterations are not independent
 * of one another), and there are few of them, so nothing here assumes a distribution.
 */
final class Stats {
    /** The two-sided level of the intervals: each tail at most this. */
    static final double TAIL = 0.025;

    private Stats() {}

    static double median(List<Double> xs) {
        if (xs.isEmpty()) {
            return Double.NaN;
        }
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    /**
     * The speed-up of {@code ours} over {@code other}, fork by fork: every ratio of one fork of
     * ours to one fork of the other (ours/other when higher is better, other/ours for times), sorted.
     */
    static List<Double> pairwiseSpeedups(List<Double> ours, List<Double> other, boolean higherIsBetter) {
        List<Double> r = new ArrayList<>(ours.size() * other.size());
        for (double o : ours) {
            for (double x : other) {
                r.add(higherIsBetter ? o / x : x / o);
            }
        }
        Collections.sort(r);
        return r;
    }

    /**
     * The Mann-Whitney statistic's null distribution for samples of {@code n} and {@code m}: the
     * number of orderings with U = u, for u = 0..nm (their sum is C(n+m, n)).
     */
    static double[] mannWhitneyCounts(int n, int m) {
        // f[i][j][u]: orderings of i and j values with U = u; f(i, j, u) = f(i-1, j, u-j) + f(i, j-1, u)
        double[][][] f = new double[n + 1][m + 1][];
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= m; j++) {
                f[i][j] = new double[i * j + 1];
                if (i == 0 || j == 0) {
                    f[i][j][0] = 1;
                    continue;
                }
                for (int u = 0; u <= i * j; u++) {
                    double a = u - j >= 0 && u - j < f[i - 1][j].length ? f[i - 1][j][u - j] : 0;
                    double b = u < f[i][j - 1].length ? f[i][j - 1][u] : 0;
                    f[i][j][u] = a + b;
                }
            }
        }
        return f[n][m];
    }

    /**
     * How many of the sorted pairwise ratios to cut at each end for the distribution-free interval
     * of the shift (Hodges-Lehmann; Bauer 1972): the largest {@code k} with P(U &lt; k) &le;
     * {@link #TAIL} under the null, the interval then being the k-th smallest to the k-th largest
     * ratio. 0 when no k qualifies: {@code n} and {@code m} too small for a two-sided 95% interval
     * (for 5 and 5 forks, k = 3: the 3rd to the 23rd of 25 ratios, coverage 96.8%).
     */
    static int cut(int n, int m) {
        if (n == 0 || m == 0) {
            return 0;
        }
        double[] counts = mannWhitneyCounts(n, m);
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        int k = 0;
        double below = 0;                       // P(U <= k - 1) * total, growing with k
        while (k < counts.length) {
            double next = below + counts[k];    // P(U <= k)
            if (next / total > TAIL) {
                break;
            }
            below = next;
            k++;
        }
        return k;                               // P(U <= k - 1) <= TAIL < P(U <= k)
    }

    /** An estimate and its interval; NaN bounds when there is none. */
    record Interval(double estimate, double low, double high) {
        boolean has() {
            return !Double.isNaN(low);
        }

        /** How far from 1 the interval reaches, either way: max(high, 1/low); at least 1. */
        double reach() {
            return Math.max(1, Math.max(high, 1 / low));
        }
    }

    /** The Hodges-Lehmann speed-up (the median pairwise ratio) and its distribution-free interval. */
    static Interval speedup(List<Double> ours, List<Double> other, boolean higherIsBetter) {
        List<Double> r = pairwiseSpeedups(ours, other, higherIsBetter);
        if (r.isEmpty()) {
            return new Interval(Double.NaN, Double.NaN, Double.NaN);
        }
        int k = cut(ours.size(), other.size());
        double est = median(r);
        if (k == 0) {
            return new Interval(est, Double.NaN, Double.NaN);
        }
        return new Interval(est, r.get(k - 1), r.get(r.size() - k));
    }
}
