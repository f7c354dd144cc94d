package io.github.uncontended.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.uncontended.bench.MatchedSequencerBench;
import io.github.uncontended.bench.Twins;
import io.github.uncontended.bench.report.Results.Row;

/**
 * Ratios of ours against baselines, peers, our other options and the ladder's previous rung, per
 * thread count, each judged by the verdict rule (docs/performance.md, "The verdict rule"). A ratio
 * is a SPEED-UP: greater than 1 means the first named is better, whatever the mode (ours/other for
 * ops/s, other/ours for ns/op).
 */
final class Ratios {
    private Ratios() {}

    /** Forks a side needs for a verdict (issue 48, item 3). */
    static final int MIN_FORKS = 5;

    /**
     * (design, ours, other, kind): the comparisons. Kinds: {@code peer} and {@code baseline} in the
     * matched harness; {@code peer, as users call it} and {@code baseline, as users call it} where
     * the two sides are called as users call them and differ in more than the scheme
     * ({@code SequencerBench}); {@code option} for two of ours; {@code ladder} for a rung against
     * the rung before it; {@code control} for the JDK's shared arena against a confined one, the
     * same downcall without a shared session ({@code ArenaBench}, JDK 22+ builds).
     */
    record Pair(String design, String ours, String other, String kind) {}

    static final List<Pair> PAIRS = pairs();

    private static List<Pair> pairs() {
        List<Pair> p = new ArrayList<>();
        for (String m : List.of("MatchedSequencerBench.publish", "MatchedSequencerBench.publishBatch")) {
            p.add(new Pair(m, "AvailabilitySequencer", "Disruptor4", "peer"));
            p.add(new Pair(m, "PendingListSequencer", "Disruptor4", "peer"));
            p.add(new Pair(m, "AvailabilitySequencer", "PendingListSequencer", "option"));
            p.add(new Pair(m, "PendingListSequencer", "SpinSequencer", "baseline"));
            List<String> ladder = MatchedSequencerBench.LADDER;
            for (int i = 1; i < ladder.size(); i++) {
                p.add(new Pair(m, ladder.get(i), ladder.get(i - 1), "ladder"));
            }
        }
        for (String m : List.of("ShardedBufferBench.offer", "ShardedBufferBench.offerDrained")) {
            for (String ours : List.of("ShardedBuffer", "ElementFlagShardedBuffer")) {
                p.add(new Pair(m, ours, "MpscArrayQueue", "peer"));
                p.add(new Pair(m, ours, "MpscCompoundQueue", "peer"));
                p.add(new Pair(m, ours, "LockedRingBuffer", "baseline"));
                p.add(new Pair(m, ours, "ArrayBlockingQueue", "baseline"));
            }
            p.add(new Pair(m, "ElementFlagShardedBuffer", "ShardedBuffer", "option"));
        }
        for (String m : List.of("RoundTripBench.offerThenPoll", "RoundTripBench.offerThenDrain")) {
            p.add(new Pair(m, "ShardedBuffer", "MpscArrayQueue", "peer"));
            p.add(new Pair(m, "ShardedBuffer", "MpscCompoundQueue", "peer"));
            p.add(new Pair(m, "ShardedBuffer", "MpmcArrayQueue", "peer"));
        }
        for (String m : List.of("SequencerBench.publish", "SequencerBench.publishBatch")) {
            p.add(new Pair(m, "AvailabilitySequencer", "Disruptor4", "peer, as users call it"));
            p.add(new Pair(m, "PendingListSequencer", "Disruptor4", "peer, as users call it"));
            p.add(new Pair(m, "PendingListSequencer", "ArrayBlockingQueue", "baseline, as users call it"));
            p.add(new Pair(m, "PendingListSequencer", "SpinSequencer", "baseline, as users call it"));
            p.add(new Pair(m, "AvailabilitySequencer", "PendingListSequencer", "option"));
        }
        p.add(new Pair("ShardChoiceBench.offer", "probe", "threadId", "option"));
        p.add(new Pair("ShardChoiceBench.offer", "colliding", "threadId", "option"));
        p.add(new Pair("ShardChoiceBench.offer", "halfShards", "threadId", "option"));
        p.add(new Pair("ShardChoiceBench.offer", "doubleShards", "threadId", "option"));
        p.add(new Pair("SessionBench.acquireRelease", "ShardedSession", "AtomicSession", "baseline"));
        p.add(new Pair("SessionBench.acquireRelease", "ShardedSession", "StampedLock", "baseline"));
        p.add(new Pair("SessionBench.acquireRelease", "ShardedSessionRechoose", "AtomicSession", "baseline"));
        p.add(new Pair("SessionBench.acquireRelease", "AdaptiveSession", "AtomicSession", "baseline"));
        p.add(new Pair("SessionBench.acquireRelease", "AdaptiveSession", "ShardedSession", "option"));
        p.add(new Pair("SessionCloseBench.openClose", "AdaptiveSession-2", "AtomicSession", "baseline"));
        p.add(new Pair("SessionCloseBench.openClose", "AdaptiveSession-2", "ShardedSession-2", "option"));
        p.add(new Pair("SessionCloseBench.openClose", "AdaptiveSession-64", "ShardedSession-64", "option"));
        p.add(new Pair("SessionChoiceBench.acquireRelease", "rechoose", "fixed", "option"));
        p.add(new Pair("SessionChoiceBench.acquireRelease", "rechooseColliding", "colliding", "option"));
        p.add(new Pair("TraceHookBench.step", "hooked", "unhooked", "option"));
        p.add(new Pair("ArenaBench.strlen", "arena-shared", "arena-confined", "control"));
        return List.copyOf(p);
    }

