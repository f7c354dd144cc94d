package io.github.uncontended.sequencer;

import static io.github.uncontended.Allocations.assertAllocatesNothing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sequencers allocate nothing on a claim, a publish, the consumer's wait and its mark, batch
 * or single, nor while any of them waits (issue 48, item 5; {@link io.github.uncontended.Allocations}
 * says how it is counted). Each wait is made to happen on every unit of work, on one thread and
 * deterministically: the sequencer's {@link WaitStrategy} is an {@link EndsAtRound}, which at
 * its third pause takes the step that ends the wait (the consumer frees one slot, the missing
 * sequence is published), so every measured claim, consumer wait or guard passes through exactly
 * three rounds of the sequencer's own wait loop, its halt and interrupt checks included. The
 * spin baseline's turn wait spins whatever the strategy, so it cannot be driven this way; its
 * rounds call the same {@code checkStop} as the waits measured here.
 */
@Timeout(value = 60, threadMode = SEPARATE_THREAD)   // each case well under a second
class SequencerAllocationTest {
    /** Units of work per run. */
    static final int UNITS = 20_000;

    static Stream<Arguments> sequencers() {
        return Stream.of(
                Arguments.of("AvailabilitySequencer",
                        (BiFunction<Integer, WaitStrategy, Sequencer>) AvailabilitySequencer::new),
                Arguments.of("PendingListSequencer",
                        (BiFunction<Integer, WaitStrategy, Sequencer>) (n, w) -> new PendingListSequencer(n, Math.min(n, 64), w)),
                Arguments.of("SpinSequencer", (BiFunction<Integer, WaitStrategy, Sequencer>) SpinSequencer::new));
    }

    /**
     * A wait strategy for a single thread: it pauses with a spin hint, and at round
     * {@link #ENDS_AT} it takes {@link #step}, which makes the wait's condition true. So each wait
     * of the sequencer lasts exactly {@code ENDS_AT + 1} pauses ({@link #pauses} counts them).
     */
    static final class EndsAtRound implements WaitStrategy {
        static final int ENDS_AT = 2;
        Runnable step;
        long pauses;

        @Override
        public void idle(int round) {
            pauses++;
            if (round == ENDS_AT) {
                step.run();
            } else if (round > ENDS_AT) {
                throw new AssertionError("the wait went on after its step at round " + ENDS_AT);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sequencers")
    void claimPublishWaitForAndMarkAllocateNothing(String name, BiFunction<Integer, WaitStrategy, Sequencer> factory) {
        Sequencer s = factory.apply(1024, WaitStrategy.busySpin());
        assertAllocatesNothing(name + ": next, publish, waitFor, markConsumed (no wait)", units -> {
            for (int i = 0; i < units; i++) {
                long seq = s.next();
                s.publish(seq);
                s.markConsumed(s.waitFor(seq));
            }
            return 4L * units;
        }, UNITS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sequencers")
    void batchesAllocateNothing(String name, BiFunction<Integer, WaitStrategy, Sequencer> factory) {
        Sequencer s = factory.apply(1024, WaitStrategy.busySpin());
        assertAllocatesNothing(name + ": next(16), publish(lo, hi), waitFor, markConsumed (no wait)", units -> {
            for (int i = 0; i < units; i++) {
                long hi = s.next(16);
                s.publish(hi - 15, hi);
                s.markConsumed(s.waitFor(hi));
            }
            return 4L * units;
        }, UNITS);
    }

    /** A full ring: every claim waits three rounds for the slot, which the strategy's step frees (the consumer reads and marks one sequence). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sequencers")
    void aClaimThatWaitsForTheConsumerAllocatesNothing(String name, BiFunction<Integer, WaitStrategy, Sequencer> factory) {
        EndsAtRound wait = new EndsAtRound();
        Sequencer s = factory.apply(4, wait);
        long[] consumed = {-1};
        wait.step = () -> {
            long next = consumed[0] + 1;
            s.waitFor(next);                 // published long ago: returns at once
            s.markConsumed(next);            // frees exactly one slot
            consumed[0] = next;
        };
        for (int i = 0; i < 4; i++) {        // fill the ring
            s.publish(s.next());
        }
        long[] units = {0};
        assertAllocatesNothing(name + ": a claim that waits for a slot (each claim three rounds, the consumer freeing one)",
                n -> {
                    for (int i = 0; i < n; i++) {
                        s.publish(s.next());
                    }
                    units[0] += n;
                    return 4L * n;           // next, publish, and the step's waitFor and markConsumed
                }, UNITS);
        assertEquals((EndsAtRound.ENDS_AT + 1) * units[0], wait.pauses, "every claim waited three rounds");
    }

    /** Every consumer wait lasts three rounds: the strategy's step publishes the claimed sequence it waits for. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sequencers")
    void aConsumerWaitAllocatesNothing(String name, BiFunction<Integer, WaitStrategy, Sequencer> factory) {
        EndsAtRound wait = new EndsAtRound();
        Sequencer s = factory.apply(1024, wait);
        long[] claimed = {-1};
        wait.step = () -> s.publish(claimed[0]);
        long[] units = {0};
        assertAllocatesNothing(name + ": the consumer's waitFor while its sequence is claimed and unpublished (three rounds each)",
                n -> {
                    for (int i = 0; i < n; i++) {
                        claimed[0] = s.next();
                        s.markConsumed(s.waitFor(claimed[0]));
                    }
                    units[0] += n;
                    return 4L * n;           // next, waitFor, the step's publish, markConsumed
                }, UNITS);
        assertEquals((EndsAtRound.ENDS_AT + 1) * units[0], wait.pauses, "every consumer wait lasted three rounds");
    }

    /**
     * The pending list's guard: with a pending array of 4, the fourth sequence after an
     * unpublished one waits at the guard; the strategy's step publishes the gap (whose publish
     * drains the three parked ones), and the waiting publish goes on.
     */
    @Test
    void aPendingListPublishThatWaitsAtTheGuardAllocatesNothing() {
        EndsAtRound wait = new EndsAtRound();
        PendingListSequencer s = new PendingListSequencer(64, 4, wait);
        long[] gap = {-1};
        wait.step = () -> s.publish(gap[0]);
        long[] units = {0};
        assertAllocatesNothing("PendingListSequencer: a publish that waits at the guard (three rounds each), the parks"
                + " and the drain", n -> {
                    for (int i = 0; i < n; i++) {
                        long a = s.next();
                        gap[0] = a;
                        long b1 = s.next();
                        long b2 = s.next();
                        long b3 = s.next();
                        long b4 = s.next();
                        s.publish(b1);           // parks: a is not published
                        s.publish(b2);
                        s.publish(b3);
                        s.publish(b4);           // b4 - cursor = 5 > 4: waits at the guard for a
                        s.markConsumed(s.waitFor(b4));
                    }
                    units[0] += n;
                    return 12L * n;
                }, UNITS);
        assertEquals((EndsAtRound.ENDS_AT + 1) * units[0], wait.pauses, "every fourth publish waited at the guard");
    }
}
