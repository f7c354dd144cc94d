package io.github.uncontended.bench.adapters;

import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

import io.github.uncontended.sharded.LockedRingBuffer;
import io.github.uncontended.sharded.ShardedQueue;
import org.jctools.queues.MessagePassingQueue;

/**
 * The peers and baselines of the sharded buffers seen as a {@link ShardedQueue}, so one consumer
 * loop and one producer loop drive every implementation (issue 48, item 1): our two sharded
 * buffers are {@code ShardedQueue}s already and need no adapter. Each adapter forwards a call to
 * the one method a user of that structure calls for it, and does nothing else; none has a
 * consumer role, so {@code releaseConsumer()} does nothing.
 */
public final class PeerQueues {
    private PeerQueues() {}

    /** A JCTools queue: {@code offer}, {@code poll}, and its own {@code drain(Consumer, limit)}. */
    public static ShardedQueue<Object> jctools(MessagePassingQueue<Object> q) {
        return new JCTools(q);
    }

    /** Our baseline of one ring under one lock. */
    public static ShardedQueue<Object> locked(LockedRingBuffer<Object> q) {
        return new Locked(q);
    }

    /** A JDK {@link BlockingQueue}: {@code offer}, {@code poll}, {@code drainTo}. */
    public static ShardedQueue<Object> blocking(BlockingQueue<Object> q) {
        return new Blocking(q);
    }

    static final class JCTools implements ShardedQueue<Object> {
        private final MessagePassingQueue<Object> q;
        /** The consumer's sink as JCTools' consumer type, made once per sink (the harness passes one). */
        private Consumer<? super Object> sink;
        private MessagePassingQueue.Consumer<Object> jcSink;

        JCTools(MessagePassingQueue<Object> q) {
            this.q = q;
        }

        @Override public boolean offer(Object e) { return q.offer(e); }
        @Override public Object poll() { return q.poll(); }

        @Override
        public int drain(Consumer<? super Object> sink, int limit) {
            if (sink != this.sink) {
                this.sink = sink;
                this.jcSink = sink::accept;
            }
            return q.drain(jcSink, limit);
        }

        @Override public void releaseConsumer() { }
        @Override public int capacity() { return q.capacity(); }
        @Override public int sizeEstimate() { return q.size(); }
    }

    static final class Locked implements ShardedQueue<Object> {
        private final LockedRingBuffer<Object> q;

        Locked(LockedRingBuffer<Object> q) {
            this.q = q;
        }

        @Override public boolean offer(Object e) { return q.offer(e); }
        @Override public Object poll() { return q.poll(); }
        @Override public int drain(Consumer<? super Object> sink, int limit) { return q.drain(sink, limit); }
        @Override public void releaseConsumer() { }
        @Override public int capacity() { return q.capacity(); }
        @Override public int sizeEstimate() { return q.size(); }
    }

    static final class Blocking implements ShardedQueue<Object> {
        private final BlockingQueue<Object> q;
        /** What drainTo adds to, made once per sink. */
        private Consumer<? super Object> sink;
        private SinkCollection collection;

        Blocking(BlockingQueue<Object> q) {
            this.q = q;
        }

        @Override public boolean offer(Object e) { return q.offer(e); }
        @Override public Object poll() { return q.poll(); }

        @Override
        public int drain(Consumer<? super Object> sink, int limit) {
            if (sink != this.sink) {
                this.sink = sink;
                this.collection = new SinkCollection(sink);
            }
            return q.drainTo(collection, limit);
        }

        @Override public void releaseConsumer() { }
        @Override public int capacity() { return q.size() + q.remainingCapacity(); }
        @Override public int sizeEstimate() { return q.size(); }
    }

    /** What {@code BlockingQueue.drainTo} adds to: hands each item to a sink, keeps nothing. */
    static final class SinkCollection extends java.util.AbstractCollection<Object> {
        private final Consumer<? super Object> sink;

        SinkCollection(Consumer<? super Object> sink) {
            this.sink = sink;
        }

        @Override public boolean add(Object e) { sink.accept(e); return true; }
        @Override public java.util.Iterator<Object> iterator() { throw new UnsupportedOperationException(); }
        @Override public int size() { return 0; }
    }
}
