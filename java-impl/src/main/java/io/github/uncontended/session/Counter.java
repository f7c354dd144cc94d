package io.github.uncontended.session;

import static io.github.uncontended.session.ShardedSession.CLOSED;
import static io.github.uncontended.session.ShardedSession.CLOSING;
import static io.github.uncontended.session.ShardedSession.MAX_HOLDERS;

import io.github.uncontended.Trace;
import io.github.uncontended.Waits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * Memory layout. Each counter is the field `holders` of an object of its own, with 128 bytes of
 * padding before and after it (adjacent-line prefetch pairs 64-byte lines), laid out as a class
 * hierarchy because the JVM keeps a superclass's fields before a subclass's (the JCTools idiom;
 * the JDK's Striped64 Cell uses @Contended, which is reserved to the JDK). SessionLayoutTest checks
 * the offsets with JOL. The counters were once one long[] with a stride of 16: the same accesses,
 * but C2 on JDK 17 compiled that loop with the loaded value spilled to an XMM register before the
 * CAS, and an acquire+release pair on one thread cost 8.4 ns against 5.7 ns for this form
 * (issue 16, docs/records/performance-history.md).
 */
abstract class CounterPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class CounterField extends CounterPad0 {
    /** Spec: c[i]. Holders counted here (>= 0), or a sentinel (CLOSING, CLOSED). */
    volatile long holders;
}

/**
 * One counter of a {@link ShardedSession}, or one stripe of an {@link AdaptiveSession}: its value
 * between two 128-byte pads, and the atomic steps both sessions take on a counter, each one action
 * of {@code ShardedSession.tla} and {@code AdaptiveSession.tla} (the two specs name them alike).
 * The sessions' notes give the sentinels, the overflow limit and the memory ordering; the modes
 * are checked with both sessions' ({@code specs/session/memory/manifest.json}). {@code i} is the
 * counter's number as the trace records it: its index in a ShardedSession, its ticket (index + 1)
 * in an AdaptiveSession.
 */
final class Counter extends CounterField {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    /** The counter's {@code holders}, accessed only through the accessors at the end of this class. */
    private static final VarHandle COUNTER;

    static {
        try {
            COUNTER = MethodHandles.lookup().findVarHandle(CounterField.class, "holders", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * A new counter; the session publishes it through its final array (the final-field guarantee
     * covers what the constructor made reachable from it), or, a stripe, through the Inflate CAS.
     * Only tests start above 0.
     */
    Counter(long initial) {
        if (initial != 0) {
            holders = initial;
        }
    }

    /**
     * The step AcquireLoad until the counter is not CLOSING (a close in phase 1 commits or rolls
     * back): the count to CAS from. CLOSED, or a count that one more holder would overflow into
     * the CLOSING sentinel, throws.
     */
    long loadOpen(int i) {
        for (int spins = 0; ; ) {
            long v = acquireLoad(i);
            if (v >= 0 && v != MAX_HOLDERS) {
                return v;
            }
            if (v == CLOSING) {
                spins = Waits.idle(spins);
            } else {
                throw refused(v, i);
            }
        }
    }

    /** Why an acquire that loaded {@code v} (CLOSED, or MAX_HOLDERS) from counter {@code i} fails. */
    static IllegalStateException refused(long v, int i) {
        return v == CLOSED ? new IllegalStateException("Already closed")
                : new IllegalStateException("Session acquire limit exceeded: counter " + i + " already counts "
                        + MAX_HOLDERS + " holders (Long.MAX_VALUE); one more would overflow into the CLOSING sentinel");
    }

    /** Spec action AcquireLoad: {@code v = c[i]}, this counter, counter {@code i}. */
    private long acquireLoad(int i) {
        Trace.enter();
        long v = lvHolders();
        Trace.exit("AcquireLoad", "counter", i, "value", v);
        return v;
    }

    /** Spec action AcquireCas: {@code CAS(c[i], v, v + 1)}. */
    boolean acquireCas(int i, long v) {
        Trace.enter();
        boolean ok = casHolders(v, v + 1);
        Trace.exit("AcquireCas", "counter", i, "expected", v, "ok", ok ? 1 : 0);
        return ok;
    }

    /**
     * Releases one holder of counter {@code i}: the step ReleaseLoad, then the step Release, a CAS
     * from the value loaded, again until the CAS succeeds, refusing to go below one holder.
     */
    void releaseHolder(int i) {
        while (true) {
            long v = releaseLoad(i);
            checkHeld(v, i);
            if (release(i, v)) {
                return;
            }
        }
    }

    /**
     * Spec action ReleaseLoad (of the memory layer, AdaptiveSessionMemory.tla; ShardedSession.tla
     * has none): {@code v = c[i]}, the value the release CAS expects. It only feeds the CAS and the
     * check.
     */
    private long releaseLoad(int i) {
        Trace.enter();
        long v = lvHolders();
        Trace.exit("ReleaseLoad", "counter", i, "value", v);
        return v;
    }

    /** Spec action Release: {@code CAS(c[i], v, v - 1)} (the spec's step is the successful one). */
    private boolean release(int i, long v) {
        Trace.enter();
        boolean ok = casHolders(v, v - 1);
        Trace.exit("Release", "counter", i, "expected", v, "ok", ok ? 1 : 0);
        return ok;
    }

    /** A release that loaded {@code v} from counter {@code i} fails unless the counter has a holder. */
    static void checkHeld(long v, int i) {
        if (v < 1) {
            throw new IllegalStateException("release without acquire: counter " + i + " has no holder ("
                    + describe(v) + ")");
        }
    }

    /** Spec action CloseMark: {@code CAS(c[i], 0, CLOSING)}, returning the value found (0 on success). */
    long closeMark(int i) {
        Trace.enter();
        long witness = caeHolders(0L, CLOSING);
        Trace.exit("CloseMark", "counter", i, "witness", witness);
        return witness;
    }

    /** Spec action CloseRollback of one counter this close marked: {@code c[i] = 0} again. */
    void closeRollback(int i) {
        Trace.enter();
        soHolders(0L);
        Trace.exit("CloseRollback", "counter", i);
    }

    /** Spec action CloseCommit: {@code c[i] = CLOSED}; the sessions store it in counter order. */
    void closeCommit(int i) {
        Trace.enter();
        soHolders(CLOSED);
        Trace.exit("CloseCommit", "counter", i);
    }

    /** A counter's value as messages and toString show it. */
    static String describe(long v) {
        return v == CLOSED ? "CLOSED" : v == CLOSING ? "CLOSING" : String.valueOf(v);
    }

    /*
     * The accessors: one access each of `holders`, prefixed with its mode (the legend:
     * io.github.uncontended's package-info). The sessions' notes give why each mode.
     */

    /**
     * Volatile load, for the steps AcquireLoad and ReleaseLoad, and for the sessions' isAlive(),
     * monitoring and diagnostics.
     */
    long lvHolders() {
        return (long) COUNTER.getVolatile(this);
    }

    /**
     * Volatile compare-and-set, for the steps AcquireCas ({@code v -> v + 1}; no session property
     * needs its order, SessMemAcquireCasWeakPlain) and Release ({@code v -> v - 1}: release
     * semantics, the holder's accesses come first).
     */
    private boolean casHolders(long expect, long update) {
        return COUNTER.compareAndSet(this, expect, update);
    }

    /** Volatile compare-and-exchange, for the step CloseMark: returns the value found. */
    private long caeHolders(long expect, long update) {
        return (long) COUNTER.compareAndExchange(this, expect, update);
    }

    /**
     * Release store, for the steps CloseRollback and CloseCommit (issue 16). Rollback: opaque would
     * do (SessMemCloseRollbackOpaque): what the marks acquired reaches a later closer through the
     * marks, volatile writes that synchronize with every later volatile access of the counter (JLS
     * 17.4.4); on x86 a release store is a plain mov, a volatile one adds a locked instruction per
     * counter. Commit: TLC accepts release, since CLOSED on a later counter carries CLOSED on the
     * first in its view; opaque lets a failed acquire miss the close (SessMemCloseCommitOpaque).
     */
    private void soHolders(long value) {
        COUNTER.setRelease(this, value);
    }
}
