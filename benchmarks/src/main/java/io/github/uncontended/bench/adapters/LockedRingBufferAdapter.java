package io.github.uncontended.bench.adapters;

import io.github.uncontended.bench.MpscAdapter;
import io.github.uncontended.sharded.LockedRingBuffer;

/** ShardedBufferBench impl "LockedRingBuffer": our baseline, one ring under one lock (shards ignored). */
public final class LockedRingBufferAdapter implements MpscAdapter {
    private LockedRingBuffer<Object> buffer;

    @Override public void init(int capacity, int shards) { buffer = new LockedRingBuffer<>(capacity); }
    @Override public boolean offer(Object item) { return buffer.offer(item); }
    @Override public Object poll() { return buffer.poll(); }
    @Override public int drain(java.util.function.Consumer<Object> sink, int limit) { return buffer.drain(sink, limit); }
}
