package io.github.uncontended.sequencer;

import io.github.uncontended.Trace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/*
 * Memory layout. The three hot counters are written by different parties: `next` by every
 * claiming publisher, `cursor` by publishers advancing it, `consumed` by the consumer. Each sits
 * alone between 128 bytes of padding (two 64-byte lines: adjacent-line prefetch pairs lines), laid
 * out as a class hierarchy because the JVM keeps a superclass's fields before a subclass's and does
 * not reorder across that boundary (the JCTools idiom). SequencerLayoutTest checks the offsets.
 */
abstract class SequencerPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class SequencerNextField extends SequencerPad0 {
    /** Spec: next. The last claimed sequence. */
    volatile long next = -1;
}

abstract class SequencerPad1 extends SequencerNextField {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}

abstract class SequencerCursorField extends SequencerPad1 {
    /** Spec: cursor. Every sequence up to it is published. */
    volatile long cursor = -1;
}

abstract class SequencerPad2 extends SequencerCursorField {
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;
}

abstract class SequencerConsumedField extends SequencerPad2 {
    /** Spec: consumed. The consumer's gating sequence. */
    volatile long consumed = -1;
}

abstract class SequencerPad3 extends SequencerConsumedField {
    long s00, s01, s02, s03, s04, s05, s06, s07;
    long s08, s09, s10, s11, s12, s13, s14, s15;
}

/**
 * What every strategy shares: the claim (the steps Claim and AwaitSlot), the consumer side,
 * the accessors of the three padded counters, each prefixed with its access mode (the legend:
 * {@link io.github.uncontended} package-info), and the waits: a {@link WaitStrategy} pauses
 * them, {@link #halt()} and interruption stop them.
 * A strategy supplies {@link #publish(long, long)}.
 */
public abstract class AbstractSequencer extends SequencerPad3 implements Sequencer {

    static final VarHandle NEXT;
    static final VarHandle CURSOR;
    static final VarHandle CONSUMED;
    static final VarHandle HALTED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT = lookup.findVarHandle(SequencerNextField.class, "next", long.class);
            CURSOR = lookup.findVarHandle(SequencerCursorField.class, "cursor", long.class);
            CONSUMED = lookup.findVarHandle(SequencerConsumedField.class, "consumed", long.class);
            HALTED = lookup.findVarHandle(AbstractSequencer.class, "halted", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    protected final int bufferSize;
    /** The largest batch one claim or publish may cover. */
    protected final int maxBatch;
    /** How every wait of this sequencer pauses between two checks of its condition. */
    protected final WaitStrategy waitStrategy;
    /**
     * Set once by {@link #halt()}, never cleared; read between the pauses of every wait. Written
     * rarely and read only by waiting threads: it sits after the padding, away from the counters.
     * Accessed only through {@link #svHalted()} and {@link #loHalted()}.
     */
    private volatile boolean halted;

    /**
     * @param maxBatch the largest batch one claim or publish may cover
     * @param waitStrategy how the waits pause ({@link WaitStrategy#yielding()} for the behaviour
     *        without a choice)
     */
    protected AbstractSequencer(int bufferSize, int maxBatch, WaitStrategy waitStrategy) {
        requirePowerOfTwo("bufferSize", bufferSize);
        this.bufferSize = bufferSize;
        this.maxBatch = maxBatch;
        this.waitStrategy = Objects.requireNonNull(waitStrategy, "waitStrategy");
    }

    /** The step of a wait that found its condition false, given to {@link #pause} for its message. */
    protected enum Wait {
        /** {@link #next(int)}: the claimed sequence's slot is not free yet. */
        SLOT,
        /** The pending-list publish: the cursor is more than pendingSize behind. */
        GUARD,
        /** The spin baseline's publish: the cursor has not reached the predecessor. */
        TURN,
        /** {@link #waitFor(long)}: the cursor is below the sequence. */
        CURSOR
    }

    /**
     * One round of a wait whose condition was found false: the wait ends with
     * {@link AlertException} if this sequencer was halted, with
     * {@link WaitInterruptedException} if the thread was interrupted, and otherwise the wait
     * strategy pauses. Returns the next round. {@code lo..hi} is what the wait is for (the
     * sequences claimed, published, or awaited).
     */
    protected final int pause(int round, Wait wait, long lo, long hi) {
        checkStop(wait, lo, hi);
        waitStrategy.idle(round);
        return round + 1;
    }

    /** The checks of {@link #pause}, without the pause. */
    protected final void checkStop(Wait wait, long lo, long hi) {
        if (loHalted()) {
            throw new AlertException(describe("halted", wait, lo, hi));
        }
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();        // the status stays visible above the exception
            throw new WaitInterruptedException(describe("interrupted", wait, lo, hi));
        }
    }

