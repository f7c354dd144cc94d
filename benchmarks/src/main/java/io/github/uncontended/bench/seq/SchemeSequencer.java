package io.github.uncontended.bench.seq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

import com.lmax.disruptor.Sequence;
import io.github.uncontended.sequencer.WaitStrategy;

/*
 * Layout as AvailabilitySequencer's: each counter alone between 128 bytes of padding, as a class
 * hierarchy. Used when D4_REST is off; with it on, the claim counter and the gating cache are
 * the Disruptor's Sequence objects instead (and these fields stay untouched).
 */
abstract class SchemePad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class SchemeNextField extends SchemePad0 {
    volatile long next = -1;
}

abstract class SchemePad1 extends SchemeNextField {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

abstract class SchemeGatingCacheField extends SchemePad1 {
    volatile long gatingCache = -1;
}

abstract class SchemePad2 extends SchemeGatingCacheField {
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;
}

abstract class SchemeCursorField extends SchemePad2 {
    volatile long cursor = -1;
}

abstract class SchemePad3 extends SchemeCursorField {
    long s00, s01, s02, s03, s04, s05, s06, s07, s08, s09, s10, s11, s12, s13, s14, s15;
}

abstract class SchemeConsumedField extends SchemePad3 {
    volatile long consumed = -1;
}

abstract class SchemePad4 extends SchemeConsumedField {
    long t00, t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15;
}

/**
 * The availability-buffer scheme, benchmark-only, with the differences between
 * {@code AvailabilitySequencer} and the Disruptor 4.0.0's {@code MultiProducerSequencer} as
 * switches (issue 48, item 2: the A/B ladder). All switches off, it does step for step what
 * {@code AvailabilitySequencer} does, with the same modes and layout (the ladder's rung
 * {@code Scheme.ours} checks that against the real class); all on, what {@code MultiProducerSequencer}
 * does, which the next rung, the real one, checks. Not a verified implementation: nothing outside
 * the ladder uses it.
 *
 * <p>The switches are {@code static final}, read once from the system property
 * {@value #PROPERTY} when the class initialises, so the JIT compiles each rung as if it were
 * written without the others' branches. JMH runs each {@code @Param} value in a fork of its own;
 * {@link #configure} refuses a second configuration in one JVM ({@code -f 0}).
 * <ul>
 *   <li>{@code ahead}: the claim's cache check also takes the slow path when the cached gating
 *       sequence is ahead of the claim counter ({@code cachedGatingSequence > current}).</li>
 *   <li>{@code minGating}: the slow path's gating read is the minimum over a volatile array of
 *       gating {@code Sequence}s, starting from the claim counter ({@code Util.getMinimumSequence});
 *       the consumer's sequence is such a {@code Sequence}.</li>
 *   <li>{@code d4Claim}: a claim on a full ring pauses with {@code LockSupport.parkNanos(1)} and
 *       checks neither halt nor interrupt (ours: the strategy's pause after both checks).</li>
 *   <li>{@code d4Rest}: the claim counter and the gating cache are {@code Sequence} objects (56
 *       bytes of padding a side, acquire and release by fences); {@code publish} skips the range
 *       checks and calls the wait strategy's {@code signalAllWhenBlocking()}; the consumer does not
 *       store its scan's end into a cursor field.</li>
 * </ul>
 * Every switch adds to the ones before it, in this order (a rung of the ladder).
 */
public final class SchemeSequencer extends SchemePad4 {
    public static final String PROPERTY = "uncontended.bench.scheme";
    /** The switches, in ladder order. */
    public static final String[] SWITCHES = {"ahead", "minGating", "d4Claim", "d4Rest"};

    /**
     * The switches: a class of their own, initialised at the first use of a switch (the first
     * {@link #next} or constructor call), after {@link #configure} has set the property; calling
     * {@code configure} initialises {@link SchemeSequencer} itself, not this class.
     */
    static final class Switches {
        static final int LEVEL = level(System.getProperty(PROPERTY, "ours"));
        static final boolean AHEAD = LEVEL >= 1;
        static final boolean MIN_GATING = LEVEL >= 2;
        static final boolean D4_CLAIM = LEVEL >= 3;
        static final boolean D4_REST = LEVEL >= 4;