    /**
     * One judged ratio. {@code speedup} and its interval: {@link Stats#speedup} over the per-fork
     * values; {@code floor}: the A/A spread at this point (NaN when no twin was measured there);
     * {@code jmhLow}, {@code jmhHigh}: the speed-up when each JMH score may lie anywhere in its own
     * 99.9% interval (the rule before issue 48, kept for comparison).
     */
    record Ratio(Pair pair, int threads, double ours, double other, String unit, Stats.Interval speedup,
                 double floor, int oursForks, int otherForks, double jmhLow, double jmhHigh) {

        /**
         * The verdict rule: "ahead" when the whole interval lies above the A/A spread s, "behind"
         * when it lies below 1/s, "level" otherwise; no verdict without {@value #MIN_FORKS} forks a
         * side or without an A/A pair at the point.
         */
        String verdict() {
            if (oursForks < MIN_FORKS || otherForks < MIN_FORKS) {
                return "no verdict: " + Math.min(oursForks, otherForks) + " forks (needs " + MIN_FORKS + ")";
            }
            if (Double.isNaN(floor)) {
                return "no verdict: no A/A pair at this point";
            }
            if (!speedup.has()) {
                return "no verdict: no interval";
            }
            return speedup.low() > floor ? "ahead" : speedup.high() < 1 / floor ? "behind" : "level";
        }
    }

    /** A measured A/A pair: an implementation against its twin, at one point. */
    record AaPair(String design, String impl, int threads, Stats.Interval interval, int forks) {}

    /** Every A/A pair in the results: X against X~aa at the same design and thread count. */
    static List<AaPair> aaPairs(List<Row> rows) {
        List<AaPair> out = new ArrayList<>();
        Map<String, Map<String, TreeMap<Integer, Row>>> idx = Results.index(rows);
        for (Map.Entry<String, Map<String, TreeMap<Integer, Row>>> d : idx.entrySet()) {
            for (Map.Entry<String, TreeMap<Integer, Row>> e : d.getValue().entrySet()) {
                String twin = e.getKey();
                if (!twin.endsWith(Twins.SUFFIX)) {
                    continue;
                }
                TreeMap<Integer, Row> original = d.getValue().get(Twins.base(twin));
                if (original == null) {
                    continue;
                }
                for (Map.Entry<Integer, Row> t : e.getValue().entrySet()) {
                    Row a = original.get(t.getKey());
                    Row b = t.getValue();
                    if (a == null || a.forks().isEmpty() || b.forks().isEmpty() || a.mode().equals("sample")) {
                        continue;
                    }
                    out.add(new AaPair(d.getKey(), Twins.base(twin), t.getKey(),
                            Stats.speedup(a.forks(), b.forks(), a.higherIsBetter()),
                            Math.min(a.forks().size(), b.forks().size())));
                }
            }
        }
        return out;
    }

