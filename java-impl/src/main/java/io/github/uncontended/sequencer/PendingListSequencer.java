package io.github.uncontended.sequencer;

import io.github.uncontended.Trace;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The pending-list concurrent sequencer: the multi-threaded claim strategy of the LMAX Disruptor
 * 2.8. A publisher that is ahead of the cursor parks its sequence in a small pending array and
 * leaves; whoever advances the cursor drains the parked sequences behind it. Publishing never
 * waits for a predecessor to be scheduled, which is what makes it hold up when publishers
 * outnumber cores (see {@link SpinSequencer} for the strategy that collapses there).
 *
 * <p>When the cursor already covers the predecessor (one publisher, or publishers taking turns),
 * a publish parks nothing and moves the cursor over its whole batch with one CAS: the fast path,
 * one CAS and one pending load after the guard's load, whatever the batch size.
 *
 * <p>A drainer moves the cursor over a run of parked sequences with one CAS, and a publisher over
 * the rest of its own parked batch: one CAS per run, not one per sequence.
 *
 * <p>Each atomic step is one action of {@code specs/sequencer/PendingList.tla}; TLC checks that
 * spec against the abstract {@code Sequencer.tla} and against thirteen broken siblings.
 */
public final class PendingListSequencer extends AbstractSequencer {

    /*
     * Implementation notes.
     *
     * publish(lo, hi), as in PendingList.tla:
     *   Guard        c = cursor; wait while hi - c > pendingSize
     *     fast path  c == lo - 1: no parks; CasOverBatch
     *   CasOverBatch cursor.CAS(lo - 1, hi), a failure ends the call; expected = top = hi; on to LoadPending
     *   Park         pending[s & mask] = s for s in lo..hi
     *   ReadCursor   c = cursor; return if c >= hi; expected = max(lo - 1, c), top = hi
     *   CasCursor    cursor.CAS(expected, top), over the run; a failure ends the call; expected = top
     *   LoadPending  is top + 1 parked (pending[(top + 1) & mask] == top + 1)? yes: top++, and load
     *                again while top - expected < pendingSize, else CasCursor; no: CasCursor if
     *                top > expected, else return
     *
     * The fast path. When the guard's load finds the predecessor visible (cursor == lo - 1), no
     * one else can move the cursor over lo: that takes a CAS expecting lo - 1, and the only ones
     * are this call's and a drainer's that loaded pending[lo] == lo, which nobody parks. Nobody
     * else holds lo + 1 .. hi either. So the call parks nothing, skips the cursor load, and moves
     * the cursor over the whole batch with one CAS, lo - 1 -> hi, which cannot fail (property
     * FastPathOwnsItsBatch). The cursor then moves by more than one, over this call's own batch
     * (CursorJumpsOnlyOverRuns); consumers already follow a cursor that a drain moves several
     * times while they look away. It still drains, from hi + 1: a successor may have
     * parked while the cursor was behind and lost its CAS (sibling FastPathNoDrain; starting the
     * drain after lo instead of hi loses it too, FastBatchDrainsFromLo, which batches of one
     * cannot show). The test is the premise: skipping the parks whenever the guard passes loses
     * a publication (sibling FastPathSkipsPark). With one publisher, or publishers that take
     * turns, every publish(lo, hi) is Guard, CasOverBatch, LoadPending, whatever hi - lo: a batch
     * of n costs one CAS, not n parks and n CASes. With pendingSize == 1 the guard admits a
     * publisher only once its predecessor is visible, so nothing is ever parked.
     *
     * The run drain (issue 27). Every CAS moves the cursor over a run, expected -> top. On the
     * slow path the run is the rest of this call's own batch, which it parked itself: one CAS
     * where Disruptor 2.8 made one per sequence. After each successful CAS the drain loads the
     * entries above the new cursor, extends the run over each that holds its own sequence (at
     * most pendingSize), and CASes over the whole run. The first load after a CAS is the
     * drainer's half of the handshake below; a scan's load before the CAS is no substitute for
     * it (sibling RunDrainTrustsScan: a publisher parks there after the scan's load and loses its
     * CAS, and nobody drains it). The slow path's run starts at max(lo - 1, c), never at c: below
     * lo - 1 lie other calls' sequences, which may be unpublished (sibling RunFromReadCursor).
     * Every jump of the cursor is over a run whose entries all hold their sequences, or the fast
     * path's own batch (CursorJumpsOnlyOverRuns).
     *
     * The full sequence is stored, not a flag, so a stale entry from an earlier lap never matches
     * and nothing is ever cleared. The guard keeps a publisher from parking more than pendingSize
     * ahead of the cursor, so a parked entry is only overwritten once the cursor has passed it
     * (property ParkedNeverOverwritten; sibling GuardOffByOne.tla shows the overwrite with a bound one too large).
     *
     * Why a failed CAS may exit: it means the cursor is not at `expected`. If it is behind, the
     * publisher that moves it to `expected` will then load the entries above it and find this
     * park (its run stops at the first entry not parked, and this park is at or below it); if it is ahead, somebody already drained past. This is a Dekker-style
     * handshake: [this: store pending, then load cursor] against [drainer: store cursor (its
     * CAS), then load pending]. It needs StoreLoad ordering on both sides, which volatile
     * accesses give (they are totally ordered, sequentially consistent): Park is a volatile set,
     * ReadCursor, the CAS and LoadPending are volatile. For a batch, the load on this side is
     * ReadCursor as much as the CAS: the cursor it reads becomes `expected` when it lies inside
     * the batch (max(lo - 1, c)), so a stale value makes the CAS expect a cursor that a drainer
     * has already moved past, after taking the batch's first parks and loading the entry of a
     * later one before that park was visible; the CAS fails, and nobody drains the rest. (With
     * one sequence, `expected` is seq - 1 whatever was read below seq: there the CAS is the load
     * that matters.) TLC checks each on weak hardware (specs/sequencer/memory,
     * docs/memory-model.md): a lazySet park loses a publication (SeqMemParkRelease), so do an
     * acquire pending load (SeqMemLoadPendingAcquire), a weak or release CAS, and, with batches,
     * a plain, opaque or acquire cursor load (SeqMemBatchReadCursorPlain, Opaque, Acquire).
     * Disruptor 2.8 used lazySet here. For publications of one sequence x86 never shows that
     * loss: the failing CAS is a locked instruction that drains the store buffer first
     * (SeqMemTsoAllPlain). For a batch it does show it: the cursor load is a plain mov that
     * does not wait for the buffered park of hi (SeqMemBatchParkReleaseTso, walked through in
     * docs/memory-model.md).
     *
     * Data visibility: a publisher writes its event, then parks with a volatile store; the
     * drainer that loads the park (volatile) and then CASes the cursor (volatile) passes that
     * happens-before edge on to the consumer's acquire load of the cursor.
     */

