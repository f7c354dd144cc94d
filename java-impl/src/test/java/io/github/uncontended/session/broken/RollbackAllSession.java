package io.github.uncontended.session.broken;

import io.github.uncontended.Trace;
import io.github.uncontended.Waits;
import io.github.uncontended.session.Session;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntConsumer;

/**
 * BROKEN, test sources only: sibling (a) of specs/session/broken/RollbackAll.tla in Java. The same
 * counters, acquire, release and two-phase close as ShardedSession, except that a failed close
 * resets EVERY counter it finds CLOSING, another closer's marks included; that closer then
 * commits over an acquire that slipped in. Its steps carry the same Trace hooks as ShardedSession.
 * The loads its rollback makes to find CLOSING counters correspond to no spec action and are not
 * recorded: trace validation rejects it at the first store that resets a counter this call did
 * not mark (SessionTraceRecordingTest).
 *
 * <p>A recording forces the order that shows the bug through {@link #RollbackAllSession(int,
 * IntConsumer)}'s hook, which runs between two steps of a close and so only delays it, as a
 * scheduler may.
 */
public final class RollbackAllSession implements Session {
    public static final long CLOSING = Long.MIN_VALUE;
    public static final long CLOSED = Long.MIN_VALUE + 1;
    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] counters;
    private final int mask;
    private final IntConsumer afterMark;

    public RollbackAllSession(int counters) {
        this(counters, i -> { });
    }

    /** {@code afterMark} runs after each CloseMark that marked its counter, with the counter's index. */
    public RollbackAllSession(int counters, IntConsumer afterMark) {
        this.counters = new long[counters];
        this.mask = counters - 1;
        this.afterMark = afterMark;
    }

    @Override
    public int acquire() {
        return acquireOn((int) Thread.currentThread().getId() & mask);
    }

    /** Acquires through counter {@code i}: lets a test pin a holder to the last counter. */
    public int acquireOn(int i) {
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
                return i;
            }
        }
    }

    @Override
    public void release(int ticket) {
        while (true) {
            Trace.enter();
            long v = (long) COUNTER.getVolatile(counters, ticket);
            Trace.exit("ReleaseLoad", "counter", ticket, "value", v);
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
                for (int j = 0; j <= mask; j++) {                  // BROKEN: every CLOSING counter, not just ours
                    if (j != i && (long) COUNTER.getVolatile(counters, j) == CLOSING) {
                        Trace.enter();
                        COUNTER.setVolatile(counters, j, 0L);
                        Trace.exit("CloseRollback", "counter", j);
                    }
                }
                throw new IllegalStateException(witness == CLOSED ? "Already closed" : "Session is busy");
            }
            afterMark.accept(i);
        }
        for (int i = 0; i <= mask; i++) {
            Trace.enter();
            COUNTER.setVolatile(counters, i, CLOSED);
            Trace.exit("CloseCommit", "counter", i);
        }
    }

    @Override
    public boolean isAlive() {
        return (long) COUNTER.getVolatile(counters, 0) != CLOSED;
    }
}
