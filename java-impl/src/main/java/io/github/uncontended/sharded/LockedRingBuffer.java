package io.github.uncontended.sharded;

import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The baseline: one ring under one {@link ReentrantLock}, the design the sharded buffer is measured
 * against. Every producer and the consumer serialize on the lock, and head, tail, count and the
 * lock's state share cache lines (as in the seed article's baseline). Global FIFO.
 */
public final class LockedRingBuffer<E> {
    private final ReentrantLock lock = new ReentrantLock();
    private final Object[] items;
    private int head;
    private int tail;
    private int count;

    /** @param capacity slots, at least 1 */
    public LockedRingBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        items = new Object[capacity];
    }

    public boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException("LockedRingBuffer does not accept null items");
        }
        lock.lock();
        try {
            if (count == items.length) {
                return false;
            }
            items[tail] = e;
            tail = tail + 1 == items.length ? 0 : tail + 1;
            count++;
            return true;
        } finally {
            lock.unlock();
        }
    }

    @SuppressWarnings("unchecked")
    public E poll() {
        lock.lock();
        try {
            if (count == 0) {
                return null;
            }
            E e = (E) items[head];
            items[head] = null;
            head = head + 1 == items.length ? 0 : head + 1;
            count--;
            return e;
        } finally {
            lock.unlock();
        }
    }

    public int drain(Consumer<? super E> sink, int limit) {
        Objects.requireNonNull(sink, "sink");
        int n = 0;
        for (E e; n < limit && (e = poll()) != null; n++) {
            sink.accept(e);
        }
        return n;
    }

    public int capacity() {
        return items.length;
    }

    public int size() {
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }
}
