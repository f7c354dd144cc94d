package io.github.uncontended.sharded;

import io.github.uncontended.ShardSelector;
import java.util.Objects;

/**
 * BROKEN, test sources only: {@link ShardedBuffer} with one defect, each the Java twin of a broken
 * sibling of {@code specs/sharded/ShardedBuffer.tla}. Built from {@link Shard}'s own accessors
 * (one per spec action), so it differs from the real buffer only in the one step or order the
 * defect names. The Lincheck and jcstress suites must reject it.
 *
 * <p>The consumer takes one item per shard visit (the real buffer with {@code batch = 1}) and,
 * except with {@link Defect#RACY_CONSUMER_CLAIM}, does not check that it is the only consumer:
 * the tests that use it poll from one thread at a time. It is a {@link ShardedQueue}, so that the
 * suites' harnesses take it as they take the real one: its drain is a run of polls.
 */
public final class BrokenShardedBuffer<E> implements ShardedQueue<E> {

    public enum Defect {
        /**
         * RacyTailClaim.tla: the producer claims slot t by storing t + 1 into the tail after its
         * load (StoreTail) instead of CAS(t, t + 1). Two producers of a shard that loaded the same
         * tail both claim the slot; the second item overwrites the first.
         */
        RACY_TAIL_CLAIM,
        /**
         * PublishBeforeWrite.tla: PublishSeq before WriteItem. The consumer can see the sequence,
         * read the empty slot, and free it: poll returns null and the item is lost.
         */
        PUBLISH_BEFORE_WRITE,
        /**
         * ReleaseBeforeRead.tla: ConsumerRelease before ConsumerReadItem and ConsumerClear. A
         * producer of the next lap writes over the item not yet read; the consumer returns the new
         * item and clears it, and the old one is lost.
         */
        RELEASE_BEFORE_READ,
        /**
         * RacyConsumerClaim.tla: the consumer role is claimed by a plain load and a plain store
         * (check, then act), the guard ShardedBuffer had before the CAS. Two threads that poll a
         * free buffer at once both become the consumer and take the same item.
         */
        RACY_CONSUMER_CLAIM,
        /**
         * FullWhenBeaten.tla: an offer beaten to its slot by another producer of the shard (the
         * slot's sequence moved past t, or the tail CAS lost) returns false ("full") instead of
         * loading the tail again, although the shard may have room.
         */
        FULL_WHEN_BEATEN
    }

    private final Shard<E>[] shards;
    private final int shardMask;
    private final int shardCapacity;
    private final ShardSelector selector;
    private final Defect defect;
    private int current;   // consumer-private
    private Thread consumer;   // RACY_CONSUMER_CLAIM only: a plain field

    @SuppressWarnings("unchecked")
    public BrokenShardedBuffer(int shards, int capacityPerShard, ShardSelector selector, Defect defect) {
        this.shards = new Shard[shards];
        for (int i = 0; i < shards; i++) {
            this.shards[i] = new Shard<>(i, capacityPerShard);
        }
        this.shardMask = shards - 1;
        this.shardCapacity = capacityPerShard;
        this.selector = Objects.requireNonNull(selector, "selector");
        this.defect = Objects.requireNonNull(defect, "defect");
    }

    @Override
    public boolean offer(E e) {
        Objects.requireNonNull(e, "e");
        Shard<E> s = shards[selector.shard() & shardMask];
        while (true) {
            long t = s.loadTail();                             // LoadTail
            long q = s.loadSlotSeq(t);                         // LoadSlotSeq
            if (q == t) {
                if (defect == Defect.RACY_TAIL_CLAIM) {
                    s.tail = t + 1;                            // StoreTail: no CAS, the claim always "wins"
                } else if (!s.casTail(t)) {                    // CasTail
                    if (defect == Defect.FULL_WHEN_BEATEN) {
                        return false;                          // lost the CAS: "full"
                    }
                    continue;
                }
                if (defect == Defect.PUBLISH_BEFORE_WRITE) {
                    s.publishSeq(t);                           // PublishSeq, too early
                    s.writeItem(t, e);                         // WriteItem
                } else {
                    s.writeItem(t, e);                         // WriteItem
                    s.publishSeq(t);                           // PublishSeq
                }
                return true;
            } else if (q < t || defect == Defect.FULL_WHEN_BEATEN) {
                return false;                                  // full (or, FULL_WHEN_BEATEN, beaten)
            }
        }
    }

    @Override
    public E poll() {
        if (defect == Defect.RACY_CONSUMER_CLAIM) {
            Thread me = Thread.currentThread();
            Thread holder = consumer;                          // plain load ...
            if (holder != me) {
                if (holder != null) {
                    throw new IllegalStateException("ShardedBuffer has a single consumer");
                }
                consumer = me;                                 // ... then a plain store: both may pass
            }
        }
        for (int visited = 0; visited <= shardMask; visited++) {
            Shard<E> s = shards[current];
            current = (current + 1) & shardMask;               // one item per visit
            long h = s.lpHead();
            if (s.consumerLoadSeq(h) == h + 1) {               // ConsumerLoadSeq
                E e;
                if (defect == Defect.RELEASE_BEFORE_READ) {
                    s.consumerRelease(h);                      // ConsumerRelease, too early
                    e = s.consumerReadItem(h);                 // ConsumerReadItem
                    s.consumerClear(h);                        // ConsumerClear
                } else {
                    e = s.consumerReadItem(h);                 // ConsumerReadItem
                    s.consumerClear(h);                        // ConsumerClear
                    s.consumerRelease(h);                      // ConsumerRelease
                }
                s.consumerAdvance(h + 1);                      // ConsumerAdvance
                return e;
            }
        }
        return null;
    }

    /** Polls up to {@code limit} items into {@code sink} (the real buffer's drain is its own loop). */
    @Override
    public int drain(java.util.function.Consumer<? super E> sink, int limit) {
        return drainByPolls(this, sink, limit);
    }

    /** A drain that is a run of polls, for the broken variants (which have no drain loop of their own). */
    static <E> int drainByPolls(ShardedQueue<E> q, java.util.function.Consumer<? super E> sink, int limit) {
        int n = 0;
        for (E e; n < limit && (e = q.poll()) != null; n++) {
            sink.accept(e);
        }
        return n;
    }

    @Override
    public int capacity() {
        return (shardMask + 1) * shardCapacity;
    }

    /** As {@link ShardedBuffer#releaseConsumer()}, without its check (a plain store). */
    @Override
    public void releaseConsumer() {
        consumer = null;
    }

    /** As {@link ShardedBuffer#sizeEstimate()}: claimed slots not yet taken, from opaque reads. */
    @Override
    public int sizeEstimate() {
        long n = 0;
        for (Shard<E> s : shards) {
            n += Math.max(0, Math.min(shardCapacity, s.loTail() - s.loHead()));
        }
        return (int) n;
    }
}
