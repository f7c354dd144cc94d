package io.github.uncontended.bench.seq;

import io.github.uncontended.sequencer.AlertException;
import io.github.uncontended.sequencer.Sequencer;

/** One of our {@link Sequencer}s, called as a user calls it; its waits are its own (its {@code WaitStrategy}). */
public final class OurDriver implements SeqDriver {
    private final Sequencer sequencer;

    public OurDriver(Sequencer sequencer) {
        this.sequencer = sequencer;
    }

    @Override public long next() { return sequencer.next(); }
    @Override public long next(int n) { return sequencer.next(n); }
    @Override public void publish(long sequence) { sequencer.publish(sequence); }
    @Override public void publish(long lo, long hi) { sequencer.publish(lo, hi); }

    @Override
    public long waitFor(long sequence) {
        try {
            return sequencer.waitFor(sequence);
        } catch (AlertException halted) {
            return sequence - 1;
        }
    }

    @Override public void markConsumed(long sequence) { sequencer.markConsumed(sequence); }
    @Override public void halt() { sequencer.halt(); }

    @Override
    public String toString() {
        return sequencer.toString();
    }
}
