package io.github.uncontended.bench;

import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

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

/**
 * Sharded buffer (issue 8): N producers ({@code -t N}: 1, 2, 4, 8) offer into one structure
 * drained by one dedicated consumer thread ({@link ConsumerThread}). Score: successful offers
 * per second ({@code offer}), or the latency distribution of one successful offer
 * ({@code offerLatency}, sample mode, run at 2 and 8 producers).
 *
 * <p>A full structure is retried with {@code onSpinWait}, so the score is the rate at which the
 * consumer and the producers together move items, not the rate of failed offers.
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(2)
public class ShardedBufferBench {
    static final int CAPACITY = 1 << 14;

    /** Built in: ArrayBlockingQueue (baseline), MpscArrayQueue and MpscCompoundQueue (JCTools peers).
     *  Ours after merge: ShardedBuffer, LockedRingBuffer (benchmarks/pending-adapters/). */
    @Param({"ArrayBlockingQueue", "MpscArrayQueue", "MpscCompoundQueue"})
    public String impl;

    private MpscAdapter queue;
    private ConsumerThread consumer;

    @Setup(Level.Trial)
    public void setUp() {
        queue = create(impl);
        queue.init(CAPACITY);
        consumer = new ConsumerThread("consumer-" + impl, () -> {
            int n = 0;
            while (n < 256 && queue.poll() != null) {
                n++;
            }
            return n;
        });
        consumer.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        if (consumer.halt() == 0) {
            throw new IllegalStateException("consumer of " + impl + " consumed nothing");
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public void offer() {
        offerOne();
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public void offerLatency() {
        offerOne();
    }

    private void offerOne() {
        MpscAdapter q = queue;
        while (!q.offer(Boolean.TRUE)) {
            Thread.onSpinWait();
        }
    }

    static MpscAdapter create(String impl) {
        switch (impl) {
            case "ArrayBlockingQueue": return new QueueAdapter(c -> new ArrayBlockingQueue<>(c));
            case "MpscArrayQueue":     return new QueueAdapter(c -> new MpscArrayQueue<>(c));
            // Chunked by parallelism: JCTools' sharded MPSC, one MpscArrayQueue per "core" slot.
            case "MpscCompoundQueue":  return new QueueAdapter(c -> new MpscCompoundQueue<>(c));
            default:                   return Adapters.load(impl, MpscAdapter.class);
        }
    }

    /** Any {@link Queue} with a non-blocking offer/poll. */
    static final class QueueAdapter implements MpscAdapter {
        private final java.util.function.IntFunction<Queue<Object>> factory;
        private Queue<Object> q;

        QueueAdapter(java.util.function.IntFunction<Queue<Object>> factory) {
            this.factory = factory;
        }

        @Override public void init(int capacity) { q = factory.apply(capacity); }
        @Override public boolean offer(Object item) { return q.offer(item); }
        @Override public Object poll() { return q.poll(); }
    }
}
