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
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShardedBufferTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @Test
    void rejectsBadSizes() {
        assertEquals("shards must be a power of two in 1..65536, got 3",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(3, 8)).getMessage());
        assertEquals("shards must be a power of two in 1..65536, got 131072",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(1 << 17, 2)).getMessage());
        assertEquals("capacityPerShard must be a power of two in 2..1073741824, got 1 (with one slot the published and the free sequence of a slot coincide)",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(2, 1)).getMessage());
        assertEquals("capacityPerShard must be a power of two in 2..1073741824, got 6",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(2, 6)).getMessage());
        assertEquals("capacityPerShard must be a power of two in 2..1073741824, got -2147483648",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(2, Integer.MIN_VALUE)).getMessage());
        assertEquals("batch must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> new ShardedBuffer<>(2, 8, 0, ShardSelector.THREAD_ID)).getMessage());
        assertEquals("capacity must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new LockedRingBuffer<>(0)).getMessage());
    }

    /**
     * The shards' slots add up to an int: without the total limit, 65536 shards of 2^30 slots
     * passed both per-argument checks and capacity() overflowed (to 0).
     */
    @Test
    void rejectsMoreSlotsThanAnIntCounts() {
        assertEquals("shards x capacityPerShard must be at most 1073741824 slots in all, got 65536 x 1073741824 = 70368744177664",
                assertThrows(IllegalArgumentException.class,
                        () -> new ShardedBuffer<>(ShardedBuffer.MAX_SHARDS, ShardedBuffer.MAX_CAPACITY)).getMessage());
        assertEquals("shards x capacityPerShard must be at most 1073741824 slots in all, got 2 x 1073741824 = 2147483648",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(2, 1 << 30)).getMessage());
        assertEquals("shards x capacityPerShard must be at most 1073741824 slots in all, got 65536 x 32768 = 2147483648",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(1 << 16, 1 << 15)).getMessage());
        assertEquals(1 << 20, new ShardedBuffer<>(1 << 16, 16).capacity());
        // Exactly MAX_TOTAL_CAPACITY slots pass the size checks (both buffers' constructors call
        // them): a buffer that large (12 GiB) is no unit test, the check alone is.
        ShardedBuffer.checkSizes(1 << 16, 1 << 14, 2, 1, "");
        ShardedBuffer.checkSizes(1, ShardedBuffer.MAX_CAPACITY, 2, 1, "");
    }

    @Test
    void rejectsNullItems() {
        assertEquals("ShardedBuffer does not accept null items",
                assertThrows(NullPointerException.class, () -> new ShardedBuffer<>(2, 8).offer(null)).getMessage());
        assertEquals("LockedRingBuffer does not accept null items",
                assertThrows(NullPointerException.class, () -> new LockedRingBuffer<>(8).offer(null)).getMessage());
    }

    @Test
    void aFullShardRefusesAndCounts() {
        ShardedBuffer<Integer> b = new ShardedBuffer<>(4, 2, 16, () -> 1);
        assertTrue(b.offer(1));
        assertTrue(b.offer(2));
        assertFalse(b.offer(3), "shard 1 holds 2 items: full, although other shards are empty");
        assertEquals(1, b.failedOffers());
        assertEquals(2, b.sizeEstimate());
        assertEquals(8, b.capacity());
        assertEquals(1, b.poll());
        assertTrue(b.offer(3), "the freed slot is reused on the next lap");
        assertEquals(2, b.poll());
        assertEquals(3, b.poll());
        assertNull(b.poll());
    }

    /**
     * A selector may return any int: negative and extreme values are masked like the others.
     * Which shard an item went to shows in fullness (2 slots per shard) and in the round-robin
     * order of the polls (shard 0 first).
     */
    @Test
    void negativeAndExtremeSelectorValuesAreMasked() {
        int[] selected = {-1};                                   // -1 & 3 = shard 3
        ShardedBuffer<String> b = new ShardedBuffer<>(4, 2, 1, () -> selected[0]);
        assertTrue(b.offer("minus-one-a"));
        assertTrue(b.offer("minus-one-b"));
        selected[0] = Integer.MAX_VALUE;                         // also shard 3: full
        assertFalse(b.offer("max"), "Integer.MAX_VALUE & 3 = 3, the shard -1 filled");
        selected[0] = -3;                                        // shard 1
        assertTrue(b.offer("minus-three"));
        selected[0] = Integer.MIN_VALUE;                         // shard 0
        assertTrue(b.offer("min"));
        selected[0] = -2;                                        // shard 2
        assertTrue(b.offer("minus-two"));
        List<String> got = new ArrayList<>();
        assertEquals(5, b.drain(got::add, 10));
        assertEquals(List.of("min", "minus-three", "minus-two", "minus-one-a", "minus-one-b"), got);
    }

    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)   // normally a few ms
    void probeIsStablePerThreadAndSpreadsOverShards() throws Exception {
        ShardSelector probe = ShardSelector.probe();
        Set<Integer> shards = new HashSet<>();
        for (int t = 0; t < 32; t++) {
            int[] first = new int[1];
            threads.start("prober-" + t, () -> {
                first[0] = probe.shard();
                for (int i = 0; i < 100; i++) {
                    assertEquals(first[0], probe.shard(), "probe() must be stable per thread");
                }
            }).join();
            shards.add(first[0] & 7);
        }
        threads.joinAll(Duration.ofSeconds(5));
        assertTrue(shards.size() > 1, "32 threads, 8 shards, all on one: " + shards);
    }

    /** Two shards, batch 2: a1, a2, a3 offered to shard 0, then b1, b2, b3 to shard 1. */
    private static ShardedBuffer<String> twoShardsOfThreeItems() {
        int[] shard = {0};
        ShardedBuffer<String> b = new ShardedBuffer<>(2, 8, 2, () -> shard[0]);
        for (String s : new String[] {"a1", "a2", "a3"}) {
            b.offer(s);
        }
        shard[0] = 1;
        for (String s : new String[] {"b1", "b2", "b3"}) {
            b.offer(s);
        }
        return b;
    }

    @Test
    void theConsumerVisitsShardsRoundRobinInBatches() {
        ShardedBuffer<String> b = twoShardsOfThreeItems();
        List<String> got = new ArrayList<>();
        assertEquals(6, b.drain(got::add, 100));
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3"), got);
    }

    /** drain keeps its shard position and batch count in locals: they must come back to poll. */
    @Test
    void drainAndPollShareTheRoundRobinPosition() {
        ShardedBuffer<String> b = twoShardsOfThreeItems();
        List<String> got = new ArrayList<>();
        assertEquals(1, b.drain(got::add, 1));                   // a1; one more of shard 0's batch
        got.add(b.poll());                                       // a2: the batch of 2 is used up
        assertEquals(3, b.drain(got::add, 3));                   // b1, b2, a3
        got.add(b.poll());                                       // b3
        assertNull(b.poll());
        assertEquals(0, b.drain(got::add, 5));
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3"), got);
    }

    @Test
    void drainTakesNothingForALimitOfZeroAndRejectsANegativeOne() {
        ShardedBuffer<String> b = twoShardsOfThreeItems();
        assertEquals(0, b.drain(e -> fail("limit 0 took " + e), 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.drain(x -> { }, -1));
        assertEquals("limit must be >= 0, got -1", e.getMessage());
        assertThrows(NullPointerException.class, () -> b.drain(null, 1));
        List<String> got = new ArrayList<>();
        assertEquals(6, b.drain(got::add, 6));
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3"), got, "a refused drain took nothing");
    }

    /** A sink that throws loses the item it was given and no other; the position is kept. */
    @Test
    void aThrowingSinkLosesOnlyItsItem() {
        ShardedBuffer<String> b = twoShardsOfThreeItems();
        List<String> got = new ArrayList<>();
        RuntimeException boom = new RuntimeException("sink failed");
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> b.drain(e -> {
            if (e.equals("b1")) {
                throw boom;
            }
            got.add(e);
        }, 100));
        assertSame(boom, thrown);
        assertEquals(List.of("a1", "a2"), got);
        assertEquals(3, b.drain(got::add, 100));                 // b2 (shard 1's batch goes on), a3, b3
        assertEquals(List.of("a1", "a2", "b2", "a3", "b3"), got);
    }

    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)   // normally a few ms
    void aSecondConsumerIsRefusedAndTakesNothing() throws Exception {
        ShardedBuffer<Integer> b = new ShardedBuffer<>(2, 8, 16, () -> 0);
        assertNull(b.poll());                                    // this thread is the consumer now
        b.offer(1);
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        threads.start("intruder", () -> thrown.add(assertThrows(IllegalStateException.class, b::poll)));
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals("ShardedBuffer has a single consumer: thread \"" + Thread.currentThread().getName()
                + "\" holds the role, so thread \"intruder\" may not poll (the consumer hands the role over with"
                + " releaseConsumer())", thrown.get(0).getMessage());
        assertEquals(1, b.poll(), "the refused poll took nothing");
    }

    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)   // normally a few ms
    void onlyTheConsumerMayReleaseTheRole() throws Exception {
        ShardedBuffer<Integer> b = new ShardedBuffer<>(2, 8);
        String me = Thread.currentThread().getName();
        assertEquals("thread \"" + me + "\" cannot release the consumer role of this ShardedBuffer: no thread holds it",
                assertThrows(IllegalStateException.class, b::releaseConsumer).getMessage());
        b.poll();
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        threads.start("other", () -> thrown.add(assertThrows(IllegalStateException.class, b::releaseConsumer)));
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals("thread \"other\" cannot release the consumer role of this ShardedBuffer: thread \"" + me
                + "\" holds it", thrown.get(0).getMessage());
        b.releaseConsumer();                                     // the holder may
        assertEquals("thread \"" + me + "\" cannot release the consumer role of this ShardedBuffer: no thread holds it",
                assertThrows(IllegalStateException.class, b::releaseConsumer).getMessage(), "released once only");
    }

    /**
     * The role goes from thread to thread, each releasing it after a few polls; the consumer's
     * position (shard, batch) goes with it, so the items come in the same order as from one
     * consumer: every item once, round-robin in batches of 2.
     */
    @Test
    @Timeout(value = 10, threadMode = SEPARATE_THREAD)   // normally a few ms
    void theRoleIsHandedOverWithTheConsumersPosition() throws Exception {
        ShardedBuffer<String> b = twoShardsOfThreeItems();
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
        ShardedBuffer<Integer> b = new ShardedBuffer<>(1, 8);
        b.offer(1);
        b.offer(2);
        List<Integer> got = new CopyOnWriteArrayList<>();
        threads.start("short-lived consumer", () -> got.add(b.poll()));   // ends holding the role
        threads.joinAll(Duration.ofSeconds(5));
        got.add(b.poll());
        assertEquals(List.of(1, 2), got);
    }

    /**
     * Two threads poll a fresh buffer at the same moment, many times over: exactly one of them
     * becomes the consumer each time. A smoke test: with the claim made a load and a store, it
     * failed in one of two runs (round 68); the jcstress ConsumerClaimTest and its broken twin are
     * where the race is reliably caught.
     */
    @Test
    @Timeout(value = 20, threadMode = SEPARATE_THREAD)   // normally under a second
    void ofTwoThreadsClaimingAtOnceExactlyOneBecomesTheConsumer() throws Exception {
        for (int round = 0; round < 500; round++) {
            ShardedBuffer<Integer> b = new ShardedBuffer<>(1, 2);
            AtomicInteger consumers = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            CountDownLatch go = new CountDownLatch(1);
            CountDownLatch tried = new CountDownLatch(2);   // both stay alive until both tried: a
            TestThreads pollers = new TestThreads();         // terminated holder's role may be taken over
            try {
                for (int t = 0; t < 2; t++) {
                    pollers.start("poller-" + t, () -> {
                        go.await();
                        try {
                            b.poll();
                            consumers.incrementAndGet();
                        } catch (IllegalStateException e) {
                            refused.incrementAndGet();
                        }
                        tried.countDown();
                        tried.await();
                    });
                }
                go.countDown();
                pollers.joinAll(Duration.ofSeconds(5));
            } finally {
                pollers.close();
            }
            assertEquals(1, consumers.get(), "round " + round + ": consumers");
            assertEquals(1, refused.get(), "round " + round + ": refused");
        }
    }

    @Test
    void lockedRingBufferIsAGlobalFifo() {
        LockedRingBuffer<Integer> b = new LockedRingBuffer<>(2);
        assertTrue(b.offer(1));
        assertTrue(b.offer(2));
        assertFalse(b.offer(3));
        assertEquals(2, b.size());
        assertEquals(1, b.poll());
        assertTrue(b.offer(3));
        List<Integer> got = new ArrayList<>();
        assertEquals(2, b.drain(got::add, 10));
        assertEquals(List.of(2, 3), got);
    }

    /** No item for this long while producers are still offering: a liveness bug. */
    private static final long STALL_NANOS = 3_000_000_000L;

    /** How the producers of {@link #producersSharingShardsLoseNothingAndKeepTheirOrder} pick shards. */
    static Stream<Arguments> selectors() {
        return Stream.of(
                Arguments.of("id & 1: two producers per shard", 2, (IntUnaryOperator) id -> id & 1),
                Arguments.of("negative: -1 - id", 2, (IntUnaryOperator) id -> -1 - id),
                Arguments.of("probe() on 4 shards", 4, null));
    }

    /**
     * Four producers, one consumer: every item arrives once, and each producer's items in its
     * order. With two shards, two producers share each shard, so tail CASes race; the selector is
     * also run with negative values and with {@link ShardSelector#probe()}.
     *
     * <p>Bounded: the consumer gives up when it has received nothing for 3 s (a liveness bug: a
     * skipped shard, a slot never freed) and says how many items it has; the JUnit timeout is the
     * backstop. Progress is the hang detector, not the total time, which depends on the machine's
     * load: measured on this 2-core VM with the other core busy and other jobs running (load
     * average 7 to 15), a run took up to 5.4 s in 20 runs, where it takes 0.35 to 0.5 s with
     * the other jobs alone, and the timeout was 10 s.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("selectors")
    @Timeout(value = 120, threadMode = SEPARATE_THREAD)   // 0.35 to 0.5 s here (load 7), at most 5.4 s in 20 runs with the other core busy
    void producersSharingShardsLoseNothingAndKeepTheirOrder(String name, int shards, IntUnaryOperator map)
            throws Exception {
        int producers = 4;
        int perProducer = 50_000;
        AtomicInteger next = new AtomicInteger();
        ThreadLocal<Integer> id = ThreadLocal.withInitial(next::getAndIncrement);
        ShardSelector selector = map == null ? ShardSelector.probe() : () -> map.applyAsInt(id.get());
        ShardedBuffer<Long> b = new ShardedBuffer<>(shards, 64, 16, selector);
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
    }
}
