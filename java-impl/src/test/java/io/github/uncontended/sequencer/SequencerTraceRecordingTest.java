package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.TestThreads;
import io.github.uncontended.TraceRecorder;
import io.github.uncontended.sequencer.broken.BrokenPendingListSequencer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Records short stress runs of the sequencers for trace validation against
 * {@code specs/sequencer/trace/PendingListTrace.tla} ({@code make trace} checks them with TLC).
 * Publishers 1..P claim and publish one sequence at a time, or batches of one and two in turn
 * ({@code next(n)}, {@code publish(lo, hi)}: the spec's Claim(p, n) and one Park per sequence);
 * thread P + 1 is the consumer, which waits for each sequence and marks it consumed (the spec's
 * Consume). The ring and the pending array are small, so publishers wait for slots and park ahead
 * of the cursor.
 */
@Timeout(value = 40, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // each records in well under a second
class SequencerTraceRecordingTest {

    private static final String SPEC = "sequencer/trace/PendingListTrace";

    /** Witness GuardHoldsWhileParked: with a pending array of 2 the guard holds a publisher while another's sequence waits parked. */
    @Test
    void twoPublishersPendingTwo() throws Exception {
        record("sequencer-2p-pending2", () -> new PendingListSequencer(4, 2), 2, 8 * TraceRecorder.scale(), 1,
                "GuardHoldsWhileParked");
    }

    /** Witness LostCursorCas: a publisher loses the cursor CAS and returns, its parked sequences left to a drainer. */
    @Test
    void threePublishersPendingTwo() throws Exception {
        record("sequencer-3p-pending2", () -> new PendingListSequencer(4, 2), 3, 6 * TraceRecorder.scale(), 1,
                "LostCursorCas");
    }

    /** Witness TwoParkedAtOnce: with a pending array of 4, two publishers' sequences parked ahead of the cursor at once. */
    @Test
    void twoPublishersPendingFour() throws Exception {
        record("sequencer-2p-pending4", () -> new PendingListSequencer(8, 4), 2, 10 * TraceRecorder.scale(), 1,
                "TwoParkedAtOnce");
    }

    /**
     * Batches of one and two sequences in turn (next(n), publish(lo, hi)), three publishers. A
     * pending array of 4 lets a batch of two park ahead (with 2 the guard holds every batch of two
     * until its predecessor is visible, so every batch took the fast path). Witness
     * RunDrainOverOthers: one CAS moves the cursor over a run of two or more sequences parked by
     * other publishers (a parked batch among them, or two publishers' parks), which the drainer
     * found by loading the pending entries. The run must also hold a Park and a CasOverBatch over
     * two sequences (a batch on the fast path), as before the witnesses: measured on this 2-core
     * VM, 196 of 200 runs had both, and RunDrainOverOthers was reached in 4 of 4 such recordings
     * checked.
     */
    @Test
    void threePublishersBatches() throws Exception {
        record("sequencer-3p-batches", () -> new PendingListSequencer(8, 4), 3, 6 * TraceRecorder.scale(), 2,
                "RunDrainOverOthers", events -> events.stream().anyMatch(e -> e.contains(" Park "))
                        && events.stream().anyMatch(SequencerTraceRecordingTest::casOverSeveral));
    }

    /** A CasOverBatch event that moves the cursor over more than one sequence. */
    private static boolean casOverSeveral(String event) {
        return event.contains(" CasOverBatch ") && TraceRecorder.value(event, "hi") > TraceRecorder.value(event, "expected") + 1;
    }

    /** Runs of a workload at most, until one reaches its witness. */
    private static final int RUNS = 40;

    /**
     * Whether a run's events show the model's witness {@code witness} (PendingListWitnesses.tla):
     * what the recording looks for to stop retrying; the trace spec's predicate of the same name
     * is the judge. Read so that a run this finds is one the spec's predicate holds in (never the
     * other way round): per thread its current batch (from its Claim), the sequences of it
     * published (a Park, or the whole batch at a Guard that takes the fast path: the spec's
     * {@code published}), whether its last step was a Guard that held it, and the cursor (from
     * the successful CASes).
     */
    static Predicate<List<String>> reaches(String witness, int pendingSize) {
        return events -> {
            Map<String, long[]> batch = new HashMap<>();         // thread -> its current batch {lo, hi}
            Map<String, Set<Long>> published = new HashMap<>();  // thread -> its current batch's published sequences
            Set<String> held = new HashSet<>();                  // threads whose last step was a Guard that held
            long cursor = -1;
            for (String e : events) {
                String[] w = e.split(" ");
                String t = w[0];
                held.remove(t);
                switch (w[1]) {
                    case "Claim" -> {
                        long hi = TraceRecorder.value(e, "seq");
                        batch.put(t, new long[] {hi - TraceRecorder.value(e, "n") + 1, hi});
                        published.put(t, new HashSet<>());
                    }
                    case "Park" -> published.get(t).add(TraceRecorder.value(e, "seq"));
                    case "Guard" -> {
                        long c = TraceRecorder.value(e, "cursor");
                        long[] b = batch.get(t);
                        if (b[1] - c > pendingSize) {
                            held.add(t);                         // seq - cursor > PendingSize: it waits
                        } else if (c == b[0] - 1) {
                            for (long q = b[0]; q <= b[1]; q++) {   // the fast path publishes its batch
                                published.get(t).add(q);
                            }
                        }
                    }
                    case "CasCursor", "CasOverBatch" -> {
                        boolean ok = e.endsWith(" ok=1");
                        long expected = TraceRecorder.value(e, "expected");
                        long top = TraceRecorder.value(e, w[1].equals("CasCursor") ? "top" : "hi");
                        long[] b = batch.get(t);
                        if (witness.equals("LostCursorCas") && !ok) {
                            return true;                         // wasted > 0
                        }
                        if (witness.equals("RunDrainOverOthers") && ok && w[1].equals("CasCursor")
                                && top - expected >= 2 && (b[1] < expected + 1 || b[0] > top)) {
                            return true;                         // a run of two or more, none of its batch
                        }
                        if (ok) {
                            cursor = top;
                        }
                    }
                    default -> { }
                }
                long c = cursor;
                List<String> ahead = published.entrySet().stream()
                        .filter(x -> x.getValue().stream().anyMatch(q -> q > c)).map(Map.Entry::getKey).toList();
                if (witness.equals("TwoParkedAtOnce") && ahead.size() >= 2) {
                    return true;
                }
                if (witness.equals("GuardHoldsWhileParked")
                        && held.stream().anyMatch(h -> ahead.stream().anyMatch(a -> !a.equals(h)))) {
                    return true;
                }
            }
            return false;
        };
    }

    /**
     * Sibling (a) in Java: it reads the cursor and CASes before it parks. TLC must reject its trace.
     * It can lose a publication, after which a waiting consumer (or a publisher's guard) would wait
     * forever: so no consumer here, and a ring and pending array larger than the run.
     */
    @Test
    void parkAfterCasIsRecordedForRejection() throws Exception {
        AbstractSequencer sequencer = new BrokenPendingListSequencer(8, 8, BrokenPendingListSequencer.Defect.PARK_AFTER_CAS);
        recorder(TraceRecorder.rejected(SPEC), sequencer, 2, claimed(2, 3, 1), 1)
                .record("broken-sequencer-park-after-cas", publishers(sequencer, 2, 3, 1));
    }

    /**
     * Sibling (i) in Java: its guard skips the park without finding the predecessor visible. TLC
     * must reject its trace (after a Guard that saw the cursor behind, the spec parks; this CASes).
     * No consumer, for the same reason as above.
     */
    @Test
    void fastPathSkipsParkIsRecordedForRejection() throws Exception {
        // Forced order: publisher 1 claims 0 and holds it; publisher 2 claims 1 and publishes it
        // while the cursor is -1 (its guard passes, 1 - (-1) <= 8, and it skips the park); then
        // publisher 1 publishes 0.
        AbstractSequencer sequencer = new BrokenPendingListSequencer(8, 8, BrokenPendingListSequencer.Defect.SKIPS_PARK);
        List<String> events = recordOvertaken("broken-sequencer-fast-path-skips-park", sequencer, 1, false);
        assertTrue(sequencer.cursor() == 0, "the defect did not show: cursor " + sequencer.cursor() + ", events " + events);
    }

    /**
     * Sibling (k) in Java: after the fast path's CAS over its batch, the drain resumes from lo.
     * TLC must reject its trace: after CasOverBatch the spec's LoadPending loads the entry of
     * hi + 1, the recording shows the entry of lo + 1.
     */
    @Test
    void fastBatchDrainsFromLoIsRecordedForRejection() throws Exception {
        // Forced order: publisher 1 claims the batch 0..1; publisher 2 claims 2 and publishes it
        // (2 - (-1) <= 4: it parks 2, finds the cursor at -1, its CAS from 1 fails, it returns);
        // then publisher 1 publishes 0..1 on the fast path (cursor -1 = 0 - 1), CASes -1 -> 1 and
        // loads the entry of 1 instead of 2: 2 is never made visible.
        AbstractSequencer sequencer = new BrokenPendingListSequencer(8, 4, BrokenPendingListSequencer.Defect.DRAINS_FROM_LO);
        List<String> events = recordOvertaken("broken-sequencer-fast-batch-drains-from-lo", sequencer, 2, false);
        assertTrue(sequencer.cursor() == 1, "the defect did not show: cursor " + sequencer.cursor() + ", events " + events);
    }

    /**
     * Sibling (m) in Java: the slow path's run starts at the cursor it read, not max(lo - 1, c).
     * TLC must reject its trace at that CasCursor, whose expected value is not the spec's.
     */
    @Test
    void runFromReadCursorIsRecordedForRejection() throws Exception {
        // Forced order: publisher 1 claims 0 and holds it; publisher 2 claims 1 and publishes it
        // (it parks 1, finds the cursor at -1 and CASes -1 -> 1, over 0, which nobody published).
        AbstractSequencer sequencer = new BrokenPendingListSequencer(8, 4, BrokenPendingListSequencer.Defect.RUN_FROM_READ_CURSOR);
        List<String> events = recordOvertaken("broken-sequencer-run-from-read-cursor", sequencer, 1, false);
        assertTrue(events.stream().anyMatch(e -> e.contains(" CasCursor ") && e.contains("expected=-1 ")
                && e.contains("ok=1")), "the defect did not show: events " + events);
    }

    /**
     * Sibling (l) in Java: the drain returns after its CAS over a run whose end its scan found,
     * without loading that entry again. TLC must reject its trace: after a successful CasCursor
     * the spec's publisher loads the pending list; the recording shows its next claim.
     */
    @Test
    void runDrainTrustsScanIsRecordedForRejection() throws Exception {
        // Forced order: publisher 1 claims 0 and holds it; publisher 2 claims 1 and publishes it
        // (it parks 1, its CAS from 0 fails); publisher 1 publishes 0 on the fast path, its drain
        // loads 1 (parked) and 2 (not), CASes 0 -> 1 and returns; then it claims 2 and publishes it.
        AbstractSequencer sequencer = new BrokenPendingListSequencer(8, 4, BrokenPendingListSequencer.Defect.RUN_TRUSTS_SCAN);
        List<String> events = recordOvertaken("broken-sequencer-run-drain-trusts-scan", sequencer, 1, true);
        assertTrue(sequencer.cursor() == 2, "the recording did not run to its end: cursor " + sequencer.cursor()
                + ", events " + events);
    }

    /**
     * The forced order of the recordings of siblings (i), (k), (l) and (m), so that the defect
     * shows in every recording: publisher 1 claims {@code held} sequences (0 .. held - 1) and
     * holds them; publisher 2 claims the next one and publishes it; then publisher 1 publishes its
     * claim, and, if {@code again}, claims and publishes one sequence more. No consumer (the
     * defects lose or misorder a publication, and a consumer would wait for it).
     */
    private static List<String> recordOvertaken(String name, AbstractSequencer sequencer, int held, boolean again)
            throws Exception {
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch overtaken = new CountDownLatch(1);
        TraceRecorder recorder = TraceRecorder.rejected(SPEC)
                .constant("Publishers", TraceRecorder.ids(1, 2))
                .constant("N", held + 1 + (again ? 1 : 0))
                .constant("PendingSize", sequencer.maxBatch)
                .constant("BufferSize", sequencer.bufferSize())
                .constant("MaxBatch", held);
        return recorder.record(name, List.of(
                () -> {
                    long hi = sequencer.next(held);
                    claimed.countDown();
                    overtaken.await();
                    sequencer.publish(hi - held + 1, hi);
                    if (again) {
                        sequencer.publish(sequencer.next());
                    }
                },
                () -> {
                    claimed.await();
                    sequencer.publish(sequencer.next());
                    overtaken.countDown();
                }));
    }

    /**
     * Publisher p's i-th claim takes {@code 1 + (p + i) % maxBatch} sequences: with maxBatch 1 one at
     * a time, with 2 batches of one and two in turn. Thread P + 1 is the consumer. Repeated on a
     * fresh sequencer, at most {@value #RUNS} runs, until a run reaches {@code witness}, which the
     * log declares.
     */
    private static List<String> record(String name, Supplier<AbstractSequencer> sequencers, int publishers, int each,
            int maxBatch, String witness) throws Exception {
        return record(name, sequencers, publishers, each, maxBatch, witness, events -> true);
    }

    /** As above, the run also satisfying {@code also}. */
    private static List<String> record(String name, Supplier<AbstractSequencer> sequencers, int publishers, int each,
            int maxBatch, String witness, Predicate<List<String>> also) throws Exception {
        int n = claimed(publishers, each, maxBatch);
        AbstractSequencer[] last = new AbstractSequencer[1];
        List<String> events = TraceRecorder.runUntil(name, witness, RUNS,
                reaches(witness, sequencers.get().maxBatch).and(also),
                () -> {
                    last[0] = sequencers.get();
                    List<TestThreads.Body> actors = publishers(last[0], publishers, each, maxBatch);
                    AbstractSequencer s = last[0];
                    actors.add(() -> {                 // the consumer
                        for (long q = 0; q < n; q++) {
                            s.waitFor(q);
                            s.markConsumed(q);
                        }
                    });
                    return actors;
                });
        assertTrue(events.stream().filter(e -> e.contains(" Claim ")).count() == publishers * each,
                name + ": expected " + publishers * each + " Claim events in " + events.size());
        recorder(TraceRecorder.accepted(SPEC, witness), last[0], publishers, n, maxBatch).write(name, events);
        return events;
    }

    /** Sequences claimed in all: publisher p's i-th claim takes {@code 1 + (p + i) % maxBatch} (AvailabilityTraceRecordingTest's too). */
    static int claimed(int publishers, int each, int maxBatch) {
        int n = 0;
        for (int p = 0; p < publishers; p++) {
            for (int i = 0; i < each; i++) {
                n += 1 + (p + i) % maxBatch;
            }
        }
        return n;
    }

    /** The publishers: p's i-th claim takes {@code 1 + (p + i) % maxBatch} sequences, published as one batch. */
    private static List<TestThreads.Body> publishers(AbstractSequencer sequencer, int publishers, int each, int maxBatch) {
        List<TestThreads.Body> actors = new ArrayList<>();
        for (int p = 0; p < publishers; p++) {
            int me = p;
            actors.add(() -> {
                for (int i = 0; i < each; i++) {
                    int size = 1 + (me + i) % maxBatch;
                    long hi = sequencer.next(size);
                    sequencer.publish(hi - size + 1, hi);
                }
            });
        }
        return actors;
    }

    private static TraceRecorder recorder(TraceRecorder r, AbstractSequencer sequencer, int publishers, int n,
            int maxBatch) {
        return r.constant("Publishers", TraceRecorder.ids(1, publishers))
                .constant("N", n)
                .constant("PendingSize", sequencer.maxBatch)
                .constant("BufferSize", sequencer.bufferSize())
                .constant("MaxBatch", maxBatch);
    }
}
