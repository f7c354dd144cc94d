package io.github.uncontended.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.uncontended.bench.report.Results.Row;

/**
 * Ratios of ours against baselines and peers, per thread count. A ratio is a SPEED-UP: greater
 * than 1 means ours is better, whatever the mode (ours/other for ops/s, other/ours for ns/op).
 */
final class Ratios {
    private Ratios() {}

    /** (design, ours, other, kind): the comparisons issue 8 asks for. */
    record Pair(String design, String ours, String other, String kind) {}

    static final List<Pair> PAIRS = List.of(
            new Pair("ShardedBufferBench.offer", "ShardedBuffer", "LockedRingBuffer", "baseline"),
            new Pair("ShardedBufferBench.offer", "ShardedBuffer", "ArrayBlockingQueue", "baseline"),
            new Pair("ShardedBufferBench.offer", "ShardedBuffer", "MpscArrayQueue", "peer"),
            new Pair("ShardedBufferBench.offer", "ShardedBuffer", "MpscCompoundQueue", "peer"),
            new Pair("ShardedBufferBench.offerDrained", "ShardedBuffer", "LockedRingBuffer", "baseline"),
            new Pair("ShardedBufferBench.offerDrained", "ShardedBuffer", "ArrayBlockingQueue", "baseline"),
            new Pair("ShardedBufferBench.offerDrained", "ShardedBuffer", "MpscArrayQueue", "peer"),
            new Pair("ShardedBufferBench.offerDrained", "ShardedBuffer", "MpscCompoundQueue", "peer"),
            new Pair("ShardedBufferBench.offer", "ElementFlagShardedBuffer", "MpscArrayQueue", "peer"),
            new Pair("ShardedBufferBench.offer", "ElementFlagShardedBuffer", "MpscCompoundQueue", "peer"),
            new Pair("ShardedBufferBench.offer", "ElementFlagShardedBuffer", "ShardedBuffer", "option"),
            new Pair("ShardedBufferBench.offerDrained", "ElementFlagShardedBuffer", "MpscArrayQueue", "peer"),
            new Pair("ShardedBufferBench.offerDrained", "ElementFlagShardedBuffer", "MpscCompoundQueue", "peer"),
            new Pair("ShardedBufferBench.offerDrained", "ElementFlagShardedBuffer", "ShardedBuffer", "option"),
            new Pair("RoundTripBench.offerThenPoll", "ShardedBuffer", "MpscArrayQueue", "peer"),
            new Pair("RoundTripBench.offerThenPoll", "ShardedBuffer", "MpscCompoundQueue", "peer"),
            new Pair("RoundTripBench.offerThenPoll", "ShardedBuffer", "MpmcArrayQueue", "peer"),
            new Pair("RoundTripBench.offerThenDrain", "ShardedBuffer", "MpscArrayQueue", "peer"),
            new Pair("RoundTripBench.offerThenDrain", "ShardedBuffer", "MpscCompoundQueue", "peer"),
            new Pair("RoundTripBench.offerThenDrain", "ShardedBuffer", "MpmcArrayQueue", "peer"),
            new Pair("SequencerBench.publish", "PendingListSequencer", "SpinSequencer", "baseline"),
            new Pair("SequencerBench.publish", "PendingListSequencer", "ArrayBlockingQueue", "baseline"),
            new Pair("SequencerBench.publish", "PendingListSequencer", "Disruptor4", "peer"),
            new Pair("SequencerBench.publishBatch", "PendingListSequencer", "Disruptor4", "peer"),
            new Pair("SequencerBench.publish", "AvailabilitySequencer", "Disruptor4", "peer"),
            new Pair("SequencerBench.publish", "AvailabilitySequencer", "PendingListSequencer", "option"),
            new Pair("SequencerBench.publishBatch", "AvailabilitySequencer", "Disruptor4", "peer"),
            new Pair("SequencerBench.publishBatch", "AvailabilitySequencer", "PendingListSequencer", "option"),
            new Pair("SessionBench.acquireRelease", "ShardedSession", "AtomicSession", "baseline"),
            new Pair("SessionBench.acquireRelease", "ShardedSession", "StampedLock", "baseline"),
            new Pair("SessionBench.acquireRelease", "ShardedSessionRechoose", "AtomicSession", "baseline"),
            new Pair("SessionBench.acquireRelease", "AdaptiveSession", "AtomicSession", "baseline"),
            new Pair("SessionBench.acquireRelease", "AdaptiveSession", "ShardedSession", "option"),
            new Pair("SessionCloseBench.openClose", "AdaptiveSession-2", "AtomicSession", "baseline"),
            new Pair("SessionCloseBench.openClose", "AdaptiveSession-2", "ShardedSession-2", "option"),
            new Pair("SessionCloseBench.openClose", "AdaptiveSession-64", "ShardedSession-64", "option"),
            new Pair("SessionChoiceBench.acquireRelease", "rechoose", "fixed", "option"),
            new Pair("SessionChoiceBench.acquireRelease", "rechooseColliding", "colliding", "option"));

    /**
     * {@code low} and {@code high} bound the speed-up when each score may lie anywhere in its own
     * 99.9% confidence interval (JMH's scoreError): the pessimistic and the optimistic pairing. NaN
     * when either score has no interval.
     */
    record Ratio(Pair pair, int threads, double ours, double other, double speedup, String unit, double low,
                 double high) {
        Ratio(Pair pair, int threads, double ours, double other, double speedup, String unit) {
            this(pair, threads, ours, other, speedup, unit, Double.NaN, Double.NaN);
        }

        /** "ahead" or "behind" when the whole interval is on one side of 1, else "inside the error". */
        String verdict() {
            if (Double.isNaN(low) || Double.isNaN(high)) {
                return speedup >= 1 ? "ahead (no interval)" : "behind (no interval)";
            }
            return low > 1 ? "ahead" : high < 1 ? "behind" : "inside the error";
        }
    }

    /** The speed-up's bounds from both scores' confidence intervals: {low, high}, NaN without them. */
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

    /** Every ratio for which both sides were measured at the same thread count. */
    static List<Ratio> compute(List<Row> rows) {
        Map<String, Map<String, TreeMap<Integer, Row>>> idx = Results.index(rows);
        List<Ratio> out = new ArrayList<>();
        for (Pair p : PAIRS) {
            Map<String, TreeMap<Integer, Row>> d = idx.getOrDefault(p.design(), Map.of());
            TreeMap<Integer, Row> ours = d.get(p.ours());
            TreeMap<Integer, Row> other = d.get(p.other());
            if (ours == null || other == null) {
                continue;
            }
            for (Map.Entry<Integer, Row> e : ours.entrySet()) {
                Row o = other.get(e.getKey());
                if (o != null) {
                    double[] b = bounds(e.getValue(), o);
                    out.add(new Ratio(p, e.getKey(), e.getValue().score(), o.score(), speedup(e.getValue(), o), o.unit(),
                            b[0], b[1]));
                }
            }
        }
        return out;
    }
}
