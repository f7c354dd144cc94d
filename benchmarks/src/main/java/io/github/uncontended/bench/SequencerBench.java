package io.github.uncontended.bench;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.YieldingWaitStrategy;
import io.github.uncontended.bench.adapters.OurSequencerAdapter;
import io.github.uncontended.sequencer.AvailabilitySequencer;
import io.github.uncontended.sequencer.PendingListSequencer;
import io.github.uncontended.sequencer.SpinSequencer;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Sequencer (issue 8): N publishers ({@code -t N}: 1, 2, 3, 4, 8) to one consumer, the
 * Disruptor's ThreePublisherToOneProcessorSequencedThroughputTest shape: each publisher claims a
 * sequence, writes the value into its slot and publishes it; one consumer thread waits for the
 * cursor, adds up every slot up to it and marks them consumed. Score: published events per
 * second. On a 2-core machine more than 2 publishers is oversubscription, the scenario the
 * pending-list sequencer exists for. Every implementation has a ring of {@link #CAPACITY} slots.
 * {@code publishLatency} samples the same call's latency.
 *
 * <p><b>As users would call them, not a matched comparison</b> (issue 48): ours over a
 * {@code long[]} ring with its shipped waits (spin, then yield), the Disruptor through its
 * {@code RingBuffer} of event objects and a barrier with {@code YieldingWaitStrategy}, its claim
 * parking 1 ns: the payload, the consumer's wait and the claim's wait all differ. Ratios between
 * them are labelled so; the comparison of the schemes is {@link MatchedSequencerBench}, whose
 * ladder walks from one of these two to the other.
 */
@State(Scope.Benchmark)
// Five forks: a fork settles in one of two regimes (for ours at 1 publisher, about 4M or 12M ops/s
// for the whole fork; issue 16, docs/records/performance-history.md), so the forks are the samples that matter
// (issue 48: at least 5 a point, the per-fork values kept and judged; the plan passes -f 5 too).
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Threads(2)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SequencerBench {
    static final int CAPACITY = 1 << 14;

    /** Ours: PendingListSequencer, SpinSequencer (its baseline: spin until the predecessor published).
     *  Built in: Disruptor4 (MultiProducerSequencer via RingBuffer.createMultiProducer, the peer),
     *  ArrayBlockingQueue (JDK baseline). */
    @Param({"PendingListSequencer", "AvailabilitySequencer", "SpinSequencer", "Disruptor4", "Disruptor4~aa", "ArrayBlockingQueue"})
    public String impl;

    private SequencerAdapter sequencer;
    private ConsumerThread consumer;

    @Setup(Level.Trial)
    public void setUp() {
        sequencer = create(impl);
        sequencer.init(CAPACITY);
        consumer = new ConsumerThread("consumer-" + impl, () -> sequencer.drain());
        consumer.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        sequencer.halt();
        if (consumer.halt() == 0) {
            throw new IllegalStateException("consumer of " + impl + " consumed nothing");
        }
    }

    @Benchmark
    public void publish() {
        sequencer.publish(42L);
    }

    /**
     * The latency of one claim, write and publish (issue 16), sample mode: run at 2 and 8
     * publishers for ours and Disruptor 4 ({@code make bench}). A publish that waits for a ring
     * slot (the consumer behind) or at the guard is part of the sample, as a user would see it.
     */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public void publishLatency() {
        sequencer.publish(42L);
    }

    /** Events per batch in {@link #publishBatch}. */
    static final int BATCH = 16;

    /**
     * Batch claims (issue 16): each call claims {@link #BATCH} consecutive sequences with one
     * getAndAdd, writes them and publishes the range. The claim is paid once per batch; the
     * publish is not: ours parks and CASes the cursor once per sequence (docs/records/performance-history.md,
     * "Batch claims"), Disruptor 4 does a release store per sequence. The score is per event
     * ({@code OperationsPerInvocation}), comparable with {@link #publish}. {@code make bench}
     * runs it for ours and Disruptor 4 ({@code SpinSequencer} has the same batch API;
     * {@code ArrayBlockingQueue} has no batch claim and throws).
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void publishBatch() {
        sequencer.publishBatch(42L, BATCH);
    }

    /** Length of the pending array: the default of Disruptor 2.8's MultiThreadedClaimStrategy. */
    static final int PENDING = 1024;

    static SequencerAdapter create(String impl) {
        switch (Twins.base(impl)) {
            case "PendingListSequencer": return new OurSequencerAdapter(c -> new PendingListSequencer(c, PENDING));
            // Issue 27, item 1: per-slot availability flags (Disruptor 3's scheme), verified.
            case "AvailabilitySequencer": return new OurSequencerAdapter(AvailabilitySequencer::new);
            case "SpinSequencer":        return new OurSequencerAdapter(SpinSequencer::new);
            case "Disruptor4":           return new Disruptor4Adapter();
            case "ArrayBlockingQueue":   return new QueueSequencerAdapter();
            default:
                throw new IllegalArgumentException("unknown SequencerBench impl '" + impl
                        + "'; known: PendingListSequencer, AvailabilitySequencer, SpinSequencer, Disruptor4, ArrayBlockingQueue,"
                        + " each also with the suffix " + Twins.SUFFIX);
        }
    }

    /** One mutable event per slot, as in the Disruptor's own perf tests. */
    static final class ValueEvent {
        long value;
    }

    /**
     * Disruptor 4: {@code RingBuffer.createMultiProducer} (a MultiProducerSequencer, whose
     * {@code next()} parks 1 ns while the ring is full). The consumer waits on a SequenceBarrier
     * with a yielding strategy and moves its gating Sequence after each batch.
     */
    static final class Disruptor4Adapter implements SequencerAdapter {
        private RingBuffer<ValueEvent> ring;
        private SequenceBarrier barrier;
        private final Sequence consumed = new Sequence();
        private long next;
        private long sum;

        @Override
        public void init(int capacity) {
            ring = RingBuffer.createMultiProducer(ValueEvent::new, capacity, new YieldingWaitStrategy());
            barrier = ring.newBarrier();
            ring.addGatingSequences(consumed);
            next = consumed.get() + 1;
        }

        @Override
        public void publish(long value) {
            long seq = ring.next();
            ring.get(seq).value = value;
            ring.publish(seq);
        }

        @Override
        public void publishBatch(long value, int n) {
            long hi = ring.next(n);
            for (long s = hi - n + 1; s <= hi; s++) {
                ring.get(s).value = value;
            }
            ring.publish(hi - n + 1, hi);
        }

        @Override
        public int drain() {
            long available;
            try {
                available = barrier.waitFor(next);
            } catch (AlertException | TimeoutException e) {
                return 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 0;
            }
            if (available < next) {
                return 0;
            }
            for (long s = next; s <= available; s++) {
                sum += ring.get(s).value;
            }
            int n = (int) (available - next + 1);
            next = available + 1;
            consumed.set(available);
            return n;
        }

        @Override
        public void halt() {
            barrier.alert();
        }
    }

    /** Baseline: the JDK's ArrayBlockingQueue (one lock, two conditions), spin on full. */
    static final class QueueSequencerAdapter implements SequencerAdapter {
        private ArrayBlockingQueue<Long> q;
        private static final Long ITEM = 42L;

        @Override public void init(int capacity) { q = new ArrayBlockingQueue<>(capacity); }

        @Override
        public void publish(long value) {
            while (!q.offer(ITEM)) {
                Thread.onSpinWait();
            }
        }

        @Override
        public int drain() {
            int n = 0;
            while (n < 256 && q.poll() != null) {
                n++;
            }
            return n;
        }
    }
}
