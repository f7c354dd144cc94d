package io.github.uncontended.sequencer;

/**
 * Hands out sequence numbers of a ring buffer to several publishers and makes them visible to one
 * consumer in order, the way the LMAX Disruptor's multi-producer sequencers do.
 *
 * <p>A publisher {@linkplain #next() claims} a sequence, writes its event into the ring slot
 * {@code sequence & (bufferSize() - 1)}, and {@linkplain #publish(long) publishes} it. The
 * {@linkplain #cursor() cursor} is the highest sequence up to which every sequence is published:
 * a consumer may read every slot up to it ({@link #waitFor(long)}), and reports its progress with
 * {@link #markConsumed(long)}, which frees those slots for later claims.
 *
 * <p>What is promised (the abstract spec {@code specs/sequencer/Sequencer.tla}): each sequence is
 * claimed once; the cursor only covers published sequences and moves forward one sequence at a
 * time; once every publish call has returned, the cursor covers every published sequence. What is
 * NOT promised: that the cursor covers a sequence as soon as its own publish call returns. A
 * publisher may return before a predecessor has published, leaving the cursor to whoever
 * publishes the gap.
 *
 * <p>Contract: a publisher publishes exactly the sequences it claimed, each once. Checking that
 * would cost a load of a contended line on every publish, so it is not checked.
 */
public interface Sequencer {

    /** The ring size, a power of two. */
    int bufferSize();

    /** Claims the next sequence, waiting while its slot still holds an unconsumed event. */
    long next();

    /**
     * Claims {@code n} consecutive sequences and returns the highest; the lowest is the result
     * minus {@code n - 1}.
     *
     * @throws IllegalArgumentException if {@code n} is below 1 or above what one batch may hold
     */
    long next(int n);

    /** Publishes one claimed sequence. */
    void publish(long sequence);

    /**
     * Publishes the claimed sequences {@code lo..hi}.
     *
     * @throws IllegalArgumentException if {@code hi < lo} or the range is larger than a batch
     */
    void publish(long lo, long hi);

    /** The highest sequence up to which everything is published; -1 before the first. */
    long cursor();

    /** Consumer side: waits until the cursor reaches {@code sequence}, and returns the cursor. */
    long waitFor(long sequence);

    /** Consumer side: every event up to {@code sequence} has been read; its slots may be reused. */
    void markConsumed(long sequence);
}
