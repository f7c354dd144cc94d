package io.github.uncontended.session;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The baseline: one atomic count of holders with a CLOSED sentinel, the scheme of the JDK's
 * shared sessions today ({@code specs/session/AtomicSession.tla}). Correct and simple; every
 * acquire and release of every thread CASes the same cache line, which is the scaling problem
 * {@link ShardedSession} exists for. The ticket is always 0.
 */
public final class AtomicSession implements Session {

    static final long CLOSED = Long.MIN_VALUE;

    /** The most holders the count holds: one more would wrap to CLOSED. */
    static final long MAX_HOLDERS = Long.MAX_VALUE;

    /** Padded by its own object: nothing else shares the line that matters here. */
    private final AtomicLong count;

    public AtomicSession() {
        this(0);
    }

    /** Tests only: the session starts with {@code holders} holders (the overflow limit cannot be reached by acquiring). */
    AtomicSession(long holders) {
        count = new AtomicLong(holders);
    }

    /**
     * Spec actions AcquireLoad and AcquireCas: a volatile load, then CAS(v, v + 1); at
     * {@link #MAX_HOLDERS} it fails instead of wrapping to CLOSED.
     */
    @Override
    public int acquire() {
        while (true) {
            long v = lvCount();
            if (v == CLOSED) {
                throw new IllegalStateException("Already closed");
            }
            if (v == MAX_HOLDERS) {
                throw new IllegalStateException("Session acquire limit exceeded: " + MAX_HOLDERS
                        + " holders (Long.MAX_VALUE); one more would overflow into the CLOSED sentinel");
            }
            if (casCount(v, v + 1)) {
                return 0;
            }
        }
    }

    /** Spec action Release: CAS(v, v - 1), refusing to go below one holder. */
    @Override
    public void release(int ticket) {
        if (ticket != 0) {
            throw new IllegalArgumentException("invalid ticket " + ticket + ": AtomicSession tickets are always 0");
        }
        while (true) {
            long v = lvCount();
            if (v < 1) {
                throw new IllegalStateException("release without acquire: no holder ("
                        + (v == CLOSED ? "CLOSED" : v) + ")");
            }
            if (casCount(v, v - 1)) {
                return;
            }
        }
    }

    /** Spec action Close: CAS(0, CLOSED). */
    @Override
    public void close() {
        long witness = caeCount(0, CLOSED);
        if (witness == CLOSED) {
            throw new IllegalStateException("Already closed");
        }
        if (witness != 0) {
            throw new IllegalStateException("Session is acquired (" + witness + " holder" + (witness == 1 ? "" : "s") + ")");
        }
    }

    @Override
    public boolean isAlive() {
        return lvCount() != CLOSED;
    }

    /*
     * The accessors (the legend: io.github.uncontended's package-info). Every access is volatile,
     * so this baseline's executions are sequentially consistent (specs/session/memory/manifest.json,
     * java.sequentiallyConsistent).
     */

    /** Volatile load of the count ({@code AtomicLong.get}): AcquireLoad, the release's load, and isAlive(). */
    private long lvCount() {
        return count.get();
    }

    /** Volatile compare-and-set of the count, for the steps AcquireCas ({@code v + 1}) and Release ({@code v - 1}). */
    private boolean casCount(long expect, long update) {
        return count.compareAndSet(expect, update);
    }

    /** Volatile compare-and-exchange of the count, for the step Close: returns the value found. */
    private long caeCount(long expect, long update) {
        return count.compareAndExchange(expect, update);
    }
}
