package io.github.uncontended.lincheck;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * The one place that decides how long a Lincheck run may take, shared by every design's suite.
 *
 * <p>Lincheck's defaults run for minutes (measured: 103 s stress, 594 s model checking for a
 * trivial class), so every run here is capped. Model checking explores interleavings under
 * sequential consistency (it cannot see a missing {@code volatile}: that is jcstress's job);
 * stress mode runs the same scenarios on real threads.
 *
 * <p>Bounded in time too: every suite carries a JUnit {@code @Timeout} of 90 s per test: the
 * slowest test takes 10 s alone and 35 s on the 2-core machine loaded with other jobs (measured),
 * and the timeout runs in a separate thread so that it fails the test even when the stuck code
 * ignores interruption. A hung invocation is normally reported by Lincheck first, with its interleaving:
 * in stress mode by its invocation timeout ({@code CTestConfiguration.DEFAULT_TIMEOUT_MS}, 30 s),
 * in model checking by its detection of spin loops that make no progress. The JUnit timeout is
 * the backstop, and surefire's fork timeout (lincheck-tests/pom.xml) the last one.
 *
 * <p>{@link #assertCaught} is the anti-vacuity half: a suite is only trusted once it has been
 * shown to reject a deliberately broken variant of the implementation.
 */
public final class LincheckRuns {
    /** Scenarios per run; each is a fresh random choice of operations per thread. */
    public static final int ITERATIONS = 10;
    /** Interleavings (model checking) or repetitions (stress) tried per scenario. */
    public static final int INVOCATIONS = 1_000;

    private LincheckRuns() {}

    /** Capped model-checking options: explores thread switches at every shared-memory access. */
    public static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions().iterations(ITERATIONS).invocationsPerIteration(INVOCATIONS);
    }

    /**
     * The scenario shape every suite uses: 3 threads of 2 operations, one operation before and one
     * after the parallel part, checked against {@code model}, the sequential specification.
     */
    public static <O extends Options<O, ?>> O scenarios(O options, Class<?> model) {
        return options.threads(3).actorsPerThread(2).actorsBefore(1).actorsAfter(1).sequentialSpecification(model);
    }

    /** Capped stress options: real threads, real scheduler. */
    public static StressOptions stress() {
        return new StressOptions().iterations(ITERATIONS).invocationsPerIteration(INVOCATIONS);
    }

    /**
     * Runs {@code options} against {@code brokenTest} and asserts that Lincheck rejects it with a
     * counterexample interleaving. Returns the report so a test can check what was found.
     */
    public static String assertCaught(Options<?, ?> options, Class<?> brokenTest) {
        LincheckAssertionError error =
                assertThrows(LincheckAssertionError.class, () -> options.check(brokenTest),
                        brokenTest.getSimpleName() + " should be rejected by Lincheck, but passed");
        String report = String.valueOf(error.getMessage());
        assertTrue(!report.isBlank(), "Lincheck rejected " + brokenTest.getSimpleName() + " without a report");
        return report;
    }
}
