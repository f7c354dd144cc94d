package io.github.uncontended.bench.adapters;

import io.github.uncontended.bench.MpscAdapter;
import io.github.uncontended.sharded.ElementFlagShardedBuffer;

/**
 * ShardedBufferBench impl "ElementFlagShardedBuffer" (issue 27, item 2): the element-flag shards,
 * with ShardedBuffer's geometry and defaults ({@code shards} shards of {@code capacity / shards}
 * slots, shard = thread id &amp; mask, 16 items per consumer visit of a shard). The benchmark
 * checks that its producers' ids do not collide under the mask.
 */
public final class ElementFlagShardedBufferAdapter implements MpscAdapter {
    private ElementFlagShardedBuffer<Object> buffer;

    @Override public void init(int capacity, int shards) { buffer = new ElementFlagShardedBuffer<>(shards, capacity / shards); }
    @Override public boolean offer(Object item) { return buffer.offer(item); }
    @Override public Object poll() { return buffer.poll(); }
    @Override public int drain(java.util.function.Consumer<Object> sink, int limit) { return buffer.drain(sink, limit); }
}
