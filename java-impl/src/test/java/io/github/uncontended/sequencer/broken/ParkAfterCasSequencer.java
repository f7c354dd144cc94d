package io.github.uncontended.sequencer.broken;

import io.github.uncontended.Trace;
import io.github.uncontended.sequencer.AbstractSequencer;
import io.github.uncontended.sequencer.WaitStrategy;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * BROKEN, test sources only: sibling (a) of specs/sequencer/broken/ParkAfterCheck.tla in Java. The
 * publisher reads the cursor and attempts its CAS before parking its sequence. If the CAS fails
 * because the predecessor has not advanced yet, and the predecessor's drain loads the pending
 * slot before this late park, the publication is lost. Identical to PendingListSequencer except
 * for the order of Park and (ReadCursor, CasCursor). Its steps carry the same Trace hooks as the
 * real one, so trace validation sees what it does (SequencerTraceRecordingTest).
 */
public final class ParkAfterCasSequencer extends AbstractSequencer {
    private final AtomicLongArray pending;
    private final int pendingMask;

    public ParkAfterCasSequencer(int bufferSize, int pendingSize) {
        super(bufferSize, pendingSize, WaitStrategy.yielding());
        pending = new AtomicLongArray(pendingSize);
        for (int i = 0; i < pendingSize; i++) {
            pending.set(i, -1);
        }
        pendingMask = pendingSize - 1;
    }

    @Override
    public void publish(long lo, long hi) {
        checkRange(lo, hi);
        for (int round = 0; ; round = pause(round, Wait.GUARD, lo, hi)) {   // Guard
            Trace.enter();
            long c = lvCursor();
            Trace.exit("Guard", "cursor", c);
            if (hi - c <= pendingMask + 1) {
                break;
            }
        }
        Trace.enter();
        long c = lvCursor();                                   // ReadCursor first
        Trace.exit("ReadCursor", "cursor", c);
        long expected = Math.max(lo - 1, c);
        boolean advanced = c < hi && casCursor(expected, expected + 1);   // CasCursor before the park
        for (long s = lo; s <= hi; s++) {
            Trace.enter();
            pending.set((int) s & pendingMask, s);             // Park, too late
            Trace.exit("Park", "seq", s);
        }
        if (!advanced) {
            return;
        }
        long top = expected + 1;                               // then the run drain, as PendingListSequencer's
        int pendingSize = pendingMask + 1;
        for (;;) {
            expected = top;
            while (top - expected < pendingSize && loadPending(top + 1)) {
                top++;
            }
            if (top == expected || !casCursor(expected, top)) {
                return;
            }
        }
    }

    private boolean loadPending(long s) {
        Trace.enter();
        long parked = pending.get((int) s & pendingMask);
        Trace.exit("LoadPending", "seq", s, "parked", parked);
        return parked == s;
    }
}
