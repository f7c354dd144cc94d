package io.github.uncontended.tlc.engine;

import static io.github.uncontended.tlc.fixtures.ScriptedTlc.invariantViolated;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.msg;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.state;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.stats;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tlc2.output.EC;

/**
 * {@link RunResult#judge}: what TLC found against what the manifest pins (issue 30, item 3). Every
 * way a run can differ from its pin must come out a mismatch with its reason, and only the run
 * that matches in every respect the counts are held to may come out {@code ok}. The fixture
 * models' manifest entries, TLC's answers as text.
 */
public class RunResultJudgeTest {

    private static List<Model> models;

    @BeforeAll
    static void load() throws Exception {
        ManifestLoader.Loaded loaded = new ManifestLoader(Paths.get("src/test/resources/fixtures/specs")).load();
        assertEquals(List.of(), loaded.errors());
        models = loaded.models();
    }

    private static Model model(String name) {
        return models.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private static RunResult judge(String name, String output, int exit, RunResult.Counts counts) {
        return RunResult.judge(model(name), TlcOutput.parse(output, exit), 1.5, counts, Engine.tlc("1"), null);
    }

    private static RunResult judge(Model m, String output, int exit, RunResult.Counts counts, Engine engine) {
        return RunResult.judge(m, TlcOutput.parse(output, exit), 1.5, counts, engine, null);
    }

    private static void ok(RunResult r) {
        assertTrue(r.matches(), r.reason());
        assertNull(r.reason());
    }

    private static void mismatch(RunResult r, String reason) {
        assertFalse(r.matches(), "must not be ok: " + r);
        assertEquals(reason, r.reason());
    }

    @Test
    void theExpectedViolationWithItsPinnedCountsIsOk() {
        RunResult r = judge("Safety", invariantViolated("XBelowTwo", 4, 4), 12, RunResult.Counts.ALL);
        ok(r);
        assertEquals(ResultKind.SAFETY, r.kind());
        assertEquals("XBelowTwo", r.property());
        assertEquals(4L, r.distinct());
        assertEquals(4L, r.total());
        assertEquals(3, r.trace().size());
        assertEquals(1.5, r.seconds());
    }

    @Test
    void eachDriftedCountIsAMismatchNamingBothNumbers() {
        mismatch(judge("Safety", invariantViolated("XBelowTwo", 4, 5), 12, RunResult.Counts.ALL),
                "state counts drifted: distinct 5 (pinned 4)");
        mismatch(judge("Safety", invariantViolated("XBelowTwo", 3, 4), 12, RunResult.Counts.ALL),
                "state counts drifted: total 3 (pinned 4)");
        mismatch(judge("Safety", invariantViolated("XBelowTwo", 5, 5), 12, RunResult.Counts.ALL),
                "state counts drifted: distinct 5 (pinned 4), total 5 (pinned 4)");
        mismatch(judge("Pass", success(19, 12, 7L), 0, RunResult.Counts.ALL),
                "state counts drifted: depth 7 (pinned 6)");
        ok(judge("Pass", success(19, 12, 6L), 0, RunResult.Counts.ALL));
    }

    /** A run that printed no counts is never held to have matched them. */
    @Test
    void missingCountsAreADrift() {
        mismatch(judge("Pass", msg(EC.TLC_SUCCESS, 0, "done"), 0, RunResult.Counts.ALL),
                "state counts drifted: distinct none (pinned 12), total none (pinned 19), depth none (pinned 6)");
    }

    /** A depth the manifest does not pin is not compared (Safety pins distinct and total only). */
    @Test
    void anUnpinnedCountIsNotCompared() {
        ok(judge("Safety", invariantViolated("XBelowTwo", 4, 4)
                + msg(EC.TLC_SEARCH_DEPTH, 0, "The depth of the complete state graph search is 99."), 12, RunResult.Counts.ALL));
    }

    /** Several workers: only a complete search's counts are reproducible; a violation's are not compared. */
    @Test
    void withSeveralWorkersOnlyASuccessIsHeldToItsCounts() {
        ok(judge("Safety", invariantViolated("XBelowTwo", 40, 50), 12, RunResult.Counts.SUCCESS_ONLY));
        mismatch(judge("Pass", success(19, 13, 6L), 0, RunResult.Counts.SUCCESS_ONLY),
                "state counts drifted: distinct 13 (pinned 12)");
        mismatch(judge("Pass", success(20, 12, 6L), 0, RunResult.Counts.SUCCESS_ONLY),
                "state counts drifted: total 20 (pinned 19)");
    }

    /** TLC's distributed mode: the distinct states of a complete search, nothing else. */
    @Test
    void distributedRunsAreHeldToTheirDistinctStatesOnly() {
        ok(judge("Pass", success(99, 12, 99L), 0, RunResult.Counts.DISTINCT_OF_SUCCESS));
        mismatch(judge("Pass", success(19, 11, 6L), 0, RunResult.Counts.DISTINCT_OF_SUCCESS),
                "state counts drifted: distinct 11 (pinned 12)");
        ok(judge("Safety", invariantViolated("XBelowTwo", 40, 50), 12, RunResult.Counts.DISTINCT_OF_SUCCESS));
    }

    @Test
    void noCountsComparedIsNoCountsCompared() {
        ok(judge("Pass", success(1, 1, 1L), 0, RunResult.Counts.NONE));
    }

    @Test
    void theExpectedViolationNotFoundIsAMismatch() {
        mismatch(judge("Safety", success(4, 4, null), 0, RunResult.Counts.ALL), "expected safety(XBelowTwo), got success");
    }

    @Test
    void anUnexpectedViolationIsAMismatchWithTlcsMessage() {
        mismatch(judge("Pass", invariantViolated("InRange", 19, 12), 12, RunResult.Counts.ALL),
                "expected success, got safety(InRange): Invariant InRange is violated.");
        mismatch(judge("Safety", msg(EC.TLC_DEADLOCK_REACHED, 1, "Deadlock reached.") + state(1, "/\\ x = 0")
                + stats(4, 4, null), 11, RunResult.Counts.ALL), "expected safety(XBelowTwo), got deadlock: Deadlock reached.");
    }

    @Test
    void aViolationOfAnotherPropertyIsAMismatch() {
        mismatch(judge("Safety", invariantViolated("InRange", 4, 4), 12, RunResult.Counts.ALL),
                "expected a violation of XBelowTwo, got one of InRange");
    }

    @Test
    void aRunThatEndedInNoVerdictIsNeverOk() {
        RunResult crash = judge("Pass", msg(EC.GENERAL, 1, "TLC threw an unexpected exception.") + stats(19, 12, 6L), 255,
                RunResult.Counts.ALL);
        mismatch(crash, "crash: TLC exited with 255: TLC threw an unexpected exception.");
        assertEquals(ResultKind.CRASH, crash.kind());
        mismatch(judge("Pass", "***Parse Error***\nEncountered x\n", 150, RunResult.Counts.ALL), "parse-error: Encountered x");
        mismatch(judge("Pass", msg(EC.GENERAL, 1, "bad configuration file"), 151, RunResult.Counts.ALL),
                "config-error: bad configuration file");
        RunResult noTrace = judge("Safety", msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant XBelowTwo is violated.")
                + stats(4, 4, null), 12, RunResult.Counts.ALL);
        mismatch(noTrace, "crash: " + TlcOutput.NO_COUNTEREXAMPLE + "safety of XBelowTwo but printed no counterexample"
                + " (exit 12; the log may be truncated)");
    }

    @Test
    void aTemporalViolationIsTheConfigsOnlyProperty() {
        String lasso = msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated.")
                + state(1, "/\\ x = 0") + msg(EC.TLC_STATE_PRINT3, 4, "2: Stuttering") + stats(19, 12, null);
        RunResult r = judge("Liveness", lasso, 13, RunResult.Counts.ALL);
        ok(r);
        assertEquals("YReachesTwo", r.property());
        Model two = withConfigProperties(model("Liveness"), List.of("YReachesTwo", "Other"));
        RunResult ambiguous = judge(two, lasso, 13, RunResult.Counts.ALL, Engine.tlc("1"));
        mismatch(ambiguous, "expected a violation of YReachesTwo, got one of one of [YReachesTwo, Other]");
    }

    /** A deadlock names no property and the manifest expects none: the kind and the counts decide. */
    @Test
    void aDeadlockIsJudgedByKindAndCounts() {
        String deadlock = msg(EC.TLC_DEADLOCK_REACHED, 1, "Deadlock reached.") + state(1, "/\\ x = 0");
        ok(judge("Deadlock", deadlock + stats(18, 12, null), 11, RunResult.Counts.ALL));
        mismatch(judge("Deadlock", deadlock + stats(18, 13, null), 11, RunResult.Counts.ALL),
                "state counts drifted: distinct 13 (pinned 12)");
    }

    @Test
    void aWitnessMustBeReached() {
        ok(judge("Reached", invariantViolated("XBelowTwo", 4, 4), 12, RunResult.Counts.ALL));
        mismatch(judge("Reached", success(4, 4, null), 0, RunResult.Counts.ALL),
                "expected reachable(XBelowTwo): TLC explored every state and none reaches the case the model exists for;"
                        + " the model is too small (or the spec changed) to show it");
        mismatch(judge("Reached", invariantViolated("InRange", 4, 4), 12, RunResult.Counts.ALL),
                "expected to reach XBelowTwo's case, got a violation of InRange");
    }

    @Test
    void aSimulationThatFindsNothingIsNoViolationNeverTheExpectedOne() {
        Model.Simulation budget = new Model.Simulation(5, 10, 3);
        Model safety = model("Safety").simulated(budget);
        Engine sim = Engine.simulation(budget);
        RunResult missed = judge(safety, success(30, 30, null), 0, RunResult.Counts.NONE, sim);
        mismatch(missed, "expected safety(XBelowTwo), got no violation within budget (5 traces, depth 10, seed 3):"
                + " the simulation did not find it; a larger budget or another seed may");
        assertTrue(missed.simulatedWithoutViolation());
        RunResult found = judge(safety, invariantViolated("XBelowTwo", 30, 30), 12, RunResult.Counts.NONE, sim);
        ok(found);
        assertFalse(found.simulatedWithoutViolation());
        RunResult pass = judge(model("Simulated"), success(30, 30, null), 0, RunResult.Counts.NONE,
                Engine.simulation(model("Simulated").simulation()));
        ok(pass);
        assertTrue(pass.simulatedWithoutViolation());
        assertFalse(judge("Pass", success(19, 12, 6L), 0, RunResult.Counts.ALL).simulatedWithoutViolation(),
                "a breadth-first search is no simulation");
        assertFalse(RunResult.failed(model("Pass"), ResultKind.TIMEOUT, "t", 1, null).simulatedWithoutViolation());
    }

    /** A simulated model pinned for its exhaustive search is not held to those counts. */
    @Test
    void aSimulationIsNotHeldToTheExhaustiveCounts() {
        Model.Simulation budget = new Model.Simulation(5, 10, 3);
        ok(judge(model("Pass").simulated(budget), success(7, 7, 7L), 0, RunResult.Counts.ALL,
                Engine.simulation(budget)));
    }

    @Test
    void aFailedRunIsAMismatchNamingItsKind() {
        RunResult r = RunResult.failed(model("Pass"), ResultKind.TIMEOUT, "killed after 3 s", 3.5, Path.of("x.log"));
        mismatch(r, "timeout: killed after 3 s");
        assertEquals(ResultKind.TIMEOUT, r.kind());
        assertEquals(3.5, r.seconds());
        assertEquals(Path.of("x.log"), r.log());
        assertTrue(r.trace().isEmpty());
    }

    @Test
    void litmusOutcomesThatDisagreeMakeAMismatchAndNeverUndoOne() {
        TreeSet<String> reachable = new TreeSet<>(List.of("0, 0", "1, 1"));
        RunResult good = judge("Pass", success(19, 12, 6L), 0, RunResult.Counts.ALL);
        ok(good.withOutcomes(reachable, null));
        assertEquals(reachable, good.withOutcomes(reachable, null).outcomes());
        mismatch(good.withOutcomes(reachable, "outcome 1, 0 is reachable"), "outcome 1, 0 is reachable");
        RunResult drifted = judge("Pass", success(19, 13, 6L), 0, RunResult.Counts.ALL);
        mismatch(drifted.withOutcomes(reachable, null), "state counts drifted: distinct 13 (pinned 12)");
        mismatch(drifted.withOutcomes(reachable, "outcome 1, 0 is reachable"), "state counts drifted: distinct 13 (pinned 12)");
    }

    @Test
    void theCopiesKeepTheVerdict() {
        RunResult drifted = judge("Pass", success(19, 13, 6L), 0, RunResult.Counts.ALL);
        assertFalse(drifted.withTrace(List.of()).matches());
        assertFalse(drifted.withCounterexample(Path.of("c.txt")).matches());
        assertEquals(Path.of("c.txt"), drifted.withCounterexample(Path.of("c.txt")).counterexample());
        assertFalse(drifted.withEngine(Engine.tlc("2")).matches());
        assertEquals("-workers 2", drifted.withEngine(Engine.tlc("2")).engine().detail());
        assertFalse(drifted.plusSeconds(2).matches());
        assertEquals(3.5, drifted.plusSeconds(2).seconds());
        RunResult pinned = drifted.pinnedNow();
        ok(pinned);
        assertEquals(13L, pinned.distinct());
    }

    private static Model withConfigProperties(Model m, List<String> props) {
        return new Model(m.name(), m.manifest(), m.dir(), m.spec(), m.config(), m.description(), m.mode(), m.size(),
                m.expected(), m.expectedProperty(), m.pinned(), m.simulation(), m.checkDeadlock(), m.timeoutSeconds(),
                props, m.litmus(), m.constants(), m.library(), m.witness(), m.ownRun(), m.views());
    }

    /** A witness checked inside its model's run has the run's engine, noted so, or none if the run had none. */
    @Test
    void aWitnessInsideARunTakesItsEngine() {
        RunResult host = judge("Pass", success(19, 12, 6L), 0, RunResult.Counts.ALL);
        RunResult bare = RunResult.judge(model("Pass"), TlcOutput.parse(success(19, 12, 6L), 0), 1.5, RunResult.Counts.ALL,
                null, null);
        RunResult reached = RunResult.reachedInside(model("Reached"), host, 3);
        ok(reached);
        assertEquals(host.engine().withNote("checked inside Pass's run (its log)"), reached.engine());
        assertNull(RunResult.reachedInside(model("Reached"), bare, 3).engine());
        RunResult missed = RunResult.notReachedInside(model("Reached"), bare, "not reached");
        mismatch(missed, "not reached");
        assertNull(missed.engine());
        assertEquals(ResultKind.SUCCESS, missed.kind());
    }
}
