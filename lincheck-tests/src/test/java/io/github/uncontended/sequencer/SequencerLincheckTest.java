package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.lincheck.LincheckRuns;
import io.github.uncontended.sequencer.broken.BrokenPendingListSequencer;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Lincheck checks the sequencers against a sequential model of the abstract spec
 * ({@code specs/sequencer/Sequencer.tla}).
 *
 * <p>What is promised and checked: claims are unique and consecutive (the operations return the
 * sequences they claimed; the sequential {@link Model} hands them out from a counter, so every
 * concurrent history must be explainable by some order of whole claims); and once every publish
 * call has returned, the cursor covers every claimed sequence (the {@code @Validate} method,
 * run after each execution: a lost publication fails it).
 *
 * <p>What is NOT promised, so not checked as an operation: that the cursor covers a sequence as
 * soon as its own publish call returns. A publisher whose CAS fails returns while a predecessor
 * has not published yet; the cursor lags until that predecessor drains the pending list. A
 * {@code cursor()} operation would make histories non-linearizable by design.
 *
 * <p>One promise more, an operation, where the harness writes events ({@link WritesEvents}):
 * {@code cursor()} covers only sequences whose events are written (the spec's
 * CursorOnlyCoversPublished). The publishers mark each sequence's event written, between the
 * claim and the publish call, in an array of the test's; {@code cursorCoversOnlyWritten()} loads
 * the cursor, then checks that every sequence up to it is marked, and always returns true in the
 * sequential model. A cursor that jumps over an unpublished sequence fails it (sibling (m)).
 */
@Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // see LincheckRuns
@Param(name = "batch", gen = IntGen.class, conf = "1:2")
public class SequencerLincheckTest {

    /** Large enough that no claim waits for a consumer; 4 pending entries, so the guard can bite. */
    static final int BUFFER = 64;
    static final int PENDING = 4;

    /**
     * The sequencer under test; a subclass for another sequencer overrides this and
     * {@link #claimed()} (AvailabilitySequencerLincheckTest runs this harness on its class).
     */
    protected Sequencer sequencer() {
        return new PendingListSequencer(BUFFER, PENDING);
    }

    protected final Sequencer sequencer = sequencer();

    /** The highest claimed sequence, for the validation: each sequencer class has its own accessor. */
    protected long claimed() {
        return ((AbstractSequencer) sequencer).claimed();
    }

    /** The user's event writes of lo..hi, between the claim and the publish: none here. */
    protected void writeEvents(long lo, long hi) {}

    @Operation
    public long claimAndPublish() {
        long s = sequencer.next();
        writeEvents(s, s);
        sequencer.publish(s);
        return s;
    }

    @Operation
    public long claimAndPublishBatch(@Param(name = "batch") int n) {
        long hi = sequencer.next(n);
        writeEvents(hi - n + 1, hi);
        sequencer.publish(hi - n + 1, hi);
        return hi;
    }

    /** Every publish call returned: the cursor must cover everything claimed. */
    @Validate
    public void cursorCoversEveryReturnedPublish() {
        long claimed = claimed();
        long cursor = sequencer.cursor();
        if (cursor != claimed) {
            throw new IllegalStateException("lost publication: every publish returned, but the cursor is " + cursor
                    + " with sequences up to " + claimed + " claimed and published");
        }
    }

    /** The sequential specification: one counter, whole claims in some order. */
    public static class Model {
        private long next = -1;

        public long claimAndPublish() {
            return ++next;
        }

        public long claimAndPublishBatch(int n) {
            next += n;
            return next;
        }
    }

    /** The harness with the check operation: events written, and the cursor covers only those. */
    public static class WritesEvents extends SequencerLincheckTest {
        /** Per sequence (a scenario claims at most 16 of the 64): 1 once its event is written. */
        private final AtomicIntegerArray written = new AtomicIntegerArray(BUFFER);

        @Override
        protected void writeEvents(long lo, long hi) {
            for (long s = lo; s <= hi; s++) {
                written.set((int) s, 1);
            }
        }

