package io.github.uncontended.bench;

/** An acquire/release session: {@link SessionBench} measures one acquire+release pair. */
public interface SessionAdapter {
    void init(int threads);

    /** Enters the session; returns a token given back to {@link #release(long)}. */
    long acquire();

    void release(long token);
}
