package io.github.uncontended.sequencer.broken;

import io.github.uncontended.Trace;
import io.github.uncontended.sequencer.AbstractSequencer;
import io.github.uncontended.sequencer.WaitStrategy;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * BROKEN, test sources only: PendingListSequencer got wrong in one of seven ways, the Java
 * siblings (a), (i), (j), (k), (l), (m) and (n) of specs/sequencer/broken/ParkAfterCheck.tla,
 * FastPathSkipsPark.tla, FastPathNoDrain.tla, FastBatchDrainsFromLo.tla, RunDrainTrustsScan.tla,
 * RunFromReadCursor.tla and RunIgnoresReadCursor.tla.
 * Identical to PendingListSequencer otherwise, with the same Trace hooks on every step, so trace
 * validation sees what it does (SequencerTraceRecordingTest).
 */
public final class BrokenPendingListSequencer extends AbstractSequencer {

    /** Which way it is broken. */
    public enum Defect {
        /**
         * Sibling (a): the cursor is read and the CAS attempted before the parks. If the CAS fails
         * because the predecessor has not advanced yet, and the predecessor's drain loads the
         * pending entry before this late park, the publication is lost.
         */
        PARK_AFTER_CAS,
        /**
         * Sibling (i): the parks are skipped whenever the guard lets the call through, not only
         * when it found the predecessor visible; the CAS from lo - 1 then fails while a predecessor
         * is unpublished, the call exits, and nobody ever finds lo.
         */
        SKIPS_PARK,
        /**
         * Sibling (j): "I am next, so CAS and return": the fast path's CAS over the batch returns
         * without loading the pending entry of hi + 1, so a successor that parked while the cursor
         * was behind, and lost its CAS, is never drained.
         */
        NO_DRAIN,
        /**
         * Sibling (k): after the fast path's CAS over the batch, the drain resumes from lo
         * ({@code expected = top = lo}) instead of hi: it loads the entry of lo + 1, inside the
         * batch and never parked, and returns; a successor parked at hi + 1 is never drained.
         * Batches of one cannot show it (lo == hi).
         */
        DRAINS_FROM_LO,
        /**
         * Sibling (l): a drain whose scan stopped at an entry that was not parked CASes over the
         * run and returns, without loading that entry again after the CAS: a publisher that
         * parked there after the scan's load, and lost its CAS, is never drained.
         */
        RUN_TRUSTS_SCAN,
        /**
         * Sibling (m): the slow path's run starts at the cursor it read ({@code expected = c}),
         * not at {@code max(lo - 1, c)}: its CAS can move the cursor over another call's
         * unpublished sequence.
         */
        RUN_FROM_READ_CURSOR,
        /**
         * Sibling (n): the slow path loads the cursor after its parks but CASes from
         * {@code lo - 1} whatever it read, with no early return: a drainer that moved the cursor
         * inside the batch while it was being parked makes that CAS fail, and the rest of the
         * batch is never drained. Batches of one cannot show it.
         */
        IGNORES_READ_CURSOR
    }

    private final Defect defect;
    private final AtomicLongArray pending;
    private final int pendingMask;

    public BrokenPendingListSequencer(int bufferSize, int pendingSize, Defect defect) {
        super(bufferSize, pendingSize, WaitStrategy.yielding());
        this.defect = defect;
        pending = new AtomicLongArray(pendingSize);
        for (int i = 0; i < pendingSize; i++) {
            pending.set(i, -1);
        }
        pendingMask = pendingSize - 1;
    }

    @Override
    public void publish(long lo, long hi) {
        checkRange(lo, hi);
        long c;
        for (int round = 0; ; round = pause(round, Wait.GUARD, lo, hi)) {   // Guard
            Trace.enter();
            c = lvCursor();
            Trace.exit("Guard", "cursor", c);
            if (hi - c <= pendingMask + 1) {
                break;
            }
        }
        long expected;
        long top = hi;
        boolean fast = defect == Defect.SKIPS_PARK || c == lo - 1;          // SKIPS_PARK: no test
        if (defect == Defect.PARK_AFTER_CAS) {
            Trace.enter();
            c = lvCursor();                                                 // ReadCursor first
            Trace.exit("ReadCursor", "cursor", c);
            expected = Math.max(lo - 1, c);
            boolean advanced = c < hi && casCursorOverRun(expected, expected + 1); // CasCursor before the park
            for (long s = lo; s <= hi; s++) {
                park(s);                                                    // Park, too late
            }
            if (!advanced) {
                return;
            }
            top = expected + 1;
        } else if (fast) {
            Trace.enter();
            boolean ok = casCursor(lo - 1, hi);                             // CasOverBatch
            Trace.exit("CasOverBatch", "expected", lo - 1, "hi", hi, "ok", ok ? 1 : 0);
            if (!ok || defect == Defect.NO_DRAIN) {
                return;                                                     // NO_DRAIN: no LoadPending
            }
            if (defect == Defect.DRAINS_FROM_LO) {
                top = lo;                                                   // DRAINS_FROM_LO: lo, not hi
            }
        } else {
            for (long s = lo; s <= hi; s++) {
                park(s);
            }
            Trace.enter();
            c = lvCursor();                                                 // ReadCursor
            Trace.exit("ReadCursor", "cursor", c);
            if (defect == Defect.IGNORES_READ_CURSOR) {
                expected = lo - 1;                                          // IGNORES_READ_CURSOR: c unused
            } else if (c >= hi) {
                return;
            } else {
                expected = defect == Defect.RUN_FROM_READ_CURSOR ? c : Math.max(lo - 1, c);   // RUN_FROM_READ_CURSOR: c
            }
            if (!casCursorOverRun(expected, top)) {
                return;
            }
        }
        int pendingSize = pendingMask + 1;
        for (;;) {
            expected = top;
            boolean sawEnd = false;                                         // a load found the run's end
            while (top - expected < pendingSize) {
                if (!loadPending(top + 1)) {
                    sawEnd = true;
                    break;
                }
                top++;
            }
            if (top == expected || !casCursorOverRun(expected, top)) {
                return;
            }
            if (defect == Defect.RUN_TRUSTS_SCAN && sawEnd) {
                return;                                                     // RUN_TRUSTS_SCAN: no load after the CAS
            }
        }
    }

    /** CasCursor, as PendingListSequencer's. */
    private boolean casCursorOverRun(long expected, long top) {
        Trace.enter();
        boolean ok = casCursor(expected, top);
        Trace.exit("CasCursor", "expected", expected, "top", top, "ok", ok ? 1 : 0);
        return ok;
    }

    private void park(long s) {
        Trace.enter();
        pending.set((int) s & pendingMask, s);
        Trace.exit("Park", "seq", s);
    }

    private boolean loadPending(long s) {
        Trace.enter();
        long parked = pending.get((int) s & pendingMask);
        Trace.exit("LoadPending", "seq", s, "parked", parked);
        return parked == s;
    }

    @Override
    public String toString() {
        return super.toString() + " (broken: " + defect + ")";
    }
}
