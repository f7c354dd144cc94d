package io.github.uncontended.bench.adapters;

import io.github.uncontended.bench.SequencerAdapter;
import io.github.uncontended.sequencer.SpinSequencer;

/**
 * SequencerBench impl "SpinSequencer". ASSUMED API (issue 3 text; the class did not exist on the
 * sequencer branch at 14:15 UTC): {@code new SpinSequencer(bufferSize)}; {@code long next()} claims
 * (waiting while it would wrap the gating sequence); {@code publish(long)}; {@code long cursor()}
 * is the highest gap-free published sequence; {@code setGatingSequence(long)} is the consumer's
 * progress (frees slots). Sequences start at 0. Adjust the four calls to the merged interface.
 */
public final class SpinSequencerAdapter implements SequencerAdapter {
    private SpinSequencer sequencer;
    private long[] slots;
    private int mask;
    private long next;
    private long sum;

    @Override
    public void init(int capacity) {
        sequencer = new SpinSequencer(capacity);
        slots = new long[capacity];
        mask = capacity - 1;
    }

    @Override
    public void publish(long value) {
        long seq = sequencer.next();
        slots[(int) (seq & mask)] = value; // published by the sequencer's release on the cursor
        sequencer.publish(seq);
    }

    @Override
    public int drain() {
        long available = sequencer.cursor();
        if (available < next) {
            return 0;
        }
        for (long s = next; s <= available; s++) {
            sum += slots[(int) (s & mask)];
        }
        int n = (int) (available - next + 1);
        next = available + 1;
        sequencer.setGatingSequence(available);
        return n;
    }
}
