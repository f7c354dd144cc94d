package io.github.uncontended.sharded;

import io.github.uncontended.ShardSelector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;

/**
 * The Lincheck harness both sharded buffers share ({@link ShardedBufferLincheckTest},
 * {@link ElementFlagShardedBufferLincheckTest}): Lincheck checks a {@link ShardedQueue} against a
 * sequential model of the abstract {@code specs/sharded/Channels.tla}, each shard a bounded FIFO,
 * each producer's items in its order. A buffer's suite is a small subclass of {@link OneShard} or
 * {@link TwoShards} per configuration that says which queue to build ({@link Harnessed}).
 *
 * <p>With several shards the round-robin poll is not linearizable to any deterministic model that
 * says which shard a poll takes from: the consumer finds shard 0 empty; producer A offers to
 * shard 0 and returns; then producer B offers to shard 1; the poll returns B's item, although A's
 * offer finished before B's began. A linearization must put the poll after both offers, where a
 * round-robin model takes A's. Lincheck's sequential specification is deterministic, so the
 * harness has two configurations, each checked against what is linearizable in it:
 *
 * <ul>
 *   <li>{@link OneShard}: one shard, several producers. That is a bounded MPSC FIFO, and
 *       deterministic: offer returns false exactly when the shard is full, poll returns the head
 *       or null (an offer counts from its tail CAS). This is where the tail CAS race, fullness and
 *       the reuse of slots (wrap-around) are checked; shards share no state, so every shard of a
 *       larger buffer is this ring.
 *   <li>{@link TwoShards}: two shards, the producer's shard fixed by its Lincheck thread id
 *       (threads 1 and 3 share shard 1, thread 2 has shard 0: a shared and a private shard).
 *       Which shard a poll takes from depends on timing, so the model cannot know how full each
 *       shard is afterwards; the shards hold 8 slots, more than a scenario offers, so no offer may
 *       fail. The model then only counts items: poll returns whether it got one. That is
 *       linearizable: a poll returns nothing only after the harness's final check (below) found no
 *       claimed slot in any shard, reading the shards one after another; tails only grow and only
 *       the consumer moves a head, so a shard without a claimed slot at its read had none when the
 *       check began, and the empty result is linearized there. What the items were is checked
 *       after the run, in {@link TwoShards#everyItemOnceInItsProducersOrder}: the consumer's items
 *       and the ones drained afterwards are exactly the accepted ones, none twice, each producer's
 *       in its order.
 * </ul>
 *
 * <p><b>Relaxed calls are repeated.</b> A poll or drain that returns short while a producer sits
 * between its claim of a slot and its publication of the item is not linearizable on its own:
 * thread 2's offer claims slot 0 and pauses; thread 1's offer takes slot 1, publishes and returns
 * true; thread 1 then polls and gets null, because the consumer reads the slots in order. That is
 * the relaxed poll of JCTools' MPSC queues ({@code relaxedPoll}); nothing is lost (the next call
 * after the publication returns the items, in claim order). A buffer says which of its calls are
 * relaxed ({@link Harnessed}); the harness repeats such a call that came back short while
 * {@link ShardedQueue#sizeEstimate()} still counts a claimed slot, so the operation checked is
 * "poll (drain), waiting out offers between claim and publication".
 *
 * <p>Polls run on one thread ({@code nonParallelGroup = "consumer"}): the buffer has one consumer.
 * Lincheck runs the parts before and after the parallel one, and the validation, on threads of its
 * own, so the harness hands the consumer role over after every poll
 * ({@link ShardedQueue#releaseConsumer()}); the next poll, on whichever thread, claims it.
 *
 * <p>Not checked here: per-shard fullness with several shards (TLC: OfferFailsOnlyWhenFull), the
 * batch and round-robin fairness (TLC: EveryAcceptedItemConsumed), and memory ordering
 * (Lincheck's model checker assumes sequential consistency: jcstress).
 */
public final class ShardedQueueLincheck {

    private ShardedQueueLincheck() {}

