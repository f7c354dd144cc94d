package io.github.uncontended.bench;

import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.uncontended.bench.adapters.ElementFlagShardedBufferAdapter;
import io.github.uncontended.bench.adapters.LockedRingBufferAdapter;
import io.github.uncontended.bench.adapters.ShardedBufferAdapter;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.MpscCompoundQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Sharded buffer (issue 8): N producers ({@code -t N}: 1, 2, 4, 8) offer into one structure
 * drained by one dedicated consumer thread ({@link ConsumerThread}). Score: successful offers
 * per second ({@code offer}), or the latency distribution of one successful offer
 * ({@code offerLatency}, sample mode, run at 2 and 8 producers).
 *
 * <p>A full structure is retried with {@code onSpinWait}, the same loop for every implementation,
 * so the score is the rate at which the consumer and the producers together move items, not the
 * rate of failed offers.
 *
 * <p>Geometry, the same for every implementation: {@link #CAPACITY} slots in total; the sharded
 * ones ({@code ShardedBuffer}, {@code MpscCompoundQueue}) split them into one shard per producer
 * ({@code -t} rounded up to a power of two), so no slot sits in a shard nobody offers to and the
 * consumer visits no shard that is always empty. Both map a thread to a shard by its id masked
 * (ShardSelector.THREAD_ID, the design's default, and JCTools' own mapping, as users get them).
 * JMH's worker threads are created together and got consecutive ids in every run seen so far
 * (14..21 at 8 threads on JDK 17), so each producer has a shard of its own; since nothing
 * guarantees it, {@link #tearDown} fails the trial of a sharded implementation whose producers'
 * ids collide under the mask rather than report a shared shard as the design's speed.
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(2)
public class ShardedBufferBench {
    static final int CAPACITY = 1 << 14;

    /** Ours: ShardedBuffer, ElementFlagShardedBuffer (issue 27: JCTools' element-as-flag scheme per
     *  shard) and LockedRingBuffer (the baseline of the design: one ring, one lock).
     *  Built in: ArrayBlockingQueue (JDK baseline), MpscArrayQueue and MpscCompoundQueue (JCTools peers). */
    @Param({"ShardedBuffer", "ElementFlagShardedBuffer", "LockedRingBuffer", "ArrayBlockingQueue", "MpscArrayQueue",
            "MpscCompoundQueue"})
    public String impl;

    private MpscAdapter queue;
    private ConsumerThread consumer;
    private int shards;
    /** Thread ids of the producers, registered once per thread by {@link Producer}. */
    final Set<Long> producerIds = new ConcurrentSkipListSet<>();

    /** One per producer thread: registers the thread's id with the benchmark (off the measured path). */
    @State(Scope.Thread)
    public static class Producer {
        @Setup(Level.Trial)
        public void register(ShardedBufferBench bench) {
            bench.producerIds.add(Thread.currentThread().getId());
        }
    }

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        queue = create(impl);
        shards = shardsFor(params.getThreads());
        queue.init(CAPACITY, shards);
        consumer = params.getBenchmark().endsWith(".offerDrained")
                ? ConsumerThread.draining("consumer-" + impl, queue::drain)
                : ConsumerThread.polling("consumer-" + impl, () -> queue.poll());
        consumer.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        if (consumer.halt() == 0) {
            throw new IllegalStateException("consumer of " + impl + " consumed nothing");
        }
        if (impl.equals("ShardedBuffer") || impl.equals("ElementFlagShardedBuffer") || impl.equals("MpscCompoundQueue")) {
            Set<Long> used = new TreeSet<>();
            for (long id : producerIds) {
                used.add(id & (shards - 1));
            }
            if (used.size() < producerIds.size()) {
                throw new IllegalStateException(impl + ": producer thread ids " + producerIds + " fall on only "
                        + used.size() + " of " + shards + " shards (id & " + (shards - 1) + "): producers share a "
                        + "shard, so this trial does not measure one shard per producer");
            }
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public void offer(Producer producer) {
        offerOne();
    }

    /**
     * As {@link #offer}, with the consumer taking items through each implementation's own bulk
     * take ({@link MpscAdapter#drain}) instead of one poll at a time: what a consumer that wants
     * throughput uses, and where ShardedBuffer checks its consumer role once per call.
     */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public void offerDrained(Producer producer) {
        offerOne();
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public void offerLatency(Producer producer) {
        offerOne();
    }

    private void offerOne() {
        MpscAdapter q = queue;
        while (!q.offer(Boolean.TRUE)) {
            Thread.onSpinWait();
        }
    }

    /** One shard per producer, rounded up to a power of two (both sharded implementations require one). */
    static int shardsFor(int producers) {
        return producers <= 1 ? 1 : Integer.highestOneBit(producers - 1) << 1;
    }

    static MpscAdapter create(String impl) {
        switch (impl) {
            case "ShardedBuffer":      return new ShardedBufferAdapter();
            case "ElementFlagShardedBuffer": return new ElementFlagShardedBufferAdapter();
            case "LockedRingBuffer":   return new LockedRingBufferAdapter();
            case "ArrayBlockingQueue": return new QueueAdapter((c, s) -> new ArrayBlockingQueue<>(c));
            case "MpscArrayQueue":     return new QueueAdapter((c, s) -> new MpscArrayQueue<>(c));
            // JCTools' sharded MPSC: `s` MpscArrayQueues of c / s slots, the thread id picks one.
            case "MpscCompoundQueue":  return new QueueAdapter((c, s) -> new MpscCompoundQueue<>(c, s));
            // Not in the default set (pass -p impl=...): JCTools' ring with per-slot sequence
            // numbers, ShardedBuffer's slot scheme, to tell the scheme's cost from our code's.
            case "MpmcArrayQueue":     return new QueueAdapter((c, s) -> new MpmcArrayQueue<>(c));
            default:
                throw new IllegalArgumentException("unknown ShardedBufferBench impl '" + impl + "'; known: ShardedBuffer, ElementFlagShardedBuffer, "
                        + "LockedRingBuffer, ArrayBlockingQueue, MpscArrayQueue, MpscCompoundQueue, MpmcArrayQueue");
        }
    }

    /** Any {@link Queue} with a non-blocking offer/poll. */
    static final class QueueAdapter implements MpscAdapter {
        /** Builds the queue from the total capacity and the shard count. */
        interface Factory {
            Queue<Object> create(int capacity, int shards);
        }

        private final Factory factory;
        private Queue<Object> q;

        QueueAdapter(Factory factory) {
            this.factory = factory;
        }

        @Override public void init(int capacity, int shards) { q = factory.create(capacity, shards); }
        @Override public boolean offer(Object item) { return q.offer(item); }
        @Override public Object poll() { return q.poll(); }

        @Override
        public int drain(java.util.function.Consumer<Object> sink, int limit) {
            if (q instanceof org.jctools.queues.MessagePassingQueue) {
                return ((org.jctools.queues.MessagePassingQueue<Object>) q).drain(sink::accept, limit);
            }
            if (q instanceof java.util.concurrent.BlockingQueue) {
                return ((java.util.concurrent.BlockingQueue<Object>) q).drainTo(new SinkCollection(sink), limit);
            }
            int n = 0;
            for (Object e; n < limit && (e = q.poll()) != null; n++) {
                sink.accept(e);
            }
            return n;
        }
    }

    /** What BlockingQueue.drainTo adds to: hands each item to a sink, keeps nothing. */
    static final class SinkCollection extends java.util.AbstractCollection<Object> {
        private final java.util.function.Consumer<Object> sink;

        SinkCollection(java.util.function.Consumer<Object> sink) {
            this.sink = sink;
        }

        @Override public boolean add(Object e) { sink.accept(e); return true; }
        @Override public java.util.Iterator<Object> iterator() { throw new UnsupportedOperationException(); }
        @Override public int size() { return 0; }
    }
}
