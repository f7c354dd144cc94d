package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.Arrivals;
import io.github.uncontended.TestThreads;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * AvailabilitySequencer on its own (it is not an AbstractSequencer, which SequencerTest's shared
 * cases cast to): the cases of SequencerTest that apply, and the lap flags across wraps.
 */
class AvailabilitySequencerTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @Test
    void rejectsBadArguments() {
        assertEquals("bufferSize must be a power of two >= 1, got 12",
                assertThrows(IllegalArgumentException.class, () -> new AvailabilitySequencer(12)).getMessage());
        AvailabilitySequencer s = new AvailabilitySequencer(4);
        assertEquals("batch size must be in 1..4, got 0",
                assertThrows(IllegalArgumentException.class, () -> s.next(0)).getMessage());
        assertEquals("batch size must be in 1..4, got 5",
                assertThrows(IllegalArgumentException.class, () -> s.next(5)).getMessage());
        assertEquals("cannot publish 3..2: need 0 <= lo <= hi",
                assertThrows(IllegalArgumentException.class, () -> s.publish(3, 2)).getMessage());
        assertEquals("cannot publish 0..4: at most 4 sequences at once",
                assertThrows(IllegalArgumentException.class, () -> s.publish(0, 4)).getMessage());
    }

    @Test
    void singlePublisherAdvancesTheCursorInOrder() {
        AvailabilitySequencer s = new AvailabilitySequencer(16);
        assertEquals(-1, s.cursor());
        assertEquals(0, s.next());
        assertEquals(3, s.next(3));
        s.publish(0);
        assertEquals(0, s.cursor());
        s.publish(1, 3);
        assertEquals(3, s.cursor());
        assertEquals(3, SequencerTest.waitForPublished(s, 2));
    }

    /** A batch published out of claim order: the scan stops at the gap (witness ScanStopsAtGap). */
    @Test
    void theScanStopsAtAGap() {
        AvailabilitySequencer s = new AvailabilitySequencer(8);
        long first = s.next();
        long hi = s.next(2);
        s.publish(hi - 1, hi);
        assertEquals(-1, s.cursor());
        s.publish(first);
        assertEquals(2, s.cursor());
        assertEquals(2, SequencerTest.waitForPublished(s, 0));
    }

    /**
     * A slot's flag still holds the previous lap while the next lap's sequence is claimed and not
     * published: the scan must not take it for published (sibling AvailabilityNoLap), across
     * several wraps of a ring of 2.
     */
    @Test
    void aClaimedSequenceOfTheNextLapIsNotPublished() {
        AvailabilitySequencer s = new AvailabilitySequencer(2);
        long consumed = -1;
        for (long seq = 0; seq < 10; seq++) {
            assertEquals(seq, s.next());
            assertEquals(seq - 1, s.cursor(), "claimed, not published: " + seq);
            s.publish(seq);
            assertEquals(seq, SequencerTest.waitForPublished(s, seq));
            s.markConsumed(seq);
            consumed = seq;
        }
        assertEquals(9, consumed);
    }

    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)
    void claimsWaitForTheConsumerWhenTheRingIsFull() throws Exception {
        AvailabilitySequencer s = new AvailabilitySequencer(4);
        assertEquals(3, s.next(4));
        s.publish(0, 3);
        threads.start("claimer", s::next);
        while (s.claimed() < s.bufferSize()) {
            TestThreads.pause();
        }
        Thread.sleep(200);
        assertTrue(threads.anyAlive(), "the claim of sequence bufferSize must wait for the consumer");
        s.markConsumed(0);
        threads.joinAll(Duration.ofSeconds(5));
    }

    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)
    void haltEndsTheConsumersWait() throws Exception {
        AvailabilitySequencer s = new AvailabilitySequencer(4);
        threads.start("consumer", () -> {
            AlertException e = assertThrows(AlertException.class, () -> s.waitFor(0));
            assertTrue(e.getMessage().startsWith("halted while waiting for sequence 0"), e.getMessage());
        });
        Thread.sleep(50);
        s.halt();
        threads.joinAll(Duration.ofSeconds(5));
    }

    /**
     * Three publishers (batches of 1 to 3) and one consumer through a real ring of 8: every event
     * arrives once, each publisher's in its order, and the cursor seen by a third thread never
     * moves back. The test fails as soon as no event has arrived for 5 s
     * ({@link SequencerTest#awaitEvents}), naming the sequence the consumer waits for.
     */
    @Test
    @Timeout(value = 120, threadMode = SEPARATE_THREAD)   // a backstop: the stall check fails within seconds
    void everyEventArrivesOnceAndComplete() throws Exception {
        AvailabilitySequencer s = new AvailabilitySequencer(8);
        int publishers = 3;
        int perPublisher = 20_000;
        AtomicLongArray ring = new AtomicLongArray(s.bufferSize());
        for (int p = 0; p < publishers; p++) {
            int id = p;
            threads.create("publisher-" + p, () -> {
                for (int i = 0; i < perPublisher; ) {
                    int n = Math.min(1 + (i % 3), perPublisher - i);
                    long hi = s.next(n);
                    for (long seq = hi - n + 1; seq <= hi; seq++, i++) {
                        ring.lazySet((int) seq & (s.bufferSize() - 1), ((long) id << 32) | i);
                    }
                    s.publish(hi - n + 1, hi);
                }
            });
        }
        Arrivals events = new Arrivals("publisher", publishers, perPublisher);
        long total = events.total();
        threads.create("consumer", SequencerTest.consumeInPublisherOrder(s, ring, events));
        threads.create("watcher", () -> {
            long seen = -1;
            while (seen < total - 1) {
                long c = s.cursor();
                if (c < seen) {
                    throw new AssertionError("cursor() moved back from " + seen + " to " + c);
                }
                seen = c;
                TestThreads.checkInterrupted();
                Thread.yield();
            }
        });
        threads.startAll();
        SequencerTest.awaitEvents(threads, events, s, Duration.ofSeconds(5));
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals(total - 1, s.cursor());
    }
}
