package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the sequencers say: toString, the wait strategies' names, the bounds of the parking
 * strategy, and the messages of waits stopped before they start (a halt already set, or the
 * thread already interrupted, ends the first round of a wait: no second thread, no timing).
 * Mutation testing (docs/records/mutation-survivors.md) found these texts unasserted.
 */
class SequencerDiagnosticsTest {

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();   // a test that interrupts itself leaves no status behind
    }

    @Test
    void waitStrategiesNameThemselves() {
        assertEquals("busySpin", WaitStrategy.busySpin().toString());
        assertEquals("yielding", WaitStrategy.yielding().toString());
        assertEquals("parking(100000 ns)", WaitStrategy.parking(100_000).toString());
    }

    @Test
    void parkingAcceptsExactlyOneNanosecondToOneSecond() {
        assertEquals("parking(1 ns)", WaitStrategy.parking(1).toString());
        assertEquals("parking(1000000000 ns)", WaitStrategy.parking(1_000_000_000).toString());
        assertEquals("maxParkNanos must be in 1..1000000000 (1 ns to 1 s: a parked waiter notices a halt only when it"
                + " wakes), got 1000000001",
                assertThrows(IllegalArgumentException.class, () -> WaitStrategy.parking(1_000_000_001)).getMessage());
        assertEquals("maxParkNanos must be in 1..1000000000 (1 ns to 1 s: a parked waiter notices a halt only when it"
                + " wakes), got -1",
                assertThrows(IllegalArgumentException.class, () -> WaitStrategy.parking(-1)).getMessage());
    }

    @Test
    void sequencersShowTheirCountersStrategyAndHalt() {
        PendingListSequencer p = new PendingListSequencer(16, 4, WaitStrategy.busySpin());
        assertEquals("PendingListSequencer[bufferSize=16, next=-1, cursor=-1, consumed=-1, busySpin]", p.toString());
        assertEquals(4, p.pendingSize());
        assertEquals(1, p.next(2));
        p.publish(0, 1);
        p.markConsumed(0);
        p.halt();
        assertEquals("PendingListSequencer[bufferSize=16, next=1, cursor=1, consumed=0, busySpin, halted]", p.toString());

        SpinSequencer s = new SpinSequencer(8);
        assertEquals("SpinSequencer[bufferSize=8, next=-1, cursor=-1, consumed=-1, yielding]", s.toString());

        AvailabilitySequencer a = new AvailabilitySequencer(4, WaitStrategy.parking(1_000));
        assertEquals("AvailabilitySequencer[bufferSize=4, next=-1, cursor=-1, consumed=-1, parking(1000 ns)]",
                a.toString());
        assertEquals(4, a.bufferSize());
        assertEquals(2, a.next(3));
        assertEquals(2, a.claimed());
        a.publish(0, 2);
        assertEquals(2, SequencerTest.waitForPublished(a, 2));
        a.markConsumed(1);
        assertFalse(a.isHalted());
        a.halt();
        assertTrue(a.isHalted());
        assertEquals("AvailabilitySequencer[bufferSize=4, next=2, cursor=2, consumed=1, parking(1000 ns), halted]",
                a.toString());
    }

    /** The batch form of the claim's message: a range, and "they stay". */
    @Test
    void aHaltedClaimOfABatchNamesTheRange() {
        PendingListSequencer s = new PendingListSequencer(4, 4);
        long hi = s.next(4);
        s.publish(0, hi);                                        // 0..3: the ring is full, nothing consumed
        s.halt();
        AlertException e = assertThrows(AlertException.class, () -> s.next(2));
        assertEquals("halted while claiming sequences 4..5: waiting for the consumer to free the slot (consumed -1,"
                + " ring of 4); they stay claimed and unpublished: the cursor never passes 4 (see Sequencer: a"
                + " publisher stopped between claim and publish)", e.getMessage());
        assertEquals(5, s.claimed());
    }

    /** A consumer whose awaited sequence nobody claimed: no "(n is claimed ...)" clause. */
    @Test
    void aHaltedWaitForAnUnclaimedSequenceSaysSo() {
        PendingListSequencer s = new PendingListSequencer(16, 4);
        s.publish(s.next());
        s.halt();
        assertEquals("halted while waiting for sequence 1: the cursor is at 0, sequences up to 0 are claimed",
                assertThrows(AlertException.class, () -> s.waitFor(1)).getMessage());
    }

    @Test
    void anInterruptedWaitKeepsTheStatusAndNamesTheWait() {
        PendingListSequencer s = new PendingListSequencer(16, 4);
        Thread.currentThread().interrupt();
        WaitInterruptedException e = assertThrows(WaitInterruptedException.class, () -> s.waitFor(0));
        assertEquals("interrupted while waiting for sequence 0: the cursor is at -1, sequences up to -1 are claimed",
                e.getMessage());
        assertInstanceOf(InterruptedException.class, e.getCause());
        assertTrue(Thread.interrupted(), "the interrupt status is set again");
    }

    @Test
    void theAvailabilitySequencersStoppedWaitsNameWhatTheyWaitedFor() {
        AvailabilitySequencer s = new AvailabilitySequencer(4);
        long hi = s.next(4);
        s.publish(0, hi);                                        // 0..3: the ring is full
        assertEquals(3, SequencerTest.waitForPublished(s, 0));
        Thread.currentThread().interrupt();
        WaitInterruptedException i = assertThrows(WaitInterruptedException.class, () -> s.next(2));
        assertEquals("interrupted while claiming sequences 4..5: waiting for the consumer to free the slot (ring of 4)",
                i.getMessage());
        assertTrue(Thread.interrupted(), "the interrupt status is set again");
        s.halt();
        assertEquals("halted while waiting for sequence 6: the consumer's scan found everything up to 3 published,"
                + " sequences up to 5 are claimed",
                assertThrows(AlertException.class, () -> s.waitFor(6)).getMessage());
        assertEquals("halted while claiming sequences 6..6: waiting for the consumer to free the slot (ring of 4)",
                assertThrows(AlertException.class, s::next).getMessage());
    }

    @Test
    void aNegativeSequenceIsRefused() {
        assertEquals("cannot publish -1..-1: need 0 <= lo <= hi",
                assertThrows(IllegalArgumentException.class, () -> new PendingListSequencer(16, 4).publish(-1)).getMessage());
        assertEquals("cannot publish -1..0: need 0 <= lo <= hi",
                assertThrows(IllegalArgumentException.class, () -> new SpinSequencer(16).publish(-1, 0)).getMessage());
        assertEquals("cannot publish -1..-1: need 0 <= lo <= hi",
                assertThrows(IllegalArgumentException.class, () -> new AvailabilitySequencer(16).publish(-1)).getMessage());
    }

    @Test
    void theSizeChecksAreExact() {
        SpinSequencer single = new SpinSequencer(1);
        single.publish(single.next());
        assertEquals(0, single.cursor());
        PendingListSequencer same = new PendingListSequencer(2, 2);
        assertEquals(2, same.pendingSize(), "pendingSize may equal bufferSize");
        assertEquals("bufferSize must be a power of two >= 1, got -2147483648", assertThrows(IllegalArgumentException.class,
                () -> new SpinSequencer(Integer.MIN_VALUE)).getMessage());
        assertEquals("pendingSize must be a power of two >= 1, got -2147483648", assertThrows(IllegalArgumentException.class,
                () -> new PendingListSequencer(16, Integer.MIN_VALUE)).getMessage());
        AvailabilitySequencer one = new AvailabilitySequencer(1);
        one.publish(one.next());
        assertEquals(0, SequencerTest.waitForPublished(one, 0));
        assertEquals("bufferSize must be a power of two >= 1, got -2147483648", assertThrows(IllegalArgumentException.class,
                () -> new AvailabilitySequencer(Integer.MIN_VALUE)).getMessage());
    }

    /**
     * A halt stops waits, not steps: a consumer asking for a sequence that is already published
     * gets it, with no pause in between (so no AlertException), whichever sequencer.
     */
    @Test
    void afterAHaltAPublishedSequenceIsStillReturned() {
        AvailabilitySequencer a = new AvailabilitySequencer(16);
        a.publish(a.next());
        a.halt();
        assertEquals(0, SequencerTest.waitForPublished(a, 0));
    }

    /**
     * The rounds a wait hands its strategy count 0, 1, 2, ... (WaitStrategy.idle's contract, on
     * which parking's back-off rests). The strategy itself publishes at the fourth pause, so the
     * wait ends there, on this thread. A fifth pause is a wait that goes on after the publish (a
     * publish that published nothing): the strategy fails it there, naming the sequence, rather
     * than counting rounds until the test's timeout (an unbounded list while it waits: with
     * AvailabilitySequencer.publish skipping its last sequence, the test JVM died of
     * "Java heap space").
     */
    @Test
    void aWaitCountsItsRoundsFromZero() {
        List<Integer> rounds = new ArrayList<>();
        AvailabilitySequencer[] a = new AvailabilitySequencer[1];
        a[0] = new AvailabilitySequencer(4, publishAtTheFourthPause(rounds, () -> a[0]));
        assertEquals(0, a[0].next());
        assertEquals(0, a[0].waitFor(0));
        assertEquals(List.of(0, 1, 2, 3), rounds, "the consumer's wait");

        rounds.clear();
        PendingListSequencer[] p = new PendingListSequencer[1];
        p[0] = new PendingListSequencer(4, 4, publishAtTheFourthPause(rounds, () -> p[0]));
        assertEquals(0, p[0].next());
        assertEquals(0, p[0].waitFor(0));
        assertEquals(List.of(0, 1, 2, 3), rounds, "the consumer's wait");
    }

    /** A strategy that records its rounds, publishes sequence 0 at the fourth and fails at a fifth. */
    private static WaitStrategy publishAtTheFourthPause(List<Integer> rounds, java.util.function.Supplier<Sequencer> s) {
        return round -> {
            rounds.add(round);
            if (rounds.size() == 4) {
                s.get().publish(0);
            } else if (rounds.size() > 4) {
                throw new AssertionError("sequence 0 was published at the fourth pause, and the wait for it goes on: "
                        + s.get() + ", rounds " + rounds);
            }
        };
    }

    /**
     * The lap a flag holds is the sequence divided by the ring size: an unpublished sequence is
     * never taken for published, however far the sequences go. In a ring of 2^20, sequence 2,048
     * is the first whose sequence shifted left (rather than right) by 20 leaves the int range.
     */
    @Test
    void anUnpublishedSequenceOfALargeRingIsNotTakenForPublished() {
        AvailabilitySequencer s = new AvailabilitySequencer(1 << 20);
        assertEquals(2048, s.next(2049));
        s.publish(0, 2047);
        assertEquals(2047, s.cursor());
        assertEquals(2047, SequencerTest.waitForPublished(s, 2047));
        s.publish(2048);
        assertEquals(2048, s.cursor());
    }

    /**
     * The guard admits a publisher exactly pendingSize ahead of the cursor without a pause: with
     * pendingSize 2 and the cursor at -1, sequence 1 parks at once (a strategy that is never to be
     * asked to pause says so), and sequence 0 then drains it.
     */
    @Test
    void theGuardAdmitsExactlyPendingSizeAhead() {
        PendingListSequencer s = new PendingListSequencer(16, 2, round -> {
            throw new AssertionError("the guard paused at round " + round);
        });
        assertEquals(0, s.next());
        assertEquals(1, s.next());
        s.publish(1);
        assertEquals(-1, s.cursor());
        s.publish(0);
        assertEquals(1, s.cursor());
    }
}
