package io.github.uncontended.sequencer;

import io.github.uncontended.Trace;
import io.github.uncontended.Waits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

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
 * What every strategy shares: the claim (spec actions Claim and AwaitSlot), the consumer side,
 * and the accessors of the three padded counters, each named for its memory ordering
 * ({@code lv} volatile load, {@code la} acquire load, {@code sr} release store, {@code cas}).
 * A strategy supplies {@link #publish(long, long)}.
 */
public abstract class AbstractSequencer extends SequencerPad3 implements Sequencer {

    static final VarHandle NEXT;
    static final VarHandle CURSOR;
    static final VarHandle CONSUMED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT = lookup.findVarHandle(SequencerNextField.class, "next", long.class);
            CURSOR = lookup.findVarHandle(SequencerCursorField.class, "cursor", long.class);
            CONSUMED = lookup.findVarHandle(SequencerConsumedField.class, "consumed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    protected final int bufferSize;
    /** The largest batch one claim or publish may cover. */
    protected final int maxBatch;

    /** @param maxBatch the largest batch one claim or publish may cover */
    protected AbstractSequencer(int bufferSize, int maxBatch) {
        requirePowerOfTwo("bufferSize", bufferSize);
        this.bufferSize = bufferSize;
        this.maxBatch = maxBatch;
    }

    /** One iteration of a wait: spin briefly, then yield ({@link Waits#idle}). */
    protected static int idle(int spins) {
        return Waits.idle(spins);
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
     * Spec action Claim: {@code next.addAndGet(n)}, one atomic read-modify-write, so no two
     * publishers get the same sequence. Then spec action AwaitSlot.
     */
    @Override
    public final long next(int n) {
        if (n < 1 || n > maxBatch) {
            throw new IllegalArgumentException("batch size must be in 1.." + maxBatch + ", got " + n);
        }
        Trace.enter();
        long hi = (long) NEXT.getAndAdd(this, (long) n) + n;
        Trace.exit("Claim", "seq", hi, "n", n);
        awaitSlot(hi);
        return hi;
    }

    /**
     * Spec action AwaitSlot: wait while {@code hi - bufferSize > consumed}. Acquire load: pairs
     * with the consumer's release in {@link #markConsumed}, so this publisher's writes to the
     * slot cannot land before the old event in it (opaque: SeqMemAwaitSlotOpaque).
     */
    private void awaitSlot(long hi) {
        long wrapPoint = hi - bufferSize;
        for (int spins = 0; ; spins = idle(spins)) {
            Trace.enter();
            long consumed = laConsumed();
            Trace.exit("AwaitSlot", "consumed", consumed);
            if (wrapPoint <= consumed) {
                return;
            }
        }
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

    /** Acquire load of the cursor (spec step ConsumerWait): pairs with the release of the CAS that advanced it (SeqMemConsumerWaitOpaque). */
    @Override
    public final long waitFor(long sequence) {
        long c;
        for (int spins = 0; (c = laCursor()) < sequence; ) {
            spins = idle(spins);
        }
        return c;
    }

    /**
     * Spec action Consume. Release store: every read of the consumed slots happens before a
     * publisher that acquires this value reuses them (SeqMemConsumeOpaque). One consumer writes it.
     */
    @Override
    public final void markConsumed(long sequence) {
        Trace.enter();
        CONSUMED.setRelease(this, sequence);
        Trace.exit("Consume", "consumed", sequence);
    }

    /** The highest sequence claimed so far (a volatile load of a contended line: tests and monitoring). */
    public final long claimed() {
        return (long) NEXT.getVolatile(this);
    }

    protected final long lvCursor() {
        return (long) CURSOR.getVolatile(this);
    }

    protected final long laCursor() {
        return (long) CURSOR.getAcquire(this);
    }

    /** Spec action CasCursor: one CAS attempt; volatile: the Dekker handshake's StoreLoad, and the events' release (SeqMemCasCursor*). */
    protected final boolean casCursor(long expected, long next) {
        Trace.enter();
        boolean ok = CURSOR.compareAndSet(this, expected, next);
        Trace.exit("CasCursor", "expected", expected, "ok", ok ? 1 : 0);
        return ok;
    }

    protected final void srCursor(long value) {
        CURSOR.setRelease(this, value);
    }

    protected final long laConsumed() {
        return (long) CONSUMED.getAcquire(this);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[bufferSize=" + bufferSize + ", next=" + next + ", cursor=" + cursor
                + ", consumed=" + consumed + "]";
    }
}
