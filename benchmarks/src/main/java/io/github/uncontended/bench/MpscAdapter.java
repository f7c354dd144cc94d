package io.github.uncontended.bench;

/** Many producers, one consumer: what {@link ShardedBufferBench} needs from an implementation. */
public interface MpscAdapter {
    /**
     * Creates the structure; called once per trial before any thread runs.
     *
     * @param capacity total slots, the same for every implementation
     * @param shards how many parts a sharded implementation splits them into (one per producer,
     *        rounded up to a power of two); unsharded implementations ignore it
     */
    void init(int capacity, int shards);

    /** Producer side, called concurrently; {@code false} when full. */
    boolean offer(Object item);

    /** Consumer side, called by the single consumer thread only; {@code null} when empty. */
    Object poll();

    /**
     * Consumer side, the implementation's own bulk take (ShardedBuffer.drain, JCTools'
     * MessagePassingQueue.drain, ArrayBlockingQueue.drainTo): up to {@code limit} items into
     * {@code sink}; returns how many.
     */
    int drain(java.util.function.Consumer<Object> sink, int limit);
}
