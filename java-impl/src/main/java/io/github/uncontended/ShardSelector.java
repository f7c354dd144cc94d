package io.github.uncontended;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks the shard a producer offers to. It must be stable per thread: per-producer FIFO holds only
 * because one thread's items all go to one shard (sibling RandomShard.tla), and a stable map keeps
 * each shard's tail in one core's cache. The seed measurement behind that (GenPool, Go): a shard
 * picked from a stack address spread the load perfectly and made the pool 2.58x slower, because
 * every access became a cross-core fight over every shard's atomics.
 *
 * <p>Two designs take one: {@link io.github.uncontended.sharded.ShardedBuffer} (the shard a
 * producer offers to) and the sessions {@link io.github.uncontended.session.ShardedSession} and
 * {@link io.github.uncontended.session.AdaptiveSession} (the counter a thread starts from). It
 * lives in the root package so that neither design's package depends on the other's. In a
 * session any counter is correct (a ticket names its counter), so its selector need not be
 * stable, and {@code CounterChoice.RECHOOSE} moves a thread whose CAS failed.
 */
@FunctionalInterface
public interface ShardSelector {

    /** Any int; the buffer masks it with {@code shards - 1}, a session with its counters' mask. */
    int shard();

    /** The default: the thread's id, as the design says ({@code shard = thread id & mask}). */
    ShardSelector THREAD_ID = () -> (int) Thread.currentThread().getId();

    /**
     * A random value drawn once per thread and kept: stable like {@link #THREAD_ID}, but spreads
     * threads whose ids happen to collide under the mask (ids are often allocated in runs).
     */
    static ShardSelector probe() {
        ThreadLocal<Integer> probe = ThreadLocal.withInitial(() -> ThreadLocalRandom.current().nextInt());
        return probe::get;
    }
}
