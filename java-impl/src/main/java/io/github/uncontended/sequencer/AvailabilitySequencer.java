package io.github.uncontended.sequencer;

import io.github.uncontended.Trace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Objects;

/*
 * Memory layout, as AbstractSequencer's: each counter alone between 128 bytes of padding, as a
 * class hierarchy (the JVM keeps a superclass's fields before a subclass's). `next` is written by
 * every claimer, `gatingCache` by claimers on their slow path, `cursor` and `consumed` by the one
 * consumer.
 */
abstract class AvailabilityPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class AvailabilityNextField extends AvailabilityPad0 {
    /** Spec: next. The claim counter: the last claimed sequence. */
    volatile long next = -1;
}

abstract class AvailabilityPad1 extends AvailabilityNextField {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}

abstract class AvailabilityGatingCacheField extends AvailabilityPad1 {
    /** Spec: gatingCache. The last gating sequence a claimer read. */
    volatile long gatingCache = -1;
}

abstract class AvailabilityPad2 extends AvailabilityGatingCacheField {
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;
}

abstract class AvailabilityCursorField extends AvailabilityPad2 {
    /** Spec: cursor. The consumer's: the highest sequence its scans found published, with all below. */
    volatile long cursor = -1;
}

abstract class AvailabilityPad3 extends AvailabilityCursorField {
    long s00, s01, s02, s03, s04, s05, s06, s07;
    long s08, s09, s10, s11, s12, s13, s14, s15;
}

abstract class AvailabilityConsumedField extends AvailabilityPad3 {
    /** Spec: consumed. The consumer's gating sequence. */
    volatile long consumed = -1;
}

abstract class AvailabilityPad4 extends AvailabilityConsumedField {
    long t00, t01, t02, t03, t04, t05, t06, t07;
    long t08, t09, t10, t11, t12, t13, t14, t15;
}

/**
 * The availability-buffer sequencer: the multi-producer scheme of the LMAX Disruptor 3 and 4
 * ({@code MultiProducerSequencer}). A publisher claims with one {@code getAndAdd}, writes its
 * events, and publishes each sequence by storing its lap into the slot's flag; no publisher ever
 * waits for another. The consumer finds how far it may read by scanning the flags.
 *
 * <p><b>One consumer.</b> {@link #waitFor(long)} and {@link #markConsumed(long)} are the consumer's
 * and must be called from one thread at a time (the consumer's cursor is its own). Any thread may
 * call {@link #cursor()}.
 *
 * <p>Each atomic step is one action of {@code specs/sequencer/AvailabilitySequencer.tla}, which
 * refines the abstract {@code Sequencer.tla}, and carries a {@link Trace} hook named after it
 * (trace validation: {@code specs/sequencer/trace/AvailabilityTrace.tla}); each access has the
 * mode of the {@code JavaMode} table of {@code specs/sequencer/memory/AvailabilityMemory.tla}
 * (docs/availability.md).
 */
public final class AvailabilitySequencer extends AvailabilityPad4 implements Sequencer {

    /*
     * Implementation notes.
     *
     * next(n), as in AvailabilitySequencer.tla:
     *   Claim        current = next.getAndAdd(n); lo = current + 1, hi = current + n
     *   LoadCache    cached = gatingCache; if hi - bufferSize <= cached the slot is free
     *   LoadGating   g = consumed, waited on while hi - bufferSize > g
     *   StoreCache   gatingCache = g
     * (the user's WriteEvent: the events of lo..hi)
     * publish(lo, hi):
     *   SetAvailable availableBuffer[s & mask] = s >>> log2(bufferSize), for s = lo .. hi
     * waitFor(sequence), the consumer:
     *   WaitForClaim bound = next, waited on until it is past the cursor
     *   IsAvailable  s = cursor + 1 .. bound: available iff availableBuffer[s & mask] == lap(s);
     *                the first that is not ends the scan
     * markConsumed(sequence):
     *   Consume      consumed = sequence
     *
     * Why the lap: while the next lap's sequence of a slot is claimed and unpublished, the slot's
     * flag still holds the previous lap (sibling broken/AvailabilityNoLap.tla: a flag that only
     * says "published" makes the scan take it for published). The gating wait keeps a flag within
     * one lap of what the consumer's scan expects (even the lap's parity would do under
     * sequential consistency: sibling broken/AvailabilityLapParity.tla).
     *
     * Orderings (AvailabilityMemory.tla, the AvailMem* models; each weaker mode is a model that
     * TLC rejects on weak hardware): the flag's release store and the scan's acquire load carry
     * the events from publisher to consumer (AvailMemSetAvailableOpaque,
     * AvailMemIsAvailableOpaque); markConsumed's release and the claimer's acquire of consumed,
     * or of the cache through the cache's own release and acquire, order the consumer's reads of
     * a lap before the next lap's event stores (AvailMemConsumeOpaque, AvailMemLoadGatingOpaque,
     * AvailMemCacheLoadCacheOpaque, AvailMemCacheStoreCacheOpaque). The claim's getAndAdd only
     * needs atomicity (AvailMemClaimPlain accepts a plain RMW; VarHandle has none) and the
     * consumer's load of next only bounds the scan (AvailMemWaitForClaimPlain accepts plain; it
     * is opaque here because it is a spin's load, which a plain load would let the JIT hoist).
     */

