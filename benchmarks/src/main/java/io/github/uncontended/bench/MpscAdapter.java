package io.github.uncontended.bench;

/** Many producers, one consumer: what {@link ShardedBufferBench} needs from an implementation. */
public interface MpscAdapter {
    /** Creates the structure; called once per trial before any thread runs. */
    void init(int capacity);

    /** Producer side, called concurrently; {@code false} when full. */
    boolean offer(Object item);

    /** Consumer side, called by the single consumer thread only; {@code null} when empty. */
    Object poll();
}
