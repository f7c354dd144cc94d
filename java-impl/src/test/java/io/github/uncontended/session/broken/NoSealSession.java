package io.github.uncontended.session.broken;

import io.github.uncontended.Trace;
import io.github.uncontended.Waits;
import io.github.uncontended.session.Session;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * BROKEN, test sources only: sibling (m) of specs/session/broken/AdaptNoSeal.tla in Java. The base
 * counter, the stripes published by an inflate CAS, and the two-phase close of AdaptiveSession,
 * except that the close only LOADS the stripes reference after marking the base, where it should
 * seal it: finding none, it commits the base alone. An acquire whose base CAS failed against that
 * mark then inflates and acquires a stripe no close ever marks: a holder in a closed session.
 * Stripes are one {@code long[]} (stripe ticket i is element i - 1); the thread id picks the
 * stripe. Same Trace hooks as AdaptiveSession (the broken load is recorded as its CloseSeal).
 */
public final class NoSealSession implements Session {
    public static final long CLOSING = Long.MIN_VALUE;
    public static final long CLOSED = Long.MIN_VALUE + 1;
    private static final VarHandle BASE;
    private static final VarHandle CELLS;
    private static final VarHandle STRIPE = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            BASE = MethodHandles.lookup().findVarHandle(NoSealSession.class, "base", long.class);
            CELLS = MethodHandles.lookup().findVarHandle(NoSealSession.class, "cells", long[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long base;
    private volatile long[] cells;
    private final int stripes;

    public NoSealSession(int stripes) {
        this.stripes = stripes;
    }

    @Override
    public int acquire() {
        Trace.enter();
        long[] cs = (long[]) CELLS.getAcquire(this);
        int found = cs == null ? 0 : 1;
        Trace.exit("LoadCells", "found", found);
        if (cs != null) {
            return acquireStripe(cs);
        }
        for (int spins = 0; ; ) {
            Trace.enter();
            long v = (long) BASE.getVolatile(this);
            Trace.exit("AcquireLoad", "counter", 0, "value", v);
            if (v == CLOSED) {
                throw new IllegalStateException("Already closed");
            }
            if (v == CLOSING) {
                spins = Waits.idle(spins);
                continue;
            }
            Trace.enter();
            boolean ok = BASE.compareAndSet(this, v, v + 1);
            Trace.exit("AcquireCas", "counter", 0, "expected", v, "ok", ok ? 1 : 0);
            return ok ? 0 : acquireAfterFailedBaseCas();
        }
    }

    /** As AdaptiveSession's: the rest of an acquire whose base CAS failed (public for jcstress). */
    public int acquireAfterFailedBaseCas() {
        long[] fresh = new long[stripes];
        Trace.enter();
        long[] witness = (long[]) CELLS.compareAndExchange(this, (long[]) null, fresh);
        int found = witness == null ? 0 : 1;
        Trace.exit("Inflate", "found", found);
        return acquireStripe(witness == null ? fresh : witness);   // there is no seal to find
    }

    private int acquireStripe(long[] cs) {
        int i = (int) (Thread.currentThread().getId() & (stripes - 1));
        for (int spins = 0; ; ) {
            Trace.enter();
            long v = (long) STRIPE.getVolatile(cs, i);
            Trace.exit("AcquireLoad", "counter", i + 1, "value", v);
            if (v == CLOSED) {
                throw new IllegalStateException("Already closed");
            }
            if (v == CLOSING) {
                spins = Waits.idle(spins);
                continue;
            }
            Trace.enter();
            boolean ok = STRIPE.compareAndSet(cs, i, v, v + 1);
            Trace.exit("AcquireCas", "counter", i + 1, "expected", v, "ok", ok ? 1 : 0);
            if (ok) {
                return i + 1;
            }
        }
    }

    @Override
    public void release(int ticket) {
        long[] cs = null;
        if (ticket != 0) {
            Trace.enter();
            cs = (long[]) CELLS.getAcquire(this);
            int found = cs == null ? 0 : 1;
            Trace.exit("ReleaseLoadCells", "found", found);
        }
        while (true) {
            Trace.enter();
            long v = ticket == 0 ? (long) BASE.getVolatile(this) : (long) STRIPE.getVolatile(cs, ticket - 1);
            Trace.exit("ReleaseLoad", "counter", ticket, "value", v);
            if (v < 1) {
                throw new IllegalStateException("release without acquire: counter " + ticket + " has no holder");
            }
            Trace.enter();
            boolean ok = ticket == 0 ? BASE.compareAndSet(this, v, v - 1) : STRIPE.compareAndSet(cs, ticket - 1, v, v - 1);
            Trace.exit("Release", "counter", ticket, "expected", v, "ok", ok ? 1 : 0);
            if (ok) {
                return;
            }
        }
    }

    @Override
    public void close() {
        Trace.enter();
        long witness = (long) BASE.compareAndExchange(this, 0L, CLOSING);
        Trace.exit("CloseMark", "counter", 0, "witness", witness);
        if (witness != 0) {
            throw refused(witness);
        }
        Trace.enter();
        long[] cs = (long[]) CELLS.getVolatile(this);           // BROKEN: a load; AdaptiveSession seals it by CAS
        int found = cs == null ? 0 : 1;
        Trace.exit("CloseSeal", "found", found);
        if (cs != null) {
            for (int i = 0; i < stripes; i++) {
                Trace.enter();
                witness = (long) STRIPE.compareAndExchange(cs, i, 0L, CLOSING);
                Trace.exit("CloseMark", "counter", i + 1, "witness", witness);
                if (witness != 0) {
                    Trace.enter();
                    BASE.setRelease(this, 0L);
                    Trace.exit("CloseRollback", "counter", 0);
                    for (int j = 0; j < i; j++) {
                        Trace.enter();
                        STRIPE.setRelease(cs, j, 0L);
                        Trace.exit("CloseRollback", "counter", j + 1);
                    }
                    throw refused(witness);
                }
            }
        }
        Trace.enter();
        BASE.setRelease(this, CLOSED);
        Trace.exit("CloseCommit", "counter", 0);
        for (int i = 0; cs != null && i < stripes; i++) {
            Trace.enter();
            STRIPE.setRelease(cs, i, CLOSED);
            Trace.exit("CloseCommit", "counter", i + 1);
        }
    }

    private static IllegalStateException refused(long witness) {
        return new IllegalStateException(witness == CLOSED ? "Already closed"
                : witness == CLOSING ? "Session is being closed by another thread" : "Session is acquired");
    }

    @Override
    public boolean isAlive() {
        return (long) BASE.getVolatile(this) != CLOSED;
    }
}
