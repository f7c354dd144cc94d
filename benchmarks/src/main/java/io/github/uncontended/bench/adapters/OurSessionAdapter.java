package io.github.uncontended.bench.adapters;

import java.util.function.IntFunction;

import io.github.uncontended.bench.SessionAdapter;
import io.github.uncontended.session.Session;

/**
 * SessionBench impls "ShardedSession" and "AtomicSession": any {@link Session}; the token is the
 * ticket {@code acquire()} returns, given back to {@code release(int)}.
 */
public final class OurSessionAdapter implements SessionAdapter {
    private final IntFunction<Session> factory;
    private Session session;

    /** @param factory builds the session for the given number of benchmark threads */
    public OurSessionAdapter(IntFunction<Session> factory) {
        this.factory = factory;
    }

    @Override public void init(int threads) { session = factory.apply(threads); }
    @Override public long acquire() { return session.acquire(); }
    @Override public void release(long token) { session.release((int) token); }
}
