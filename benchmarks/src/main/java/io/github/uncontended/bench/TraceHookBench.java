package io.github.uncontended.bench;

import io.github.uncontended.Trace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
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
 * What the trace-validation hooks cost production code (issue 7): one atomic step, the shape of
 * the sequencer's Claim ({@code getAndAdd} on a volatile field), bracketed by
 * {@code Trace.enter()} / {@code Trace.exit(...)} exactly as in the implementations ("hooked"),
 * against the same step without those lines ("unhooked"), in one run, with tracing off as in
 * production. {@code Trace.ON} is a static final false, so the JIT should remove the hooks
 * entirely: the ratio hooked/unhooked is expected at 1.00 within noise. The step is measured on
 * one thread, where a difference of a few instructions would show; contention would hide it.
 */
@State(Scope.Benchmark)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Threads(1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TraceHookBench {

    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(TraceHookBench.class, "next", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Param({"hooked", "unhooked", "unhooked~aa"})
    public String impl;

    volatile long next;
    private boolean hooked;

    @Setup
    public void setUp() {
        if (Trace.ON) {
            throw new IllegalStateException("tracing is on in this JVM: the hooks would record, not vanish");
        }
        hooked = Twins.base(impl).equals("hooked");
    }

    @Benchmark
    public long step() {
        return hooked ? hooked() : unhooked();   // the same branch in both variants
    }

    private long hooked() {
        Trace.enter();
        long hi = (long) NEXT.getAndAdd(this, 1L) + 1;
        Trace.exit("Claim", "seq", hi);
        return hi;
    }

    private long unhooked() {
        return (long) NEXT.getAndAdd(this, 1L) + 1;
    }
}