    /** What a stopped wait was waiting for, where the sequencer stands, and what it leaves behind. */
    private String describe(String how, Wait wait, long lo, long hi) {
        String range = lo == hi ? "sequence " + lo : "sequences " + lo + ".." + hi;
        String stuck = " " + (lo == hi ? "it stays" : "they stay") + " claimed and unpublished: the cursor"
                + " never passes " + lo + " (see Sequencer: a publisher stopped between claim and publish)";
        long cursor = laCursor();
        switch (wait) {
            case SLOT:
                return how + " while claiming " + range + ": waiting for the consumer to free the slot (consumed "
                        + laConsumed() + ", ring of " + bufferSize + ");" + stuck;
            case GUARD:
                return how + " while publishing " + range + ": waiting for the cursor (" + cursor + ") to come within "
                        + maxBatch + " of " + hi + ";" + stuck;
            case TURN:
                return how + " while publishing " + range + ": waiting for the cursor (" + cursor + ") to reach "
                        + (lo - 1) + ";" + stuck;
            default:
                long claimed = claimed();
                return how + " while waiting for sequence " + hi + ": the cursor is at " + cursor + ", sequences up to "
                        + claimed + " are claimed" + (claimed > cursor ? " (" + (cursor + 1)
                        + " is claimed and not yet published, or its publisher was stopped)" : "");
        }
    }

    /**
     * Stops every wait of this sequencer, now and from now on: a thread waiting in
     * {@link #next()}, {@link #publish(long)} or {@link #waitFor(long)}, or that would have to
     * wait, gets {@link AlertException}. Steps that need no wait still complete. Final.
     */
    @Override
    public final void halt() {
        svHalted();
    }

    @Override
    public final boolean isHalted() {
        return loHalted();
    }

    static void requirePowerOfTwo(String name, int value) {
        if (value < 1 || Integer.bitCount(value) != 1) {
            throw new IllegalArgumentException(name + " must be a power of two >= 1, got " + value);
        }
    }

    @Override
    public final int bufferSize() {
        return bufferSize;
    }

    @Override
    public final long next() {
        return next(1);
    }

    /**
     * Claims {@code n} sequences (the step Claim), then waits for the highest one's slot (the step
     * AwaitSlot, repeated while {@code hi - bufferSize > consumed}).
     */
    @Override
    public final long next(int n) {
        if (n < 1 || n > maxBatch) {
            throw new IllegalArgumentException("batch size must be in 1.." + maxBatch + ", got " + n);
        }
        long hi = claim(n);
        long wrapPoint = hi - bufferSize;
        for (int round = 0; wrapPoint > awaitSlot(); ) {
            round = pause(round, Wait.SLOT, hi - n + 1, hi);
        }
        return hi;
    }

    /**
     * Spec action Claim: {@code next.getAndAdd(n) + n}, one atomic read-modify-write, so no two
     * publishers get the same sequence; returns the highest sequence claimed.
     */
    private long claim(int n) {
        Trace.enter();
        long hi = getAndAddNext(n) + n;
        Trace.exit("Claim", "seq", hi, "n", n);
        return hi;
    }

    /**
     * Spec action AwaitSlot: one load of {@code consumed}, which the claim waits on while
     * {@code hi - bufferSize > consumed}.
     */
    private long awaitSlot() {
        Trace.enter();
        long consumed = laConsumed();
        Trace.exit("AwaitSlot", "consumed", consumed);
        return consumed;
    }

    @Override
    public final void publish(long sequence) {
        publish(sequence, sequence);
    }

    /** Rejects a malformed range; cheap (no shared memory is read). */
    protected final void checkRange(long lo, long hi) {
        if (hi < lo || lo < 0) {
            throw new IllegalArgumentException("cannot publish " + lo + ".." + hi + ": need 0 <= lo <= hi");
        }
        if (hi - lo >= maxBatch) {
            throw new IllegalArgumentException("cannot publish " + lo + ".." + hi + ": at most " + maxBatch
                    + " sequences at once");
        }
    }

    @Override
    public final long cursor() {
        return laCursor();
    }

