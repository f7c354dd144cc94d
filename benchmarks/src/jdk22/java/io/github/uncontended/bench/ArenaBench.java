package io.github.uncontended.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.TimeUnit;

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

/**
 * The JDK's own session (issue 8, JDK 22+ only): a {@code strlen} downcall passing a segment of
 * one {@code Arena.ofShared()}. Every downcall that takes a segment acquires and releases the
 * segment's memory session around the native call, so this is the JDK's answer to the
 * acquire/release problem {@code ShardedSession} solves. The {@code confined} arena is the
 * control: same downcall, but its session is owned by one thread and needs no shared counter,
 * so each thread gets its own confined arena (a confined segment cannot be touched by another
 * thread). {@code shared~aa} is {@code shared} again under a second name: the A/A pair whose
 * ratio is the noise floor the report judges {@code shared} against {@code confined} by.
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ArenaBench {
    private static final MethodHandle STRLEN = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("strlen").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));

    private static final String TEXT = "uncontended";

    @Param({"shared", "shared~aa", "confined"})
    public String arena;

    private Arena shared;
    private MemorySegment sharedText;

    @Setup(Level.Trial)
    public void setUp() {
        if (Twins.base(arena).equals("shared")) {
            shared = Arena.ofShared();
            sharedText = shared.allocateFrom(TEXT);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (shared != null) {
            shared.close();
        }
    }

    /** Per-thread confined arena: the control. */
    @State(Scope.Thread)
    public static class Confined {
        Arena arena;
        MemorySegment text;

        @Setup(Level.Trial)
        public void setUp() {
            arena = Arena.ofConfined();
            text = arena.allocateFrom(TEXT);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            arena.close();
        }
    }

    @Benchmark
    public long strlen(Confined confined) throws Throwable {
        MemorySegment text = sharedText != null ? sharedText : confined.text;
        return (long) STRLEN.invokeExact(text);
    }
}
