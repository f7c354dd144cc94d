package io.github.uncontended.bench;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.session.ShardedSession;
import io.github.uncontended.session.ShardedSession.CounterChoice;
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
 * Counter choice for the session (issue 16, item 5): one acquire+release pair per operation, as
 * {@code SessionBench}, on a {@link ShardedSession} with {@code SessionBench.countersFor(-t)}
 * counters, its threads mapped to counters five ways, side by side at 1, 2 and 8 threads:
 * <ul>
 *   <li>{@code fixed}: the thread id masked, never moved (the default; a collision is permanent);</li>
 *   <li>{@code probe}: {@link ShardSelector#probe()}, a random value drawn once per thread (a
 *       {@code ThreadLocal} lookup on every acquire);</li>
 *   <li>{@code rechoose}: the thread id, moved to another counter when an acquire CAS fails
 *       ({@link CounterChoice#RECHOOSE}, LongAdder's advanceProbe);</li>
 *   <li>{@code colliding} and {@code rechooseColliding}: every thread starts on counter 0 by
 *       construction (selector = thread id × counters: values equal under the mask, different
 *       above it, as thread ids that collide are), fixed or re-choosing.</li>
 * </ul>
 * The teardown prints the counters the threads ended on, so the log shows whether re-choosing
 * separated them.
 */
@State(Scope.Benchmark)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Threads(2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SessionChoiceBench {

    @Param({"fixed", "fixed~aa", "probe", "rechoose", "colliding", "rechooseColliding"})
    public String impl;

    private ShardedSession session;
    private int threads;
    /** The last ticket of each thread at the end of the trial: the counter it settled on. */
    final Set<String> lastCounters = ConcurrentHashMap.newKeySet();

    @State(Scope.Thread)
    public static class Worker {
        int last;

        @TearDown(Level.Trial)
        public void report(SessionChoiceBench bench) {
            bench.lastCounters.add(Thread.currentThread().getName() + "=" + last);
        }
    }

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        threads = params.getThreads();
        session = create(impl, SessionBench.countersFor(threads));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        System.out.println("SessionChoiceBench " + impl + ": " + threads + " threads over " + session.counters()
                + " counters ended on " + lastCounters);
    }

    @Benchmark
    public int acquireRelease(Worker worker) {
        int ticket = session.acquire();
        session.release(ticket);
        worker.last = ticket;
        return ticket;
    }

    static ShardedSession create(String impl, int counters) {
        ShardSelector colliding = () -> (int) Thread.currentThread().getId() * counters;
        switch (Twins.base(impl)) {
            case "fixed":             return new ShardedSession(counters);
            case "probe":             return new ShardedSession(counters, ShardSelector.probe(), CounterChoice.FIXED);
            case "rechoose":          return new ShardedSession(counters, ShardSelector.THREAD_ID, CounterChoice.RECHOOSE);
            case "colliding":         return new ShardedSession(counters, colliding, CounterChoice.FIXED);
            case "rechooseColliding": return new ShardedSession(counters, colliding, CounterChoice.RECHOOSE);
            default:
                throw new IllegalArgumentException("unknown SessionChoiceBench impl '" + impl
                        + "'; known: fixed, probe, rechoose, colliding, rechooseColliding, each also with the suffix "
                        + Twins.SUFFIX);
        }
    }
}
