package io.github.uncontended.bench;

import java.util.concurrent.TimeUnit;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.sharded.ShardedBuffer;
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
 * Shard choice for the sharded buffer (issue 16): the same {@link ShardedBuffer} geometry as
 * {@code ShardedBufferBench} (one shard per producer, {@code -t} rounded up to a power of two),
 * with the producers mapped to shards three ways, side by side at 2 and 8 producers:
 * <ul>
 *   <li>{@code threadId}: {@link ShardSelector#THREAD_ID}, the default (a collision is permanent);</li>
 *   <li>{@code probe}: {@link ShardSelector#probe()}, a random value drawn once per thread (a
 *       {@code ThreadLocal} lookup on every offer);</li>
 *   <li>{@code colliding}: every producer on shard 0 by construction (the thread-id map's worst
 *       case: ids that are equal under the mask), the other shards empty.</li>
 * </ul>
 * and, with the thread-id map, two other shard counts for the same total capacity (the number
 * of shards relative to threads): {@code halfShards} (two producers per shard) and
 * {@code doubleShards} (half the shards never offered to, so the consumer's visits to empty
 * shards show).
 * Re-choosing a shard on contention, as LongAdder does when a CAS fails, is not measured: a
 * producer that moves to another shard can have its later item polled before its earlier one,
 * which breaks the per-producer FIFO the buffer promises (sibling {@code RandomShard.tla}).
 */
@State(Scope.Benchmark)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Threads(2)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ShardChoiceBench {

    @Param({"threadId", "threadId~aa", "probe", "colliding", "halfShards", "doubleShards"})
    public String impl;

    private ShardedBuffer<Object> buffer;
    private ConsumerThread consumer;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        String b = Twins.base(impl);
        int shards = shardCount(b, ShardedBufferBench.shardsFor(params.getThreads()));
        buffer = new ShardedBuffer<>(shards, ShardedBufferBench.CAPACITY / shards, 16, selector(b));
        consumer = ConsumerThread.polling("consumer-" + impl, buffer);
        consumer.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        if (consumer.halt() == 0) {
            throw new IllegalStateException("consumer of " + impl + " consumed nothing");
        }
    }

    @Benchmark
    public void offer() {
        while (!buffer.offer(Boolean.TRUE)) {
            Thread.onSpinWait();
        }
    }

    /**
     * The shard count against the producers: one per producer (every map), half that (two
     * producers per shard under the thread-id map), or twice that (half the shards always empty:
     * what the consumer's visits to empty shards cost). The same total capacity in every case.
     */
    static int shardCount(String name, int onePerProducer) {
        switch (name) {
            case "halfShards":   return Math.max(1, onePerProducer / 2);
            case "doubleShards": return onePerProducer * 2;
            default:             return onePerProducer;
        }
    }

    static ShardSelector selector(String name) {
        switch (name) {
            case "threadId":
            case "halfShards":
            case "doubleShards": return ShardSelector.THREAD_ID;
            case "probe":     return ShardSelector.probe();
            case "colliding": return () -> 0;
            default:
                throw new IllegalArgumentException("unknown ShardChoiceBench selector '" + name
                        + "'; known: threadId, probe, colliding, halfShards, doubleShards");
        }
    }
}