    private final AtomicLongArray pending;
    private final int pendingMask;

    /**
     * A sequencer whose waits spin briefly, then yield ({@link WaitStrategy#yielding()}).
     *
     * @param bufferSize ring size, a power of two
     * @param pendingSize length of the pending array, a power of two, at most {@code bufferSize};
     *        also the largest batch (a batch must fit under the guard)
     */
    public PendingListSequencer(int bufferSize, int pendingSize) {
        this(bufferSize, pendingSize, WaitStrategy.yielding());
    }

    /**
     * @param bufferSize ring size, a power of two
     * @param pendingSize length of the pending array, a power of two, at most {@code bufferSize};
     *        also the largest batch (a batch must fit under the guard)
     * @param waitStrategy how the claim's, the guard's and the consumer's waits pause
     */
    public PendingListSequencer(int bufferSize, int pendingSize, WaitStrategy waitStrategy) {
        super(bufferSize, checkPendingSize(bufferSize, pendingSize), waitStrategy);
        this.pending = new AtomicLongArray(pendingSize);
        for (int i = 0; i < pendingSize; i++) {
            pending.set(i, -1);   // no sequence is -1: an empty entry never matches
        }
        this.pendingMask = pendingSize - 1;
    }

    private static int checkPendingSize(int bufferSize, int pendingSize) {
        requirePowerOfTwo("pendingSize", pendingSize);
        if (pendingSize > bufferSize) {
            throw new IllegalArgumentException("pendingSize (" + pendingSize + ") must not exceed bufferSize ("
                    + bufferSize + ")");
        }
        return pendingSize;
    }

    /** The length of the pending array. */
    public int pendingSize() {
        return pendingMask + 1;
    }

    @Override
    public void publish(long lo, long hi) {
        checkRange(lo, hi);
        long c = passGuard(lo, hi);
        long expected;
        long top = hi;
        if (c == lo - 1) {                       // fast path: only this call can move the cursor over lo
            if (!casOverBatch(c, hi)) {
                return;                          // cannot happen (FastPathOwnsItsBatch); a failed CAS ends a call
            }
        } else {
            for (long s = lo; s <= hi; s++) {
                park(s);
            }
            c = readCursor();
            if (c >= hi) {
                return;                          // somebody already drained past us
            }
            expected = Math.max(lo - 1, c);      // the run: the rest of our own batch, all parked
            if (!casCursorOverRun(expected, top)) {
                return;                          // whoever moves the cursor to `expected` sees our parks
            }
        }
        // The cursor is at top. Drain: the run of parked sequences above it, one CAS over each run.
        int pendingSize = pendingMask + 1;
        for (;;) {
            expected = top;
            while (top - expected < pendingSize && loadPending(top + 1)) {
                top++;
            }
            if (top == expected || !casCursorOverRun(expected, top)) {
                return;                          // nothing parked next, or whoever moved the cursor drains on
            }
        }
    }

