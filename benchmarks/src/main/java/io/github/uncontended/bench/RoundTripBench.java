package io.github.uncontended.bench;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.github.uncontended.sharded.ShardedQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The cost of one item's trip through an MPSC structure with no contention (issue 16): one thread
 * offers {@value #K} items, then takes them back, one poll at a time ({@code offerThenPoll}) or
 * with the structure's own drain ({@code offerThenDrain}). Score: ns per item (offer and take).
 *
 * <p>Why: with nine threads on two cores (the 8-producer point of {@link ShardedBufferBench}) the
 * consumer gets a fraction of a core, so its cost per item sets the throughput; this is that cost
 * with the scheduler taken out. Same geometry as ShardedBufferBench with one shard: {@code 1 << 14}
 * slots. {@code MpmcArrayQueue} is here because it is JCTools' ring with per-slot sequence
 * numbers, the ShardedBuffer's slot scheme (Vyukov's), where {@code MpscArrayQueue} publishes by
 * the element store alone: the pair separates what the scheme costs from what our code costs.
 */
@State(Scope.Thread)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RoundTripBench {
    static final int K = 256;

    /** Each through the same {@code ShardedQueue} calls as in ShardedBufferBench; {@code ~aa}: the A/A twins. */
    @Param({"ShardedBuffer", "ShardedBuffer~aa", "MpscArrayQueue", "MpscArrayQueue~aa", "MpscCompoundQueue", "MpmcArrayQueue"})
    public String impl;

    private ShardedQueue<Object> q;
    private Consumer<Object> sink;

    @Setup(Level.Trial)
    public void setUp(Blackhole bh) {
        q = ShardedBufferBench.create(impl, ShardedBufferBench.CAPACITY, 1);
        sink = bh::consume;
    }

    @Benchmark
    @OperationsPerInvocation(K)
    public int offerThenPoll() {
        ShardedQueue<Object> q = this.q;
        for (int i = 0; i < K; i++) {
            q.offer(Boolean.TRUE);
        }
        int n = 0;
        for (int i = 0; i < K; i++) {
            if (q.poll() != null) {
                n++;
            }
        }
        return n;
    }

    @Benchmark
    @OperationsPerInvocation(K)
    public int offerThenDrain() {
        ShardedQueue<Object> q = this.q;
        for (int i = 0; i < K; i++) {
            q.offer(Boolean.TRUE);
        }
        return q.drain(sink, K);
    }
}
