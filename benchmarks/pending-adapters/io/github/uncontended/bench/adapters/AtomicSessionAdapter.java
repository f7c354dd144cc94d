package io.github.uncontended.bench.adapters;

import io.github.uncontended.bench.SessionAdapter;
import io.github.uncontended.session.AtomicSession;

/**
 * SessionBench impl "AtomicSession". ASSUMED API (issue 5 text; the class did not exist on the
 * session branch at 14:15 UTC): {@code new AtomicSession()}, {@code acquire()}, {@code release()}.
 */
public final class AtomicSessionAdapter implements SessionAdapter {
    private AtomicSession session;

    @Override public void init(int threads) { session = new AtomicSession(); }
    @Override public long acquire() { session.acquire(); return 0L; }
    @Override public void release(long token) { session.release(); }
}
