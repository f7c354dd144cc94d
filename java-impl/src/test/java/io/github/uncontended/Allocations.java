package io.github.uncontended;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * What one thread allocates per operation (issue 48, item 5): every publish, offer, poll, drain,
 * acquire and release path, waits included, must allocate nothing. A path that allocates on each
 * call, even 16 bytes once per wait round, costs a benchmark's measured thread a stream of
 * garbage and the collector's pauses, and its peer does not pay them.
 *
 * <p>The count is HotSpot's own: {@code com.sun.management.ThreadMXBean.getCurrentThreadAllocatedBytes()},
 * every byte the calling thread allocated (its TLAB's use included), read before and after a
 * measured run. A scenario runs {@value #WARMUP_RUNS} times first, and for at least
 * {@value #WARMUP_MILLIS} ms, so that classes are initialised and the JIT has compiled it (C2 and
 * its escape analysis: an allocation C2 removes is not counted against the code); then up to
 * {@value #MEASURED_RUNS} measured runs, and more for up to {@value #MEASURE_MILLIS} ms while the
 * figure is above the limit, the smallest figure kept: a compilation that comes late or a single
 * deoptimisation inside one run does not fail the check, while an allocation the code makes on
 * every call shows in every run. Interpreted code allocates where compiled code does not (a
 * {@code VarHandle} call does: 400 bytes per acquire and release under {@code -Xint}), so the
 * tests run in a JVM of their own with {@code -Xbatch} (java-impl's pom, execution
 * {@code allocation}): the JIT compiles in the foreground as soon as the counts call for it. The limit, {@value #LIMIT} bytes
 * per operation, is far below the smallest object (16 bytes): a path that allocates once every
 * 160 operations or more often fails it.
 */
public final class Allocations {
    /** Bytes per operation above which a path counts as allocating. */
    public static final double LIMIT = 0.1;
    /** Runs of a scenario before any is measured. */
    public static final int WARMUP_RUNS = 4;
    /** Least time spent warming up a scenario: C2 compiles in the background, after the counts that trigger it. */
    public static final long WARMUP_MILLIS = 150;
    /** Measured runs at least, while the figure is above the limit; the smallest figure is the result. */
    public static final int MEASURED_RUNS = 3;
    /** Time the measured runs may go on while the figure is above the limit (a late compilation). */
    public static final long MEASURE_MILLIS = 2_000;

    private Allocations() {}

    /** One scenario: runs {@code units} units of work on the calling thread, returns the operations they made. */
    @FunctionalInterface
    public interface Scenario {
        long run(int units);
    }

    /**
     * The calling thread's allocated bytes per operation of {@code scenario}: the smallest figure
     * of the measured runs of {@code units} units (see the class comment), after at least
     * {@value #WARMUP_RUNS} runs and {@value #WARMUP_MILLIS} ms of warm-up.
     */
    public static double bytesPerOperation(Scenario scenario, int units) {
        assumeMeaningful();
        com.sun.management.ThreadMXBean mx = threadMxBean();
        long warmUntil = System.nanoTime() + WARMUP_MILLIS * 1_000_000;
        for (int i = 0; i < WARMUP_RUNS || System.nanoTime() < warmUntil; i++) {
            scenario.run(units);
        }
        double best = Double.POSITIVE_INFINITY;
        long measureUntil = System.nanoTime() + MEASURE_MILLIS * 1_000_000;
        for (int i = 0; best > LIMIT && (i < MEASURED_RUNS || System.nanoTime() < measureUntil); i++) {
            long before = mx.getCurrentThreadAllocatedBytes();
            long ops = scenario.run(units);
            long after = mx.getCurrentThreadAllocatedBytes();
            if (ops <= 0) {
                fail("the scenario reported " + ops + " operations: it did not run");
            }
            best = Math.min(best, (after - before) / (double) ops);
        }
        return best;
    }

    /** Fails, naming {@code what}, when {@code scenario} allocates more than {@value #LIMIT} bytes per operation. */
    public static void assertAllocatesNothing(String what, Scenario scenario, int units) {
        double perOp = bytesPerOperation(scenario, units);
        if (perOp > LIMIT) {
            fail(String.format(Locale.ROOT, "%s allocates %.2f bytes per operation (limit %.1f; the smallest figure"
                    + " of %d ms of measured runs of %d units, after %d ms of warm-up at least): build diagnostic"
                    + " text only when it is thrown, and allocate nothing else on an operation's path", what, perOp,
                    LIMIT, MEASURE_MILLIS, units, WARMUP_MILLIS));
        }
    }

    /**
     * Skips (reported as skipped, never as passed) where a figure would not be the code's: in a
     * trace-recording JVM (the hooks build their log lines) and without {@code -Xbatch} (a
     * {@code -Dtest=} selection also runs the class in java-impl's other surefire executions).
     */
    private static void assumeMeaningful() {
        assumeFalse(Trace.ON, "the trace hooks are on in this JVM: they allocate by design");
        assumeTrue(ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-Xbatch"),
                "not run with -Xbatch: java-impl's surefire execution 'allocation' runs the allocation checks");
    }

    private static com.sun.management.ThreadMXBean threadMxBean() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean)) {
            fail("this JVM's ThreadMXBean (" + bean.getClass().getName() + ") cannot count a thread's allocated"
                    + " bytes (com.sun.management.ThreadMXBean): the allocation check cannot run here");
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) bean;
        if (!mx.isThreadAllocatedMemorySupported()) {
            fail("this JVM does not support per-thread allocated memory: the allocation check cannot run here");
        }
        if (!mx.isThreadAllocatedMemoryEnabled()) {
            mx.setThreadAllocatedMemoryEnabled(true);
        }
        return mx;
    }
}
