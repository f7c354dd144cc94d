package io.github.uncontended.sharded;

import static io.github.uncontended.sharded.ShardedBufferTraceRecordingTest.consumer;
import static io.github.uncontended.sharded.ShardedBufferTraceRecordingTest.producers;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.uncontended.TestThreads;
import io.github.uncontended.TraceRecorder;
import io.github.uncontended.sharded.ShardedBufferTraceRecordingTest.Item;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Records short stress runs of the element-flag buffer for trace validation against
 * {@code specs/sharded/trace/ElementFlagShardsTrace.tla} ({@code make trace} checks them with
 * TLC), with the workload of {@link ShardedBufferTraceRecordingTest}: producer p (thread p,
 * 1..P) offers to shard {@code p & (S - 1)} its items p * 1000 + 1, p * 1000 + 2, ... in order,
 * offering an item again while its shard is full; thread P + 1 polls until it has every item.
 * Small shards, so producers sharing one race for the tail, use up the shared limit and raise
 * it, find the shard full, and wrap around; and the consumer finds slots claimed and not yet
 * stored.
 */
@Timeout(value = 40, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // each records in well under a second
class ElementFlagShardedBufferTraceRecordingTest {

    @Test
    void twoProducersShareOneShard() throws Exception {
        record("efs-1shard-2p", 1, 2, 2, 1, 6 * TraceRecorder.scale());
    }

    @Test
    void threeProducersOnTwoShardsTakenTwoAtATime() throws Exception {
        record("efs-2shards-3p-batch2", 2, 2, 3, 2, 5 * TraceRecorder.scale());
    }

    /**
     * The consumer drains (one item a call) instead of polling: a null element moves it on to the
     * next shard without the tail load, whether the shard is empty or its slot claimed and not
     * yet stored (the relaxed drain; witness DrainMovesOnFromClaimed). The trace spec must accept
     * that continuation as well as poll's.
     */
    @Test
    void twoProducersOnTwoShardsDrained() throws Exception {
        ThreadLocal<Integer> producer = ThreadLocal.withInitial(() -> 0);
        ElementFlagShardedBuffer<Item> buffer = new ElementFlagShardedBuffer<>(2, 2, 1, producer::get);
        List<Item> one = new ArrayList<>(1);
        ShardedBufferTraceRecordingTest.recordAccepted("sharded/trace/ElementFlagShardsTrace", "efs-2shards-2p-drained",
                producer, 2, 2, 2, 1, 6 * TraceRecorder.scale(), buffer::offer, () -> {
                    one.clear();
                    buffer.drain(one::add, 1);
                    return one.isEmpty() ? null : one.get(0);
                });
    }

    /** Shards of one slot, which this design allows (the slot-sequence one needs two). */
    @Test
    void twoProducersOnShardsOfOneSlot() throws Exception {
        record("efs-2shards-2p-c1", 2, 1, 2, 1, 6 * TraceRecorder.scale());
    }

    /**
     * Sibling EfsStoreBeforeCas.tla in Java (BrokenElementFlagShardedBuffer): the element is
     * stored before the tail CAS (two steps swapped). TLC must reject the trace at its first
     * StoreElement, which the spec allows only after a won CAS. Producers only, with room for
     * every item.
     */
    @Test
    void storeBeforeCasIsRecordedForRejection() throws Exception {
        ThreadLocal<Integer> producer = ThreadLocal.withInitial(() -> 0);
        BrokenElementFlagShardedBuffer<Item> buffer = new BrokenElementFlagShardedBuffer<>(1, 4, producer::get,
                BrokenElementFlagShardedBuffer.Defect.STORE_BEFORE_CAS);
        TraceRecorder.rejected("sharded/trace/ElementFlagShardsTrace")
                .constant("P", 2).constant("S", 1).constant("C", 4).constant("Items", 2).constant("Batch", 1)
                .constant("ConsumerThread", 3)
                .record("broken-efs-store-before-cas", producers(producer, 2, 2, buffer::offer));
    }

    /**
     * Sibling EfsLimitOffByOne.tla in Java: the shared limit is stored as head + C + 1 (an
     * off-by-one). TLC must reject the trace at the first StoreLimit, which happens once a
     * producer has used up the first lap's limit and the consumer has freed a slot: one producer
     * with one item more than its shard's two slots, and the consumer. One more: the limit it
     * stores is never passed, so no element is overwritten. With four items the next offer could
     * pass on that limit into the slot at the consumer's head, whose element it overwrote, and the
     * broken consumer then waited for ever at the cleared slot (it hung on JDK 25, 2026-11-29).
     */
    @Test
    void limitOffByOneIsRecordedForRejection() throws Exception {
        ThreadLocal<Integer> producer = ThreadLocal.withInitial(() -> 0);
        BrokenElementFlagShardedBuffer<Item> buffer = new BrokenElementFlagShardedBuffer<>(1, 2, producer::get,
                BrokenElementFlagShardedBuffer.Defect.LIMIT_OFF_BY_ONE);
        int items = 3;
        List<TestThreads.Body> actors = producers(producer, 1, items, buffer::offer);
        List<Item> got = new ArrayList<>();
        actors.add(consumer(items, buffer::poll, got));
        List<String> events = TraceRecorder.rejected("sharded/trace/ElementFlagShardsTrace")
                .constant("P", 1).constant("S", 1).constant("C", 2).constant("Items", items).constant("Batch", 1)
                .constant("ConsumerThread", 2)
                .record("broken-efs-limit-off-by-one", actors);
        assertEquals(true, events.stream().anyMatch(e -> e.matches("1 StoreLimit shard=0 limit=\\d+")),
                "the producer stored a limit, where the defect is");
    }

    private static void record(String name, int shards, int capacity, int producers, int batch, int items)
            throws Exception {
        ThreadLocal<Integer> producer = ThreadLocal.withInitial(() -> 0);
        ElementFlagShardedBuffer<Item> buffer = new ElementFlagShardedBuffer<>(shards, capacity, batch, producer::get);
        ShardedBufferTraceRecordingTest.recordAccepted("sharded/trace/ElementFlagShardsTrace", name, producer, shards,
                capacity, producers, batch, items, buffer::offer, buffer::poll);
    }
}
