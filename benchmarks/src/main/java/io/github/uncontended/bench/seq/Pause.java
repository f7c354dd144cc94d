package io.github.uncontended.bench.seq;

import java.util.concurrent.locks.LockSupport;

import io.github.uncontended.Waits;

/**
 * How a waiting thread of the matched harness pauses between two checks of its wait's condition,
 * round by round. The policies are the two designs' own, so that either can be given to both.
 */
public enum Pause {
    /** Ours ({@code WaitStrategy.yielding()}, {@link Waits#idle}): 64 rounds of {@code onSpinWait}, then {@code yield} each round. */
    SPIN_THEN_YIELD {
        @Override public void idle(int round) {
            Waits.idle(round);
        }
    },
    /**
     * The Disruptor's {@code YieldingWaitStrategy} (4.0.0): 100 rounds with no spin hint (its
     * round is a check of the barrier's alert flag and a load of the awaited sequence), then
     * {@code Thread.yield()} on every round.
     */
    YIELD_AFTER_100 {
        @Override public void idle(int round) {
            if (round >= 100) {
                Thread.yield();
            }
        }
    },
    /** The Disruptor's {@code MultiProducerSequencer.next()} on a full ring (4.0.0): {@code LockSupport.parkNanos(1)} each round. */
    PARK_1NS {
        @Override public void idle(int round) {
            LockSupport.parkNanos(1L);
        }
    };

    /** One pause; {@code round} counts this wait's pauses so far (0 at the first). */
    public abstract void idle(int round);
}
