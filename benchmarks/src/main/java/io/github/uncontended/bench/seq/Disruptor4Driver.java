package io.github.uncontended.bench.seq;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.MultiProducerSequencer;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.YieldingWaitStrategy;

/**
 * The Disruptor 4.0.0's {@code MultiProducerSequencer} in the matched harness, three ways, each a
 * class of its own so that no driver carries a branch another lacks:
 * <ul>
 *   <li>{@link Direct}: its public API driven directly ({@code next}, {@code publish}, a gating
 *       {@code Sequence}), the consumer's wait written the way ours is (load the claim counter with
 *       {@code getCursor()}, scan with {@code getHighestPublishedSequence}, check halt and
 *       interrupt, pause with a given {@link Pause}): the same loop and policy as our consumer's;</li>
 *   <li>{@link Barrier}: the same sequencer, the consumer waiting through a {@code SequenceBarrier}
 *       with {@code YieldingWaitStrategy}, as its {@code BatchEventProcessor} does (the barrier waits
 *       for the claim counter, then scans once and may return short: the harness spins once and
 *       asks again, as the JMH set's consumer thread did);</li>
 *   <li>{@link Users}: {@code RingBuffer.createMultiProducer} and that barrier, the events in the
 *       ring buffer: the Disruptor as users call it (as {@code SequencerBench}'s).</li>
 * </ul>
 * The claim's wait on a full ring is always the sequencer's own: {@code LockSupport.parkNanos(1)}
 * per round, no halt or interrupt check (4.0.0's {@code next(int)}).
 */
public final class Disruptor4Driver {
    private Disruptor4Driver() {}

    static MultiProducerSequencer sequencer(int capacity) {
        return new MultiProducerSequencer(capacity, new YieldingWaitStrategy());
    }

    /** The sequencer driven directly; the consumer's wait is ours in structure, with {@code consumerPause}. */
    public static final class Direct implements SeqDriver {
        private final MultiProducerSequencer sequencer;
        private final Pause consumerPause;
        private final Sequence consumed = new Sequence();
        private volatile boolean halted;

        public Direct(int capacity, Pause consumerPause) {
            this.sequencer = sequencer(capacity);
            this.consumerPause = consumerPause;
            sequencer.addGatingSequences(consumed);
        }

        @Override public long next() { return sequencer.next(); }
        @Override public long next(int n) { return sequencer.next(n); }
        @Override public void publish(long sequence) { sequencer.publish(sequence); }
        @Override public void publish(long lo, long hi) { sequencer.publish(lo, hi); }

        @Override
        public long waitFor(long sequence) {
            for (int round = 0; ; round++) {
                long bound = sequencer.getCursor();                 // the claim counter
                if (bound >= sequence) {
                    long hi = sequencer.getHighestPublishedSequence(sequence, bound);
                    if (hi >= sequence) {
                        return hi;
                    }
                }
                if (halted) {                                       // as ours' pause: halt, interrupt, then the policy
                    return sequence - 1;
                }
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    return sequence - 1;
                }
                consumerPause.idle(round);
            }
        }

        @Override public void markConsumed(long sequence) { consumed.set(sequence); }
        @Override public void halt() { halted = true; }
    }

    /** The sequencer driven directly, the consumer waiting through its barrier ({@code YieldingWaitStrategy}). */
    public static final class Barrier implements SeqDriver {
        private final MultiProducerSequencer sequencer;
        private final SequenceBarrier barrier;
        private final Sequence consumed = new Sequence();

        public Barrier(int capacity) {
            this.sequencer = sequencer(capacity);
            sequencer.addGatingSequences(consumed);
            this.barrier = sequencer.newBarrier();
        }

        @Override public long next() { return sequencer.next(); }
        @Override public long next(int n) { return sequencer.next(n); }
        @Override public void publish(long sequence) { sequencer.publish(sequence); }
        @Override public void publish(long lo, long hi) { sequencer.publish(lo, hi); }
        @Override public long waitFor(long sequence) { return waitThrough(barrier, sequence); }
        @Override public void markConsumed(long sequence) { consumed.set(sequence); }
        @Override public void halt() { barrier.alert(); }
    }

    /** {@code RingBuffer.createMultiProducer} with {@code YieldingWaitStrategy}; the payload is {@link #ring()}. */
    public static final class Users implements SeqDriver {
        private final RingBuffer<Payload.ValueEvent> ring;
        private final SequenceBarrier barrier;
        private final Sequence consumed = new Sequence();

        public Users(int capacity) {
            this.ring = RingBuffer.createMultiProducer(Payload.ValueEvent::new, capacity, new YieldingWaitStrategy());
            ring.addGatingSequences(consumed);
            this.barrier = ring.newBarrier();
        }

        public RingBuffer<Payload.ValueEvent> ring() {
            return ring;
        }

        @Override public long next() { return ring.next(); }
        @Override public long next(int n) { return ring.next(n); }
        @Override public void publish(long sequence) { ring.publish(sequence); }
        @Override public void publish(long lo, long hi) { ring.publish(lo, hi); }
        @Override public long waitFor(long sequence) { return waitThrough(barrier, sequence); }
        @Override public void markConsumed(long sequence) { consumed.set(sequence); }
        @Override public void halt() { barrier.alert(); }
    }

    /** A BatchEventProcessor's wait: the barrier's, asked again after a spin while it returns short. */
    static long waitThrough(SequenceBarrier barrier, long sequence) {
        while (true) {
            long available;
            try {
                available = barrier.waitFor(sequence);
            } catch (AlertException | TimeoutException stopped) {
                return sequence - 1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return sequence - 1;
            }
            if (available >= sequence) {
                return available;
            }
            Thread.onSpinWait();                                    // claimed, not yet published: ask again
        }
    }
}