    /** The consumer's wait (spec step ConsumerWait, untraced): {@link #laCursor()} until it reaches {@code sequence}. */
    @Override
    public final long waitFor(long sequence) {
        long c;
        for (int round = 0; (c = laCursor()) < sequence; ) {
            round = pause(round, Wait.CURSOR, sequence, sequence);
        }
        return c;
    }

    /** The consumer's step Consume: one consumer writes {@code consumed}. */
    @Override
    public final void markConsumed(long sequence) {
        consume(sequence);
    }

    /** Spec action Consume: {@code consumed = sequence}. */
    private void consume(long sequence) {
        Trace.enter();
        soConsumed(sequence);
        Trace.exit("Consume", "consumed", sequence);
    }

    /** The highest sequence claimed so far (a volatile load of a contended line: tests and monitoring). */
    public final long claimed() {
        return lvNext();
    }

    /*
     * The accessors: one access each, named for what they access and prefixed with its mode (the
     * legend: io.github.uncontended's package-info). Final, and small enough to inline.
     */

    /**
     * {@code next.getAndAdd(delta)}, for the step Claim: any atomic read-modify-write would do, as
     * only atomicity is needed (TLC accepts an unordered one, SeqMemClaimPlain, which Java does not
     * have); volatile is getAndAdd's one mode.
     */
    private long getAndAddNext(long delta) {
        return (long) NEXT.getAndAdd(this, delta);
    }

    /** Volatile load of {@code next}: {@link #claimed()} and diagnostics (no spec step). */
    private long lvNext() {
        return (long) NEXT.getVolatile(this);
    }

    /**
     * Volatile load of the cursor, for the pending list's steps Guard and ReadCursor: the load half
     * of the parker's StoreLoad (PendingListSequencer says why each needs volatile).
     */
    protected final long lvCursor() {
        return (long) CURSOR.getVolatile(this);
    }

    /**
     * Acquire load of the cursor, for the consumer's wait (step ConsumerWait), {@link #cursor()},
     * and the spin baseline's SpinRead: it pairs with the release of the store or CAS that moved
     * the cursor, so the events below it are visible (SeqMemConsumerWaitOpaque).
     */
    protected final long laCursor() {
        return (long) CURSOR.getAcquire(this);
    }

    /**
     * Volatile compare-and-set of the cursor, for the pending list's steps CasCursor and
     * CasOverBatch: the Dekker handshake's StoreLoad, and the release of the run's events
     * (SeqMemCasCursor*, SeqMemCasOverBatch*).
     */
    protected final boolean casCursor(long expect, long update) {
        return CURSOR.compareAndSet(this, expect, update);
    }

    /** Release store of the cursor, for the spin baseline's SpinSet: publishes the publisher's event writes. */
    protected final void soCursor(long value) {
        CURSOR.setRelease(this, value);
    }

    /**
     * Acquire load of {@code consumed}, for the step AwaitSlot (and diagnostics): pairs with the
     * consumer's release in {@link #soConsumed}, so this publisher's writes to the slot cannot land
     * before the old event in it (opaque: SeqMemAwaitSlotOpaque).
     */
    protected final long laConsumed() {
        return (long) CONSUMED.getAcquire(this);
    }

    /** Volatile load of {@code consumed}: diagnostics only. */
    private long lvConsumed() {
        return (long) CONSUMED.getVolatile(this);
    }

    /**
     * Release store of {@code consumed}, for the step Consume: every read of the consumed slots
     * happens before a publisher that acquires this value reuses them (SeqMemConsumeOpaque).
     */
    private void soConsumed(long value) {
        CONSUMED.setRelease(this, value);
    }

    /**
     * Volatile store of the halt flag, the only write of it (no spec step: halt is outside the
     * spec): a halt is rare, and a volatile store is the simplest one every later load is sure to see.
     */
    private void svHalted() {
        HALTED.setVolatile(this, true);
    }

    /**
     * Opaque load of the halt flag (no spec step): a halt publishes no data, so a waiter needs no
     * ordering with it, only to see it eventually, and opaque keeps the load in the wait loop (it
     * cannot be hoisted out).
     */
    private boolean loHalted() {
        return (boolean) HALTED.getOpaque(this);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[bufferSize=" + bufferSize + ", next=" + lvNext() + ", cursor="
                + lvCursor() + ", consumed=" + lvConsumed() + ", " + waitStrategy + (loHalted() ? ", halted]" : "]");
    }
}