    /**
     * The wait at the guard: the step Guard until {@code hi - cursor <= pendingSize}; returns the
     * cursor it loaded last, which also decides the fast path ({@code cursor == lo - 1}).
     */
    private long passGuard(long lo, long hi) {
        long c;
        for (int round = 0; hi - (c = guard()) > pendingMask + 1; ) {
            round = pause(round, Wait.GUARD, lo, hi);
        }
        return c;
    }

    /**
     * Spec action Guard: one load of the cursor, waited on while {@code hi - cursor > pendingSize}.
     * Volatile ({@link #lvCursor()}); TLC accepts even a plain one (SeqMemGuardPlain: a stale value
     * only makes us wait longer or take the slow path, since the cursor never passes lo - 1 before
     * this call's own CAS), but the wait re-reads it, so it must stay at least opaque.
     */
    private long guard() {
        Trace.enter();
        long c = lvCursor();
        Trace.exit("Guard", "cursor", c);
        return c;
    }

    /**
     * Spec action CasOverBatch: the fast path's {@code cursor.CAS(lo - 1, hi)}, over the whole
     * batch. Volatile ({@link #casCursor}), as CasCursor and for the same two reasons, each checked
     * on its own (SeqMemCasOverBatch*): it releases the batch's events to the consumer's acquire
     * load (an acquire-only CAS lets the consumer read a stale event), and the drain's pending load
     * after it must not pass it (release-only, or a weak CAS that may fail spuriously and so end
     * the call, loses a publication).
     */
    private boolean casOverBatch(long expected, long hi) {
        Trace.enter();
        boolean ok = casCursor(expected, hi);
        Trace.exit("CasOverBatch", "expected", expected, "hi", hi, "ok", ok ? 1 : 0);
        return ok;
    }

    /**
     * Spec action CasCursor: one CAS attempt of the cursor, {@code expected -> top}, over a run (the
     * rest of this call's parked batch, or a drained run). Volatile ({@link #casCursor}): the Dekker
     * handshake's StoreLoad, and the release of the run's events (SeqMemCasCursor*). Named for
     * the run it moves over, as the accessor {@code casCursor} already names the CAS itself.
     */
    private boolean casCursorOverRun(long expected, long top) {
        Trace.enter();
        boolean ok = casCursor(expected, top);
        Trace.exit("CasCursor", "expected", expected, "top", top, "ok", ok ? 1 : 0);
        return ok;
    }

    /**
     * Spec action Park: {@code pending[s & mask] = s}, once for each sequence of the batch. Volatile
     * store ({@link #svPending}): the StoreLoad half of the handshake. A lazySet (release) park loses
     * a publication on weak hardware (SeqMemParkRelease) and, for a batch, on x86 itself: the cursor
     * load after the parks does not wait for the store buffer, so a drainer may take the batch's
     * first parks and miss the last (SeqMemBatchParkReleaseTso).
     */
    private void park(long s) {
        Trace.enter();
        svPending(s);
        Trace.exit("Park", "seq", s);
    }

    /**
     * Spec action ReadCursor: one load for the whole batch, after its parks. Volatile load
     * ({@link #lvCursor()}): the load half of the parker's StoreLoad. Its value is the CAS's
     * expected value whenever it lies inside the batch ({@code max(lo - 1, c)}), so a stale one
     * loses a publication: plain, opaque and acquire are rejected with batches
     * (SeqMemBatchReadCursorPlain, Opaque, Acquire). Only for a batch of one, whose CAS expects
     * {@code seq - 1} whatever is read below it, does TLC accept plain (SeqMemReadCursorPlain).
     */
    private long readCursor() {
        Trace.enter();
        long c = lvCursor();
        Trace.exit("ReadCursor", "cursor", c);
        return c;
    }

    /**
     * Spec action LoadPending: is {@code s} parked? Volatile load ({@link #lvPending}) after the CAS:
     * the first after each CAS is the handshake's other half (SeqMemLoadPendingAcquire), the others
     * extend the run and acquire the parkers' events for the run's CAS to release.
     */
    private boolean loadPending(long s) {
        Trace.enter();
        long parked = lvPending(s);
        Trace.exit("LoadPending", "seq", s, "parked", parked);
        return parked == s;
    }

    /** Volatile store of {@code s} into its pending entry ({@code AtomicLongArray.set}), for the step Park. */
    private void svPending(long s) {
        pending.set((int) s & pendingMask, s);
    }

    /** Volatile load of {@code s}'s pending entry ({@code AtomicLongArray.get}), for the step LoadPending. */
    private long lvPending(long s) {
        return pending.get((int) s & pendingMask);
    }
}
