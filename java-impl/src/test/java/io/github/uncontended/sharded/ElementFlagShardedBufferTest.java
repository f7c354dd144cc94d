package io.github.uncontended.sharded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.TestThreads;
import io.github.uncontended.Waits;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The element-flag sharded buffer: its argument checks, fullness, wrap-around, the shared limit,
 * the consumer's wait on a claimed slot, the one-consumer rule, and several producers' items
 * arriving once each in their order. Nothing here depends on timing: the concurrent cases are
 * staged (the claimed slot), or bounded by progress (the producers), never by a sleep.
 */
class ElementFlagShardedBufferTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    // ---------------------------------------------------------------------------------------------
    // Arguments

    @Test
    void rejectsBadSizes() {
        assertEquals("shards must be a power of two in 1..65536, got 3",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(3, 8)).getMessage());
        assertEquals("shards must be a power of two in 1..65536, got 131072",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(1 << 17, 2)).getMessage());
        assertEquals("shards must be a power of two in 1..65536, got 0",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(0, 2)).getMessage());
        assertEquals("shards must be a power of two in 1..65536, got -2147483648",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(Integer.MIN_VALUE, 2)).getMessage());
        assertEquals("capacityPerShard must be a power of two in 1..1073741824, got 0",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(2, 0)).getMessage());
        assertEquals("capacityPerShard must be a power of two in 1..1073741824, got 6",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(2, 6)).getMessage());
        assertEquals("capacityPerShard must be a power of two in 1..1073741824, got -2147483648",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(2, Integer.MIN_VALUE)).getMessage());
        assertEquals("batch must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> new ElementFlagShardedBuffer<>(2, 8, 0, ShardSelector.THREAD_ID)).getMessage());
        assertEquals("selector", assertThrows(NullPointerException.class,
                () -> new ElementFlagShardedBuffer<>(2, 8, 1, null)).getMessage());
    }

    @Test
    void rejectsMoreSlotsThanAnIntCounts() {
        assertEquals("shards x capacityPerShard must be at most 1073741824 slots in all, got 65536 x 1073741824 = 70368744177664",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(
                        ElementFlagShardedBuffer.MAX_SHARDS, ElementFlagShardedBuffer.MAX_CAPACITY)).getMessage());
        assertEquals("shards x capacityPerShard must be at most 1073741824 slots in all, got 2 x 1073741824 = 2147483648",
                assertThrows(IllegalArgumentException.class, () -> new ElementFlagShardedBuffer<>(2, 1 << 30)).getMessage());
        assertEquals(1 << 20, new ElementFlagShardedBuffer<>(1 << 16, 16).capacity());
        assertEquals(1 << 16, new ElementFlagShardedBuffer<>(1 << 16, 1).capacity(), "one slot per shard is accepted");
    }

    @Test
    void rejectsNullItems() {
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(2, 8);
        assertEquals("ElementFlagShardedBuffer does not accept null items",
                assertThrows(NullPointerException.class, () -> b.offer(null)).getMessage());
        assertEquals(0, b.sizeEstimate(), "a refused null claims no slot");
    }

    @Test
    void drainTakesNothingForALimitOfZeroAndRejectsANegativeOne() {
        ElementFlagShardedBuffer<String> b = twoShardsOfThreeItems();
        assertEquals(0, b.drain(e -> fail("limit 0 took " + e), 0));
        assertEquals("limit must be >= 0, got -1",
                assertThrows(IllegalArgumentException.class, () -> b.drain(x -> { }, -1)).getMessage());
        assertEquals("sink", assertThrows(NullPointerException.class, () -> b.drain(null, 1)).getMessage());
        List<String> got = new ArrayList<>();
        assertEquals(6, b.drain(got::add, 6));
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3"), got, "a refused drain took nothing");
    }

    // ---------------------------------------------------------------------------------------------
    // One shard: fullness, laps, the limit

    @Test
    void aFullShardRefuses() {
        ElementFlagShardedBuffer<Integer> b = new ElementFlagShardedBuffer<>(4, 2, 16, () -> 1);
        assertTrue(b.offer(1));
        assertTrue(b.offer(2));
        assertFalse(b.offer(3), "shard 1 holds 2 items: full, although other shards are empty");
        assertEquals(2, b.sizeEstimate());
        assertEquals(8, b.capacity());
        assertEquals(1, b.poll());
        assertTrue(b.offer(3), "the freed slot is reused on the next lap");
        assertFalse(b.offer(4));
        assertEquals(2, b.poll());
        assertEquals(3, b.poll());
        assertNull(b.poll());
    }

    /** C = 1, which the spec allows and the slot-sequence buffer does not: one item at a time per shard. */
    @Test
    void oneSlotPerShard() {
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
        assertEquals(11, s.lvTail(), "the tail counts laps, not slots");
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
        assertEquals(2, s.laLimit(), "initially C: the first lap needs no head");
        assertTrue(b.offer("a"));
        assertTrue(b.offer("b"));
        assertEquals(2, s.laLimit(), "offers below the limit do not touch it");
        assertFalse(b.offer("c"), "tail 2 reached the limit: head 0 loaded, 2 >= 0 + 2, full");
        assertEquals(2, s.laLimit(), "a full shard stores no limit");
        assertEquals("a", b.poll());
        assertEquals(2, s.laLimit(), "stale: the consumer's head is 1, so head + C is 3");
        assertTrue(b.offer("c"), "tail 2 at the stale limit: head 1 loaded, room");
        assertEquals(3, s.laLimit(), "raised to the head loaded (1) plus C");
        assertEquals("b", b.poll());
        assertEquals("c", b.poll());
        assertTrue(b.offer("d"), "tail 3 at the limit 3: head 3 loaded");
        assertEquals(5, s.laLimit());
        assertTrue(b.offer("e"), "tail 4 below the limit 5");
        assertEquals(5, s.laLimit(), "the fast path left it alone");
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
        assertEquals(8, s.laLimit());
        s.soLimit(4);                                // a late StoreLimit of head 0 + C
        assertTrue(b.offer("a"), "tail 6 >= limit 4: head 6 loaded, room");
        assertEquals(10, s.laLimit(), "raised to head 6 + C");
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
        long t = s.lvTail();                                     // the stalled producer: LoadTail,
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
        s.soElement(t, "first");                                 // the producer's StoreElement
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
        long t = s.lvTail();
        assertTrue(s.casTail(t), "the claim of slot 0 of shard 0");
        assertTrue(b.offer("a2"), "an item behind the claimed slot");
        shard[0] = 1;
        assertTrue(b.offer("b1"));
        List<String> got = new ArrayList<>();
        assertEquals(1, b.drain(got::add, 100), "only shard 1's item: shard 0's head slot is claimed, not stored");
        assertEquals(List.of("b1"), got);
        assertEquals(0, b.drain(got::add, 100), "still claimed: nothing to take, and no wait");
        s.soElement(t, "a1");                                    // the producer's StoreElement
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
    // Round robin and drain

    /** Two shards, batch 2: a1, a2, a3 offered to shard 0, then b1, b2, b3 to shard 1. */
    private static ElementFlagShardedBuffer<String> twoShardsOfThreeItems() {
        int[] shard = {0};
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(2, 8, 2, () -> shard[0]);
        for (String s : new String[] {"a1", "a2", "a3"}) {
            assertTrue(b.offer(s));
        }
        shard[0] = 1;
        for (String s : new String[] {"b1", "b2", "b3"}) {
            assertTrue(b.offer(s));
        }
        return b;
    }

    @Test
    void theConsumerVisitsShardsRoundRobinInBatches() {
        List<String> got = new ArrayList<>();
        assertEquals(6, twoShardsOfThreeItems().drain(got::add, 100));
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3"), got);
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3"), pollAll(twoShardsOfThreeItems()));
    }

    @Test
    void drainAndPollShareTheRoundRobinPosition() {
        ElementFlagShardedBuffer<String> b = twoShardsOfThreeItems();
        List<String> got = new ArrayList<>();
        assertEquals(1, b.drain(got::add, 1));                   // a1; one more of shard 0's batch
        got.add(b.poll());                                       // a2: the batch of 2 is used up
        assertEquals(3, b.drain(got::add, 3));                   // b1, b2, a3
        got.add(b.poll());                                       // b3
        assertNull(b.poll());
        assertEquals(0, b.drain(got::add, 5));
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3"), got);
    }

    /** From an empty shard the consumer goes on to the next index (mod shards). */
    @Test
    void emptyShardsAreSkippedInIndexOrder() {
        int[] shard = {3};
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(4, 2, 16, () -> shard[0]);
        b.offer("on3");
        shard[0] = 1;
        b.offer("on1");
        assertEquals(List.of("on1", "on3"), pollAll(b));
    }

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

    /**
     * drain goes round the shards in index order too, after a full batch and after an empty
     * shard alike: four shards, so that going the other way round (index - 1) gives another order
     * (with two shards +1 and -1 are the same move).
     */
    @Test
    void drainVisitsFourShardsInIndexOrder() {
        int[] shard = {0};
        ElementFlagShardedBuffer<String> b = new ElementFlagShardedBuffer<>(4, 4, 1, () -> shard[0]);
        for (int i : new int[] {0, 1, 3}) {                      // shard 2 stays empty
            shard[0] = i;
            b.offer("s" + i + "a");
            b.offer("s" + i + "b");
        }
        List<String> got = new ArrayList<>();
        assertEquals(6, b.drain(got::add, 100));
        assertEquals(List.of("s0a", "s1a", "s3a", "s0b", "s1b", "s3b"), got);
    }

    /** A sink that throws loses the item it was given and no other; the position is kept. */
    @Test
    void aThrowingSinkLosesOnlyItsItem() {
        ElementFlagShardedBuffer<String> b = twoShardsOfThreeItems();
        List<String> got = new ArrayList<>();
        RuntimeException boom = new RuntimeException("sink failed");
        assertSame(boom, assertThrows(RuntimeException.class, () -> b.drain(e -> {
            if (e.equals("b1")) {
                throw boom;
            }
            got.add(e);
        }, 100)));
        assertEquals(List.of("a1", "a2"), got);
        assertEquals(3, b.drain(got::add, 100));
        assertEquals(List.of("a1", "a2", "b2", "a3", "b3"), got);
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
    // One consumer

    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)   // normally a few ms
    void aSecondConsumerIsRefusedAndTakesNothing() throws Exception {
        ElementFlagShardedBuffer<Integer> b = new ElementFlagShardedBuffer<>(2, 8, 16, () -> 0);
        assertNull(b.poll());                                    // this thread is the consumer now
        b.offer(1);
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        threads.start("intruder", () -> {
            thrown.add(assertThrows(IllegalStateException.class, b::poll));
            thrown.add(assertThrows(IllegalStateException.class, () -> b.drain(e -> { }, 5)));
        });
        threads.joinAll(Duration.ofSeconds(5));
        String expected = "ElementFlagShardedBuffer has a single consumer: thread \"" + Thread.currentThread().getName()
                + "\" holds the role, so thread \"intruder\" may not poll (the consumer hands the role over with"
                + " releaseConsumer())";
        assertEquals(expected, thrown.get(0).getMessage());
        assertEquals(expected, thrown.get(1).getMessage(), "drain");
        assertEquals(1, b.poll(), "the refused poll took nothing");
    }

    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)   // normally a few ms
    void onlyTheConsumerMayReleaseTheRole() throws Exception {
        ElementFlagShardedBuffer<Integer> b = new ElementFlagShardedBuffer<>(2, 8);
        String me = Thread.currentThread().getName();
        assertEquals("thread \"" + me + "\" cannot release the consumer role of this ElementFlagShardedBuffer: no"
                + " thread holds it", assertThrows(IllegalStateException.class, b::releaseConsumer).getMessage());
        b.poll();
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        threads.start("other", () -> thrown.add(assertThrows(IllegalStateException.class, b::releaseConsumer)));
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals("thread \"other\" cannot release the consumer role of this ElementFlagShardedBuffer: thread \""
                + me + "\" holds it", thrown.get(0).getMessage());
        b.releaseConsumer();
        assertThrows(IllegalStateException.class, b::releaseConsumer, "released once only");
    }

    /** The role goes from thread to thread with the consumer's position: the order of one consumer. */
    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)   // normally a few ms
    void theRoleIsHandedOverWithTheConsumersPosition() throws Exception {
        ElementFlagShardedBuffer<String> b = twoShardsOfThreeItems();
        List<String> got = new CopyOnWriteArrayList<>();
        got.add(b.poll());                                       // the test thread: a1
        b.releaseConsumer();
        for (int k = 0; k < 3; k++) {                            // three threads, one after another
            threads.start("consumer-" + k, () -> {
                got.add(b.poll());
                got.add(b.poll());
                b.releaseConsumer();
            }).join();
        }
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3", "null"), got.stream().map(String::valueOf).toList());
        assertNull(b.poll(), "the test thread claims the role again");
    }

    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)   // normally a few ms
    void aTerminatedConsumersRoleIsTakenOver() throws Exception {
        ElementFlagShardedBuffer<Integer> b = new ElementFlagShardedBuffer<>(1, 8);
        b.offer(1);
        b.offer(2);
        List<Integer> got = new CopyOnWriteArrayList<>();
        threads.start("short-lived consumer", () -> got.add(b.poll()));   // ends holding the role
        threads.joinAll(Duration.ofSeconds(5));
        got.add(b.poll());
        assertEquals(List.of(1, 2), got);
    }

    // ---------------------------------------------------------------------------------------------
    // Several producers

    /** No item for this long while producers are still offering: a liveness bug. */
    private static final long STALL_NANOS = 3_000_000_000L;

    static Stream<Arguments> layouts() {
        return Stream.of(
                Arguments.of("2 shards of 1 slot, two producers per shard", 2, 1, 5_000, (IntUnaryOperator) id -> id & 1),
                Arguments.of("1 shard of 2 slots, four producers", 1, 2, 10_000, (IntUnaryOperator) id -> 0),
                Arguments.of("2 shards of 64 slots, negative selector values", 2, 64, 20_000, (IntUnaryOperator) id -> -1 - id),
                Arguments.of("probe() on 4 shards of 16 slots", 4, 16, 20_000, null));
    }

    /**
     * Four producers, one consumer: every item arrives once, and each producer's items in its
     * order. Producers share shards, so tail CASes race, limits are raised by one producer and used
     * by another, and the consumer meets slots claimed and not yet stored.
     *
     * <p>Bounded by progress, not by time: the consumer gives up when it has received nothing for
     * 3 s (a liveness bug: a skipped shard, a slot never freed, a wait that never ends) and says
     * how many items it has; the JUnit timeout is the backstop. Fewer items where the shards are
     * small: with one slot, every item is a handover between a producer and the consumer.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    @Timeout(value = 120, threadMode = SEPARATE_THREAD)
    void producersSharingShardsLoseNothingAndKeepTheirOrder(String name, int shards, int slots, int perProducer,
            IntUnaryOperator map) throws Exception {
        int producers = 4;
        AtomicInteger next = new AtomicInteger();
        ThreadLocal<Integer> id = ThreadLocal.withInitial(next::getAndIncrement);
        ShardSelector selector = map == null ? ShardSelector.probe() : () -> map.applyAsInt(id.get());
        ElementFlagShardedBuffer<Long> b = new ElementFlagShardedBuffer<>(shards, slots, 16, selector);
        for (int p = 0; p < producers; p++) {
            threads.start("producer-" + p, () -> {
                long me = id.get();
                for (int i = 0; i < perProducer; i++) {
                    while (!b.offer((me << 32) | i)) {
                        TestThreads.pause();
                    }
                }
            });
        }
        long[] last = new long[producers];
        Arrays.fill(last, -1);
        long received = 0;
        long total = (long) producers * perProducer;
        long lastItemAt = System.nanoTime();
        while (received < total) {
            Long e = b.poll();
            if (e == null) {
                if (System.nanoTime() - lastItemAt > STALL_NANOS) {
                    throw new AssertionError("the consumer has received nothing for 3 s: " + received + " of " + total
                            + " items, last per producer " + Arrays.toString(last) + ", " + b.sizeEstimate()
                            + " items in the shards");
                }
                TestThreads.pause();
                continue;
            }
            lastItemAt = System.nanoTime();
            int p = (int) (e >>> 32);
            long i = e & 0xffffffffL;
            assertEquals(last[p] + 1, i, "producer " + p + " out of order");
            last[p] = i;
            received++;
        }
        threads.joinAll(Duration.ofSeconds(5));
        assertNull(b.poll(), "nothing extra");
        for (int p = 0; p < producers; p++) {
            assertEquals(perProducer - 1, last[p]);
        }
        for (int k = 0; k < shards; k++) {
            assertEquals(Arrays.asList(new Object[slots]), Arrays.asList(shard(b, k).elements), "every slot nulled");
        }
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