    /**
     * The harness's repetition of a relaxed call spins while an offer sits between its claim and
     * its publication, and so can the offer's own loop; the model checker switches threads after
     * this many iterations of a loop instead of its default 10. The loop bodies repeat the same
     * reads, so nothing is lost; measured on the shared 2-core machine, ShardedBuffer, two shards,
     * 10 x 100 interleavings: 18.8 s with the default, 8.7 s with 5.
     */
    static final int LOOP_ITERATIONS_BEFORE_SWITCH = 5;

    /**
     * The queue a harness drives, and which of its calls are relaxed (may come back short while a
     * slot is claimed and its item not yet published): those the harness repeats.
     */
    public record Harnessed(ShardedQueue<Integer> queue, boolean relaxedPoll, boolean relaxedDrain) {

        /** {@link ShardedBuffer} and its broken twins: poll and drain both move past a claimed, unpublished slot. */
        static Harnessed slotSequence(ShardedQueue<Integer> q) {
            return new Harnessed(q, true, true);
        }

        /** {@link ElementFlagShardedBuffer}: poll waits at a claimed slot, drain moves on (JCTools' drain). */
        static Harnessed elementFlag(ElementFlagShardedBuffer<Integer> q) {
            return new Harnessed(q, false, true);
        }

        /** A variant whose every call waits (BrokenElementFlagShardedBuffer: its drain is polls that wait). */
        static Harnessed waiting(ShardedQueue<Integer> q) {
            return new Harnessed(q, false, false);
        }

        /** Some shard has a slot claimed by an offer and not yet taken (published or not). */
        boolean claimed() {
            return queue.sizeEstimate() > 0;
        }
    }

    /**
     * Polls and drains on behalf of the harness, then hands the consumer role over. A relaxed
     * call that came back short while a slot is claimed is repeated: see the class comment.
     */
    static final class Consumer {
        private final Harnessed buffer;

        Consumer(Harnessed buffer) {
            this.buffer = buffer;
        }

        Integer poll() {
            Integer e;
            do {
                e = buffer.queue().poll();
            } while (e == null && buffer.relaxedPoll() && buffer.claimed());
            buffer.queue().releaseConsumer();
            return e;
        }

