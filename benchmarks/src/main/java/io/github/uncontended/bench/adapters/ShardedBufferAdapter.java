package io.github.uncontended.bench.adapters;

import io.github.uncontended.bench.MpscAdapter;
import io.github.uncontended.sharded.ShardedBuffer;

/**
 * ShardedBufferBench impl "ShardedBuffer": {@code shards} shards of {@code capacity / shards}
 * slots each (the same total as every other implementation), with the design's defaults: shard =
 * thread id &amp; mask ({@code ShardSelector.THREAD_ID}), 16 items per consumer visit of a shard.
 * The benchmark checks that its producers' ids do not collide under the mask.
 */
public final class ShardedBufferAdapter implements MpscAdapter {
    private ShardedBuffer<Object> buffer;

    @Override public void init(int capacity, int shards) { buffer = new ShardedBuffer<>(shards, capacity / shards); }
    @Override public boolean offer(Object item) { return buffer.offer(item); }
    @Override public Object poll() { return buffer.poll(); }
    @Override public int drain(java.util.function.Consumer<Object> sink, int limit) { return buffer.drain(sink, limit); }
}
