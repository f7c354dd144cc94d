package io.github.uncontended.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.StampedLock;

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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Session (issue 8): one acquire+release pair per operation at 1, 2, 4 threads ({@code -t N}),
 * ns/op. The JDK's shared-arena counterpart (a downcall through a segment of
 * {@code Arena.ofShared()}) is {@code ArenaBench}, built only on JDK 22+.
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SessionBench {
    /** Built in: StampedLock (read lock as the session, the baseline).
     *  Ours after merge: ShardedSession, AtomicSession (benchmarks/pending-adapters/). */
    @Param({"StampedLock"})
    public String impl;

    private SessionAdapter session;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        session = create(impl);
        session.init(params.getThreads());
    }

    @Benchmark
    public long acquireRelease() {
        long token = session.acquire();
        session.release(token);
        return token;
    }

    static SessionAdapter create(String impl) {
        switch (impl) {
            case "StampedLock": return new StampedLockAdapter();
            default:            return Adapters.load(impl, SessionAdapter.class);
        }
    }

    /** Baseline: StampedLock read lock, one CAS on the shared state word per acquire and per release. */
    static final class StampedLockAdapter implements SessionAdapter {
        private final StampedLock lock = new StampedLock();

        @Override public void init(int threads) {}
        @Override public long acquire() { return lock.readLock(); }
        @Override public void release(long token) { lock.unlockRead(token); }
    }
}
