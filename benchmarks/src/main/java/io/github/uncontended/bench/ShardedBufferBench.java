package io.github.uncontended.bench;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.TimeUnit;

import io.github.uncontended.bench.adapters.PeerQueues;
import io.github.uncontended.sharded.ElementFlagShardedBuffer;
import io.github.uncontended.sharded.LockedRingBuffer;
import io.github.uncontended.sharded.ShardedBuffer;
import io.github.uncontended.sharded.ShardedQueue;
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
 * Sharded buffer (issue 8; one harness since issue 48): N producers ({@code -t N}) offer into one
 * structure drained by one dedicated consumer thread ({@link ConsumerThread}). Score: successful
 * offers per second ({@code offer}: the consumer polls; {@code offerDrained}: it takes with the
 * structure's own drain), or the latency distribution of one successful offer
 * ({@code offerLatency}, sample mode).
 *
 * <p><b>One harness for every implementation</b> (issue 48, item 1): the benchmark holds a
 * {@link ShardedQueue}; ours are one, JCTools' queues and the baselines are seen as one through
 * the thinnest adapter ({@link PeerQueues}: each call forwards to the call a user makes). The
 * producer's loop (a full structure retried with {@code onSpinWait}), the consumer's loops, the
 * item ({@code Boolean.TRUE}) and the geometry are the same for all. {@code X~aa} is X again under
 * a second name, the A/A pair that gives each point its noise floor (docs/performance.md, the
 * verdict rule).
 *
 * <p>Geometry: {@link #CAPACITY} slots in total; the sharded ones ({@code ShardedBuffer},
 * {@code ElementFlagShardedBuffer}, {@code MpscCompoundQueue}) split them into one shard per
 * producer ({@code -t} rounded up to a power of two), so no slot sits in a shard nobody offers to.
 * All three map a thread to a shard by its id masked (ShardSelector.THREAD_ID, the design's
 * default, and JCTools' own mapping). JMH's worker threads are created together and got
 * consecutive ids in every run seen so far; since nothing guarantees it, {@link #tearDown} fails
 * the trial of a sharded implementation whose producers' ids collide under the mask rather than
 * report a shared shard as the design's speed.
 */
@State(Scope.Benchmark)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Threads(2)
public class ShardedBufferBench {
    static final int CAPACITY = 1 << 14;
    /** The suffix of an A/A twin: the same implementation under a second name. */
    static final String TWIN = Twins.SUFFIX;

    /** Ours: ShardedBuffer, ElementFlagShardedBuffer (issue 27: JCTools' element-as-flag scheme per
     *  shard) and LockedRingBuffer (the baseline of the design: one ring, one lock).
     *  Built in: ArrayBlockingQueue (JDK baseline), MpscArrayQueue and MpscCompoundQueue (JCTools
     *  peers); MpmcArrayQueue on request ({@code -p impl=}); each with the suffix {@value #TWIN} too. */
    @Param({"ShardedBuffer", "ShardedBuffer~aa", "ElementFlagShardedBuffer", "MpscArrayQueue", "MpscArrayQueue~aa",
            "MpscCompoundQueue", "LockedRingBuffer", "ArrayBlockingQueue"})
    public String impl;

    private ShardedQueue<Object> queue;
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
        shards = shardsFor(params.getThreads());
        queue = create(impl, CAPACITY, shards);
        consumer = params.getBenchmark().endsWith(".offerDrained")
                ? ConsumerThread.draining("consumer-" + impl, queue)
                : ConsumerThread.polling("consumer-" + impl, queue);
        consumer.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        if (consumer.halt() == 0) {
            throw new IllegalStateException("consumer of " + impl + " consumed nothing");
        }
        String b = base(impl);
        if (b.equals("ShardedBuffer") || b.equals("ElementFlagShardedBuffer") || b.equals("MpscCompoundQueue")) {
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
     * take ({@link ShardedQueue#drain}) instead of one poll at a time: what a consumer that wants
     * throughput uses.
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
        ShardedQueue<Object> q = queue;
        while (!q.offer(Boolean.TRUE)) {
            Thread.onSpinWait();
        }
    }

    /** One shard per producer, rounded up to a power of two (both sharded implementations require one). */
    static int shardsFor(int producers) {
        return producers <= 1 ? 1 : Integer.highestOneBit(producers - 1) << 1;
    }

    /** The implementation's name without the A/A suffix. */
    static String base(String impl) {
        return Twins.base(impl);
    }

    /** {@code impl} (an A/A twin too) with {@code capacity} slots in all, {@code shards} shards where it has them. */
    static ShardedQueue<Object> create(String impl, int capacity, int shards) {
        switch (base(impl)) {
            case "ShardedBuffer":            return new ShardedBuffer<>(shards, capacity / shards);
            case "ElementFlagShardedBuffer": return new ElementFlagShardedBuffer<>(shards, capacity / shards);
            case "LockedRingBuffer":         return PeerQueues.locked(new LockedRingBuffer<>(capacity));
            case "ArrayBlockingQueue":       return PeerQueues.blocking(new ArrayBlockingQueue<>(capacity));
            case "MpscArrayQueue":           return PeerQueues.jctools(new MpscArrayQueue<>(capacity));
            // JCTools' sharded MPSC: `shards` MpscArrayQueues of capacity / shards slots, the thread id picks one.
            case "MpscCompoundQueue":        return PeerQueues.jctools(new MpscCompoundQueue<>(capacity, shards));
            // JCTools' ring with per-slot sequence numbers, ShardedBuffer's slot scheme: the scheme's cost, not our code's.
            case "MpmcArrayQueue":           return PeerQueues.jctools(new MpmcArrayQueue<>(capacity));
            default:
                throw new IllegalArgumentException("unknown impl '" + impl + "'; known: ShardedBuffer, ElementFlagShardedBuffer, "
                        + "LockedRingBuffer, ArrayBlockingQueue, MpscArrayQueue, MpscCompoundQueue, MpmcArrayQueue, each also "
                        + "with the suffix " + TWIN);
        }
    }
}
