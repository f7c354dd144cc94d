package io.github.uncontended.sharded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.TestThreads;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What only the slot-sequence buffer does: it refuses one slot per shard, saying why, and counts
 * its refused offers. The contract it shares with the element-flag buffer is
 * {@link ShardedQueueContractTest}'s; the selectors' own promise (probe() stable per thread) is
 * here too, with the first buffer that took one.
 */
class ShardedBufferTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    /** With one slot, the published sequence t + 1 of a slot equals its free sequence h + C (TLC: ShardCapacityOne). */
    @Test
    void rejectsOneSlotPerShardSayingWhy() {
        assertEquals("capacityPerShard must be a power of two in 2..1073741824, got 1 (with one slot the published and"
                        + " the free sequence of a slot coincide)",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(2, 1)).getMessage());
    }

    /**
     * Exactly MAX_TOTAL_CAPACITY slots pass the size checks (both buffers' constructors call them):
     * a buffer that large (12 GiB) is no unit test, the check alone is.
     */
    @Test
    void theSizeChecksAcceptExactlyTheLargestTotal() {
        ShardedBuffer.checkSizes(1 << 16, 1 << 14, 2, 1, "");
        ShardedBuffer.checkSizes(1, ShardedBuffer.MAX_CAPACITY, 2, 1, "");
    }

    /** failedOffers counts the offers a full shard refused (the slow path's counter). */
    @Test
    void aFullShardCountsItsRefusals() {
        ShardedBuffer<Integer> b = new ShardedBuffer<>(4, 2, 16, () -> 1);
        assertTrue(b.offer(1));
        assertTrue(b.offer(2));
        assertEquals(0, b.failedOffers());
        assertFalse(b.offer(3));
        assertEquals(1, b.failedOffers());
        assertEquals(1, b.poll());
        assertTrue(b.offer(3));
        assertFalse(b.offer(4));
        assertEquals(2, b.failedOffers());
        assertEquals(0, b.casRetries(), "one thread: no CAS lost");
        assertEquals(2, b.poll());
        assertEquals(3, b.poll());
        assertNull(b.poll());
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
}
