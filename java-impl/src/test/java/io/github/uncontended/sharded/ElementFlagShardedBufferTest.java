package io.github.uncontended.sharded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.TestThreads;
import io.github.uncontended.Waits;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What only the element-flag sharded buffer does: one slot per shard, wrap-around with the
 * element as the flag, the shared limit, the consumer's wait at a claimed slot and drain's move
 * past it, and a size estimate that counts claimed slots. The contract it shares with the
 * slot-sequence buffer (argument checks, fullness, round robin, drain, the one-consumer rule,
 * several producers' items arriving once each in their order) is {@link ShardedQueueContractTest}'s.
 * Nothing here depends on timing: the concurrent cases are staged, never bounded by a sleep.
 */
class ElementFlagShardedBufferTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    // ---------------------------------------------------------------------------------------------
    // One shard: one slot, laps, the limit

    /** C = 1, which the spec allows and the slot-sequence buffer does not: one item at a time per shard. */
    @Test
    void oneSlotPerShard() {
        assertEquals(1 << 16, new ElementFlagShardedBuffer<>(1 << 16, 1).capacity(), "one slot per shard is accepted");
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(1, 1, 16, () -> 0);
        for (int lap = 0; lap < 4; lap++) {
            assertTrue(b.offer("x" + lap), "lap " + lap + ": the slot was freed");
            assertFalse(b.offer("y" + lap), "lap " + lap + ": one slot, full");
            assertEquals(1, b.sizeEstimate());
            assertEquals("x" + lap, b.poll());
            assertNull(b.poll());
        }
        assertEquals(Arrays.asList((Object) null), Arrays.asList(shard(b, 0).elements), "the slot was cleared");
    }

    /**
     * Capacity 2, five laps: every slot is reused, each item arrives once and in order, a full
     * shard refuses at every lap, and every taken slot is nulled (ConsumerClear) at its lap.
     */
    @Test
    void wrapsAroundOnCapacityTwo() {
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(1, 2, 16, () -> 0);
        ElementFlagShard<String> s = shard(b, 0);
        List<String> got = new ArrayList<>();
        assertTrue(b.offer("i0"));
        for (int i = 1; i <= 10; i++) {
            assertTrue(b.offer("i" + i), "item " + i);
            assertFalse(b.offer("refused" + i), "two items held: full");
            assertEquals("i" + (i - 1), s.elements[(i - 1) & 1], "item " + (i - 1) + " in slot " + ((i - 1) & 1));
            got.add(b.poll());
            assertNull(s.elements[(i - 1) & 1], "slot " + ((i - 1) & 1) + " nulled when taken");
        }
        got.add(b.poll());
        assertNull(b.poll());
        assertEquals(List.of("i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9", "i10"), got);
        assertEquals(11, s.loadTail(), "the tail counts laps, not slots");
        assertEquals(11, s.lpHead());
        assertEquals(Arrays.asList(null, null), Arrays.asList(s.elements));
    }

    /**
     * The shared limit (LoadLimit, StoreLimit): an offer below it claims without looking at
     * head; an offer that reaches it loads head (LoadHead) and raises it to head + C. A limit is
     * stale once the consumer has moved on: too low, never too high. Shown by the limit's value
     * alone: it only changes when an offer loaded head, and it becomes that head plus C.
     */
    @Test
    void aStaleLimitMakesTheOfferLoadHead() {
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(1, 2, 16, () -> 0);
        ElementFlagShard<String> s = shard(b, 0);
        assertEquals(2, s.loadLimit(), "initially C: the first lap needs no head");
        assertTrue(b.offer("a"));
        assertTrue(b.offer("b"));
        assertEquals(2, s.loadLimit(), "offers below the limit do not touch it");
        assertFalse(b.offer("c"), "tail 2 reached the limit: head 0 loaded, 2 >= 0 + 2, full");
        assertEquals(2, s.loadLimit(), "a full shard stores no limit");
        assertEquals("a", b.poll());
        assertEquals(2, s.loadLimit(), "stale: the consumer's head is 1, so head + C is 3");
        assertTrue(b.offer("c"), "tail 2 at the stale limit: head 1 loaded, room");
        assertEquals(3, s.loadLimit(), "raised to the head loaded (1) plus C");
        assertEquals("b", b.poll());
        assertEquals("c", b.poll());
        assertTrue(b.offer("d"), "tail 3 at the limit 3: head 3 loaded");
        assertEquals(5, s.loadLimit());
        assertTrue(b.offer("e"), "tail 4 below the limit 5");
        assertEquals(5, s.loadLimit(), "the fast path left it alone");
        assertEquals("d", b.poll());
        assertEquals("e", b.poll());
    }

    /**
     * A producer that loaded an old head and stores its limit late overwrites a newer one with a
     * lower value (StoreLimit overwrites whatever limit is there). Staged here by storing that old
     * limit: the next offers load head again and raise it; none is refused while there is room.
     */
    @Test
    void aLimitLoweredByALateStoreOnlyCostsHeadLoads() {
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(1, 4, 16, () -> 0);
        ElementFlagShard<String> s = shard(b, 0);
        for (int i = 0; i < 6; i++) {                // tail 6, head 6 after the polls, limit 8
            assertTrue(b.offer("warm" + i));
            assertEquals("warm" + i, b.poll());
        }
        assertEquals(8, s.loadLimit());
        s.storeLimit(4);                             // a late StoreLimit of head 0 + C
        assertTrue(b.offer("a"), "tail 6 >= limit 4: head 6 loaded, room");
        assertEquals(10, s.loadLimit(), "raised to head 6 + C");
        for (String e : new String[] {"b", "c", "d"}) {
            assertTrue(b.offer(e));
        }
        assertFalse(b.offer("e"), "4 items held: full");
        assertEquals(List.of("a", "b", "c", "d"), pollAll(b));
    }

    // ---------------------------------------------------------------------------------------------
    // The consumer at a claimed slot

    /**
     * A producer that has claimed the head slot (CasTail) and not yet stored its element
     * (StoreElement) holds the consumer up: poll waits for the element rather than returning
     * null or moving past the slot (sibling EfsSkipClaimed loses the item). Staged without
     * timing: the test thread is that producer, stopped between its two steps for as long as it
     * likes (it performs them with the shard's own accessors); a second item is stored behind the
     * claimed slot, which a relaxed poll would hide. The test stores only once the consumer's stack
     * shows it in its wait (Waits.idle, which poll reaches only at a claimed, empty slot), so the
     * consumer has certainly seen the slot claimed and empty before the element arrives. With
     * take() made relaxed by hand (a null element returns null whatever the tail), this test
     * failed: "poll returned at a claimed slot without waiting for its element: [null, null, null]".
     */
    @Test
    @Timeout(value = 20, threadMode = SEPARATE_THREAD)   // normally a few ms
    void theConsumerWaitsForAClaimedSlotsElement() throws Exception {
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(1, 4, 16, () -> 0);
        ElementFlagShard<String> s = shard(b, 0);
        long t = s.loadTail();                                   // the stalled producer: LoadTail,
        assertTrue(s.casTail(t), "the claim of slot 0");         // CasTail; StoreElement comes later
        assertTrue(b.offer("second"), "another producer's item, in slot 1");
        List<String> got = new CopyOnWriteArrayList<>();
        Thread consumer = threads.start("consumer", () -> {
            got.add(String.valueOf(b.poll()));
            got.add(String.valueOf(b.poll()));
            got.add(String.valueOf(b.poll()));
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();   // a liveness bound only
        while (!inWait(consumer)) {
            if (!consumer.isAlive()) {
                fail("poll returned at a claimed slot without waiting for its element: " + got);
            }
            if (System.nanoTime() > deadline) {
                fail("the consumer never reached its wait at the claimed slot; its stack: "
                        + Arrays.toString(consumer.getStackTrace()));
            }
            TestThreads.pause();
        }
        assertTrue(got.isEmpty(), "nothing taken while slot 0 is claimed and empty: " + got);
        s.storeElement(t, "first");                              // the producer's StoreElement
        threads.joinAll(Duration.ofSeconds(10));
        assertEquals(List.of("first", "second", "null"), got, "the claimed slot's item first, then the one behind it");
    }

    /**
     * drain, unlike poll, does not wait at a claimed, unstored slot (witness
     * DrainMovesOnFromClaimed): it moves on to the other shard, takes what is stored there, and
     * returns; once the stalled producer stores its element, the next drain takes it and the item
     * behind it, in order. Staged as above, without threads: the test is the stalled producer.
     */
    @Test
    @Timeout(value = 20, threadMode = SEPARATE_THREAD)   // normally a few ms
    void drainMovesOnFromAClaimedSlotAndTakesItsElementNextTime() {
        int[] shard = {0};
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(2, 4, 16, () -> shard[0]);
        ElementFlagShard<String> s = shard(b, 0);
        long t = s.loadTail();
        assertTrue(s.casTail(t), "the claim of slot 0 of shard 0");
        assertTrue(b.offer("a2"), "an item behind the claimed slot");
        shard[0] = 1;
        assertTrue(b.offer("b1"));
        List<String> got = new ArrayList<>();
        assertEquals(1, b.drain(got::add, 100), "only shard 1's item: shard 0's head slot is claimed, not stored");
        assertEquals(List.of("b1"), got);
        assertEquals(0, b.drain(got::add, 100), "still claimed: nothing to take, and no wait");
        s.storeElement(t, "a1");                                 // the producer's StoreElement
        assertEquals(2, b.drain(got::add, 100));
        assertEquals(List.of("b1", "a1", "a2"), got);
    }

    /** Whether {@code thread} is in the consumer's wait at a claimed slot (Waits.idle called from take). */
    private static boolean inWait(Thread thread) {
        StackTraceElement[] stack = thread.getStackTrace();
        for (int i = 0; i + 1 < stack.length; i++) {
            if (stack[i].getClassName().equals(Waits.class.getName()) && stack[i].getMethodName().equals("idle")
                    && stack[i + 1].getClassName().equals(ElementFlagShardedBuffer.class.getName())
                    && stack[i + 1].getMethodName().equals("take")) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------------
    // Drain and the size estimate

    /**
     * A drain nulls each slot it takes (ConsumerClear), so the slot reads empty when head comes
     * round to it again: with one slot, the next drain finds nothing and the next offer is taken
     * once. Without the clear, the relaxed drain (no tail load) would take the old element again:
     * sibling EfsNoClear's duplicate.
     */
    @Test
    void aDrainedSlotIsEmptyWhenHeadComesRoundToIt() {
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(1, 1, 1, () -> 0);
        List<String> got = new ArrayList<>();
        assertTrue(b.offer("x"));
        assertEquals(1, b.drain(got::add, 10));
        assertEquals(0, b.drain(got::add, 10), "the slot was taken and must read empty: " + got);
        assertTrue(b.offer("y"));
        assertEquals(1, b.drain(got::add, 10));
        assertEquals(List.of("x", "y"), got);
    }

    @Test
    void theSizeEstimateCountsClaimedSlotsNotYetTaken() {
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(2, 4, 16, () -> 0);
        assertEquals(0, b.sizeEstimate());
        b.offer("a");
        b.offer("b");
        assertEquals(2, b.sizeEstimate());
        assertTrue(shard(b, 0).casTail(2), "a claim not yet stored");
        assertEquals(3, b.sizeEstimate());
        assertEquals("a", b.poll());
        assertEquals(2, b.sizeEstimate());
    }

    // ---------------------------------------------------------------------------------------------

    private static <E> List<E> pollAll(ElementFlagShardedBuffer<E> b) {
        List<E> got = new ArrayList<>();
        for (E e; (e = b.poll()) != null; ) {
            got.add(e);
        }
        return got;
    }

    @SuppressWarnings("unchecked")
    static <E> ElementFlagShard<E> shard(ElementFlagShardedBuffer<E> b, int k) {
        try {
            Field f = ElementFlagShardedBuffer.class.getDeclaredField("shards");
            f.setAccessible(true);
            return ((ElementFlagShard<E>[]) f.get(b))[k];
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
