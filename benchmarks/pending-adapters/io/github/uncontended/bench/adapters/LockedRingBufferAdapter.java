package io.github.uncontended.bench.adapters;

import io.github.uncontended.bench.MpscAdapter;
import io.github.uncontended.sharded.LockedRingBuffer;

/**
 * ShardedBufferBench impl "LockedRingBuffer". ASSUMED API (issue 4): {@code new LockedRingBuffer<>(capacity)},
 * {@code offer(E)}, {@code poll()}.
 */
public final class LockedRingBufferAdapter implements MpscAdapter {
    private LockedRingBuffer<Object> buffer;

    @Override public void init(int capacity) { buffer = new LockedRingBuffer<>(capacity); }
    @Override public boolean offer(Object item) { return buffer.offer(item); }
    @Override public Object poll() { return buffer.poll(); }
}
