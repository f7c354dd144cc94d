package io.github.uncontended.sequencer;

/**
 * The baseline: publish waits, spinning, until the cursor reaches the sequence just before its
 * own, then sets the cursor. Simple and safe (model SeqSpinSafe), but a publisher can do nothing
 * until every predecessor has been scheduled and has published: with more publishers than cores,
 * that wait spans scheduler time slices, and throughput collapses (model SeqSpinUnbounded, and the
 * LMAX "Concurrent Sequencing" measurements of 56 ops/s against 1.25M for a BlockingQueue).
 * The publish wait is a pure busy spin, as in the strategy those measurements are of; the claim
 * and consumer waits it shares with {@link PendingListSequencer} spin, then yield.
 */
public final class SpinSequencer extends AbstractSequencer {

    /** @param bufferSize ring size, a power of two; also the largest batch */
    public SpinSequencer(int bufferSize) {
        this(bufferSize, WaitStrategy.yielding());
    }

    /**
     * @param bufferSize ring size, a power of two; also the largest batch
     * @param waitStrategy how the claim's and the consumer's waits pause (the publish wait is a
     *        busy spin whatever it is: that is the baseline being measured)
     */
    public SpinSequencer(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, bufferSize, waitStrategy);
    }

    /**
     * Spec actions SpinRead (acquire load of the cursor until it is {@code lo - 1}: pairs with the
     * predecessor's release) and SpinSet (release store of {@code hi}: publishes this publisher's
     * event writes to the consumer). Only the publisher whose turn it is writes the cursor. The
     * spin is a busy one whatever the wait strategy, but a halt or an interrupt still stops it.
     */
    @Override
    public void publish(long lo, long hi) {
        checkRange(lo, hi);
        while (laCursor() != lo - 1) {
            checkStop(Wait.TURN, lo, hi);
            Thread.onSpinWait();
        }
        soCursor(hi);
    }
}
