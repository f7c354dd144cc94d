package io.github.uncontended.bench.adapters;

import io.github.uncontended.bench.MpscAdapter;
import io.github.uncontended.sharded.ShardedBuffer;

/**
 * ShardedBufferBench impl "ShardedBuffer". ASSUMED API (issue 4 text; the class did not exist on
 * the sharded branch at 14:15 UTC): {@code new ShardedBuffer<>(shards, capacityPerShard)},
 * {@code offer(E)}, {@code poll()}. Total capacity matches the baselines' capacity.
 */
public final class ShardedBufferAdapter implements MpscAdapter {
    private static final int SHARDS = 8; // >= producers at the largest -t; power of two
    private ShardedBuffer<Object> buffer;

    @Override public void init(int capacity) { buffer = new ShardedBuffer<>(SHARDS, capacity / SHARDS); }
    @Override public boolean offer(Object item) { return buffer.offer(item); }
    @Override public Object poll() { return buffer.poll(); }
}