        private Switches() {}
    }


    private static final VarHandle NEXT;
    private static final VarHandle GATING_CACHE;
    private static final VarHandle CURSOR;
    private static final VarHandle CONSUMED;
    private static final VarHandle HALTED;
    private static final VarHandle AVAILABLE = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT = lookup.findVarHandle(SchemeNextField.class, "next", long.class);
            GATING_CACHE = lookup.findVarHandle(SchemeGatingCacheField.class, "gatingCache", long.class);
            CURSOR = lookup.findVarHandle(SchemeCursorField.class, "cursor", long.class);
            CONSUMED = lookup.findVarHandle(SchemeConsumedField.class, "consumed", long.class);
            HALTED = lookup.findVarHandle(SchemeSequencer.class, "halted", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Sets the switches for this JVM: the rung {@code ours} (none) or a switch name (it and every
     * one before it). Call before the class is first used; fails if it was used with another.
     */
    public static void configure(String rung) {
        level(rung);
        String before = System.getProperty(PROPERTY);
        if (before != null && !before.equals(rung)) {
            throw new IllegalStateException("SchemeSequencer is configured as '" + before + "' in this JVM, not '" + rung
                    + "': its switches are static final, so each rung needs a JVM of its own (JMH forks, not -f 0)");
        }
        System.setProperty(PROPERTY, rung);
        if (Switches.LEVEL != level(rung)) {             // initialises the switches with the property just set
            throw new IllegalStateException("SchemeSequencer's switches were initialised before configure('" + rung + "')");
        }
    }

    private static int level(String rung) {
        if (rung.equals("ours")) {
            return 0;
        }
        int i = Arrays.asList(SWITCHES).indexOf(rung);
        if (i < 0) {
            throw new IllegalArgumentException("unknown SchemeSequencer rung '" + rung + "'; known: ours, "
                    + String.join(", ", SWITCHES));
        }
        return i + 1;
    }

    private final int bufferSize;
    private final int indexMask;
    private final int indexShift;
    private final int[] availableBuffer;
    private final WaitStrategy waitStrategy;
    private volatile boolean halted;

    // The Disruptor's objects, used when the switches say so.
    private final Sequence claimSequence = new Sequence();
    private final Sequence cacheSequence = new Sequence();
    private final Sequence consumedSequence = new Sequence();
    private volatile Sequence[] gatingSequences = {consumedSequence};
    private final com.lmax.disruptor.WaitStrategy signal = new com.lmax.disruptor.YieldingWaitStrategy();

    /** @param waitStrategy the pauses of every wait but a {@code d4Claim} claim's, as our sequencers take it */
    public SchemeSequencer(int bufferSize, WaitStrategy waitStrategy) {
        if (bufferSize < 1 || Integer.bitCount(bufferSize) != 1) {
            throw new IllegalArgumentException("bufferSize must be a power of two >= 1, got " + bufferSize);
        }
        this.bufferSize = bufferSize;
        this.indexMask = bufferSize - 1;
        this.indexShift = Integer.numberOfTrailingZeros(bufferSize);
        this.availableBuffer = new int[bufferSize];
        Arrays.fill(availableBuffer, -1);
        this.waitStrategy = waitStrategy;
    }

    public long next(int n) {
        if (n < 1 || n > bufferSize) {
            throw new IllegalArgumentException("batch size must be in 1.." + bufferSize + ", got " + n);
        }
        long current = Switches.D4_REST ? claimSequence.getAndAdd(n) : (long) NEXT.getAndAdd(this, (long) n);
        long hi = current + n;
        long wrapPoint = hi - bufferSize;
        long cached = Switches.D4_REST ? cacheSequence.get() : (long) GATING_CACHE.getAcquire(this);
        if (wrapPoint > cached || (Switches.AHEAD && cached > current)) {
            long g;
            for (int round = 0; wrapPoint > (g = gating(current)); round++) {
                if (Switches.D4_CLAIM) {
                    LockSupport.parkNanos(1L);
                } else {
                    pause(round);
                }
            }
            if (Switches.D4_REST) {
                cacheSequence.set(g);
            } else {
                GATING_CACHE.setRelease(this, g);
            }
        }
        return hi;
    }

    private long gating(long current) {
        if (!Switches.MIN_GATING) {
            return (long) CONSUMED.getAcquire(this);
        }
        long min = current;
        Sequence[] gs = gatingSequences;
        for (int i = 0, n = gs.length; i < n; i++) {
            min = Math.min(min, gs[i].get());
        }
        return min;
    }

    public void publish(long lo, long hi) {
        if (!Switches.D4_REST) {
            if (hi < lo || lo < 0) {
                throw new IllegalArgumentException("cannot publish " + lo + ".." + hi + ": need 0 <= lo <= hi");
            }
            if (hi - lo >= bufferSize) {
                throw new IllegalArgumentException("cannot publish " + lo + ".." + hi + ": at most " + bufferSize
                        + " sequences at once");
            }
        }
        for (long s = lo; s <= hi; s++) {
            AVAILABLE.setRelease(availableBuffer, (int) s & indexMask, (int) (s >>> indexShift));
        }
        if (Switches.D4_REST) {
            signal.signalAllWhenBlocking();
        }
    }

    /**
     * The consumer, as AvailabilitySequencer.waitFor: returns below {@code sequence} once halted.
     * With {@code d4Rest} the scan starts at {@code sequence}, the consumer's own position, as
     * {@code getHighestPublishedSequence(sequence, ..)} does, and no cursor field is read or written.
     */
    public long waitFor(long sequence) {
        long c = Switches.D4_REST ? sequence - 1 : (long) CURSOR.getOpaque(this);
        for (int round = 0; c < sequence; round++) {
            long bound = Switches.D4_REST ? claimSequence.get() : (long) NEXT.getOpaque(this);
            long s = c + 1;
            while (s <= bound && (int) AVAILABLE.getAcquire(availableBuffer, (int) s & indexMask) == (int) (s >>> indexShift)) {
                s++;
            }
            if (s - 1 > c) {
                c = s - 1;
                if (!Switches.D4_REST) {
                    CURSOR.setRelease(this, c);         // ours: its position, also for cursor() on other threads
                }
            }
            if (c < sequence) {
                if ((boolean) HALTED.getOpaque(this)) {
                    return sequence - 1;
                }
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    return sequence - 1;
                }
                waitStrategy.idle(round);
            }
        }
        return c;
    }

    public void markConsumed(long sequence) {
        if (Switches.MIN_GATING) {
            consumedSequence.set(sequence);
        } else {
            CONSUMED.setRelease(this, sequence);
        }
    }

    public void halt() {
        HALTED.setVolatile(this, true);
    }

    /** Ours' pause on a claim: halt and interrupt checks, then the strategy. */
    private void pause(int round) {
        if ((boolean) HALTED.getOpaque(this)) {
            throw new IllegalStateException("halted while claiming");
        }
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while claiming");
        }
        waitStrategy.idle(round);
    }

    /** The ladder's driver for this class. */
    public static final class Driver implements SeqDriver {
        private final SchemeSequencer s;

        public Driver(SchemeSequencer s) {
            this.s = s;
        }

        @Override public long next() { return s.next(1); }
        @Override public long next(int n) { return s.next(n); }
        @Override public void publish(long sequence) { s.publish(sequence, sequence); }
        @Override public void publish(long lo, long hi) { s.publish(lo, hi); }
        @Override public long waitFor(long sequence) { return s.waitFor(sequence); }
        @Override public void markConsumed(long sequence) { s.markConsumed(sequence); }
        @Override public void halt() { s.halt(); }
    }
}
