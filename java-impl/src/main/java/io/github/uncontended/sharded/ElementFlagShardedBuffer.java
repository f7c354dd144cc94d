package io.github.uncontended.sharded;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.Waits;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A multi-producer, single-consumer buffer made of per-shard bounded rings, each ring JCTools'
 * {@code MpscArrayQueue} scheme: the element is the flag. A slot holds only its element, null
 * when the slot is empty, and the producer's store of the element publishes it; one shared line
 * per item instead of {@link ShardedBuffer}'s two (its element and its sequence). The shards, the
 * thread-to-shard map ({@link ShardSelector}), the round-robin consumer, per-producer FIFO and the
 * public methods are {@link ShardedBuffer}'s.
 *
 * <p>Each atomic step is one action of {@code specs/sharded/ElementFlagShards.tla}, which TLC checks
 * against the abstract per-producer FIFO channels of {@code Channels.tla}, with six broken
 * siblings ({@code specs/sharded/broken/Efs*.tla}); its access modes are those of
 * {@code specs/sharded/memory/ElementFlagMemory.tla}.
 *
 * <p><b>One consumer, enforced</b> as in {@link ShardedBuffer}: the first thread that polls claims
 * the role; a poll from another thread while the holder is alive throws
 * {@link IllegalStateException} and takes nothing; {@link #releaseConsumer()} hands the role over,
 * and the role of a consumer thread that terminated is taken over by the next thread that polls.
 *
 * <p><b>poll waits out a producer mid-offer.</b> A producer claims its slot (the tail CAS) before
 * it stores its element. A consumer that finds the slot at its head claimed and still empty loads
 * it again until the element is there, as JCTools' {@code poll} does (spinning, then yielding):
 * so a null from poll means every shard it visited was empty at that moment, and nothing is
 * skipped; but a producer descheduled between its claim and its store holds the consumer up
 * until it runs again. ShardedBuffer's poll moves on instead (its relaxed null).
 *
 * <p><b>drain does not wait.</b> {@link #drain} moves on to the next shard at a null element,
 * whether the shard is empty or its head slot is claimed and not yet stored, as JCTools'
 * {@code drain} does (its relaxed poll): a later visit takes the element. So a drain may leave
 * behind the item a producer has claimed and not yet stored, and the items behind it in its
 * shard, even those whose offers have returned; it never waits for a producer. The spec models
 * both continuations of a null element (ElementFlagShards.tla, witness DrainMovesOnFromClaimed).
 *
 * <p>Sizes: {@code shards} and {@code capacityPerShard} are powers of two, one slot per shard
 * included (the spec's C = 1: with the element as the flag, the full and the empty slot are told
 * apart by the element, not by a sequence), and all shards together hold at most
 * {@value #MAX_TOTAL_CAPACITY} slots.
 */
public final class ElementFlagShardedBuffer<E> implements ShardedQueue<E> {

    /*
     * Implementation notes.
     *
     * offer (producer, shard s):   LoadTail      t = s.tail                          (volatile)
     *                               LoadLimit     t < s.limit: the slot is free        (acquire)
     *   else                        LoadHead      h = s.head                          (acquire)
     *                               t >= h + C: the shard is full, return false
     *                               StoreLimit    s.limit = h + C                     (release)
     *                               CasTail       CAS(s.tail, t, t + 1); lost: LoadTail again
     *                               StoreElement  s.elements[t & mask] = e           (release)
     *
     * poll (consumer, at shard s with head h):
     *                               ConsumerLoadElement  e = s.elements[h & mask]      (acquire)
     *   e != null:                  ConsumerClear        s.elements[h & mask] = null   (plain)
     *                               ConsumerAdvance      s.head = h + 1                (release)
     *   e == null, poll:            ConsumerLoadTail     t = s.tail                    (volatile)
     *                               t == h: the shard is empty, the next shard; else slot h is
     *                               claimed and not yet stored: ConsumerLoadElement again.
     *   e == null, drain:           the next shard, the tail not loaded (relaxed).
     * The consumer takes at most `batch` items per shard visit and resumes at the shard where it
     * stopped, so no non-empty shard waits more than one round.
     *
     * The limit is a cache of head + C shared by the shard's producers (JCTools' producerLimit):
     * an offer loads head, a line the consumer writes, only once the cached limit is used up, about
     * once a lap instead of once an offer. Every limit stored is a head some producer loaded plus
     * C, and heads only grow, so a stale limit (an older store, or one that overwrote a newer one)
     * is only ever too low: it costs a load of head, never a slot (spec: LimitNeverAhead; sibling
     * EfsLimitOffByOne stores h + C + 1 and overwrites an element). Fullness is decided on head,
     * never on the limit (sibling EfsFullFromLimit refuses offers with room).
     *
     * Orderings: the element's release store publishes it and what the producer wrote into it; the
     * consumer's acquire load of the slot sees them. The consumer nulls the slot before its release
     * store of head + 1 (sibling EfsAdvanceBeforeClear: the late clear wipes the next lap's
     * element). A producer that loads head (acquire) before claiming a slot of the next lap is
     * ordered after that clear. A producer that claims it on a cached limit (t < limit, no load
     * of head) is ordered after it through the producer that raised the limit: its acquire of
     * head, its release store of the limit, this producer's acquire load of the limit. So the
     * limit is a release store and an acquire load, as JCTools' producerLimit (lvProducerLimit,
     * soProducerLimit); ElementFlagShards.tla has it plain (sequential consistency), and
     * ElementFlagMemory.tla rejects either access opaque (NoAcceptedItemLost). poll's tail load,
     * after a null element, is volatile, as JCTools' poll: its null promises the shard empty, and
     * an acquire load may read a tail older than a claim already made (PollNullOnlyWhenEmpty).
     *
     * Capacity 1 works: a slot's full and empty states are the element and null, so a producer
     * of the next lap finds t >= limit, loads head, and claims the slot only after the consumer's
     * head + 1, which follows its clear (TLC model ElementFlagShardsTwoShards: shards of 1 slot).
     * The slot-sequence design needs 2 (its published and free sequences coincide at C = 1).
     */

    /** Largest shard count accepted (as {@link ShardedBuffer#MAX_SHARDS}). */
    public static final int MAX_SHARDS = ShardedBuffer.MAX_SHARDS;
    /** Largest per-shard capacity accepted (as {@link ShardedBuffer#MAX_CAPACITY}). */
    public static final int MAX_CAPACITY = ShardedBuffer.MAX_CAPACITY;
    /** Largest number of slots of all shards together (as {@link ShardedBuffer#MAX_TOTAL_CAPACITY}). */
    public static final int MAX_TOTAL_CAPACITY = ShardedBuffer.MAX_TOTAL_CAPACITY;

    private final ElementFlagShard<E>[] shards;
    private final int shardMask;
    private final int shardCapacity;
    private final int batch;
    private final ShardSelector selector;

    /** The consumer role, claimed by the first poll (ConsumerHandover.tla). */
    private final ConsumerRole role = new ConsumerRole("ElementFlagShardedBuffer");

    /** Consumer-private: the spec's cs and taken, padded on their own lines (as in ShardedBuffer). */
    private final ConsumerPosition position = new ConsumerPosition();

    /** Thread-id shard selection, 16 items per shard visit. */
    public ElementFlagShardedBuffer(int shards, int capacityPerShard) {
        this(shards, capacityPerShard, 16, ShardSelector.THREAD_ID);
    }

    /**
     * @param shards number of shards, a power of two in 1..{@value #MAX_SHARDS}
     * @param capacityPerShard slots per shard, a power of two in 1..{@value #MAX_CAPACITY}
     * @param batch items the consumer takes from one shard before moving on, at least 1
     * @param selector maps the calling producer thread to a shard (stable per thread); any int,
     *        negative ones included, is masked with {@code shards - 1}
     * @throws IllegalArgumentException if a size is out of its range, or the shards together would
     *         hold more than {@value #MAX_TOTAL_CAPACITY} slots
     */
    @SuppressWarnings("unchecked")
    public ElementFlagShardedBuffer(int shards, int capacityPerShard, int batch, ShardSelector selector) {
        ShardedBuffer.checkSizes(shards, capacityPerShard, 1, batch, "");
        this.selector = Objects.requireNonNull(selector, "selector");
        this.shards = new ElementFlagShard[shards];
        for (int i = 0; i < shards; i++) {
            this.shards[i] = new ElementFlagShard<>(i, capacityPerShard);
        }
        this.shardMask = shards - 1;
        this.shardCapacity = capacityPerShard;
        this.batch = batch;
    }

    /**
     * Offers {@code e} to the calling thread's shard. False promises what {@link ShardedQueue#offer}
     * says: the shard was full as this thread has seen it, every take that happens before this call
     * counted, a take racing it perhaps not. Here the offer decides on head, loaded once the shared
     * limit is used up (never on the limit alone, a cache of an older head): on weak hardware its
     * acquire load may read a head older than the consumer's release store (TLC model
     * EfsMemOfferFullWeak); what happens before the call it reads (EfsMemTellWeak).
     *
     * @return false if that shard is full as this thread has seen it (other shards may have room:
     *         the map is stable)
     * @throws NullPointerException if {@code e} is null
     */
    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException("ElementFlagShardedBuffer does not accept null items");
        }
        ElementFlagShard<E> s = shards[selector.shard() & shardMask];
        final long capacity = shardCapacity;
        while (true) {
            long t = s.loadTail();
            if (t >= s.loadLimit()) {                  // the limit used up
                long h = s.loadHead();
                if (t >= h + capacity) {
                    return false;                      // full
                }
                s.storeLimit(h + capacity);
            }
            if (s.casTail(t)) {
                s.storeElement(t, e);
                return true;
            }
            // another producer of this shard took slot t: load the tail again
        }
    }

    /**
     * Takes one item, visiting the shards round-robin. Returns null when every shard was empty
     * when this call looked at it (its head had caught up with its tail); a shard whose head slot
     * is claimed by a producer that has not stored its element yet is not empty: the call waits
     * for that element (see the class comment).
     *
     * @throws IllegalStateException if another thread holds the consumer role (nothing is taken)
     */
    @Override
    public E poll() {
        role.check();
        final ConsumerPosition position = this.position;
        for (int visited = 0; visited <= shardMask; ) {
            ElementFlagShard<E> s = shards[position.current];
            E e = take(s, s.lpHead());
            if (e != null) {
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
     * round found no element at any shard's head. Unlike poll it does not wait at a slot a
     * producer has claimed and not yet stored: it moves on to the next shard (see the class
     * comment), so it may return before such an item arrives; call it again to take it. The role
     * is checked once per call; each item taken is the same spec actions as a poll's, with the
     * same modes; the position lives in locals and is written back when the call returns. A slot
     * is freed before its item is handed to {@code sink}, so a sink that throws loses that item
     * and no other.
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
        final ElementFlagShard<E>[] shards = this.shards;
        final int shardMask = this.shardMask;
        final int batch = this.batch;
        final ConsumerPosition position = this.position;
        int cur = position.current;
        int taken = position.takenHere;
        int n = 0;
        try {
            for (int emptyInARow = 0; n < limit && emptyInARow <= shardMask; ) {
                ElementFlagShard<E> s = shards[cur];
                E e = takeIfStored(s, s.lpHead());
                if (e != null) {
                    n++;
                    emptyInARow = 0;
                    if (++taken == batch) {
                        cur = (cur + 1) & shardMask;
                        taken = 0;
                    }
                    sink.accept(e);
                } else {
                    cur = (cur + 1) & shardMask;       // empty, or claimed and not stored: the next shard
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
     * The consumer's steps at shard {@code s} with head {@code h}: the element, or null once the
     * shard is found empty. A null element with the tail past {@code h} is a slot claimed and not
     * yet stored: load it again (spinning, then yielding the core the producer may need).
     */
    private static <E> E take(ElementFlagShard<E> s, long h) {
        E e;
        for (int spins = 0; (e = s.consumerLoadElement(h)) == null; ) {
            if (s.consumerLoadTail() == h) {
                return null;                                      // empty
            }
            spins = Waits.idle(spins);                            // claimed, not yet stored
        }
        s.consumerClear(h);
        s.consumerAdvance(h + 1);
        return e;
    }

    /**
     * The drain's steps at shard {@code s} with head {@code h}: the element if it is stored, else
     * null, the shard empty or its slot claimed and not yet stored alike (spec: ConsumerLoadElement's
     * drain continuation, on to the next shard without ConsumerLoadTail).
     */
    private static <E> E takeIfStored(ElementFlagShard<E> s, long h) {
        E e = s.consumerLoadElement(h);
        if (e == null) {
            return null;                                          // the next shard
        }
        s.consumerClear(h);
        s.consumerAdvance(h + 1);
        return e;
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

    /**
     * Items offered and not yet polled (claimed slots included), summed over shards from opaque
     * reads: an estimate under concurrency.
     */
    @Override
    public int sizeEstimate() {
        long n = 0;
        for (ElementFlagShard<E> s : shards) {
            n += Math.max(0, Math.min(shardCapacity, s.loTail() - s.loHead()));
        }
        return (int) n;
    }
}
