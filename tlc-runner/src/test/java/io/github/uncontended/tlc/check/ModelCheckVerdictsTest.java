package io.github.uncontended.tlc.check;

import static io.github.uncontended.tlc.fixtures.ScriptedTlc.invariantViolated;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.msg;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.state;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.stats;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.fixtures.ScriptedTlc;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tlc2.output.EC;

/**
 * The model check's verdicts and exit codes on every kind of TLC answer, with a scripted stand-in
 * for TLC ({@link ScriptedTlc}): a crash, a timeout, a drifted count, a missing counterexample,
 * the expected violation not found or another one found must each make the model a mismatch and
 * the run exit 1; only a run that ends as pinned exits 0 (issue 30, item 3). About a second a
 * test: these are the tests PIT runs on the runner's verdict paths, where the fixture models of
 * {@link ModelCheckFixturesTest} (real TLC) would take minutes a mutant.
 */
public class ModelCheckVerdictsTest {

    @TempDir
    Path dir;

    /** The fixtures, copied for each test ({@link FixtureSpecs}: a mutant that pins writes the copy). */
    private Path fixtures;

    @BeforeEach
    void copyFixtures() throws Exception {
        fixtures = FixtureSpecs.copy(dir);
    }

    record Run(int exit, String stdout, String stderr, JsonNode report) {
        JsonNode model(int i) {
            return report.get("models").get(i);
        }

        /** The report's entry of model {@code name}: with two models checked at once, their order is not fixed. */
        JsonNode model(String name) {
            for (JsonNode m : report.get("models")) {
                if (m.get("name").asText().equals(name)) {
                    return m;
                }
            }
            throw new AssertionError("no model " + name + " in the report: " + report);
        }

        String printed() {
            return stdout + stderr;
        }
    }

    private Run run(Path specs, String... args) throws Exception {
        return run(dir, specs, args);
    }

