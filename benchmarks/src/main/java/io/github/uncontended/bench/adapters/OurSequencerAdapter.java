package io.github.uncontended.bench.adapters;

import java.util.function.IntFunction;

import io.github.uncontended.bench.SequencerAdapter;
import io.github.uncontended.sequencer.Sequencer;

/**
 * SequencerBench impls "PendingListSequencer" and "SpinSequencer": any {@link Sequencer} over a
 * {@code long[]} ring. Publisher: {@code next()}, write the slot, {@code publish(seq)}. Consumer:
 * {@code waitFor(next)} (the design's own wait: spin, then yield), add up every slot up to the
 * returned cursor, {@code markConsumed}: the Disruptor's BatchEventProcessor with a summing handler.
 *
 * <p>The slots are plain: the sequencer's release of the cursor and the consumer's acquire of it
 * order the writes before the reads, which is the contract being measured.
 */
public final class OurSequencerAdapter implements SequencerAdapter {
    /** Published once at teardown to wake a consumer waiting in {@code waitFor}; publishers write 42. */
    private static final long STOP = Long.MIN_VALUE;

    private final IntFunction<Sequencer> factory;
    private Sequencer sequencer;
    private long[] slots;
    private int mask;

    // Consumer-private state.
    private long next;
    private long sum;
    private boolean stopped;

    /** @param factory builds the sequencer for a ring of the given size */
    public OurSequencerAdapter(IntFunction<Sequencer> factory) {
        this.factory = factory;
    }

    @Override
    public void init(int capacity) {
        sequencer = factory.apply(capacity);
        slots = new long[capacity];
        mask = capacity - 1;
    }

    @Override
    public void publish(long value) {
        long seq = sequencer.next();
        slots[(int) seq & mask] = value;
        sequencer.publish(seq);
    }

    @Override
    public int drain() {
        if (stopped) {
            return 0;
        }
        long available = sequencer.waitFor(next);
        for (long s = next; s < available; s++) {
            sum += slots[(int) s & mask];
        }
        long last = slots[(int) available & mask];
        if (last == STOP) {
            stopped = true;          // the last sequence there will ever be: never wait again
        } else {
            sum += last;
        }
        int n = (int) (available - next + 1);
        next = available + 1;
        sequencer.markConsumed(available);
        return n;
    }

    /**
     * Publishes {@link #STOP}, once every publisher has returned and while the consumer still runs
     * (so the claim finds room): the consumer's {@code waitFor} returns, it sees STOP in the last
     * slot and never waits again. The Sequencer interface has no alert; this needs none.
     */
    @Override
    public void halt() {
        publish(STOP);
    }
}
