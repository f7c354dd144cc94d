package io.github.uncontended.sharded;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.Waits;
import java.util.Objects;

/**
 * BROKEN, test sources only: {@link ElementFlagShardedBuffer} with one defect, each the Java twin
 * of a broken sibling of {@code specs/sharded/ElementFlagShards.tla} (specs/sharded/broken/Efs*.tla).
 * Built from {@link ElementFlagShard}'s own accessors (one per spec action), so it differs from
 * the real buffer only in the one step or order the defect names. The Lincheck and jcstress
 * suites must reject it.
 *
 * <p>The consumer takes one item per shard visit (the real buffer with {@code batch = 1}) and does
 * not check that it is the only consumer: the tests that use it poll from one thread at a time.
 * It is a {@link ShardedQueue}, so that the suites' harnesses take it as they take the real one:
 * its drain is a run of polls, {@link #releaseConsumer()} does nothing (there is no role).
 * Where the real consumer compares head with the tail for equality, this one treats a head at or
 * past the tail as empty: equal in the real algorithm, and a defect that lets head pass the tail
 * then reports empty instead of spinning for ever, so a test fails instead of hanging.
 */
public final class BrokenElementFlagShardedBuffer<E> implements ShardedQueue<E> {

    public enum Defect {
        /**
         * EfsSkipClaimed.tla: a consumer that finds its head slot claimed and not yet stored
         * moves past it (head + 1) instead of loading it again: that item is never taken (or,
         * a lap later, taken out of its place).
         */
        SKIP_CLAIMED,
        /**
         * EfsAdvanceBeforeClear.tla: the consumer stores head + 1 before it nulls the slot. A
         * producer of the next lap stores its element there in between, and the late clear wipes it.
         */
        ADVANCE_BEFORE_CLEAR,
        /**
         * EfsStoreBeforeCas.tla: the producer stores its element into slot t before its tail CAS.
         * Two producers that loaded the same tail both store into the slot; the loser's element
         * overwrites the winner's, and the loser offers again, so its item arrives twice and the
         * winner's never.
         */
        STORE_BEFORE_CAS,
        /**
         * EfsNoClear.tla: the consumer moves head on without nulling the slot; a lap later it
         * finds the old element still there and takes it again.
         */
        NO_CLEAR,
        /** EfsLimitOffByOne.tla: the limit stored is h + C + 1; a producer passes it into a slot not yet taken. */
        LIMIT_OFF_BY_ONE,
        /** EfsFullFromLimit.tla: a tail at the cached limit is taken for "full", head never loaded. */
        FULL_FROM_LIMIT
    }

    private final ElementFlagShard<E>[] shards;
    private final int shardMask;
    private final int shardCapacity;
    private final ShardSelector selector;
    private final Defect defect;
    private int current;   // consumer-private

    @SuppressWarnings("unchecked")
    public BrokenElementFlagShardedBuffer(int shards, int capacityPerShard, ShardSelector selector, Defect defect) {
        this.shards = new ElementFlagShard[shards];
        for (int i = 0; i < shards; i++) {
            this.shards[i] = new ElementFlagShard<>(i, capacityPerShard);
        }
        this.shardMask = shards - 1;
        this.shardCapacity = capacityPerShard;
        this.selector = Objects.requireNonNull(selector, "selector");
        this.defect = Objects.requireNonNull(defect, "defect");
    }

    @Override
    public boolean offer(E e) {
        Objects.requireNonNull(e, "e");
        ElementFlagShard<E> s = shards[selector.shard() & shardMask];
        long capacity = shardCapacity;
        while (true) {
            long t = s.loadTail();                             // LoadTail
            if (t >= s.loadLimit()) {                          // LoadLimit
                if (defect == Defect.FULL_FROM_LIMIT) {
                    return false;                              // "full" from the cache, head never loaded
                }
                long h = s.loadHead();                         // LoadHead
                if (t >= h + capacity) {
                    return false;                              // full
                }
                s.storeLimit(defect == Defect.LIMIT_OFF_BY_ONE ? h + capacity + 1 : h + capacity);   // StoreLimit
            }
            if (defect == Defect.STORE_BEFORE_CAS) {
                s.storeElement(t, e);                          // StoreElement, before the claim ...
                if (s.casTail(t)) {                            // ... then CasTail
                    return true;
                }
                continue;                                      // lost: offer again (the stray store stays)
            }
            if (s.casTail(t)) {                                // CasTail
                s.storeElement(t, e);                          // StoreElement
                return true;
            }
        }
    }

    @Override
    public E poll() {
        for (int visited = 0; visited <= shardMask; visited++) {
            ElementFlagShard<E> s = shards[current];
            current = (current + 1) & shardMask;               // one item per visit
            E e = take(s);
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    private E take(ElementFlagShard<E> s) {
        long h = s.lpHead();
        E e;
        for (int spins = 0; (e = s.consumerLoadElement(h)) == null; ) {   // ConsumerLoadElement
            if (s.consumerLoadTail() <= h) {                      // ConsumerLoadTail: empty
                return null;
            }
            if (defect == Defect.SKIP_CLAIMED) {
                s.consumerAdvance(++h);                           // claimed, not stored: skipped
                continue;
            }
            spins = Waits.idle(spins);                            // claimed, not yet stored
        }
        switch (defect) {
            case ADVANCE_BEFORE_CLEAR -> {
                s.consumerAdvance(h + 1);                         // ConsumerAdvance, too early
                s.consumerClear(h);                               // ConsumerClear, late
            }
            case NO_CLEAR -> s.consumerAdvance(h + 1);            // ConsumerAdvance; the slot keeps its element
            default -> {
                s.consumerClear(h);                               // ConsumerClear
                s.consumerAdvance(h + 1);                         // ConsumerAdvance
            }
        }
        return e;
    }

    /** Polls up to {@code limit} items into {@code sink} (the real buffer's drain is its own loop, relaxed). */
    @Override
    public int drain(java.util.function.Consumer<? super E> sink, int limit) {
        return BrokenShardedBuffer.drainByPolls(this, sink, limit);
    }

    /** Nothing: this variant has no consumer role to release. */
    @Override
    public void releaseConsumer() {
    }

    @Override
    public int capacity() {
        return (shardMask + 1) * shardCapacity;
    }

    /** As {@link ElementFlagShardedBuffer#sizeEstimate()}: claimed slots not yet taken, from opaque reads. */
    @Override
    public int sizeEstimate() {
        long n = 0;
        for (ElementFlagShard<E> s : shards) {
            n += Math.max(0, Math.min(shardCapacity, s.loTail() - s.loHead()));
        }
        return (int) n;
    }
}
