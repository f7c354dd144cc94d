package io.github.uncontended.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.uncontended.bench.seq.Disruptor4Driver;
import io.github.uncontended.bench.seq.OurDriver;
import io.github.uncontended.bench.seq.Pause;
import io.github.uncontended.bench.seq.Payload;
import io.github.uncontended.bench.seq.SchemeSequencer;
import io.github.uncontended.bench.seq.SeqDriver;
import io.github.uncontended.bench.seq.SplitWait;
import io.github.uncontended.sequencer.AvailabilitySequencer;
import io.github.uncontended.sequencer.PendingListSequencer;
import io.github.uncontended.sequencer.SpinSequencer;
import io.github.uncontended.sequencer.WaitStrategy;
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
 * The sequencers compared through one harness (issue 48, items 1 to 3): N publishers
 * ({@code -t N}) claim, write the sequence into its payload slot and publish; one consumer thread
 * waits, adds up every slot the wait returned and marks them consumed. The payload, the
 * consumer's loop and the wait policies are the harness's and the same for every
 * implementation; only the sequencer's own steps differ (the Disruptor 4.0.0's
 * {@code MultiProducerSequencer} driven through its public API). Score: published events per
 * second.
 *
 * <p><b>The matched implementations</b> (the headline rows): {@code AvailabilitySequencer},
 * {@code PendingListSequencer}, {@code SpinSequencer} and {@code Disruptor4}, each over a
 * {@code long[]} ring, the consumer's wait spinning 64 rounds then yielding (ours'
 * {@code WaitStrategy.yielding()}), a publisher's wait parking 1 ns a round (the Disruptor's
 * claim, which cannot be changed: ours are given a {@link SplitWait} that parks their
 * publishers the same way). {@code X~aa} is X again under a second name: the A/A pair whose
 * spread is the noise floor every ratio at that point is judged against (the report's verdict
 * rule, docs/performance.md).
 *
 * <p><b>The ladder</b> (issue 48, item 2): {@link #LADDER} walks from {@code AvailabilitySequencer}
 * as users get it to the Disruptor as users call it, one difference at a time; each rung is an
 * {@code impl} here, so one invocation measures them all, beside the A/A pairs. What each rung
 * changes is in {@link #LADDER}'s comments and in docs/performance.md ("What differs").
 */
@State(Scope.Benchmark)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Threads(1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MatchedSequencerBench {
    static final int CAPACITY = 1 << 14;
    /** Events per batch in {@link #publishBatch}. */
    static final int BATCH = 16;
    /** The pending list's pending array: Disruptor 2.8's default, as in {@code SequencerBench}. */
    static final int PENDING = 1024;
    /** The suffix of an A/A twin: the same implementation under a second name ({@link Twins}). */
    public static final String TWIN = Twins.SUFFIX;

    /**
     * The ladder, in order; each rung changes one thing from the rung before it.
     * <ol>
     *   <li>{@code AvailabilitySequencer.shipped}: ours as users get it: {@code WaitStrategy.yielding()}
     *       for every wait (a claim on a full ring spins 64 rounds, then yields);</li>
     *   <li>{@code AvailabilitySequencer}: the claim's wait parks 1 ns a round (the consumer's is
     *       unchanged): the matched row;</li>
     *   <li>{@code Scheme.ours}: {@link SchemeSequencer} with no switch, the same steps, modes and
     *       layout as the real class: the copy the next rungs change (level with the rung before,
     *       or the copy differs);</li>
     *   <li>{@code Scheme.ahead}: the cache check's {@code cachedGatingSequence > current} branch;</li>
     *   <li>{@code Scheme.minGating}: the gating read of a cache miss as the minimum over an array of
     *       gating {@code Sequence}s from the claim counter;</li>
     *   <li>{@code Scheme.d4Claim}: the claim's wait as the Disruptor's: park 1 ns, no halt or
     *       interrupt check;</li>
     *   <li>{@code Scheme.d4Rest}: counters in {@code Sequence} objects, publish without range checks
     *       and with the wait strategy's signal call, no consumer cursor store;</li>
     *   <li>{@code Disruptor4}: the real {@code MultiProducerSequencer} (level with the rung before,
     *       or something unnamed differs): the matched row;</li>
     *   <li>{@code Disruptor4.yield100}: the consumer's pause policy as {@code YieldingWaitStrategy}'s
     *       (100 rounds without a spin hint, then a yield each round);</li>
     *   <li>{@code Disruptor4.events}: the payload as event objects in the {@code RingBuffer}'s layout;</li>
     *   <li>{@code Disruptor4.barrier}: the consumer waits through a {@code SequenceBarrier}
     *       ({@code YieldingWaitStrategy}) as {@code BatchEventProcessor} does;</li>
     *   <li>{@code Disruptor4.users}: {@code RingBuffer.createMultiProducer}: the Disruptor as users
     *       call it ({@code SequencerBench}'s {@code Disruptor4}).</li>
     * </ol>
     */
    public static final List<String> LADDER = List.of(
            "AvailabilitySequencer.shipped", "AvailabilitySequencer", "Scheme.ours", "Scheme.ahead",
            "Scheme.minGating", "Scheme.d4Claim", "Scheme.d4Rest", "Disruptor4", "Disruptor4.yield100",
            "Disruptor4.events", "Disruptor4.barrier", "Disruptor4.users");

    @Param({"AvailabilitySequencer", "AvailabilitySequencer~aa", "Disruptor4", "Disruptor4~aa", "PendingListSequencer",
            "SpinSequencer", "AvailabilitySequencer.shipped", "Scheme.ours", "Scheme.ahead", "Scheme.minGating",
            "Scheme.d4Claim", "Scheme.d4Rest", "Disruptor4.yield100", "Disruptor4.events", "Disruptor4.barrier",
            "Disruptor4.users"})
    public String impl;

    private SeqDriver driver;
    private Payload payload;
    private ConsumerThread consumer;

    // The consumer's own state (one thread).
    private long nextToRead;
    private long sum;
    private boolean stopped;
    /** Written once at teardown from the consumer's sum, so the reads cannot be dropped. */
    public volatile long checksum;

    @Setup(Level.Trial)
    public void setUp() {
        consumer = new ConsumerThread("consumer-" + impl, this::drain);
        build(impl);
        consumer.start();
    }

    /**
     * Stops the consumer and checks what it read: every sequence from 0 up, each slot holding the
     * sequence its publisher wrote, so the sum is {@code n(n-1)/2} for {@code n} events (a slot read
     * before its write, or of the wrong lap, changes it).
     */
    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        driver.halt();
        long n = consumer.halt();
        if (n == 0) {
            throw new IllegalStateException("consumer of " + impl + " consumed nothing");
        }
        if (sum != n * (n - 1) / 2) {
            throw new IllegalStateException(impl + ": the consumer read " + n + " events whose slots sum to " + sum
                    + ", not " + (n * (n - 1) / 2) + ": a slot was read before its publisher's write, or of another lap");
        }
        checksum = sum;
    }

    @Benchmark
    public void publish() {
        long s = driver.next();
        payload.write(s, s);
        driver.publish(s);
    }

    /** Claims of {@value #BATCH}: one claim, {@value #BATCH} writes, one publish of the range; the score is per event. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void publishBatch() {
        long hi = driver.next(BATCH);
        for (long s = hi - BATCH + 1; s <= hi; s++) {
            payload.write(s, s);
        }
        driver.publish(hi - BATCH + 1, hi);
    }

    /** The consumer's loop, the same for every implementation: wait, read every slot returned, mark. */
    int drain() {
        if (stopped) {
            return 0;
        }
        long from = nextToRead;
        long available = driver.waitFor(from);
        if (available < from) {
            stopped = true;                      // halted, everything published read
            return 0;
        }
        long s = sum;
        for (long q = from; q <= available; q++) {
            s += payload.read(q);
        }
        sum = s;
        nextToRead = available + 1;
        driver.markConsumed(available);
        return (int) (available - from + 1);
    }

    /** The implementation's name without the A/A suffix. */
    static String base(String impl) {
        return Twins.base(impl);
    }

    private void build(String name) {
        WaitStrategy matched = new SplitWait(consumer, Pause.SPIN_THEN_YIELD, Pause.PARK_1NS);
        payload = Payload.longs(CAPACITY);
        String b = base(name);
        if (b.startsWith("Scheme.")) {
            SchemeSequencer.configure(b.substring("Scheme.".length()));
            driver = new SchemeSequencer.Driver(new SchemeSequencer(CAPACITY, matched));
            return;
        }
        switch (b) {
            case "AvailabilitySequencer.shipped":
                driver = new OurDriver(new AvailabilitySequencer(CAPACITY));
                break;
            case "AvailabilitySequencer":
                driver = new OurDriver(new AvailabilitySequencer(CAPACITY, matched));
                break;
            case "PendingListSequencer":
                driver = new OurDriver(new PendingListSequencer(CAPACITY, PENDING, matched));
                break;
            case "SpinSequencer":
                driver = new OurDriver(new SpinSequencer(CAPACITY, matched));
                break;
            case "Disruptor4":
                driver = new Disruptor4Driver.Direct(CAPACITY, Pause.SPIN_THEN_YIELD);
                break;
            case "Disruptor4.yield100":
                driver = new Disruptor4Driver.Direct(CAPACITY, Pause.YIELD_AFTER_100);
                break;
            case "Disruptor4.events":
                driver = new Disruptor4Driver.Direct(CAPACITY, Pause.YIELD_AFTER_100);
                payload = Payload.events(CAPACITY);
                break;
            case "Disruptor4.barrier":
                driver = new Disruptor4Driver.Barrier(CAPACITY);
                payload = Payload.events(CAPACITY);
                break;
            case "Disruptor4.users":
                Disruptor4Driver.Users users = new Disruptor4Driver.Users(CAPACITY);
                driver = users;
                payload = Payload.ringBuffer(users.ring());
                break;
            default:
                throw new IllegalArgumentException("unknown MatchedSequencerBench impl '" + name + "'; known: the ladder "
                        + LADDER + ", PendingListSequencer, SpinSequencer, and any of them with the suffix " + TWIN);
        }
    }
}
