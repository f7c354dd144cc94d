package io.github.uncontended.sharded;

import static io.github.uncontended.Allocations.assertAllocatesNothing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

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
 * element-flag poll at a slot a producer has claimed and not yet stored, needs a producer
 * stopped between its two steps, which a single thread cannot arrange: it is measured on a
 * consumer polling right behind a producer thread on one shard, where the consumer finds such
 * slots by chance (the test cannot count how often).
 */
@Timeout(value = 60, threadMode = SEPARATE_THREAD)   // each case well under a second
class ShardedAllocationTest {
    static final int UNITS = 2_000;
    static final Object ITEM = new Object();

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
     * The element-flag poll's wait: one producer thread offers without pause into the only shard,
     * the test thread polls right behind it; a poll that finds the head slot claimed and not yet
     * stored waits there (spin, then yield) for the element.
     */
    @Test
    void anElementFlagPollBehindAProducerAllocatesNothing() throws InterruptedException {
        ElementFlagShardedBuffer<Object> q = new ElementFlagShardedBuffer<>(1, 1024);
        q.poll();                                    // the test thread is the consumer
        long[] offered = {0};
        Thread producer = threads.start("producer", () -> {
            while (!Thread.currentThread().isInterrupted()) {
                if (q.offer(ITEM)) {
                    offered[0]++;
                } else {
                    Thread.onSpinWait();
                }
            }
        });
        long[] taken = {0};
        assertAllocatesNothing("ElementFlagShardedBuffer: polls right behind a producer (some wait at a claimed slot)",
                units -> {
                    for (int i = 0; i < units; i++) {
                        for (int k = 0; k < 64; k++) {
                            if (q.poll() != null) {
                                taken[0]++;
                            }
                        }
                    }
                    return 64L * units;
                }, UNITS);
        producer.interrupt();
        threads.joinAll(Duration.ofSeconds(5));
        assertTrue(taken[0] > 0, "the consumer took nothing: the producer never ran");
        while (q.poll() != null) {
            taken[0]++;
        }
        assertNull(q.poll());
        assertEquals(offered[0], taken[0], "every item offered was taken once");
    }
}
