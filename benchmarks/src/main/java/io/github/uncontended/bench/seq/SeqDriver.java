package io.github.uncontended.bench.seq;

/**
 * What the matched sequencer harness drives: a claim, a publish and the consumer's wait and mark,
 * each a call of the implementation (or, for the Disruptor driven directly, of its public API);
 * the payload and the consumer's loop are the harness's, the same for every implementation.
 */
public interface SeqDriver {
    /** Claims one sequence (may wait for the consumer to free its slot). */
    long next();

    /** Claims {@code n} consecutive sequences, returns the highest. */
    long next(int n);

    void publish(long sequence);

    void publish(long lo, long hi);

    /**
     * The consumer: waits until {@code sequence} is published, every sequence below it too, and
     * returns the highest sequence it found so; returns a value below {@code sequence} only once
     * {@link #halt()} was called (the consumer then stops).
     */
    long waitFor(long sequence);

    /** The consumer: every event up to {@code sequence} is read; its slots may be claimed again. */
    void markConsumed(long sequence);

    /** Teardown, after the publishers have returned: ends the consumer's wait. */
    void halt();
}
