package io.github.uncontended.bench.seq;

import com.lmax.disruptor.RingBuffer;

/**
 * Where the events live: the same storage for both implementations of a comparison. A publisher
 * writes its sequence's slot between claim and publish; the consumer reads every slot the wait
 * returned.
 */
public interface Payload {
    void write(long sequence, long value);

    long read(long sequence);

    /** One {@code long} per slot: ours as the JMH set has always run it. */
    static Payload longs(int capacity) {
        return new Longs(capacity);
    }

    /**
     * One preallocated mutable event object per slot, in an array padded with 32 references on
     * each side: the Disruptor's {@code RingBuffer} layout (4.0.0, {@code RingBufferFields}),
     * so a write and a read each chase one pointer, as in the Disruptor's perf tests.
     */
    static Payload events(int capacity) {
        return new Events(capacity);
    }

    /** The Disruptor's own {@code RingBuffer} of {@link ValueEvent}s ({@code get(sequence).value}). */
    static Payload ringBuffer(RingBuffer<ValueEvent> ring) {
        return new RingBufferEvents(ring);
    }

    /** One mutable event, as in the Disruptor's perf tests. */
    final class ValueEvent {
        long value;
    }

    final class Longs implements Payload {
        private final long[] slots;
        private final int mask;

        Longs(int capacity) {
            slots = new long[capacity];
            mask = capacity - 1;
        }

        @Override public void write(long sequence, long value) { slots[(int) sequence & mask] = value; }
        @Override public long read(long sequence) { return slots[(int) sequence & mask]; }
    }

    final class Events implements Payload {
        private static final int PAD = 32;
        private final ValueEvent[] entries;
        private final int mask;

        Events(int capacity) {
            entries = new ValueEvent[capacity + 2 * PAD];
            for (int i = 0; i < capacity; i++) {
                entries[PAD + i] = new ValueEvent();
            }
            mask = capacity - 1;
        }

        @Override public void write(long sequence, long value) { entries[PAD + ((int) sequence & mask)].value = value; }
        @Override public long read(long sequence) { return entries[PAD + ((int) sequence & mask)].value; }
    }

    final class RingBufferEvents implements Payload {
        private final RingBuffer<ValueEvent> ring;

        RingBufferEvents(RingBuffer<ValueEvent> ring) {
            this.ring = ring;
        }

        @Override public void write(long sequence, long value) { ring.get(sequence).value = value; }
        @Override public long read(long sequence) { return ring.get(sequence).value; }
    }
}
