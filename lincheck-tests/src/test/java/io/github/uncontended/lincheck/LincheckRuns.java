package io.github.uncontended.lincheck;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

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
 * <p>Bounded in time too: every suite carries a JUnit {@code @Timeout} of 150 s per test: the
 * slowest test takes 10 s alone, 35 s on the 2-core Intel Xeon VM loaded with other jobs, and
 * 58 s on the 2-core AMD EPYC VM beside the runner's tests and two TLC runs (measured 2026-11-28),
 * and the timeout runs in a separate thread so that it fails the test even when the stuck code
 * ignores interruption. A hung invocation is normally reported by Lincheck first, with its interleaving:
 * in stress mode by its invocation timeout ({@code CTestConfiguration.DEFAULT_TIMEOUT_MS}, 30 s),
 * in model checking by its detection of spin loops that make no progress. The JUnit timeout is
 * the backstop, and surefire's fork timeout (lincheck-tests/pom.xml) the last one.
 *
 * <p>Which modes run: the system property {@value #MODES_PROPERTY} (lincheck-tests/pom.xml's
 * {@code lincheck.modes}), default {@code model-checking,stress}. A test of a mode left out is
 * skipped, and reported as skipped. CI's JDK 25 pass runs stress only (.ci/run): model checking
 * explores the interleavings of the same bytecode (compiled with --release 17) under sequential
 * consistency, which does not depend on the JDK that runs it; stress runs it on the newer JIT.
 *
 * <p>{@link #assertCaught} is the anti-vacuity half: a suite is only trusted once it has been
 * shown to reject a deliberately broken variant of the implementation.
 */
public final class LincheckRuns {
    /** Scenarios per run; each is a fresh random choice of operations per thread. */
    public static final int ITERATIONS = 10;
    /** Interleavings (model checking) or repetitions (stress) tried per scenario. */
    public static final int INVOCATIONS = 1_000;

    /** The system property naming the modes that run, comma-separated: model-checking, stress. */
    public static final String MODES_PROPERTY = "uncontended.lincheck.modes";

    private LincheckRuns() {}

    /** The modes {@value #MODES_PROPERTY} selects; an unknown name fails the test that asks. */
    static Set<String> modes() {
        Set<String> modes = Arrays.stream(System.getProperty(MODES_PROPERTY, "model-checking,stress").split(","))
                .map(String::strip).filter(m -> !m.isEmpty()).collect(Collectors.toSet());
        Set<String> unknown = modes.stream().filter(m -> !Set.of("model-checking", "stress").contains(m))
                .collect(Collectors.toSet());
        if (!unknown.isEmpty() || modes.isEmpty()) {
            throw new IllegalArgumentException(MODES_PROPERTY + " takes model-checking, stress or both,"
                    + " comma-separated, not '" + System.getProperty(MODES_PROPERTY) + "'");
        }
        return modes;
    }

    /**
     * Capped model-checking options: explores thread switches at every shared-memory access.
     * Skips the calling test when {@value #MODES_PROPERTY} leaves model checking out.
     */
    public static ModelCheckingOptions modelChecking() {
        assumeTrue(modes().contains("model-checking"), "model checking is not selected (" + MODES_PROPERTY + ")");
        return new ModelCheckingOptions().iterations(ITERATIONS).invocationsPerIteration(INVOCATIONS);
    }

    /**
     * The scenario shape every suite uses: 3 threads of 2 operations, one operation before and one
     * after the parallel part, checked against {@code model}, the sequential specification.
     */
    public static <O extends Options<O, ?>> O scenarios(O options, Class<?> model) {
        return options.threads(3).actorsPerThread(2).actorsBefore(1).actorsAfter(1).sequentialSpecification(model);
    }

    /** Capped stress options: real threads, real scheduler. Skipped like {@link #modelChecking()}. */
    public static StressOptions stress() {
        assumeTrue(modes().contains("stress"), "stress is not selected (" + MODES_PROPERTY + ")");
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
