package io.github.uncontended.bench.seq;

import io.github.uncontended.sequencer.WaitStrategy;

/**
 * A {@link WaitStrategy} for our sequencers in the matched harness: the consumer thread pauses
 * with one policy, every other thread (a publisher: a claim on a full ring, the pending list's
 * guard) with another. Our sequencers take one strategy for all their waits; the Disruptor's
 * claim parks 1 ns whatever its consumer does, so matching the two needs the split. Each round
 * costs one {@code Thread.currentThread()} comparison more than the policy alone; the fast path
 * never calls it.
 */
public final class SplitWait implements WaitStrategy {
    private final Thread consumer;
    private final Pause consumerPause;
    private final Pause publisherPause;

    public SplitWait(Thread consumer, Pause consumerPause, Pause publisherPause) {
        this.consumer = consumer;
        this.consumerPause = consumerPause;
        this.publisherPause = publisherPause;
    }

    @Override
    public void idle(int round) {
        if (Thread.currentThread() == consumer) {
            consumerPause.idle(round);
        } else {
            publisherPause.idle(round);
        }
    }

    @Override
    public String toString() {
        return "split(consumer " + consumerPause + ", publishers " + publisherPause + ")";
    }
}
