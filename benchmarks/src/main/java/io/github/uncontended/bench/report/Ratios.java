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
            new Pair("SequencerBench.publish", "PendingListSequencer", "SpinSequencer", "baseline"),
            new Pair("SequencerBench.publish", "PendingListSequencer", "ArrayBlockingQueue", "baseline"),
            new Pair("SequencerBench.publish", "PendingListSequencer", "Disruptor4", "peer"),
            new Pair("SessionBench.acquireRelease", "ShardedSession", "AtomicSession", "baseline"),
            new Pair("SessionBench.acquireRelease", "ShardedSession", "StampedLock", "baseline"));

    record Ratio(Pair pair, int threads, double ours, double other, double speedup, String unit) {}

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
                    out.add(new Ratio(p, e.getKey(), e.getValue().score(), o.score(), speedup(e.getValue(), o), o.unit()));
                }
            }
        }
        return out;
    }
}
