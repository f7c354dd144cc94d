package io.github.uncontended.bench;

import java.util.concurrent.TimeUnit;

import io.github.uncontended.session.AtomicSession;
import io.github.uncontended.session.ShardedSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a close costs against the number of counters (issue 16): users close arenas often, and
 * {@code ShardedSession.close()} marks every counter (a CAS each), then commits every counter (a
 * store each), where {@code AtomicSession.close()} is one CAS. A session can be closed once, so
 * each operation creates a session and closes it ({@code openClose}); {@code open} creates one
 * and does not, so {@code openClose - open} is the close. One thread: a close is not contended
 * in the common case, and nothing else runs.
 */
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SessionCloseBench {

    /** ShardedSession with this many counters; 0 stands for AtomicSession (one counter, one CAS). */
    @Param({"0", "1", "2", "8", "64"})
    public int counters;

    @Benchmark
    public Object openClose() {
        if (counters == 0) {
            AtomicSession s = new AtomicSession();
            s.close();
            return s;
        }
        ShardedSession s = new ShardedSession(counters);
        s.close();
        return s;
    }

    @Benchmark
    public Object open() {
        return counters == 0 ? new AtomicSession() : new ShardedSession(counters);
    }
}
