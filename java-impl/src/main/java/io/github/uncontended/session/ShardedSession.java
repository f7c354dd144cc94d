package io.github.uncontended.session;

import io.github.uncontended.Trace;
import io.github.uncontended.Waits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A session whose holders are counted in {@code N} counters, one per cache-line pair, so that
 * threads acquiring and releasing on different counters do not contend: the split-counter
 * design proposed for the JDK's shared sessions (openjdk/jdk PR 28575). Closing must still race
 * correctly with acquires, which a plain {@code LongAdder} cannot do (its sum is not atomic with
 * any liveness flag: sibling {@code LongAdderSession.tla}); hence the two-phase close.
 *
 * <p>Each atomic step is one action of {@code specs/session/ShardedSession.tla}; TLC checks it
 * refines the abstract {@code Session.tla}, and rejects nine broken siblings.
 */
public final class ShardedSession implements Session {

    /*
     * Implementation notes.
     *
     * A counter holds the number of holders that acquired through it (>= 0), or a sentinel:
     * CLOSING (a close's phase 1 marked it) or CLOSED. The sentinels are far below any count, so a
     * count that went negative would not read as a sentinel. A count never reaches them from
     * above either: an acquire that loads Long.MAX_VALUE (MAX_HOLDERS) fails instead of CASing it
     * to MAX + 1 = CLOSING, as the JDK's sessions refuse nested acquires past their limit. The
     * specs bound the holders by the threads and never come near it.
     *
     *   acquire   AcquireLoad  v = c[i] (i = this thread's home counter); CLOSED: fail;
     *                          CLOSING: spin and load again
     *             AcquireCas   CAS(c[i], v, v + 1); failure: load again; success: ticket i
     *   release   Release      CAS(c[t], v, v - 1) for the ticket t, v >= 1 (checked: a
     *                          release with no holder fails instead of corrupting the count)
     *   close     CloseMark    for i in order: CAS(c[i], 0, CLOSING); a busy counter (holders,
     *                          another closer's mark, CLOSED) sends us to
     *             CloseRollback  c[j] = 0 for the counters THIS call marked (0..i-1), then fail
     *             CloseCommit  c[i] = CLOSED for every i, in order
     *
     * The close linearizes at its last successful CloseMark: from then on every counter is
     * CLOSING or CLOSED, so no acquire can succeed, and each counter was 0 when marked, so there
     * is no holder. A rollback resets only this call's marks: resetting another closer's marks
     * lets that closer commit over an acquire that slipped in (sibling RollbackAll.tla).
     *
     * Two closes at once. Every close marks counter 0 first, so of two closes of a session nobody
     * holds, the first to mark counter 0 succeeds and the other fails ("being closed by another
     * thread", or "Already closed" once counter 0 is CLOSED): exactly one succeeds, as with the
     * JDK 22+ close, which is one CAS (ShardedSession.tla: IdleClosesOneSucceeds; closers that
     * started at different counters could both fail, sibling OwnStartClose.tla). Unlike that
     * close, the loser may return while the winner is still marking (isAlive() is still true),
     * and with holders coming and going the winner may then roll back, so both fail. A close
     * never waits for another close; what the spec promises is IdleCloseSucceeds: a close fails
     * only while the session is held, closed, or being closed by another call.
     *
     * Memory ordering (checked on weak hardware: specs/session/memory, docs/memory-model.md):
     * every counter access is volatile or a CAS. The acquire CAS orders the holder's accesses
     * after it, the release CAS before it (SessMemReleaseAcquire); a close's CAS(0, CLOSING) reads
     * that 0, so they happen before the commit (SessMemCloseMarkRelease). CLOSED is stored in
     * counter order and isAlive() reads counter 0: an acquire that saw CLOSED sees the session dead.
     *
     * Layout: counter i lives at index i * STRIDE of a long[]: 128 bytes apart (adjacent-line
     * prefetch pairs 64-byte lines), with a free pair before the first.
     */