        /** drain(limit), repeated for the rest while relaxed and a slot is claimed. */
        List<Integer> drain(int limit) {
            List<Integer> got = new ArrayList<>();
            do {
                buffer.queue().drain(got::add, limit - got.size());
            } while (got.size() < limit && buffer.relaxedDrain() && buffer.claimed());
            buffer.queue().releaseConsumer();
            return got;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // One shard: a bounded MPSC FIFO, deterministic.

    /** One shard shared by every producer; the subclass builds it (two slots unless it says otherwise). */
    @Param(name = "item", gen = IntGen.class, conf = "1:3")
    public abstract static class OneShard {
        /** Slots of the shard of most configurations (the models: {@link OneShardModel}). */
        public static final int SLOTS = 2;

        protected abstract Harnessed buffer();

        private final Harnessed buffer = buffer();
        private final Consumer consumer = new Consumer(buffer);

        @Operation
        public boolean offer(@Param(name = "item") int item) {
            return buffer.queue().offer(item);
        }

        @Operation(nonParallelGroup = "consumer")
        public Integer poll() {
            return consumer.poll();
        }

        /**
         * The bulk path (its own loop in the real buffers, not polls), one item at a time. A drain
         * of more than one item is not one atomic operation but that many polls, and is checked so
         * nowhere: Lincheck's counterexample to "drainTwo" as one operation, with the two slots
         * full of 2 and 3, was drain [2, 3] beside another thread's offer(3) true, offer(3)
         * false: the offer took slot 0 between the drain's two items, then found slot 1 not yet
         * released. Nothing was lost; no queue behaves so, because no queue is atomic there. The
         * unit tests check drain's multi-item loop, its position and batch count across calls.
         */
        @Operation(nonParallelGroup = "consumer")
        public Integer drainOne() {
            List<Integer> got = consumer.drain(1);
            return got.isEmpty() ? null : got.get(0);
        }
    }

    /** The sequential specification of a one-shard configuration: a FIFO queue of {@code capacity} places. */
    public abstract static class BoundedFifoModel {
        private final int capacity;
        private final ArrayDeque<Integer> queue = new ArrayDeque<>();

        BoundedFifoModel(int capacity) {
            this.capacity = capacity;
        }

        public boolean offer(int item) {
            if (queue.size() == capacity) {
                return false;
            }
            queue.add(item);
            return true;
        }

        public Integer poll() {
            return queue.poll();
        }

        public Integer drainOne() {
            return queue.poll();
        }
    }

    /** {@link OneShard} of {@value OneShard#SLOTS} slots: a FIFO queue of two places. */
    public static class OneShardModel extends BoundedFifoModel {
        public OneShardModel() {
            super(OneShard.SLOTS);
        }
    }

    /** One shard of one slot: a FIFO queue of one place. */
    public static class OneSlotModel extends BoundedFifoModel {
        public OneSlotModel() {
            super(1);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Two shards: offers and whether a poll got an item; the items are checked after the run.

    /** Two shards of {@value #SLOTS} slots; the producer's shard is its Lincheck thread id & 1. */
    public abstract static class TwoShards {
        public static final int SLOTS = 8;
        /** Lincheck thread ids: 0 the part before, 1..3 the parallel threads, 4 the part after. */
        static final int THREAD_IDS = 5;

        private final ThreadLocal<Integer> producer = new ThreadLocal<>();

        /** Two shards of {@link #SLOTS} slots whose producers pick their shard with {@code selector}. */
        protected abstract Harnessed buffer(ShardSelector selector);

        private final Harnessed buffer = buffer(producer::get);
        private final Consumer consumer = new Consumer(buffer);
        private final int[] accepted = new int[THREAD_IDS];    // each entry written by its thread only
        private final List<Integer> received = new ArrayList<>();  // the consumer's, in order

        /** Item k (1, 2, ...) of the producer with thread id p is p * 100 + k. */
        @Operation
        public boolean offer(@Param(gen = ThreadIdGen.class) int thread) {
            producer.set(thread);
            int item = thread * 100 + accepted[thread] + 1;
            boolean ok = buffer.queue().offer(item);
            if (ok) {
                accepted[thread]++;
            }
            return ok;
        }

        @Operation(nonParallelGroup = "consumer")
        public boolean poll() {
            Integer e = consumer.poll();
            if (e != null) {
                received.add(e);
            }
            return e != null;
        }

        /** After the run: drain, then every accepted item exactly once, each producer's in order. */
        @Validate
        public void everyItemOnceInItsProducersOrder() {
            List<Integer> all = new ArrayList<>(received);
            for (Integer e; (e = consumer.poll()) != null; ) {
                all.add(e);
            }
            Set<Integer> seen = new HashSet<>();
            for (int e : all) {
                if (!seen.add(e)) {
                    throw new IllegalStateException("item " + e + " delivered twice: " + all);
                }
                if (e / 100 >= THREAD_IDS || e % 100 < 1 || e % 100 > accepted[e / 100]) {
                    throw new IllegalStateException("item " + e + " delivered, and no offer accepted it: " + all);
                }
            }
            for (int p = 0; p < THREAD_IDS; p++) {                   // nothing lost: checked before the
                for (int k = 1; k <= accepted[p]; k++) {             // order, so that a lost item is not
                    if (!seen.contains(p * 100 + k)) {               // reported as a gap in the order
                        throw new IllegalStateException("lost item: producer " + p + "'s item " + (p * 100 + k)
                                + " was accepted and never delivered: " + all);
                    }
                }
            }
            int[] last = new int[THREAD_IDS];
            for (int e : all) {
                int p = e / 100;
                int k = e % 100;
                if (p >= THREAD_IDS || k != last[p] + 1) {
                    throw new IllegalStateException("item " + e + " out of its producer's order: " + all);
                }
                last[p] = k;
            }
        }
    }

    /** The sequential specification of {@link TwoShards}: no offer fills a shard, so only the number of items matters. */
    public static class TwoShardsModel {
        private int items;

        public boolean offer(int thread) {
            items++;
            return true;
        }

        public boolean poll() {
            if (items == 0) {
                return false;
            }
            items--;
            return true;
        }
    }
}
