package io.github.uncontended.sharded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Single-threaded cases of the sharded buffer and the locked baseline that mutation testing
 * (docs/mutation-survivors.md) found unchecked: a drained slot's release for the next lap, the
 * consumer's clear of what it took, the direction in which empty shards are skipped (which two
 * shards cannot show), and the extreme sizes.
 */
class ShardedBufferEdgesTest {

    /** drain releases each slot for the next lap (ConsumerRelease: sequence h + C), as poll does. */
    @Test
    void aDrainedShardTakesAFullLapAgain() {
        ShardedBuffer<String> b = new ShardedBuffer<>(1, 2, 16, () -> 0);
        List<String> got = new ArrayList<>();
        for (int lap = 0; lap < 3; lap++) {
            assertTrue(b.offer("x" + lap), "lap " + lap + ": the drained slots are free");
            assertTrue(b.offer("y" + lap));
            assertFalse(b.offer("z" + lap), "two slots: full");
            assertEquals(2, b.drain(got::add, 10));
        }
        assertEquals(List.of("x0", "y0", "x1", "y1", "x2", "y2"), got);
    }

    /** The consumer clears every slot it takes (ConsumerClear): the buffer keeps no item alive. */
    @Test
    void takenItemsAreNotRetained() throws ReflectiveOperationException {
        ShardedBuffer<String> b = new ShardedBuffer<>(1, 4, 16, () -> 0);
        for (String s : new String[] {"a", "b", "c"}) {
            assertTrue(b.offer(s));
        }
        assertEquals("a", b.poll());
        assertEquals(2, b.drain(e -> { }, 10));
        assertEquals(Arrays.asList(null, null, null, null), Arrays.asList(slots(b)), "the taken items' slots");
    }

    private static Object[] slots(ShardedBuffer<?> b) throws ReflectiveOperationException {
        Field f = ShardedBuffer.class.getDeclaredField("shards");
        f.setAccessible(true);
        return ((Shard<?>[]) f.get(b))[0].items;
    }

    /** From an empty shard the consumer goes on to the next index (mod shards), not the previous one. */
    @Test
    void emptyShardsAreSkippedInIndexOrder() {
        List<String> got = new ArrayList<>();
        ShardedBuffer<String> polled = itemsOnShardsOneAndThree();
        for (String s; (s = polled.poll()) != null; ) {
            got.add(s);
        }
        assertEquals(List.of("on1", "on3"), got, "poll");
        got.clear();
        assertEquals(2, itemsOnShardsOneAndThree().drain(got::add, 10));
        assertEquals(List.of("on1", "on3"), got, "drain");
    }

    private static ShardedBuffer<String> itemsOnShardsOneAndThree() {
        int[] shard = {3};
        ShardedBuffer<String> b = new ShardedBuffer<>(4, 2, 16, () -> shard[0]);
        b.offer("on3");
        shard[0] = 1;
        b.offer("on1");
        return b;
    }

    /** sizeEstimate is tail minus head: what was taken no longer counts. */
    @Test
    void theSizeEstimateSubtractsWhatWasTaken() {
        ShardedBuffer<String> b = new ShardedBuffer<>(2, 4, 16, () -> 0);
        assertEquals(0, b.sizeEstimate());
        b.offer("a");
        b.offer("b");
        b.offer("c");
        assertEquals(3, b.sizeEstimate());
        assertEquals("a", b.poll());
        assertEquals(2, b.sizeEstimate());
        assertEquals(2, b.drain(e -> { }, 10));
        assertEquals(0, b.sizeEstimate());
    }

    @Test
    void extremeSizes() {
        assertEquals("shards must be a power of two in 1..65536, got -2147483648",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(Integer.MIN_VALUE, 2)).getMessage());
        assertEquals("capacity must be at least 1, got -1",
                assertThrows(IllegalArgumentException.class, () -> new LockedRingBuffer<>(-1)).getMessage());
        LockedRingBuffer<String> one = new LockedRingBuffer<>(1);
        assertEquals(1, one.capacity());
        assertTrue(one.offer("a"));
        assertFalse(one.offer("b"));
        assertEquals("a", one.poll());
        assertNull(one.poll());
        assertEquals(0, one.size(), "a poll of an empty buffer changes nothing");
        assertTrue(one.offer("c"));
        assertEquals(1, one.size());
        assertEquals("c", one.poll());
    }

    /** The locked baseline: counts, limits and its lock, which every call leaves unlocked. */
    @Test
    void theLockedBaselineCountsLimitsAndUnlocks() throws ReflectiveOperationException {
        LockedRingBuffer<String> b = new LockedRingBuffer<>(4);
        Field f = LockedRingBuffer.class.getDeclaredField("lock");
        f.setAccessible(true);
        java.util.concurrent.locks.ReentrantLock lock = (java.util.concurrent.locks.ReentrantLock) f.get(b);
        assertNull(b.poll());
        assertFalse(lock.isLocked(), "poll of an empty buffer");
        for (String s : new String[] {"a", "b", "c"}) {
            assertTrue(b.offer(s));
        }
        assertFalse(lock.isLocked(), "offer");
        assertEquals(3, b.size());
        assertFalse(lock.isLocked(), "size");
        assertEquals("a", b.poll());
        assertFalse(lock.isLocked(), "poll");
        assertEquals(2, b.size());
        List<String> got = new ArrayList<>();
        assertEquals(1, b.drain(got::add, 1), "the limit bounds the drain");
        assertEquals(List.of("b"), got);
        assertEquals(1, b.size());
        assertTrue(b.offer("d"));
        assertTrue(b.offer("e"));
        assertTrue(b.offer("f"));
        assertFalse(b.offer("g"), "full");
        assertFalse(lock.isLocked(), "a refused offer");
        assertEquals(4, b.drain(got::add, 10));
        assertEquals(List.of("b", "c", "d", "e", "f"), got);
        assertEquals(0, b.size());
    }
}
