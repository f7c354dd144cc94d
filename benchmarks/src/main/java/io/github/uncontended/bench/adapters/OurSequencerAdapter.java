package io.github.uncontended.bench.adapters;

import java.util.function.IntFunction;

import io.github.uncontended.bench.SequencerAdapter;
import io.github.uncontended.sequencer.AlertException;
import io.github.uncontended.sequencer.Sequencer;

/**
 * SequencerBench impls "PendingListSequencer" and "SpinSequencer": any {@link Sequencer} over a
 * {@code long[]} ring. Publisher: {@code next()}, write the slot, {@code publish(seq)}. Consumer:
 * {@code waitFor(next)} (the design's own wait: spin, then yield), add up every slot up to the
 * returned cursor, {@code markConsumed}: the Disruptor's BatchEventProcessor with a summing handler.
 *
 * <p>The slots are plain: the sequencer's release of the cursor and the consumer's acquire of it
 * order the writes before the reads, which is the contract being measured. At teardown
 * {@link #halt()} halts the sequencer: the consumer's {@code waitFor} ends with
 * {@link AlertException} once everything published is read.
 */
public final class OurSequencerAdapter implements SequencerAdapter {
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
    public void publishBatch(long value, int n) {
        long hi = sequencer.next(n);
        for (long s = hi - n + 1; s <= hi; s++) {
            slots[(int) s & mask] = value;
        }
        sequencer.publish(hi - n + 1, hi);
    }

    @Override
    public int drain() {
        if (stopped) {
            return 0;
        }
        long available;
        try {
            available = sequencer.waitFor(next);
        } catch (AlertException halted) {
            stopped = true;          // halted, and everything published has been read: never wait again
            return 0;
        }
        for (long s = next; s <= available; s++) {
            sum += slots[(int) s & mask];
        }
        int n = (int) (available - next + 1);
        next = available + 1;
        sequencer.markConsumed(available);
        return n;
    }

    /**
     * Halts the sequencer, once every publisher has returned: the consumer reads what is
     * published, and its next {@code waitFor} ends with {@link AlertException} instead of waiting
     * for a sequence nobody will publish.
     */
    @Override
    public void halt() {
        sequencer.halt();
    }
}
