package io.github.uncontended.bench;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.StampedLock;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.bench.adapters.OurSessionAdapter;
import io.github.uncontended.session.AdaptiveSession;
import io.github.uncontended.session.AtomicSession;
import io.github.uncontended.session.ShardedSession;
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
 * Session (issue 8): one acquire+release pair per operation at 1, 2, 4 threads ({@code -t N}),
 * ns/op. The JDK's shared-arena counterpart (a downcall through a segment of
 * {@code Arena.ofShared()}) is {@code ArenaBench}, built only on JDK 22+.
 *
 * <p>{@code ShardedSession} maps a thread to counter {@code thread id & (counters - 1)}, so JMH's
 * workers, whose ids are consecutive, get distinct counters. (Its first mapping, a hash of the id,
 * put both workers of a 2-thread trial on one counter in half the trials: such a trial measures a
 * shared counter, not the split the design is for.) The teardown still prints a WARNING with the
 * counters used if two threads share one, so the run's log says which results are affected.
 */
@State(Scope.Benchmark)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Threads(2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SessionBench {
    /** Ours: ShardedSession, the same with CounterChoice.RECHOOSE, AdaptiveSession (one base counter
     *  until contended, then stripes), AtomicSession (the baseline: one CAS-ed count, the JDK's
     *  scheme today). Built in: StampedLock (read lock as the session). */
    @Param({"ShardedSession", "ShardedSession~aa", "ShardedSessionRechoose", "AdaptiveSession", "AtomicSession",
            "AtomicSession~aa", "StampedLock"})
    public String impl;

    private SessionAdapter session;
    private int threads;
    /** The first token each thread got, registered by {@link Worker}: for ShardedSession, its counter. */
    final List<Long> firstTokens = new CopyOnWriteArrayList<>();

    /** One per benchmark thread: one acquire+release before the first iteration, off the measured path. */
    @State(Scope.Thread)
    public static class Worker {
        @Setup(Level.Trial)
        public void register(SessionBench bench) {
            long token = bench.session.acquire();
            bench.session.release(token);
            bench.firstTokens.add(token);
        }
    }

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        session = create(impl);
        threads = params.getThreads();
        session.init(threads);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (impl.startsWith("ShardedSession")) {
            long distinct = firstTokens.stream().distinct().count();
            System.out.println((distinct < firstTokens.size() ? "WARNING: " : "") + "ShardedSession: " + threads
                    + " threads on counters " + firstTokens + " of " + countersFor(threads) + " (" + distinct + " distinct"
                    + (distinct < firstTokens.size() ? ": threads share a counter, this trial does not measure the split)" : ")"));
        }
    }

    @Benchmark
    public long acquireRelease(Worker worker) {
        long token = session.acquire();
        session.release(token);
        return token;
    }

    static SessionAdapter create(String impl) {
        switch (Twins.base(impl)) {
            case "ShardedSession": return new OurSessionAdapter(t -> new ShardedSession(countersFor(t)));
            case "ShardedSessionRechoose":
                return new OurSessionAdapter(t -> new ShardedSession(countersFor(t), ShardSelector.THREAD_ID,
                        ShardedSession.CounterChoice.RECHOOSE));
            case "AdaptiveSession": return new OurSessionAdapter(t -> new AdaptiveSession(countersFor(t)));
            case "AtomicSession":  return new OurSessionAdapter(t -> new AtomicSession());
            case "StampedLock":    return new StampedLockAdapter();
            default:
                throw new IllegalArgumentException("unknown SessionBench impl '" + impl
                        + "'; known: ShardedSession, ShardedSessionRechoose, AdaptiveSession, AtomicSession, StampedLock,"
                        + " each also with the suffix " + Twins.SUFFIX);
        }
    }

    /**
     * At least one counter per core and per thread, rounded up to a power of two: what
     * {@link ShardedSession#forAvailableProcessors()} gives, raised to the thread count when the
     * threads outnumber the cores.
     */
    static int countersFor(int threads) {
        int n = Math.max(Runtime.getRuntime().availableProcessors(), threads);
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** Baseline: StampedLock read lock, one CAS on the shared state word per acquire and per release. */
    static final class StampedLockAdapter implements SessionAdapter {
        private final StampedLock lock = new StampedLock();

        @Override public void init(int threads) {}
        @Override public long acquire() { return lock.readLock(); }
        @Override public void release(long token) { lock.unlockRead(token); }
    }
}