    static final long CLOSING = Long.MIN_VALUE;
    static final long CLOSED = Long.MIN_VALUE + 1;
    /** The most holders a counter counts: one more would wrap to CLOSING. */
    static final long MAX_HOLDERS = Long.MAX_VALUE;
    /** Longs between two counters: 16 x 8 = 128 bytes. */
    static final int STRIDE = 16;

    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] counters;
    private final int mask;

    /** @param counters the number of counters, a power of two, at least the number of cores */
    public ShardedSession(int counters) {
        this(counters, 0);
    }

    /**
     * Tests only: every counter starts with {@code holders} holders, a state no test can reach by
     * acquiring (the overflow limit). Plain stores to a new array, published with the session.
     */
    ShardedSession(int counters, long holders) {
        if (counters < 1 || Integer.bitCount(counters) != 1) {
            throw new IllegalArgumentException("counters must be a power of two >= 1, got " + counters);
        }
        this.counters = new long[(counters + 1) * STRIDE];
        this.mask = counters - 1;
        for (int i = 0; i < counters; i++) {
            this.counters[index(i)] = holders;
        }
    }

    /** A session with one counter per available processor, rounded up to a power of two. */
    public static ShardedSession forAvailableProcessors() {
        int cores = Runtime.getRuntime().availableProcessors();
        return new ShardedSession(Integer.highestOneBit(Math.max(1, cores - 1)) << 1);
    }

    /** How many counters the holders are spread over. */
    public int counters() {
        return mask + 1;
    }

    /**
     * The counter the calling thread acquires through: its id, masked, the same stable map as the
     * sharded buffer's shards. Thread ids are handed out in sequence, so threads started together
     * (a pool, a benchmark's workers) land on distinct counters; a hash of the id spread them at
     * random instead, and two JMH workers shared one counter in half the 2-thread trials.
     */
    int home() {
        return (int) Thread.currentThread().getId() & mask;
    }

    @Override
    public int acquire() {
        int i = home();
        for (int spins = 0; ; ) {
            long v = acquireLoad(i);
            if (v == CLOSED) {
                throw new IllegalStateException("Already closed");
            }
            if (v == CLOSING) {
                spins = Waits.idle(spins);   // a close is in phase 1: it commits or rolls back
                continue;
            }
            if (v == MAX_HOLDERS) {
                throw new IllegalStateException("Session acquire limit exceeded: counter " + i + " already counts "
                        + MAX_HOLDERS + " holders (Long.MAX_VALUE); one more would overflow into the CLOSING sentinel");
            }
            if (acquireCas(i, v)) {
                return i;
            }
        }
    }

    /** Spec action AcquireLoad: a volatile load of the home counter. */
    private long acquireLoad(int i) {
        Trace.enter();
        long v = (long) COUNTER.getVolatile(counters, index(i));
        Trace.exit("AcquireLoad", "counter", i, "value", v);
        return v;
    }

    /** Spec action AcquireCas: CAS(v, v + 1); its acquire semantics order the holder's accesses after it. */
    private boolean acquireCas(int i, long v) {
        Trace.enter();
        boolean ok = COUNTER.compareAndSet(counters, index(i), v, v + 1);
        Trace.exit("AcquireCas", "counter", i, "expected", v, "ok", ok ? 1 : 0);
        return ok;
    }

    /**
     * Spec action Release: CAS(v, v - 1) on the ticket's counter, refusing to go below one holder.
     * The load before it (ReleaseLoad in a trace) only feeds the CAS and the check; the spec's
     * Release is the successful CAS.
     */
    @Override
    public void release(int ticket) {
        if (ticket < 0 || ticket > mask) {
            throw new IllegalArgumentException("invalid ticket " + ticket + ": tickets are 0.." + mask);
        }
        int at = index(ticket);
        while (true) {
            Trace.enter();
            long v = (long) COUNTER.getVolatile(counters, at);
            Trace.exit("ReleaseLoad", "counter", ticket, "value", v);
            if (v < 1) {
                throw new IllegalStateException("release without acquire: counter " + ticket + " has no holder ("
                        + describe(v) + ")");
            }
            Trace.enter();
            boolean ok = COUNTER.compareAndSet(counters, at, v, v - 1);   // release semantics: the holder's accesses come first
            Trace.exit("Release", "counter", ticket, "expected", v, "ok", ok ? 1 : 0);
            if (ok) {
                return;
            }
        }
    }

    @Override
    public void close() {
        for (int i = 0; i <= mask; i++) {
            long witness = closeMark(i);
            if (witness != 0) {
                closeRollback(i);
                if (witness == CLOSED) {
                    throw new IllegalStateException("Already closed");
                }
                if (witness == CLOSING) {
                    throw new IllegalStateException("Session is being closed by another thread");
                }
                throw new IllegalStateException("Session is acquired (" + witness + " holder"
                        + (witness == 1 ? "" : "s") + " on counter " + i + ")");
            }
        }
        for (int i = 0; i <= mask; i++) {
            closeCommit(i);
        }
    }

    /** Spec action CloseMark: CAS(0, CLOSING), returning the value found (0 on success). */
    private long closeMark(int i) {
        Trace.enter();
        long witness = (long) COUNTER.compareAndExchange(counters, index(i), 0L, CLOSING);
        Trace.exit("CloseMark", "counter", i, "witness", witness);
        return witness;
    }

    /** Spec action CloseRollback: reset the counters this call marked, 0..upTo-1 (volatile stores). */
    private void closeRollback(int upTo) {
        for (int j = 0; j < upTo; j++) {
            Trace.enter();
            COUNTER.setVolatile(counters, index(j), 0L);
            Trace.exit("CloseRollback", "counter", j);
        }
    }

    /** Spec action CloseCommit: CLOSED, a volatile store, in counter order. */
    private void closeCommit(int i) {
        Trace.enter();
        COUNTER.setVolatile(counters, index(i), CLOSED);
        Trace.exit("CloseCommit", "counter", i);
    }

    @Override
    public boolean isAlive() {
        return (long) COUNTER.getVolatile(counters, index(0)) != CLOSED;
    }

    /** The holders of counter i right now, or -1 if it holds a sentinel (tests and monitoring). */
    public long holders(int i) {
        long v = (long) COUNTER.getVolatile(counters, index(i));
        return v < 0 ? -1 : v;
    }

    private static int index(int i) {
        return (i + 1) * STRIDE;
    }

    private static String describe(long v) {
        return v == CLOSED ? "CLOSED" : v == CLOSING ? "CLOSING" : String.valueOf(v);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ShardedSession[");
        for (int i = 0; i <= mask; i++) {
            sb.append(i == 0 ? "" : ", ").append(describe((long) COUNTER.getVolatile(counters, index(i))));
        }
        return sb.append(']').toString();
    }
}