    private static final VarHandle NEXT;
    private static final VarHandle GATING_CACHE;
    private static final VarHandle CURSOR;
    private static final VarHandle CONSUMED;
    private static final VarHandle HALTED;
    private static final VarHandle AVAILABLE = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT = lookup.findVarHandle(AvailabilityNextField.class, "next", long.class);
            GATING_CACHE = lookup.findVarHandle(AvailabilityGatingCacheField.class, "gatingCache", long.class);
            CURSOR = lookup.findVarHandle(AvailabilityCursorField.class, "cursor", long.class);
            CONSUMED = lookup.findVarHandle(AvailabilityConsumedField.class, "consumed", long.class);
            HALTED = lookup.findVarHandle(AvailabilitySequencer.class, "halted", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int bufferSize;
    private final int indexMask;
    private final int indexShift;
    /** Per slot, the lap of the sequence published there last; -1 before the first. */
    private final int[] availableBuffer;
    private final WaitStrategy waitStrategy;
    /** Set once by {@link #halt()}; read between the pauses of every wait. */
    private volatile boolean halted;

    /** A ring of {@code bufferSize} (a power of two) with the yielding wait strategy. */
    public AvailabilitySequencer(int bufferSize) {
        this(bufferSize, WaitStrategy.yielding());
    }

    /**
     * @param bufferSize the ring size, a power of two; also the largest batch
     * @param waitStrategy how the waits (a full ring, the consumer's wait) pause
     */
    public AvailabilitySequencer(int bufferSize, WaitStrategy waitStrategy) {
        if (bufferSize < 1 || Integer.bitCount(bufferSize) != 1) {
            throw new IllegalArgumentException("bufferSize must be a power of two >= 1, got " + bufferSize);
        }
        this.bufferSize = bufferSize;
        this.indexMask = bufferSize - 1;
        this.indexShift = Integer.numberOfTrailingZeros(bufferSize);
        this.availableBuffer = new int[bufferSize];
        Arrays.fill(availableBuffer, -1);
        this.waitStrategy = Objects.requireNonNull(waitStrategy, "waitStrategy");
    }

    @Override
    public int bufferSize() {
        return bufferSize;
    }

    @Override
    public long next() {
        return next(1);
    }

    /**
     * Claims {@code n} sequences (the step Claim), then checks the cached gating sequence (the step
     * LoadCache) and, on its slow path, waits on the consumer's (the step LoadGating, repeated) and
     * caches it (the step StoreCache): waits while the highest claimed sequence would wrap past the
     * consumer.
     */
    @Override
    public long next(int n) {
        if (n < 1 || n > bufferSize) {
            throw new IllegalArgumentException("batch size must be in 1.." + bufferSize + ", got " + n);
        }
        long hi = claim(n);
        long wrapPoint = hi - bufferSize;
        if (wrapPoint > loadCache()) {
            long g;
            for (int round = 0; wrapPoint > (g = loadGating()); round++) {
                pause(round, Wait.SLOT, hi - n + 1, hi, 0);
            }
            storeCache(g);
        }
        return hi;
    }

    /** Spec action Claim: {@code next.getAndAdd(n)}; returns the highest sequence claimed. */
    private long claim(int n) {
        Trace.enter();
        long hi = getAndAddNext(n) + n;
        Trace.exit("Claim", "seq", hi, "n", n);
        return hi;
    }

    /** Spec action LoadCache: {@code cached = gatingCache}; the slot is free if {@code hi - bufferSize <= cached}. */
    private long loadCache() {
        Trace.enter();
        long cached = laGatingCache();
        Trace.exit("LoadCache", "cache", cached);
        return cached;
    }

    /** Spec action LoadGating: {@code g = consumed}, waited on while {@code hi - bufferSize > g}. */
    private long loadGating() {
        Trace.enter();
        long g = laConsumed();
        Trace.exit("LoadGating", "consumed", g);
        return g;
    }

    /** Spec action StoreCache: {@code gatingCache = g}. */
    private void storeCache(long g) {
        Trace.enter();
        soGatingCache(g);
        Trace.exit("StoreCache", "cache", g);
    }

    @Override
    public void publish(long sequence) {
        publish(sequence, sequence);
    }

    /** Publishes {@code lo..hi}: the step SetAvailable once per sequence, lo first. */
    @Override
    public void publish(long lo, long hi) {
        if (hi < lo || lo < 0) {
            throw new IllegalArgumentException("cannot publish " + lo + ".." + hi + ": need 0 <= lo <= hi");
        }
        if (hi - lo >= bufferSize) {
            throw new IllegalArgumentException("cannot publish " + lo + ".." + hi + ": at most " + bufferSize
                    + " sequences at once");
        }
        for (long s = lo; s <= hi; s++) {
            setAvailable(s);
        }
    }

    /** Spec action SetAvailable: {@code availableBuffer[s & mask] = lap(s)}. */
    private void setAvailable(long s) {
        Trace.enter();
        soAvailable(s);
        Trace.exit("SetAvailable", "seq", s);
    }

    private int lap(long s) {
        return (int) (s >>> indexShift);
    }

    /**
     * The consumer: waits until {@code sequence} is published, with every sequence below it, and
     * returns the highest such sequence it found (the steps WaitForClaim and IsAvailable).
     * The scan starts after the consumer's cursor, so it needs the consumer's {@code sequence}
     * to be at most one past the value it returned last.
     */
    @Override
    public long waitFor(long sequence) {
        long c = loCursor();   // the consumer's own field: it reads its own store
        for (int round = 0; c < sequence; round++) {
            long bound = waitForClaim();
            long s = c + 1;
            while (s <= bound && isAvailable(s)) {
                s++;
            }
            if (s - 1 > c) {
                c = s - 1;
                soCursor(c);   // for cursor() on other threads: unmodelled, the spec's cursor is the consumer's
            }
            if (c < sequence) {
                pause(round, Wait.SCAN, sequence, c, bound);
            }
        }
        return c;
    }

    /** Spec action WaitForClaim: {@code bound = next}, the claims the scan may look at. */
    private long waitForClaim() {
        Trace.enter();
        long bound = loNext();
        Trace.exit("WaitForClaim", "next", bound);
        return bound;
    }

    /** Spec action IsAvailable: is {@code s} published, its slot's flag {@code lap(s)}? */
    private boolean isAvailable(long s) {
        Trace.enter();
        int flag = laAvailable(s);
        Trace.exit("IsAvailable", "seq", s, "flag", flag);
        return flag == lap(s);
    }

    /**
     * The highest sequence up to which everything is published, as far as this thread can tell: a
     * scan from the consumer's cursor, like the consumer's, that stores nothing. It takes a flag of
     * a later lap for published too (that lap is claimed only once this sequence is consumed), so
     * the value never moves back for one thread, whatever the consumer does meanwhile. Not a spec
     * step: the spec's scan is the consumer's (waitFor).
     */
    @Override
    public long cursor() {
        long c = laCursor();
        long bound = loNext();
        long s = c + 1;
        while (s <= bound && laAvailable(s) >= lap(s)) {
            s++;
        }
        return s - 1;
    }

    /** The consumer's step Consume: its reads of the slots up to {@code sequence} are done. */
    @Override
    public void markConsumed(long sequence) {
        consume(sequence);
    }

    /** Spec action Consume: {@code consumed = sequence}. */
    private void consume(long sequence) {
        Trace.enter();
        soConsumed(sequence);
        Trace.exit("Consume", "consumed", sequence);
    }

    /** The highest sequence claimed so far (a volatile load of a contended line: tests and monitoring). */
    public long claimed() {
        return lvNext();
    }

    @Override
    public void halt() {
        svHalted();
    }

    @Override
    public boolean isHalted() {
        return loHalted();
    }

    /*
     * The accessors: one access each, named for what they access and prefixed with its mode (the
     * legend: io.github.uncontended's package-info); private, and small enough to inline.
     */

    /** {@code next.getAndAdd(delta)}, for the step Claim: volatile (any atomic RMW would do: AvailMemClaimPlain). */
    private long getAndAddNext(long delta) {
        return (long) NEXT.getAndAdd(this, delta);
    }

    /**
     * Opaque load of {@code next}, for the step WaitForClaim and {@link #cursor()}: plain is
     * accepted by AvailMemWaitForClaimPlain; opaque keeps it in the consumer's wait loop.
     */
    private long loNext() {
        return (long) NEXT.getOpaque(this);
    }

    /** Volatile load of {@code next}: {@link #claimed()} and diagnostics (no spec step). */
    private long lvNext() {
        return (long) NEXT.getVolatile(this);
    }

    /** Acquire load of the gating cache, for the step LoadCache (opaque: AvailMemCacheLoadCacheOpaque). */
    private long laGatingCache() {
        return (long) GATING_CACHE.getAcquire(this);
    }

    /** Release store of the gating cache, for the step StoreCache (opaque: AvailMemCacheStoreCacheOpaque). */
    private void soGatingCache(long value) {
        GATING_CACHE.setRelease(this, value);
    }

    /**
     * Release store of {@code lap(s)} into {@code s}'s flag, for the step SetAvailable: the event
     * stores come before it (opaque: AvailMemSetAvailableOpaque).
     */
    private void soAvailable(long s) {
        AVAILABLE.setRelease(availableBuffer, (int) s & indexMask, lap(s));
    }

    /**
     * Acquire load of {@code s}'s flag, for the step IsAvailable and {@link #cursor()}: pairs with
     * SetAvailable's release (opaque: AvailMemIsAvailableOpaque).
     */
    private int laAvailable(long s) {
        return (int) AVAILABLE.getAcquire(availableBuffer, (int) s & indexMask);
    }

    /** Opaque load of the consumer's own cursor field, in {@link #waitFor}: it reads its own store (no spec step). */
    private long loCursor() {
        return (long) CURSOR.getOpaque(this);
    }

    /** Acquire load of the consumer's cursor field, for {@link #cursor()} on any thread (no spec step). */
    private long laCursor() {
        return (long) CURSOR.getAcquire(this);
    }

    /**
     * Release store of the consumer's cursor field, in {@link #waitFor}: for {@link #cursor()} on
     * other threads (no spec step: the spec's cursor is the consumer's local).
     */
    private void soCursor(long value) {
        CURSOR.setRelease(this, value);
    }

    /** Volatile load of the consumer's cursor field: diagnostics only. */
    private long lvCursor() {
        return (long) CURSOR.getVolatile(this);
    }

    /**
     * Acquire load of {@code consumed}, for the step LoadGating: pairs with Consume's release
     * (opaque: AvailMemLoadGatingOpaque).
     */
    private long laConsumed() {
        return (long) CONSUMED.getAcquire(this);
    }

    /** Volatile load of {@code consumed}: diagnostics only. */
    private long lvConsumed() {
        return (long) CONSUMED.getVolatile(this);
    }

    /**
     * Release store of {@code consumed}, for the step Consume: the consumer's reads of the slots
     * come before it (opaque: AvailMemConsumeOpaque).
     */
    private void soConsumed(long value) {
        CONSUMED.setRelease(this, value);
    }

    /** Volatile store of the halt flag, once (no spec step; as AbstractSequencer's). */
    private void svHalted() {
        HALTED.setVolatile(this, true);
    }

    /** Opaque load of the halt flag, between the pauses of every wait (no spec step; as AbstractSequencer's). */
    private boolean loHalted() {
        return (boolean) HALTED.getOpaque(this);
    }

    /** The wait a {@link #pause} is a round of, for the message of the exception that may end it. */
    private enum Wait {
        /** {@link #next(int)}: the slot of the highest claimed sequence is not free yet. */
        SLOT,
        /** {@link #waitFor(long)}: the consumer's scan has not reached the sequence. */
        SCAN
    }

    /**
     * One round of a wait that found its condition false: halted, interrupted, or pause. What the
     * wait is for comes as numbers ({@link #describe}: for SLOT the claimed range {@code a..b}, for
     * SCAN the awaited sequence {@code a}, the scan's end {@code b} and the claims' bound
     * {@code c}), and becomes text only when the wait ends with an exception: a round allocates
     * nothing (issue 48; {@code SequencerAllocationTest}).
     */
    private void pause(int round, Wait wait, long a, long b, long c) {
        if (loHalted()) {
            throw new AlertException("halted while " + describe(wait, a, b, c));
        }
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();
            throw new WaitInterruptedException("interrupted while " + describe(wait, a, b, c));
        }
        waitStrategy.idle(round);
    }

    /** What a stopped wait was waiting for (see {@link #pause}). */
    private String describe(Wait wait, long a, long b, long c) {
        if (wait == Wait.SLOT) {
            return "claiming sequences " + a + ".." + b + ": waiting for the consumer to free the slot (ring of "
                    + bufferSize + ")";
        }
        return "waiting for sequence " + a + ": the consumer's scan found everything up to " + b
                + " published, sequences up to " + c + " are claimed";
    }

    @Override
    public String toString() {
        return "AvailabilitySequencer[bufferSize=" + bufferSize + ", next=" + lvNext() + ", cursor=" + lvCursor()
                + ", consumed=" + lvConsumed() + ", " + waitStrategy + (loHalted() ? ", halted]" : "]");
    }
}
