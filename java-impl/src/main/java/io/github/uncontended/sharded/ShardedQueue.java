package io.github.uncontended.sharded;

import java.util.function.Consumer;

/**
 * A multi-producer, single-consumer queue split into per-producer shards: what both sharded
 * buffers promise, and the one type their tests, recordings and benchmarks use.
 *
 * <p>Producers map to shards by a stable {@link io.github.uncontended.ShardSelector}; each shard is
 * a bounded ring; one consumer visits the shards round-robin. Global FIFO is given up;
 * <b>per-producer FIFO</b> is kept: two items offered by one thread are taken in the order they were
 * offered (the abstract spec {@code specs/sharded/Channels.tla}, which both designs refine). No
 * item is taken twice, none is lost, none is taken that was not offered.
 *
 * <p><b>One consumer, enforced.</b> {@link #poll()} and {@link #drain} are for one thread at a
 * time. The first thread that polls claims the consumer role; while it holds it, a poll or drain
 * from any other thread throws {@link IllegalStateException} and takes nothing.
 * {@link #releaseConsumer()} hands the role over, and everything the old consumer did happens
 * before the new consumer's first poll ({@code specs/sharded/ConsumerHandover.tla}); the role of a
 * consumer thread that terminated is taken over by the next thread that polls.
 *
 * <p>The two implementations differ in when a null or a short drain is returned:
 * {@link ShardedBuffer} (a sequence per slot) never waits, so a producer that has claimed a slot
 * and not yet published it hides the items behind it in its shard until it does;
 * {@link ElementFlagShardedBuffer} (the element is the flag) waits in {@code poll} for such an
 * element and moves on in {@code drain}. Each class's Javadoc says exactly what its null means.
 *
 * <p>The interface shares the contract, not the code: each class keeps its own {@code poll} and
 * {@code drain} loops, because those loops are where the two shard schemes differ (a slot's
 * sequence against the element itself, waiting against moving on), and each loop is the Java of
 * its own spec's consumer actions. No benchmark has measured a shared loop; the one consumer code
 * both use is the role ({@code ConsumerRole}).
 *
 * @param <E> the item type; null items are refused
 */
public interface ShardedQueue<E> {

    /**
     * Offers {@code e} to the calling thread's shard.
     *
     * <p>False means the shard was full as the calling thread has seen it: every take of an item of
     * the shard (a poll or drain that returned it) that happens before this call has freed its slot
     * for this offer, as when the consumer, after that take, told this thread through a volatile
     * field, a lock or a thread start. A take racing the call may not have: false can come just
     * after a poll returned on another thread, its free still in that core's store buffer (x86), or
     * on weak hardware (ARM, POWER) not yet the value this thread's acquire load reads. Under
     * sequential consistency, and in memory's order on x86-TSO, false means the shard held as many
     * items offered and not taken as it has slots. (TLC, {@code specs/sharded/memory}: property
     * OfferFailsOnlyWhenFullAsSeen; the relaxation, models ShardMemOfferFullWeak and
     * EfsMemOfferFullWeak.)
     *
     * @return false if that shard is full as this thread has seen it (above; other shards may have
     *         room: the map is stable)
     * @throws NullPointerException if {@code e} is null
     */
    boolean offer(E e);

    /**
     * Takes one item, visiting the shards round-robin; null when none was found (what null proves
     * depends on the implementation: see its Javadoc).
     *
     * @throws IllegalStateException if another thread holds the consumer role (nothing is taken)
     */
    E poll();

    /**
     * Takes up to {@code limit} items into {@code sink}, in the order they were taken, and returns
     * how many it took. A slot is freed before its item is handed to {@code sink}, so a sink that
     * throws loses that item and no other.
     *
     * @throws NullPointerException if {@code sink} is null
     * @throws IllegalStateException if another thread holds the consumer role (nothing is taken)
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    int drain(Consumer<? super E> sink, int limit);

    /**
     * Gives up the consumer role: the next thread that polls becomes the consumer. Call it on the
     * consumer thread, between polls.
     *
     * @throws IllegalStateException if the calling thread is not the consumer
     */
    void releaseConsumer();

    /** Total slots over all shards. */
    int capacity();

    /** Items offered and not yet taken, summed over shards from opaque reads: an estimate under concurrency. */
    int sizeEstimate();
}
