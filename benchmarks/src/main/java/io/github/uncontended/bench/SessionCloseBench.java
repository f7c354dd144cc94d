package io.github.uncontended.bench;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.uncontended.session.AdaptiveSession;
import io.github.uncontended.session.AtomicSession;
import io.github.uncontended.session.Session;
import io.github.uncontended.session.ShardedSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a close costs against the number of counters (issue 16): users close arenas often, and
 * {@code ShardedSession.close()} marks every counter (a CAS each), then commits every counter (a
 * store each), where {@code AtomicSession.close()} is one CAS. {@code AdaptiveSession} has one
 * base counter until it is contended: a session one thread uses is created as one object and
 * closed with two CASes (the base's mark, the seal) and one store, whatever its stripe count. A
 * session can be closed once, so each operation creates a session and closes it
 * ({@code openClose}); {@code open} creates one and does not, so {@code openClose - open} is the
 * close. One thread: a close is not contended in the common case, and nothing else runs.
 */
@State(Scope.Thread)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Threads(1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SessionCloseBench {

    /** The session and its counter (or stripe) count: {@code <class>-<counters>}; AtomicSession has one. */
    @Param({"AtomicSession", "AtomicSession~aa", "ShardedSession-1", "ShardedSession-2", "ShardedSession-8", "ShardedSession-64",
            "AdaptiveSession-2", "AdaptiveSession-64"})
    public String impl;

    private Supplier<Session> factory;

    @Setup
    public void setUp() {
        factory = factory(impl);
    }

    @Benchmark
    public Object openClose() {
        Session s = factory.get();
        s.close();
        return s;
    }

    @Benchmark
    public Object open() {
        return factory.get();
    }

    static Supplier<Session> factory(String name) {
        String impl = Twins.base(name);
        int dash = impl.indexOf('-');
        String kind = dash < 0 ? impl : impl.substring(0, dash);
        int n = dash < 0 ? 1 : Integer.parseInt(impl.substring(dash + 1));
        switch (kind) {
            case "AtomicSession": return AtomicSession::new;
            case "ShardedSession": return () -> new ShardedSession(n);
            case "AdaptiveSession": return () -> new AdaptiveSession(n);
            default:
                throw new IllegalArgumentException("unknown SessionCloseBench impl '" + impl
                        + "'; known: AtomicSession, ShardedSession-<counters>, AdaptiveSession-<stripes>");
        }
    }
}
