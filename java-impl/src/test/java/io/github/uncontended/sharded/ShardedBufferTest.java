package io.github.uncontended.sharded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ShardedBufferTest {

    @Test
    void rejectsBadSizes() {
        assertEquals("shards must be a power of two in 1..65536, got 3",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(3, 8)).getMessage());
        assertEquals("capacityPerShard must be a power of two in 2..1073741824, got 1 (with one slot the published and the free sequence of a slot coincide)",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(2, 1)).getMessage());
        assertEquals("capacityPerShard must be a power of two in 2..1073741824, got 6",
                assertThrows(IllegalArgumentException.class, () -> new ShardedBuffer<>(2, 6)).getMessage());
        assertEquals("batch must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> new ShardedBuffer<>(2, 8, 0, ShardSelector.THREAD_ID)).getMessage());
        assertEquals("capacity must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new LockedRingBuffer<>(0)).getMessage());
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

    @Test
    void theConsumerVisitsShardsRoundRobinInBatches() {
        int[] shard = {0};
        ShardedBuffer<String> b = new ShardedBuffer<>(2, 8, 2, () -> shard[0]);
        for (String s : new String[] {"a1", "a2", "a3"}) {
            b.offer(s);
        }
        shard[0] = 1;
        for (String s : new String[] {"b1", "b2", "b3"}) {
            b.offer(s);
        }
        List<String> got = new ArrayList<>();
        assertEquals(6, b.drain(got::add, 100));
        assertEquals(List.of("a1", "a2", "b1", "b2", "a3", "b3"), got);
    }

    @Test
    void aSecondConsumerIsRefused() throws Exception {
        ShardedBuffer<Integer> b = new ShardedBuffer<>(2, 8);
        b.poll();
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        Thread other = new Thread(() -> {
            try {
                b.poll();
            } catch (IllegalStateException e) {
                thrown.add(e);
            }
        }, "intruder");
        other.start();
        other.join();
        assertEquals(1, thrown.size());
        assertTrue(thrown.get(0).getMessage().endsWith("polls it, intruder may not"), thrown.get(0).getMessage());
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

    /**
     * Four producers, two per shard (so tail CASes race), one consumer: every item arrives once,
     * and each producer's items in its order.
     */
    @Test
    void producersSharingShardsLoseNothingAndKeepTheirOrder() throws Exception {
        int producers = 4;
        int perProducer = 50_000;
        AtomicInteger next = new AtomicInteger();
        ThreadLocal<Integer> id = ThreadLocal.withInitial(next::getAndIncrement);
        ShardedBuffer<Long> b = new ShardedBuffer<>(2, 64, 16, () -> id.get() & 1);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            threads.add(new Thread(() -> {
                long me = id.get();
                for (int i = 0; i < perProducer; i++) {
                    while (!b.offer((me << 32) | i)) {
                        Thread.yield();
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        long[] last = new long[producers];
        java.util.Arrays.fill(last, -1);
        long received = 0;
        while (received < (long) producers * perProducer) {
            Long e = b.poll();
            if (e == null) {
                Thread.yield();
                continue;
            }
            int p = (int) (e >>> 32);
            long i = e & 0xffffffffL;
            assertEquals(last[p] + 1, i, "producer " + p + " out of order");
            last[p] = i;
            received++;
        }
        for (Thread t : threads) {
            t.join(30_000);
        }
        assertNull(b.poll(), "nothing extra");
        for (int p = 0; p < producers; p++) {
            assertEquals(perProducer - 1, last[p]);
        }
    }
}
