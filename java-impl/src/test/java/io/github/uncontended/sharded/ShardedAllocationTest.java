package io.github.uncontended.sharded;

import static io.github.uncontended.Allocations.assertAllocatesNothing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.StalledPartner;
import io.github.uncontended.TestThreads;
import java.time.Duration;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Both sharded buffers allocate nothing to offer (an item stored, or a full shard refused), to
 * poll (an item, or null after a round of empty shards) or to drain (issue 48, item 5;
 * {@link io.github.uncontended.Allocations} says how it is counted). The one wait of either, the
 * element-flag poll at a slot a producer has claimed and not yet stored, is made to happen on
 * every unit by a second thread, a producer stopped between its two steps
 * ({@link StalledPartner}).
 */
@Timeout(value = 60, threadMode = SEPARATE_THREAD)   // each case well under a second
class ShardedAllocationTest {
    static final int UNITS = 2_000;
    static final Object ITEM = new Object();

    /** Units per run with a stalled partner: each waits until the partner has seen it waiting (a stack trace or more). */
    static final int PARTNER_UNITS = 20;

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    static Stream<Arguments> buffers() {
        return Stream.of(
                Arguments.of("ShardedBuffer",
                        (BiFunction<Integer, Integer, ShardedQueue<Object>>) ShardedBuffer::new),
                Arguments.of("ElementFlagShardedBuffer",
                        (BiFunction<Integer, Integer, ShardedQueue<Object>>) ElementFlagShardedBuffer::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("buffers")
    void offerAndPollAllocateNothing(String name, BiFunction<Integer, Integer, ShardedQueue<Object>> factory) {
        ShardedQueue<Object> q = factory.apply(4, 64);
        assertAllocatesNothing(name + ": offer 32, poll 32, and a poll that finds every shard empty", units -> {
            for (int i = 0; i < units; i++) {
                for (int k = 0; k < 32; k++) {
                    q.offer(ITEM);
                }
                for (int k = 0; k < 32; k++) {
                    q.poll();
                }
                if (q.poll() != null) {
                    throw new AssertionError("an item left over");
                }
            }
            return 65L * units;
        }, UNITS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("buffers")
    void offerAndDrainAllocateNothing(String name, BiFunction<Integer, Integer, ShardedQueue<Object>> factory) {
        ShardedQueue<Object> q = factory.apply(4, 64);
        long[] taken = {0};
        Consumer<Object> sink = e -> taken[0]++;
        assertAllocatesNothing(name + ": offer 32, drain them", units -> {
            for (int i = 0; i < units; i++) {
                for (int k = 0; k < 32; k++) {
                    q.offer(ITEM);
                }
                if (q.drain(sink, 64) != 32) {
                    throw new AssertionError("drain did not take the 32 items");
                }
            }
            return 33L * units;
        }, UNITS);
        assertTrue(taken[0] > 0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("buffers")
    void anOfferToAFullShardAllocatesNothing(String name, BiFunction<Integer, Integer, ShardedQueue<Object>> factory) {
        ShardedQueue<Object> q = factory.apply(1, 16);
        for (int k = 0; k < 16; k++) {
            assertTrue(q.offer(ITEM));
        }
        assertAllocatesNothing(name + ": offers refused by a full shard", units -> {
            for (int i = 0; i < units; i++) {
                for (int k = 0; k < 32; k++) {
                    if (q.offer(ITEM)) {
                        throw new AssertionError("a full shard took an item");
                    }
                }
            }
            return 32L * units;
        }, UNITS);
        assertFalse(q.offer(ITEM));
    }

    /**
     * The element-flag poll's wait, on every unit: a {@link StalledPartner} is a producer that
     * claims the head slot (LoadTail, CasTail) and stores its element (StoreElement) only once it
     * has seen the test thread's poll waiting at the claimed, empty slot (spin, then yield).
     */
    @Test
    void anElementFlagPollThatWaitsForAClaimedSlotAllocatesNothing() throws InterruptedException {
        ElementFlagShardedBuffer<Object> q = new ElementFlagShardedBuffer<>(1, 1024, 16, () -> 0);
        ElementFlagShard<Object> shard = ElementFlagShardedBufferTest.shard(q, 0);
        long[] slot = {0};
        StalledPartner producer = new StalledPartner(Thread.currentThread(), new StalledPartner.Steps() {
            @Override public void hold() {
                long t = shard.loadTail();               // LoadTail
                if (!shard.casTail(t)) {                 // CasTail: claimed, not stored
                    throw new AssertionError("the only producer lost its CAS");
                }
                slot[0] = t;
            }

            @Override public void release() {
                shard.storeElement(slot[0], ITEM);       // StoreElement
            }
        });
        Thread partner = threads.start("stalled producer", producer);
        long[] unit = {0};
        assertAllocatesNothing("ElementFlagShardedBuffer: a poll that waits at a claimed slot for its element",
                units -> {
                    for (int i = 0; i < units; i++) {
                        long u = ++unit[0];
                        producer.request(u);
                        if (q.poll() != ITEM) {
                            throw new AssertionError("poll returned without the claimed slot's element");
                        }
                        producer.awaitRelease(u);
                    }
                    return units;
                }, PARTNER_UNITS);
        partner.interrupt();
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals(0, producer.unseen(), "units whose poll was never seen in its wait");
        assertNull(q.poll(), "every element taken");
    }
}
