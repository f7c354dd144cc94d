package io.github.uncontended.session.broken;

import io.github.uncontended.Trace;
import io.github.uncontended.Waits;
import io.github.uncontended.session.Session;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * BROKEN, test sources only: sibling (l) of specs/session/broken/RechooseOldTicket.tla in Java. The same
 * counters, release and two-phase close as ShardedSession with {@code CounterChoice.RECHOOSE},
 * every thread starting on counter 0 (the colliding case re-choosing is for), except that an
 * acquire whose CAS failed and which then succeeded on another counter returns the counter it
 * started on as its ticket ({@code return first} where {@code return i} was meant). Its release
 * then takes a holder from a counter it did not add one to. Same Trace hooks as ShardedSession.
 */
public final class RechooseOldTicketSession implements Session {
    public static final long CLOSING = Long.MIN_VALUE;
    public static final long CLOSED = Long.MIN_VALUE + 1;
    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] counters;
    private final int mask;

    public RechooseOldTicketSession(int counters) {
        this.counters = new long[counters];
        this.mask = counters - 1;
    }

    @Override
    public int acquire() {
        int first = 0;
        int i = first;
        for (int spins = 0; ; ) {
            Trace.enter();
            long v = (long) COUNTER.getVolatile(counters, i);
            Trace.exit("AcquireLoad", "counter", i, "value", v);
            if (v == CLOSED) {
                throw new IllegalStateException("Already closed");
            }
            if (v == CLOSING) {
                spins = Waits.idle(spins);
                continue;
            }
            Trace.enter();
            boolean ok = COUNTER.compareAndSet(counters, i, v, v + 1);
            Trace.exit("AcquireCas", "counter", i, "expected", v, "ok", ok ? 1 : 0);
            if (ok) {
                return first;                                    // BROKEN: i is the counter incremented
            }
            i = (i + 1) & mask;                                  // re-choose: another counter
        }
    }

    @Override
    public void release(int ticket) {
        while (true) {
            Trace.enter();
            long v = (long) COUNTER.getVolatile(counters, ticket);
            Trace.exit("ReleaseLoad", "counter", ticket, "value", v);
            if (v < 1) {
                throw new IllegalStateException("release without acquire: counter " + ticket + " has no holder");
            }
            Trace.enter();
            boolean ok = COUNTER.compareAndSet(counters, ticket, v, v - 1);
            Trace.exit("Release", "counter", ticket, "expected", v, "ok", ok ? 1 : 0);
            if (ok) {
                return;
            }
        }
    }

    @Override
    public void close() {
        for (int i = 0; i <= mask; i++) {
            Trace.enter();
            long witness = (long) COUNTER.compareAndExchange(counters, i, 0L, CLOSING);
            Trace.exit("CloseMark", "counter", i, "witness", witness);
            if (witness != 0) {
                for (int j = 0; j < i; j++) {
                    Trace.enter();
                    COUNTER.setRelease(counters, j, 0L);
                    Trace.exit("CloseRollback", "counter", j);
                }
                throw new IllegalStateException(witness == CLOSED ? "Already closed"
                        : witness == CLOSING ? "Session is being closed by another thread" : "Session is acquired");
            }
        }
        for (int i = 0; i <= mask; i++) {
            Trace.enter();
            COUNTER.setRelease(counters, i, CLOSED);
            Trace.exit("CloseCommit", "counter", i);
        }
    }

    @Override
    public boolean isAlive() {
        return (long) COUNTER.getVolatile(counters, 0) != CLOSED;
    }
}
