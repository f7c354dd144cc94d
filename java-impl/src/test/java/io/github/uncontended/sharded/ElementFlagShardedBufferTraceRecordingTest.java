package io.github.uncontended.sharded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.TestThreads;
import io.github.uncontended.TraceRecorder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Records short stress runs of the element-flag buffer for trace validation against
 * {@code specs/sharded/trace/ElementFlagShardsTrace.tla}, with the harness and the workloads both
 * sharded buffers share ({@link ShardedQueueTraceRecording}: two producers sharing a shard, three
 * on two shards), and this buffer's own: a drained consumer, shards of one slot, and its broken
 * twins' recordings, which TLC must reject. Small shards, so producers sharing one race for the
 * tail, use up the shared limit and raise it, find the shard full, and wrap around; and the
 * consumer finds slots claimed and not yet stored.
 */
class ElementFlagShardedBufferTraceRecordingTest extends ShardedQueueTraceRecording {

    @Override
    ShardedQueue<Item> queue(int shards, int capacity, int batch, ShardSelector selector) {
        return new ElementFlagShardedBuffer<>(shards, capacity, batch, selector);
    }

    @Override
    String spec() {
        return "sharded/trace/ElementFlagShardsTrace";
    }

    @Override
    String prefix() {
        return "efs";
    }

    /**
     * The consumer drains (one item a call) instead of polling: a null element moves it on to the
     * next shard without the tail load, whether the shard is empty or its slot claimed and not
     * yet stored (the relaxed drain). Witness DrainMovesOnFromClaimed: the drain met a claimed,
     * unstored slot, the continuation the trace spec must accept as well as poll's. Left to the
     * scheduler it took 1 to 31 runs (and more than 40 in two JVMs of five), so the producers and
     * the consumer are gated and the consumer spins before it yields: the trace lock then gives
     * the consumer a turn between a producer's claim and its store; measured, 1 to 3 runs in six JVMs.
     */
    @Test
    void twoProducersOnTwoShardsDrained() throws Exception {
        record("2shards-2p-drained", 2, 2, 2, 1, 6 * TraceRecorder.scale(), "DrainMovesOnFromClaimed", 3, true,
                ShardedQueueTraceRecording::drainOne);
    }

    /**
     * Shards of one slot, which this design allows (the slot-sequence one needs two): every item
     * is a handover. Witness ClaimedNotStored: the consumer at a slot claimed and not yet stored,
     * where poll waits for the element. Producers and consumer gated: left to the scheduler it took
     * 1 to 11 runs; gated, the first run in six JVMs of six.
     */
    @Test
    void twoProducersOnShardsOfOneSlot() throws Exception {
        record("2shards-2p-c1", 2, 1, 2, 1, 6 * TraceRecorder.scale(), "ClaimedNotStored", 3, false, q -> q::poll);
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
        TraceRecorder.rejected(spec())
                .constant("P", 2).constant("S", 1).constant("C", 4).constant("Items", 2).constant("Batch", 1)
                .constant("ConsumerThread", 3)
                .record("broken-efs-store-before-cas", producers(producer, 2, 1, 2, buffer::offer));
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
        List<TestThreads.Body> actors = producers(producer, 1, 1, items, buffer::offer);
        List<Item> got = new ArrayList<>();
        actors.add(consumer(items, buffer::poll, got));
        List<String> events = TraceRecorder.rejected(spec())
                .constant("P", 1).constant("S", 1).constant("C", 2).constant("Items", items).constant("Batch", 1)
                .constant("ConsumerThread", 2)
                .record("broken-efs-limit-off-by-one", actors);
        assertEquals(true, events.stream().anyMatch(e -> e.matches("1 StoreLimit shard=0 limit=\\d+")),
                "the producer stored a limit, where the defect is");
    }
}
