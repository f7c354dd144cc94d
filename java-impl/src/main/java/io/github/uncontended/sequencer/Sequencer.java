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
 * claimed once; the cursor only covers published sequences and never moves back, and it moves
 * over several sequences at once only when all of them are published (a batch, or a run of
 * parks); once every publish call has returned, the cursor covers every published sequence.
 * What is NOT promised: that the cursor covers a sequence as soon as its own publish call
 * returns. A publisher may return before a predecessor has published, leaving the cursor to
 * whoever publishes the gap.
 *
 * <p>Contract: a publisher publishes exactly the sequences it claimed, each once. Checking that
 * would cost a load of a contended line on every publish, so it is not checked.
 *
 * <p><b>Waits, and how to stop them.</b> Three calls may wait: {@link #next()} for a free slot,
 * {@link #publish(long)} (the pending-list sequencer: for room under its guard; the spin
 * baseline: for its turn), {@link #waitFor(long)} for the cursor. A {@link WaitStrategy} chosen
 * at construction says how they pause. {@link #halt()} ends every wait, at once and from then
 * on, with {@link AlertException}: that is how a consumer is stopped, without a sentinel event.
 * An interrupted waiting thread gets {@link WaitInterruptedException}, its interrupt status set.
 * <pre>{@code
 *   // consumer thread                         // at shutdown, once the publishers are done
 *   try {                                      sequencer.halt();
 *       for (long next = 0; ; ) {
 *           long available = sequencer.waitFor(next);
 *           ... read slots next..available ...
 *           sequencer.markConsumed(available);
 *           next = available + 1;
 *       }
 *   } catch (AlertException halted) {
 *       // everything published before the halt has been read
 *   }
 * }</pre>
 *
 * <p><b>A publisher stopped between claim and publish</b> (by a halt, an interrupt, an exception
 * of its own, or its thread's death) leaves its claimed sequence unpublished for good. The cursor
 * stops just below it; publishers after it still claim, and then wait (the pending-list guard
 * lets them park at most pendingSize ahead; the spin baseline waits for its turn); the consumer
 * waits in {@code waitFor}. Nothing else breaks: no sequence is lost or published twice. The
 * state shows as {@code cursor() < claimed()} that does not change; the only way out is
 * {@link #halt()}, and the {@link AlertException}s it raises name the cursor and the claims. The
 * Disruptor has the same property: a claim is a promise to publish.
 */
public interface Sequencer {

    /** The ring size, a power of two. */
    int bufferSize();

    /**
     * Claims the next sequence, waiting while its slot still holds an unconsumed event.
     *
     * @throws AlertException if the sequencer is halted while the claim waits (the sequence stays
     *         claimed, unpublished)
     * @throws WaitInterruptedException if the thread is interrupted while the claim waits (the
     *         same)
     */
    long next();

    /**
     * Claims {@code n} consecutive sequences and returns the highest; the lowest is the result
     * minus {@code n - 1}.
     *
     * @throws IllegalArgumentException if {@code n} is below 1 or above what one batch may hold
     * @throws AlertException as {@link #next()}
     * @throws WaitInterruptedException as {@link #next()}
     */
    long next(int n);

    /**
     * Publishes one claimed sequence.
     *
     * @throws AlertException if the sequencer is halted while the publish waits (the sequence
     *         stays unpublished)
     * @throws WaitInterruptedException if the thread is interrupted while the publish waits (the
     *         same)
     */
    void publish(long sequence);

    /**
     * Publishes the claimed sequences {@code lo..hi}.
     *
     * @throws IllegalArgumentException if {@code hi < lo} or the range is larger than a batch
     * @throws AlertException as {@link #publish(long)}
     * @throws WaitInterruptedException as {@link #publish(long)}
     */
    void publish(long lo, long hi);

    /** The highest sequence up to which everything is published; -1 before the first. */
    long cursor();

    /**
     * Consumer side: waits until the cursor reaches {@code sequence}, and returns the cursor.
     *
     * @throws AlertException if the sequencer is halted while the call waits: everything published
     *         before is below the cursor this call would have waited past
     * @throws WaitInterruptedException if the thread is interrupted while the call waits
     */
    long waitFor(long sequence);

    /** Consumer side: every event up to {@code sequence} has been read; its slots may be reused. */
    void markConsumed(long sequence);

    /**
     * Stops every wait of this sequencer, now and from now on, with {@link AlertException}: a
     * consumer in {@link #waitFor(long)} and publishers waiting for a slot or for room. Calls that
     * need not wait still complete, so a consumer reads everything published before its next wait
     * fails. A waiting thread notices within one pause of its {@link WaitStrategy}. Final: a halted
     * sequencer stays halted.
     */
    void halt();

    /** True once {@link #halt()} was called. */
    boolean isHalted();
}