        /** Everything under the cursor has its event written. */
        @Operation
        public boolean cursorCoversOnlyWritten() {
            long c = sequencer.cursor();
            for (long s = 0; s <= c; s++) {
                if (written.get((int) s) == 0) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The sequential specification of {@link WritesEvents}: {@link Model}'s, and the check always holds. */
    public static class WrittenModel extends Model {
        public boolean cursorCoversOnlyWritten() {
            return true;
        }
    }

    static <O extends Options<O, ?>> O configured(O options) {
        return LincheckRuns.scenarios(options, Model.class);
    }

    static <O extends Options<O, ?>> O configuredWritten(O options) {
        return LincheckRuns.scenarios(options, WrittenModel.class);
    }

    @Test
    void pendingListModelChecking() {
        configuredWritten(LincheckRuns.modelChecking()).check(WritesEvents.class);
    }

    @Test
    void pendingListStress() {
        configuredWritten(LincheckRuns.stress()).check(WritesEvents.class);
    }

    /** The spin baseline keeps the same promises. */
    public static class Spin extends SequencerLincheckTest {
        @Override
        protected Sequencer sequencer() {
            return new SpinSequencer(BUFFER);
        }
    }

    @Test
    void spinModelChecking() {
        configured(LincheckRuns.modelChecking()).check(Spin.class);
    }

    /** Sibling (a) in Java: the suite must reject it. */
    public static class ParkAfterCas extends SequencerLincheckTest {
        @Override
        protected Sequencer sequencer() {
            return new BrokenPendingListSequencer(BUFFER, PENDING, BrokenPendingListSequencer.Defect.PARK_AFTER_CAS);
        }
    }

    @Test
    void rejectsParkAfterCheck() {
        assertLostPublicationCaught(ParkAfterCas.class);
    }

    /** Sibling (i) in Java: the fast path's park skipped without its test (cursor == lo - 1). */
    public static class FastPathSkipsPark extends SequencerLincheckTest {
        @Override
        protected Sequencer sequencer() {
            return new BrokenPendingListSequencer(BUFFER, PENDING, BrokenPendingListSequencer.Defect.SKIPS_PARK);
        }
    }

    @Test
    void rejectsFastPathSkipsPark() {
        assertLostPublicationCaught(FastPathSkipsPark.class);
    }

    /** Sibling (j) in Java: the fast-path CAS returns without draining the pending list. */
    public static class FastPathNoDrain extends SequencerLincheckTest {
        @Override
        protected Sequencer sequencer() {
            return new BrokenPendingListSequencer(BUFFER, PENDING, BrokenPendingListSequencer.Defect.NO_DRAIN);
        }
    }

    @Test
    void rejectsFastPathNoDrain() {
        assertLostPublicationCaught(FastPathNoDrain.class);
    }

    /**
     * Sibling (k) in Java: after the fast path's CAS over a batch the drain resumes from lo, not
     * hi. Batches of one cannot show it; the scenarios' batches of two can.
     */
    public static class FastBatchDrainsFromLo extends SequencerLincheckTest {
        @Override
        protected Sequencer sequencer() {
            return new BrokenPendingListSequencer(BUFFER, PENDING, BrokenPendingListSequencer.Defect.DRAINS_FROM_LO);
        }
    }

    @Test
    void rejectsFastBatchDrainsFromLo() {
        assertLostPublicationCaught(FastBatchDrainsFromLo.class);
    }

    /**
     * Sibling (l) in Java: the run drain returns after its CAS on the word of the scan that found
     * the run's end, without loading that entry again.
     */
    public static class RunDrainTrustsScan extends SequencerLincheckTest {
        @Override
        protected Sequencer sequencer() {
            return new BrokenPendingListSequencer(BUFFER, PENDING, BrokenPendingListSequencer.Defect.RUN_TRUSTS_SCAN);
        }
    }

    /**
     * The random scenarios do not find it within their budget: the loss takes four context
     * switches (a drainer's scan between two parks, a parker's CAS between the drainer's scan and
     * its CAS). One fixed scenario does: thread 1 publishes one sequence, thread 2 two, and model
     * checking explores that scenario's interleavings only.
     */
    @Test
    void rejectsRunDrainTrustsScan() throws Exception {
        assertFixedScenarioLosesAPublication(RunDrainTrustsScan.class, List.of(single()), List.of(single(), single()));
    }

    /**
     * Sibling (m) in Java: the slow path's run starts at the cursor it read, not max(lo - 1, c),
     * and moves the cursor over another call's unpublished sequence: the check operation sees an
     * unwritten event under the cursor.
     */
    public static class RunFromReadCursor extends WritesEvents {
        @Override
        protected Sequencer sequencer() {
            return new BrokenPendingListSequencer(BUFFER, PENDING, BrokenPendingListSequencer.Defect.RUN_FROM_READ_CURSOR);
        }
    }

    @Test
    void rejectsRunFromReadCursor() {
        String report = LincheckRuns.assertCaught(configuredWritten(LincheckRuns.modelChecking()), RunFromReadCursor.class);
        assertTrue(report.contains("cursorCoversOnlyWritten(): false"), report);
    }

    /**
     * Sibling (n) in Java: the slow path CASes from lo - 1 whatever cursor it read. Only a batch
     * whose first parks another publisher drains before its last park shows it; one fixed
     * scenario, a publisher of one sequence beside a publisher of a batch of two, has it.
     */
    public static class RunIgnoresReadCursor extends SequencerLincheckTest {
        @Override
        protected Sequencer sequencer() {
            return new BrokenPendingListSequencer(BUFFER, PENDING, BrokenPendingListSequencer.Defect.IGNORES_READ_CURSOR);
        }
    }

    @Test
    void rejectsRunIgnoresReadCursor() throws Exception {
        assertFixedScenarioLosesAPublication(RunIgnoresReadCursor.class, List.of(single()), List.of(batchOf(2)));
    }

    /** The fixed scenarios are no trap: the real pending list passes both. */
    @Test
    void theRealPendingListPassesTheFixedScenarios() throws Exception {
        configured(LincheckRuns.modelChecking()).iterations(0)
                .addCustomScenario(new ExecutionScenario(List.of(), List.of(List.of(single()), List.of(single(), single())),
                        List.of(), null))
                .addCustomScenario(new ExecutionScenario(List.of(), List.of(List.of(single()), List.of(batchOf(2))),
                        List.of(), null))
                .check(SequencerLincheckTest.class);
    }

    /** One claimAndPublish() of the fixed scenarios. */
    private static Actor single() throws NoSuchMethodException {
        return new Actor(SequencerLincheckTest.class.getMethod("claimAndPublish"), List.of(),
                false, false, false, false, false);
    }

    /** One claimAndPublishBatch(n) of the fixed scenarios. */
    private static Actor batchOf(int n) throws NoSuchMethodException {
        return new Actor(SequencerLincheckTest.class.getMethod("claimAndPublishBatch", int.class), List.of(n),
                false, false, false, false, false);
    }

    /**
     * Model checking of one fixed scenario of two threads (no random ones) must reject
     * {@code broken} with a lost publication: for defects the random scenarios do not reach
     * within their budget.
     */
    private static void assertFixedScenarioLosesAPublication(Class<? extends SequencerLincheckTest> broken,
            List<Actor> thread1, List<Actor> thread2) {
        ExecutionScenario fixed = new ExecutionScenario(List.of(), List.of(thread1, thread2), List.of(), null);
        String report = LincheckRuns.assertCaught(configured(LincheckRuns.modelChecking()).iterations(0)
                .addCustomScenario(fixed), broken);
        assertTrue(report.contains("lost publication"), report);
    }

    /** Model checking must reject a broken variant, and the report must say what it lost. */
    private static void assertLostPublicationCaught(Class<? extends SequencerLincheckTest> broken) {
        String report = LincheckRuns.assertCaught(configured(LincheckRuns.modelChecking()), broken);
        assertTrue(report.contains("lost publication"), report);
    }
}
