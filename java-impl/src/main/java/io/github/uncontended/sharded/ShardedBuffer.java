package io.github.uncontended.sharded;

import io.github.uncontended.ShardSelector;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A multi-producer, single-consumer buffer made of per-shard bounded rings. Each producer thread
 * offers to the shard its {@link ShardSelector} maps it to (by default its thread id masked), so
 * producers on different shards never touch the same cache lines; one consumer drains the shards
 * round-robin. Global FIFO is given up; per-producer FIFO is kept.
 *
 * <p>Each atomic step is one action of {@code specs/sharded/ShardedBuffer.tla}, which TLC checks
 * against the abstract per-producer FIFO channels of {@code Channels.tla} and a broken sibling per
 * property; {@code ShardedBufferForever.tla}: no shard starves, offers are lock-free, not wait-free.
 *
 * <p><b>One consumer, enforced.</b> {@link #poll()} and {@link #drain} are for one thread at a
 * time: the consumer. The first thread that polls claims the role (a CAS); while it holds it,
 * a poll from any other thread throws {@link IllegalStateException} and changes nothing (a second
 * consumer would otherwise corrupt the rings silently). The check costs the consumer one opaque
 * load per poll. To let another thread consume, the consumer hands the role over:
 * <pre>{@code
 *   buffer.releaseConsumer();        // on the consumer thread, between polls
 *   ...
 *   buffer.poll();                   // on the next consumer thread: claims the role
 * }</pre>
 * Everything the old consumer did happens before the new consumer's first poll (a release store
 * read by the claiming CAS), so the rings see one consumer after the other. A consumer thread
 * that terminated without releasing the role does not block the buffer forever: the next thread
 * that polls takes the role over from it ({@link Thread#isAlive()} false: its last action happens
 * before). The handover is modelled in {@code specs/sharded/ConsumerHandover.tla}.
 *
 * <p>Sizes: {@code shards} and {@code capacityPerShard} are powers of two, and all shards
 * together hold at most {@value #MAX_TOTAL_CAPACITY} slots, so {@link #capacity()} is an int.
 */
public final class ShardedBuffer<E> implements ShardedQueue<E> {

    /*
     * Implementation notes.
     *
     * offer (producer, shard s):       LoadTail      t = s.tail
     *                                   LoadSlotSeq   q = s.seq[t & mask]
     *   q == t: the slot is free for lap t / C:  CasTail  CAS(s.tail, t, t + 1)
     *                                             WriteItem    s.items[t & mask] = e    (plain)
     *                                             PublishSeq   s.seq[t & mask] = t + 1  (release)
     *   q <  t: the consumer has not freed the slot yet: the shard is full, return false
     *   q >  t: another producer of the shard took the slot: load the tail again
     *
     * poll (consumer, at shard s):      ConsumerLoadSeq   q = s.seq[h & mask]       (acquire)
     *   q == h + 1: ConsumerReadItem e = s.items[h & mask]; ConsumerClear (null);
     *               ConsumerRelease s.seq[h & mask] = h + C (release); ConsumerAdvance head = h + 1
     *   else the shard is empty: try the next shard.
     * The consumer takes at most `batch` items per shard visit and resumes at the shard where it
     * stopped, so no non-empty shard waits more than one round.
     *
     * Capacity per shard must be at least 2: with one slot, the published sequence t + 1 equals
     * the "free for the next lap" sequence h + C, and a producer claims a slot the consumer has
     * not cleared (TLC model ShardCapacityOne).
     *
     * Orderings: the item store is plain and is published by the release store of the sequence;
     * the consumer's acquire load of the sequence orders its plain read of the item after it.
     * The consumer's clear and read happen before its release of the slot, which the next lap's
     * producer acquires before writing. TLC checks each on weak hardware: specs/sharded/memory.
     */

    /** Largest shard count accepted. */
    public static final int MAX_SHARDS = 1 << 16;
    /** Largest per-shard capacity accepted. */
    public static final int MAX_CAPACITY = 1 << 30;
    /** Largest number of slots of all shards together: {@code shards * capacityPerShard}. */
    public static final int MAX_TOTAL_CAPACITY = 1 << 30;

    private final Shard<E>[] shards;
    private final int shardMask;
    private final int shardCapacity;
    private final int batch;
    private final ShardSelector selector;

    /** The consumer role, claimed by the first poll (ConsumerHandover.tla; its steps and modes: ConsumerRole). */
    private final ConsumerRole role = new ConsumerRole("ShardedBuffer");

    /**
     * Consumer-private state (the spec's cs and taken), padded on its own lines: a poll writes it,
     * and here it would share a line with the fields every offer reads (ConsumerPosition).
     */
    private final ConsumerPosition position = new ConsumerPosition();

    /** Thread-id shard selection, 16 items per shard visit. */
    public ShardedBuffer(int shards, int capacityPerShard) {
        this(shards, capacityPerShard, 16, ShardSelector.THREAD_ID);
    }

    /**
     * @param shards number of shards, a power of two in 1..{@value #MAX_SHARDS}
     * @param capacityPerShard slots per shard, a power of two in 2..{@value #MAX_CAPACITY}
     * @param batch items the consumer takes from one shard before moving on, at least 1
     * @param selector maps the calling producer thread to a shard (stable per thread); any int,
     *        negative ones included, is masked with {@code shards - 1}
     * @throws IllegalArgumentException if a size is out of its range, or the shards together would
     *         hold more than {@value #MAX_TOTAL_CAPACITY} slots
     */
    @SuppressWarnings("unchecked")
    public ShardedBuffer(int shards, int capacityPerShard, int batch, ShardSelector selector) {
        checkSizes(shards, capacityPerShard, 2, batch,
                " (with one slot the published and the free sequence of a slot coincide)");
        this.selector = Objects.requireNonNull(selector, "selector");
        this.shards = new Shard[shards];
        for (int i = 0; i < shards; i++) {
            this.shards[i] = new Shard<>(i, capacityPerShard);
        }
        this.shardMask = shards - 1;
        this.shardCapacity = capacityPerShard;
        this.batch = batch;
    }

    /**
     * The size checks of both sharded buffers' constructors (this one and
     * {@link ElementFlagShardedBuffer}, which accepts one slot): {@code shards} a power of two in
     * 1..{@value #MAX_SHARDS}, {@code capacityPerShard} one in {@code minCapacity}..{@value #MAX_CAPACITY}
     * ({@code whyNotFewer} is said when it is below), at most {@value #MAX_TOTAL_CAPACITY} slots
     * in all, {@code batch} at least 1.
     *
     * @throws IllegalArgumentException naming the first size out of its range
     */
    static void checkSizes(int shards, int capacityPerShard, int minCapacity, int batch, String whyNotFewer) {
        if (shards < 1 || shards > MAX_SHARDS || Integer.bitCount(shards) != 1) {
            throw new IllegalArgumentException("shards must be a power of two in 1.." + MAX_SHARDS + ", got " + shards);
        }
        if (capacityPerShard < minCapacity || capacityPerShard > MAX_CAPACITY || Integer.bitCount(capacityPerShard) != 1) {
            throw new IllegalArgumentException("capacityPerShard must be a power of two in " + minCapacity + ".."
                    + MAX_CAPACITY + ", got " + capacityPerShard
                    + (capacityPerShard >= 1 && capacityPerShard < minCapacity ? whyNotFewer : ""));
        }
        if ((long) shards * capacityPerShard > MAX_TOTAL_CAPACITY) {
            throw new IllegalArgumentException("shards x capacityPerShard must be at most " + MAX_TOTAL_CAPACITY
                    + " slots in all, got " + shards + " x " + capacityPerShard + " = "
                    + (long) shards * capacityPerShard);
        }
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be at least 1, got " + batch);
        }
    }

    /**
     * Offers {@code e} to the calling thread's shard. False promises what {@link ShardedQueue#offer}
     * says: the shard was full as this thread has seen it, every take that happens before this call
     * counted, a take racing it perhaps not. Here the offer decides on the sequence of its slot:
     * on weak hardware its acquire load may read a value older than the consumer's release store
     * that freed the slot (TLC model ShardMemOfferFullWeak); what happens before the call it reads
     * (ShardMemTellWeak).
     *
     * @return false if that shard is full as this thread has seen it (other shards may have room:
     *         the map is stable)
     * @throws NullPointerException if {@code e} is null
     */
    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException("ShardedBuffer does not accept null items");
        }
        Shard<E> s = shards[selector.shard() & shardMask];
        while (true) {
            long t = s.loadTail();
            long q = s.loadSlotSeq(t);
            if (q == t) {
                if (s.casTail(t)) {
                    s.writeItem(t, e);
                    s.publishSeq(t);
                    return true;
                }
                s.getAndAddCasRetries(1);
            } else if (q < t) {
                s.getAndAddFailedOffers(1);
                return false;                          // full
            }
            // q > t: another producer of this shard took slot t; load the tail again
        }
    }

    /**
     * Takes one item, visiting the shards round-robin. Returns null when no shard's head slot was
     * published at the moment this call looked at it. That is a relaxed poll, as in JCTools: a
     * producer that has claimed a shard's head slot (CasTail) but not yet published it
     * (PublishSeq) hides the items published behind it in that shard until it does, so null does
     * not prove the buffer empty. Nothing is lost: the next poll after that publish finds them.
     *
     * @throws IllegalStateException if another thread holds the consumer role (nothing is taken)
     */
    @Override
    public E poll() {
        role.check();
        final ConsumerPosition position = this.position;
        for (int visited = 0; visited <= shardMask; ) {
            Shard<E> s = shards[position.current];
            long h = s.lpHead();
            if (s.consumerLoadSeq(h) == h + 1) {
                E e = s.consumerReadItem(h);
                s.consumerClear(h);
                s.consumerRelease(h);
                s.consumerAdvance(h + 1);
                if (++position.takenHere == batch) {
                    nextShard(position);
                }
                return e;
            }
            nextShard(position);                       // empty: the next shard
            visited++;
        }
        return null;
    }

    /**
     * Takes up to {@code limit} items into {@code sink}, visiting the shards round-robin as
     * {@link #poll()} does, and returns how many it took: fewer than {@code limit} when a whole
     * round found no published head slot (the same relaxation as poll's null).
     *
     * <p>The consumer's bulk path. Each item is the same five spec actions as a poll
     * (ConsumerLoadSeq, ConsumerReadItem, ConsumerClear, ConsumerRelease, ConsumerAdvance), with
     * the same access modes; what a drain saves is around them: the role is checked once per call,
     * not once per item (ConsumerHandover.tla: the holder's LoadRole is no step, and only the
     * holder gives the role up, which it cannot do inside this call), and the shard position and
     * batch count live in locals, written back to the consumer's fields when the call returns.
     * The items reach {@code sink} in the order they were taken; a slot is released before its
     * item is handed to {@code sink}, so a sink that throws loses that item and no other (the
     * items taken before it were delivered, the rest stay in the buffer). A drain is not one
     * atomic step but a run of polls: producers go on offering between its items (Lincheck, in
     * ShardedBufferLincheckTest, shows what a drain of two taken as one atomic operation would
     * wrongly forbid).
     *
     * @throws IllegalStateException if another thread holds the consumer role (nothing is taken)
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    @Override
    public int drain(Consumer<? super E> sink, int limit) {
        Objects.requireNonNull(sink, "sink");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, got " + limit);
        }
        role.check();
        final Shard<E>[] shards = this.shards;
        final int shardMask = this.shardMask;
        final int batch = this.batch;
        final ConsumerPosition position = this.position;
        int cur = position.current;
        int taken = position.takenHere;
        int n = 0;
        try {
            for (int emptyInARow = 0; n < limit && emptyInARow <= shardMask; ) {
                Shard<E> s = shards[cur];
                long h = s.lpHead();
                if (s.consumerLoadSeq(h) == h + 1) {
                    E e = s.consumerReadItem(h);
                    s.consumerClear(h);
                    s.consumerRelease(h);
                    s.consumerAdvance(h + 1);
                    n++;
                    emptyInARow = 0;
                    if (++taken == batch) {
                        cur = (cur + 1) & shardMask;
                        taken = 0;
                    }
                    sink.accept(e);
                } else {
                    cur = (cur + 1) & shardMask;       // empty: the next shard
                    taken = 0;
                    emptyInARow++;
                }
            }
        } finally {
            position.current = cur;                    // the position survives a throwing sink
            position.takenHere = taken;
        }
        return n;
    }

    /**
     * Gives up the consumer role: the next thread that polls becomes the consumer. Call it on the
     * consumer thread, between polls. Everything this consumer did before it happens before the
     * next consumer's first poll.
     *
     * @throws IllegalStateException if the calling thread is not the consumer
     */
    @Override
    public void releaseConsumer() {
        role.release();
    }

    private void nextShard(ConsumerPosition position) {
        position.current = (position.current + 1) & shardMask;
        position.takenHere = 0;
    }

    /** Total slots over all shards. */
    @Override
    public int capacity() {
        return (shardMask + 1) * shardCapacity;
    }

    /** Items offered and not yet polled, summed over shards from opaque reads: an estimate under concurrency. */
    @Override
    public int sizeEstimate() {
        long n = 0;
        for (Shard<E> s : shards) {
            n += Math.max(0, Math.min(shardCapacity, s.loTail() - s.loHead()));
        }
        return (int) n;
    }

    /** Offers that found their shard full, over all shards (monitoring; maintained on the slow path only). */
    public long failedOffers() {
        long n = 0;
        for (Shard<E> s : shards) {
            n += s.lvFailedOffers();
        }
        return n;
    }

    /** Tail CASes lost to another producer of the same shard, over all shards: high means shards are shared. */
    public long casRetries() {
        long n = 0;
        for (Shard<E> s : shards) {
            n += s.lvCasRetries();
        }
        return n;
    }
}