    /**
     * The A/A spread of a point (design, threads): the widest reach from 1 of the intervals of its
     * A/A pairs ({@link Stats.Interval#reach}); NaN when the point has no pair with an interval.
     */
    static double floor(List<AaPair> aa, String design, int threads) {
        double s = Double.NaN;
        for (AaPair p : aa) {
            if (p.design().equals(design) && p.threads() == threads && p.interval().has()) {
                s = Double.isNaN(s) ? p.interval().reach() : Math.max(s, p.interval().reach());
            }
        }
        return s;
    }

    /** JMH's-error bounds of the speed-up (both scores anywhere in their 99.9% intervals): {low, high}. */
    static double[] bounds(Row ours, Row other) {
        double oe = ours.error(), xe = other.error();
        if (Double.isNaN(oe) || Double.isNaN(xe)) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double oLo = ours.score() - oe, oHi = ours.score() + oe, xLo = other.score() - xe, xHi = other.score() + xe;
        if (ours.higherIsBetter()) {       // ours / other
            return new double[] {xHi <= 0 ? Double.NaN : Math.max(0, oLo) / xHi, xLo <= 0 ? Double.POSITIVE_INFINITY : oHi / xLo};
        }
        return new double[] {oHi <= 0 ? Double.NaN : Math.max(0, xLo) / oHi, oLo <= 0 ? Double.POSITIVE_INFINITY : xHi / oLo};
    }

    static double speedup(Row ours, Row other) {
        if (!ours.unit().equals(other.unit()) || !ours.mode().equals(other.mode())) {
            throw new IllegalArgumentException("cannot compare " + ours + " with " + other + ": different unit or mode");
        }
        if (ours.score() <= 0 || other.score() <= 0) {
            throw new IllegalArgumentException("non-positive score in " + ours + " or " + other);
        }
        return ours.higherIsBetter() ? ours.score() / other.score() : other.score() / ours.score();
    }

    /** Every pair measured on both sides at the same thread count, judged. */
    static List<Ratio> compute(List<Row> rows) {
        Map<String, Map<String, TreeMap<Integer, Row>>> idx = Results.index(rows);
        List<AaPair> aa = aaPairs(rows);
        List<Ratio> out = new ArrayList<>();
        for (Pair p : PAIRS) {
            Map<String, TreeMap<Integer, Row>> d = idx.getOrDefault(p.design(), Map.of());
            TreeMap<Integer, Row> ours = d.get(p.ours());
            TreeMap<Integer, Row> other = d.get(p.other());
            if (ours == null || other == null) {
                continue;
            }
            for (Map.Entry<Integer, Row> e : ours.entrySet()) {
                Row o = e.getValue();
                Row x = other.get(e.getKey());
                if (x == null || o.mode().equals("sample")) {
                    continue;
                }
                double plain = speedup(o, x);
                Stats.Interval iv = o.forks().isEmpty() || x.forks().isEmpty()
                        ? new Stats.Interval(plain, Double.NaN, Double.NaN)
                        : Stats.speedup(o.forks(), x.forks(), o.higherIsBetter());
                double[] b = bounds(o, x);
                out.add(new Ratio(p, e.getKey(), o.value(), x.value(), x.unit(), iv, floor(aa, p.design(), e.getKey()),
                        o.forks().size(), x.forks().size(), b[0], b[1]));
            }
        }
        return out;
    }
}