    /**
     * The check on {@code specs} with the stand-in of {@code dir/tlc} as TLC, its report read and
     * then removed (a later run that writes none is not read as this one's). ModelCheckModesTest
     * runs it too.
     */
    static Run run(Path dir, Path specs, String... args) throws Exception {
        Path out = dir.resolve("out");
        List<String> all = new ArrayList<>(List.of("--specs", specs.toString(), "--out", out.toString(), "--tla-jar",
                dir.resolve("tlc/tlc.jar").toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = ModelCheck.run(all.toArray(String[]::new), new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        Path json = out.resolve("report.json");
        JsonNode report = Files.exists(json) ? new ObjectMapper().readTree(json.toFile()) : null;
        Files.deleteIfExists(json);
        return new Run(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8), report);
    }

    /** {@code model} checked by a TLC that prints {@code output} and exits {@code exit}. */
    private Run check(String model, String output, int exit, String... extra) throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), output, exit);
        List<String> args = new ArrayList<>(List.of("--model", model));
        args.addAll(List.of(extra));
        return run(fixtures, args.toArray(String[]::new));
    }

    private static void mismatch(Run r, String got, String reasonPart) {
        assertEquals(1, r.exit(), r.printed());
        JsonNode m = r.model(0);
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertEquals(got, m.at("/got/result").asText(), m.toString());
        assertTrue(m.get("reason").asText().contains(reasonPart), m.get("reason").asText());
        assertTrue(r.stdout().contains("MISMATCH " + m.get("name").asText() + " (kinds/"), r.stdout());
        assertTrue(r.stdout().contains("1 models: 0 as expected, 1 mismatched"), r.stdout());
        assertTrue(r.stderr().contains("MISMATCH"), r.stderr());
        assertEquals(1, r.report().at("/summary/mismatched").asInt());
    }

    @Test
    void theExpectedViolationAsPinnedExitsZero() throws Exception {
        Run r = check("Safety", invariantViolated("XBelowTwo", 4, 4), 12);
        assertEquals(0, r.exit(), r.printed());
        JsonNode m = r.model(0);
        assertEquals("ok", m.get("verdict").asText());
        assertEquals("counterexamples/Safety.txt", m.get("counterexample").asText());
        assertTrue(Files.isRegularFile(dir.resolve("out/counterexamples/Safety.txt")));
        assertTrue(r.stdout().contains("1 models: 1 as expected, 0 mismatched"), r.stdout());
        assertTrue(r.stdout().contains("counterexamples: " + dir.resolve("out/counterexamples")), r.stdout());
        assertTrue(r.stderr().contains("[1/1] Safety"), r.stderr());
        assertTrue(r.stderr().stripTrailing().endsWith("ok"), r.stderr());
        // One worker, TLC's own switches.
        String args = ScriptedTlc.args(dir.resolve("tlc"), 1);
        assertTrue(args.contains("-workers\n1\n") && args.contains("-seed\n1\n-lncheck\nfinal"), args);
        assertTrue(args.endsWith("Counter.tla"), args);
    }

    @Test
    void aDriftedCountIsAMismatch() throws Exception {
        mismatch(check("Safety", invariantViolated("XBelowTwo", 4, 5), 12), "safety",
                "state counts drifted: distinct 5 (pinned 4)");
    }

    @Test
    void theExpectedViolationNotFoundIsAMismatch() throws Exception {
        Run r = check("Safety", success(4, 4, null), 0);
        mismatch(r, "success", "expected safety(XBelowTwo), got success");
        assertFalse(r.stdout().contains("counterexamples:"), "no counterexample: " + r.stdout());
        assertTrue(r.model(0).get("counterexample").isNull());
    }

    @Test
    void anotherViolationIsAMismatch() throws Exception {
        mismatch(check("Safety", invariantViolated("InRange", 4, 4), 12), "safety",
                "expected a violation of XBelowTwo, got one of InRange");
        assertTrue(Files.isRegularFile(dir.resolve("out/counterexamples/Safety.txt")), "its counterexample is still shown");
    }

    @Test
    void anUnexpectedViolationIsAMismatch() throws Exception {
        mismatch(check("Pass", invariantViolated("InRange", 19, 12), 12), "safety", "expected success, got safety(InRange)");
    }

    @Test
    void aCrashIsAMismatch() throws Exception {
        mismatch(check("Pass", msg(EC.GENERAL, 1, "TLC threw an unexpected exception.") + stats(19, 12, 6L), 255), "crash",
                "crash: TLC exited with 255: TLC threw an unexpected exception.");
    }

    @Test
    void aParseErrorIsAMismatch() throws Exception {
        mismatch(check("Pass", "***Parse Error***\nEncountered x at line 4\n", 150), "parse-error",
                "parse-error: Encountered x at line 4");
    }

    @Test
    void aConfigErrorIsAMismatch() throws Exception {
        mismatch(check("Pass", msg(EC.GENERAL, 1, "The constant parameter N is not assigned a value"), 151), "config-error",
                "config-error: The constant parameter N is not assigned a value");
    }

    /** A verdict whose counterexample never comes: checked once more, and a crash if it persists. */
    @Test
    void aViolationWithoutItsCounterexampleIsACrashAfterOneRetry() throws Exception {
        Run r = check("Safety", msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant XBelowTwo is violated.")
                + stats(4, 4, null), 12);
        mismatch(r, "crash", "printed no counterexample");
        assertEquals(2, ScriptedTlc.runs(dir.resolve("tlc")), "retried once, not more");
        assertTrue(r.model(0).at("/engine/note").asText().startsWith("retried once: the first run crashed (TLC reported"),
                r.model(0).toString());
        assertTrue(Files.isRegularFile(dir.resolve("out/logs/Safety.first.log")));
    }

    /** The retry's own verdict counts, with both runs' time; a crash of another kind is not retried. */
    @Test
    void aRetryThatSucceedsIsJudgedOnItsOwn() throws Exception {
        Path tlc = dir.resolve("tlc");
        ScriptedTlc.in(tlc, invariantViolated("XBelowTwo", 4, 4), 12);
        ScriptedTlc.run(tlc, 1, msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant XBelowTwo is violated."), 12);
        Run r = run(fixtures, "--model", "Safety");
        assertEquals(0, r.exit(), r.printed());
        assertEquals(2, ScriptedTlc.runs(tlc));
        Run crash = check("Pass", msg(EC.GENERAL, 1, "boom"), 255);
        assertEquals(1, crash.exit());
        assertEquals(1, ScriptedTlc.runs(dir.resolve("tlc")), "a crash with no verdict is not retried");
        assertTrue(crash.model(0).at("/engine/note").isMissingNode() || crash.model(0).at("/engine/note").isNull());
    }

    @Test
    void aTlcThatRunsPastItsTimeoutIsKilledAndAMismatch() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), success(1, 1, null), 0);
        ScriptedTlc.sleep(dir.resolve("tlc"), 60);
        long start = System.nanoTime();
        Run r = run(fixtures, "--model", "Timeout");
        double seconds = (System.nanoTime() - start) / 1e9;
        mismatch(r, "timeout", "timeout: killed after 3 s (timeoutSeconds)");
        assertTrue(seconds < 30, "killed at its timeout, not waited for: " + seconds + " s");
        assertTrue(r.model(0).get("seconds").asDouble() >= 3, r.model(0).toString());
    }

    /** Several workers: a violation's counts are not compared, a success's are. */
    @Test
    void withTwoWorkersOnlyASuccessIsHeldToItsCounts() throws Exception {
        Run violation = check("Safety", invariantViolated("XBelowTwo", 40, 50), 12, "--workers", "2");
        assertEquals(0, violation.exit(), violation.printed());
        assertTrue(ScriptedTlc.args(dir.resolve("tlc"), 1).contains("-workers\n2\n"));
        mismatch(check("Pass", success(19, 13, 6L), 0, "--workers", "2"), "success",
                "state counts drifted: distinct 13 (pinned 12)");
    }

    /** A simulation model runs with one worker whatever --workers says, so its seed names the behaviours. */
    @Test
    void aSimulationRunsWithOneWorker() throws Exception {
        Run r = check("Simulated", success(30, 30, null), 0, "--workers", "2");
        assertEquals(0, r.exit(), r.printed());
        String args = ScriptedTlc.args(dir.resolve("tlc"), 1);
        assertTrue(args.contains("-workers\n1\n") && args.contains("-simulate\nnum=50\n-depth\n20\n-seed\n7"), args);
    }

    @Test
    void aSimulationThatMissesTheViolationIsAMismatch() throws Exception {
        mismatch(check("Safety", success(30, 30, null), 0, "--simulate", "traces=5,depth=10"), "no violation",
                "the simulation did not find it");
    }

    /** Every model runs and is reported; one mismatch makes the exit 1. */
    @Test
    void oneMismatchAmongMatchesExitsOne() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), success(19, 12, 6L), 0);
        Run r = run(fixtures, "--model", "Pass,Drift");
        assertEquals(1, r.exit(), r.printed());
        assertEquals("ok", r.model("Pass").get("verdict").asText());
        assertEquals("mismatch", r.model("Drift").get("verdict").asText());
        assertTrue(r.stdout().contains("2 models: 1 as expected, 1 mismatched"), r.stdout());
        Run both = run(fixtures, "--model", "Pass,DeadlockIgnored");
        assertEquals(1, both.exit(), "DeadlockIgnored pins other counts: " + both.printed());
    }

    @Test
    void everyModelAsPinnedExitsZero() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), success(19, 12, 6L), 0);
        Run r = run(fixtures, "--model", "Pass");
        assertEquals(0, r.exit(), r.printed());
        assertTrue(r.stdout().contains("1 models: 1 as expected, 0 mismatched"), r.stdout());
        assertEquals(0, r.report().at("/summary/mismatched").asInt());
        assertTrue(r.report().get("errors").isEmpty());
    }

    /** An invalid manifest fails the run even when every model that loaded matches. */
    @Test
    void anInvalidManifestExitsOneEvenWhenEveryModelMatches() throws Exception {
        Path specs = copyKinds();
        Path bad = specs.resolve("bad");
        Files.createDirectories(bad);
        Files.writeString(bad.resolve("manifest.json"), "{ \"design\": \"bad\", \"models\": [ { \"name\": 3 } ] }");
        ScriptedTlc.in(dir.resolve("tlc"), success(19, 12, 6L), 0);
        Run r = run(specs, "--model", "Pass");
        assertEquals(1, r.exit(), r.printed());
        assertEquals("ok", r.model(0).get("verdict").asText());
        assertFalse(r.report().get("errors").isEmpty(), r.report().toString());
        assertTrue(r.stdout().contains("ERROR "), r.stdout());
        Run list = run(specs, "--list");
        assertEquals(1, list.exit(), "--list with a manifest error: " + list.printed());
        assertTrue(list.stdout().contains("ERROR "), list.stdout());
    }

    @Test
    void listingValidManifestsExitsZeroAndRunsNothing() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), success(19, 12, 6L), 0);
        Run r = run(fixtures, "--list");
        assertEquals(0, r.exit(), r.printed());
        assertTrue(r.stdout().contains("Pass") && !r.stdout().contains("Simulated "), "ci models only: " + r.stdout());
        Run all = run(fixtures, "--list", "--size", "all");
        assertTrue(all.stdout().contains("Simulated "), all.stdout());
        Run deep = run(fixtures, "--list", "--size", "deep");
        assertTrue(deep.stdout().contains("Simulated ") && !deep.stdout().contains("Pass "), deep.stdout());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")));
    }

    @Test
    void noModelsIsAFailure() throws Exception {
        Path empty = dir.resolve("empty");
        Files.createDirectories(empty);
        ScriptedTlc.in(dir.resolve("tlc"), success(1, 1, null), 0);
        Run r = run(empty);
        assertEquals(1, r.exit(), r.printed());
        assertTrue(r.stderr().contains("error: no ci models under "), r.stderr());
    }

    @Test
    void usageErrorsExitTwoAndRunNothing() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), success(19, 12, 6L), 0);
        Run unknown = run(fixtures, "--model", "Pas");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.stderr().contains("error: unknown model 'Pas' (did you mean Pass?)"), unknown.stderr());
        assertEquals(2, run(fixtures, "--model", "Pass", "--tla-jar", dir.resolve("nope.jar").toString()).exit());
        assertEquals(2, run(fixtures, "--model", "Pass", "--jcstress", dir.resolve("nope.jar").toString()).exit());
        assertEquals(2, run(fixtures, "--model", "Liveness", "--simulate", "traces=5,depth=5").exit());
        assertEquals(2, run(fixtures, "--frobnicate").exit());
        assertEquals(2, run(fixtures, "--size", "huge").exit());
        assertEquals(2, run(fixtures, "--jobs", "0").exit());
        // On a copy: a mutant that lets this run go on would pin the manifest it checks (PIT's first run
        // of the runner rewrote the fixture's Safety counts that way, 2026-11-28).
        assertEquals(2, run(copyKinds(), "--pin", "--simulate").exit());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")), "no model ran");
        assertEquals(0, run(fixtures, "--version").exit());
        assertEquals(0, run(fixtures, "--help").exit());
    }

    /** {@code --pin} writes a drifted model's counts, and the run then counts it as pinned: exit 0. */
    @Test
    void pinningADriftedModelExitsZeroAndAWrongResultIsNeverPinned() throws Exception {
        Path specs = copyKinds();
        Path manifest = specs.resolve("kinds/manifest.json");
        String before = Files.readString(manifest);
        ScriptedTlc.in(dir.resolve("tlc"), success(19, 12, 6L), 0);
        Run wrong = run(specs, "--model", "ExpectedSafetyButPasses", "--pin");
        assertEquals(1, wrong.exit(), wrong.printed());
        assertEquals(before, Files.readString(manifest), "nothing pinned");
        Run crash = runWith(specs, msg(EC.GENERAL, 1, "boom"), 255, "--model", "Drift", "--pin");
        assertEquals(1, crash.exit(), crash.printed());
        assertEquals(before, Files.readString(manifest), "a crash has no counts to pin");
        Run drift = runWith(specs, success(19, 12, 6L), 0, "--model", "Drift", "--pin");
        assertEquals(0, drift.exit(), drift.printed());
        assertTrue(drift.stdout().contains("PINNED Drift"), drift.stdout());
        assertEquals("ok", drift.model(0).get("verdict").asText());
        assertTrue(Files.readString(manifest).contains("\"states\": { \"distinct\": 12, \"total\": 19 } },\n    { \"name\": \"ExpectedSafetyButPasses\""),
                Files.readString(manifest));
    }

    private Run runWith(Path specs, String output, int exit, String... args) throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), output, exit);
        return run(specs, args);
    }

    private Path copyKinds() throws Exception {
        Path to = dir.resolve("specs/kinds");
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(fixtures.resolve("kinds"))) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return dir.resolve("specs");
    }

    @Test
    void aDeadlockAsPinnedExitsZeroAndNoDeadlockIsAMismatch() throws Exception {
        Run r = check("Deadlock", msg(EC.TLC_DEADLOCK_REACHED, 1, "Deadlock reached.") + state(1, "/\\ x = 0")
                + stats(18, 12, null), 11);
        assertEquals(0, r.exit(), r.printed());
        mismatch(check("Deadlock", success(18, 12, null), 0), "success", "expected deadlock, got success");
    }
    @Test
    void eachPropertyRunsTheAuditAndHandsBackItsCode() throws Exception {
        Run audit = check("Pass", success(19, 12, 6L), 0, "--each-property");
        assertTrue(audit.stdout().contains("Pass (kinds/Counter.tla, Pass.cfg; pinned:"), "the audit ran: " + audit.printed());
        Run crashed = check("Pass", "TLC fell over\n", 255, "--each-property");
        assertEquals(1, crashed.exit(), "a crashed audit fails the run: " + crashed.printed());
    }

    @Test
    void eachPropertyFailsOnAManifestErrorBeforeItRunsAnything() throws Exception {
        Path manifest = fixtures.resolve("kinds/manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("{ \"name\": \"Crash\",", "{ \"name\": \"Crash\", \"bogus\": 1,"));
        ScriptedTlc.in(dir.resolve("tlc"), success(19, 12, 6L), 0);
        Run r = run(fixtures, "--model", "Pass", "--each-property");
        assertEquals(1, r.exit(), r.printed());
        assertTrue(r.stderr().contains("ERROR ") && r.stderr().contains("bogus"), r.stderr());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")), "no TLC run");
    }
}
