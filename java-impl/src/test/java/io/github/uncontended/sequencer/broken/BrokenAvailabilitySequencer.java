package io.github.uncontended.sequencer.broken;

import io.github.uncontended.Trace;
import io.github.uncontended.sequencer.Sequencer;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * BROKEN, test sources only: AvailabilitySequencer got wrong in one of two ways, the Java siblings
 * of specs/sequencer/broken/AvailabilityScanSkipsGap.tla and AvailabilityFlagBeforeEvent.tla.
 * The same steps as AvailabilitySequencer otherwise (claim by getAndAdd, the cached gating wait,
 * one lap flag per sequence, the consumer's scan bounded by the claim counter), without its
 * padding, and with every access volatile: both defects are in the order of the steps, not in
 * their access modes, so they show under sequential consistency (Lincheck's model checking) as
 * well as on x86. Its steps carry AvailabilitySequencer's Trace hooks, so trace validation sees
 * what it does (AvailabilityTraceRecordingTest); cursor()'s scan, not a spec step, has none.
 */
public final class BrokenAvailabilitySequencer implements Sequencer {

    /** Which way the sequencer is broken. */
    public enum Defect {
        /**
         * AvailabilityScanSkipsGap.tla: the scan steps over a flag that is not at its lap
         * ({@code continue} instead of {@code break}) and returns the highest sequence up to the
         * bound whose flag is at its lap. A publisher that claimed first and publishes last is
         * overtaken: the cursor covers its unpublished sequence.
         */
        SCAN_SKIPS_GAP,
        /**
         * AvailabilityFlagBeforeEvent.tla: next(n) stores the flags of lo..hi right after the
         * gating wait, before it returns, so before the user writes the events; publish stores
         * nothing. The scan finds a sequence published whose event is not written yet.
         */
        FLAG_BEFORE_EVENT
    }

    private final Defect defect;
    private final int bufferSize;
    private final int indexMask;
    private final int indexShift;
    private final AtomicLong next = new AtomicLong(-1);
    private final AtomicLong gatingCache = new AtomicLong(-1);
    private final AtomicLong cursor = new AtomicLong(-1);
    private final AtomicLong consumed = new AtomicLong(-1);
    private final AtomicIntegerArray availableBuffer;
    private volatile boolean halted;

    public BrokenAvailabilitySequencer(int bufferSize, Defect defect) {
        if (bufferSize < 1 || Integer.bitCount(bufferSize) != 1) {
            throw new IllegalArgumentException("bufferSize must be a power of two >= 1, got " + bufferSize);
        }
        this.defect = defect;
        this.bufferSize = bufferSize;
        this.indexMask = bufferSize - 1;
        this.indexShift = Integer.numberOfTrailingZeros(bufferSize);
        this.availableBuffer = new AtomicIntegerArray(bufferSize);
        for (int i = 0; i < bufferSize; i++) {
            availableBuffer.set(i, -1);
        }
    }

    @Override
    public int bufferSize() {
        return bufferSize;
    }

    @Override
    public long next() {
        return next(1);
    }

    /** Claim, LoadCache, and on the slow path LoadGating and StoreCache, as AvailabilitySequencer's. */
    @Override
    public long next(int n) {
        if (n < 1 || n > bufferSize) {
            throw new IllegalArgumentException("batch size must be in 1.." + bufferSize + ", got " + n);
        }
        Trace.enter();
        long hi = next.getAndAdd(n) + n;
        Trace.exit("Claim", "seq", hi, "n", n);
        long wrapPoint = hi - bufferSize;
        Trace.enter();
        long cached = gatingCache.get();
        Trace.exit("LoadCache", "cache", cached);
        if (wrapPoint > cached) {
            long g;
            while (true) {
                Trace.enter();
                g = consumed.get();
                Trace.exit("LoadGating", "consumed", g);
                if (wrapPoint <= g) {
                    break;
                }
                pause();
            }
            Trace.enter();
            gatingCache.set(g);
            Trace.exit("StoreCache", "cache", g);
        }
        if (defect == Defect.FLAG_BEFORE_EVENT) {
            setAvailable(hi - n + 1, hi);   // FLAG_BEFORE_EVENT: the flags before the user's events
        }
        return hi;
    }

    @Override
    public void publish(long sequence) {
        publish(sequence, sequence);
    }

    @Override
    public void publish(long lo, long hi) {
        if (hi < lo || lo < 0 || hi - lo >= bufferSize) {
            throw new IllegalArgumentException("cannot publish " + lo + ".." + hi);
        }
        if (defect != Defect.FLAG_BEFORE_EVENT) {
            setAvailable(lo, hi);
        }
    }

    /** SetAvailable, lo first. */
    private void setAvailable(long lo, long hi) {
        for (long s = lo; s <= hi; s++) {
            Trace.enter();
            availableBuffer.set((int) s & indexMask, lap(s));
            Trace.exit("SetAvailable", "seq", s);
        }
    }

    private int lap(long s) {
        return (int) (s >>> indexShift);
    }

    /**
     * From {@code from} up to the claim counter: the sequence the scan stops below. Correct: the
     * first flag not at its lap (or past the bound) ends the scan. SCAN_SKIPS_GAP: the highest
     * sequence found at its lap, over gaps. {@code atLeast}: cursor()'s test, a flag of a later
     * lap counts too.
     */
    private long scan(long c, boolean atLeast) {
        boolean traced = !atLeast;             // the consumer's scan is the spec's; cursor()'s is not
        if (traced) {
            Trace.enter();
        }
        long bound = next.get();
        if (traced) {
            Trace.exit("WaitForClaim", "next", bound);
        }
        long last = c;
        for (long s = c + 1; s <= bound; s++) {
            if (traced) {
                Trace.enter();
            }
            int flag = availableBuffer.get((int) s & indexMask);
            if (traced) {
                Trace.exit("IsAvailable", "seq", s, "flag", flag);
            }
            if (atLeast ? flag >= lap(s) : flag == lap(s)) {
                last = s;
            } else if (defect != Defect.SCAN_SKIPS_GAP) {
                break;                         // SCAN_SKIPS_GAP: continue over the gap instead
            }
        }
        return last;
    }

    @Override
    public long waitFor(long sequence) {
        long c = cursor.get();
        while (c < sequence) {
            long found = scan(c, false);
            if (found > c) {
                c = found;
                cursor.set(c);
            }
            if (c < sequence) {
                pause();
            }
        }
        return c;
    }

    @Override
    public long cursor() {
        return scan(cursor.get(), true);
    }

    @Override
    public void markConsumed(long sequence) {
        Trace.enter();
        consumed.set(sequence);
        Trace.exit("Consume", "consumed", sequence);
    }

    /** The highest sequence claimed so far. */
    public long claimed() {
        return next.get();
    }

    @Override
    public void halt() {
        halted = true;
    }

    @Override
    public boolean isHalted() {
        return halted;
    }

    private void pause() {
        if (halted) {
            throw new IllegalStateException("halted");
        }
        Thread.yield();
    }

    @Override
    public String toString() {
        return "BrokenAvailabilitySequencer[bufferSize=" + bufferSize + ", next=" + next + ", cursor=" + cursor
                + ", consumed=" + consumed + "] (broken: " + defect + ")";
    }
}
