package io.github.uncontended.bench.adapters;

import io.github.uncontended.bench.SessionAdapter;
import io.github.uncontended.session.ShardedSession;

/**
 * SessionBench impl "ShardedSession". ASSUMED API (issue 5 text; the class did not exist on the
 * session branch at 14:15 UTC): {@code new ShardedSession(counters)} (power of two, at least the core count), {@code int acquire()} returning the ticket, {@code release(int ticket)}.
 */
public final class ShardedSessionAdapter implements SessionAdapter {
    private ShardedSession session;

    @Override
    public void init(int threads) {
        int n = Integer.highestOneBit(Math.max(Runtime.getRuntime().availableProcessors(), threads) * 2 - 1);
        session = new ShardedSession(n);
    }

    @Override public long acquire() { return session.acquire(); }
    @Override public void release(long token) { session.release((int) token); }
}
