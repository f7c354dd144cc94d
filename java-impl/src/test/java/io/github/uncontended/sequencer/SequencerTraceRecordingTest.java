package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.uncontended.TestThreads;
import io.github.uncontended.TraceRecorder;
import io.github.uncontended.sequencer.broken.BrokenPendingListSequencer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
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

    @Test
    void twoPublishersPendingTwo() throws Exception {
        record("sequencer-2p-pending2", new PendingListSequencer(4, 2), 2, 8 * TraceRecorder.scale(), true);
    }

    @Test
    void threePublishersPendingTwo() throws Exception {
        record("sequencer-3p-pending2", new PendingListSequencer(4, 2), 3, 6 * TraceRecorder.scale(), true);
    }

    @Test
    void twoPublishersPendingFour() throws Exception {
        record("sequencer-2p-pending4", new PendingListSequencer(8, 4), 2, 10 * TraceRecorder.scale(), true);
    }

    /**
     * Batches of one and two sequences in turn (next(n), publish(lo, hi)), three publishers. A
     * pending array of 4 lets a batch of two park ahead (with 2 the guard holds every batch of two
     * until its predecessor is visible, so every batch took the fast path).
     *
     * <p>Retried, at most {@value #BATCH_RUNS} runs, until one recorded both a Park and a
     * CasOverBatch over two sequences. Both depend on the scheduler, but a run shows both almost
     * always: measured on this 2-core VM, 196 of 200 runs, and 197 of 200 with the other core busy,
     * so 40 runs all fail with a probability far below 10^-60. Each run takes about 15 ms.
     */
    @Test
    void threePublishersBatches() throws Exception {
        int parked = 0;
        int fast = 0;
        for (int attempt = 1; attempt <= BATCH_RUNS; attempt++) {
            List<String> events = record("sequencer-3p-batches", new PendingListSequencer(8, 4), 3,
                    6 * TraceRecorder.scale(), 2, true);
            boolean park = events.stream().anyMatch(e -> e.contains(" Park "));
            boolean batch = events.stream().anyMatch(SequencerTraceRecordingTest::casOverSeveral);
            if (park && batch) {
                return;                        // a batch parked, and a batch took the fast path: both in one trace
            }
            parked += park ? 1 : 0;
            fast += batch ? 1 : 0;
        }
        fail("in " + BATCH_RUNS + " runs sequencer-3p-batches never recorded both a Park and a CasOverBatch over two"
                + " sequences (" + parked + " runs had a Park, " + fast + " such a CasOverBatch; 98% of runs have both)");
    }

    private static final int BATCH_RUNS = 40;

    /** A CasOverBatch event that moves the cursor over more than one sequence. */
    private static boolean casOverSeveral(String event) {
        if (!event.contains(" CasOverBatch ")) {
            return false;
        }
        long expected = 0;
        long hi = 0;
        for (String w : event.split(" ")) {
            if (w.startsWith("expected=")) {
                expected = Long.parseLong(w.substring("expected=".length()));
            } else if (w.startsWith("hi=")) {
                hi = Long.parseLong(w.substring("hi=".length()));
            }
        }
        return hi > expected + 1;
    }

    /**
     * Sibling (a) in Java: it reads the cursor and CASes before it parks. TLC must reject its trace.
     * It can lose a publication, after which a waiting consumer (or a publisher's guard) would wait
     * forever: so no consumer here, and a ring and pending array larger than the run.
     */
    @Test
    void parkAfterCasIsRecordedForRejection() throws Exception {
        record("broken-sequencer-park-after-cas", new BrokenPendingListSequencer(8, 8,
                BrokenPendingListSequencer.Defect.PARK_AFTER_CAS), 2, 3, false);
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
        TraceRecorder recorder = TraceRecorder.rejected("sequencer/trace/PendingListTrace")
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

    private static void record(String name, AbstractSequencer sequencer, int publishers, int each, boolean real)
            throws Exception {
        record(name, sequencer, publishers, each, 1, real);
    }

    /**
     * Publisher p's i-th claim takes {@code 1 + (p + i) % maxBatch} sequences: with maxBatch 1 one at
     * a time, with 2 batches of one and two in turn.
     */
    private static List<String> record(String name, AbstractSequencer sequencer, int publishers, int each, int maxBatch,
            boolean real) throws Exception {
        int n = 0;
        for (int p = 0; p < publishers; p++) {
            for (int i = 0; i < each; i++) {
                n += 1 + (p + i) % maxBatch;
            }
        }
        String spec = "sequencer/trace/PendingListTrace";
        TraceRecorder recorder = (real ? TraceRecorder.accepted(spec) : TraceRecorder.rejected(spec))
                .constant("Publishers", TraceRecorder.ids(1, publishers))
                .constant("N", n)
                .constant("PendingSize", sequencer.maxBatch)
                .constant("BufferSize", sequencer.bufferSize())
                .constant("MaxBatch", maxBatch);
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
        int total = n;
        if (real) {                            // the consumer
            actors.add(() -> {
                for (long s = 0; s < total; s++) {
                    sequencer.waitFor(s);
                    sequencer.markConsumed(s);
                }
            });
        }
        List<String> events = recorder.record(name, actors);
        assertTrue(events.stream().filter(e -> e.contains(" Claim ")).count() == publishers * each,
                name + ": expected " + publishers * each + " Claim events in " + events.size());
        return events;
    }
}
