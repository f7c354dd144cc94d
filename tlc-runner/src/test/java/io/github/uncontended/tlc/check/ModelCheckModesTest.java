package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.check.ModelCheckVerdictsTest.Run;

import static io.github.uncontended.tlc.fixtures.ScriptedTlc.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.fixtures.ScriptedTlc;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model check's verdicts and exit codes outside a plain breadth-first run, with a scripted
 * stand-in for TLC ({@link ScriptedTlc}) instead of a real search: litmus models (their outcome
 * sets against a jcstress test or a published set), witnesses checked inside their model's run,
 * what {@code --simulate} and {@code --distributed} refuse and what they check in one process,
 * a PlusCal translation that fails, {@code --witnesses}, {@code --junit}, {@code --summary} and
 * the edits {@code --pin} prints. LitmusTest, WitnessFoldTest and DistributedTest check the same
 * paths on real TLC; these take about a second each, so PIT runs them on every mutant.
 */
public class ModelCheckModesTest {

    @TempDir
    Path dir;

    /** The runner on {@code specs}, with the stand-in of {@code dir/tlc} as TLC (ModelCheckVerdictsTest's). */
    private Run run(Path specs, String... args) throws Exception {
        return ModelCheckVerdictsTest.run(dir, specs, args);
    }

    /** A copy of the fixture folder {@code name} (under src/test/resources/fixtures): the runner never runs on the source tree. */
    private Path copy(String name) throws Exception {
        return FixtureSpecs.copy(dir, name);
    }

    /** The stand-in prints {@code output} and exits {@code exit}; it counts its runs in one file: one model at a time (--jobs 1) where several run. */
    private void tlc(String output, int exit) {
        ScriptedTlc.in(dir.resolve("tlc"), output, exit);
    }

    // ---- litmus models

    /** What TLC prints for MessagePassing.tla wrapped by the runner: its three reachable outcomes, then its counts. */
    private static final String LITMUS = "<<\"LITMUS-OUTCOME\", \"0, 0\">>\n<<\"LITMUS-OUTCOME\", \"0, 1\">>\n"
            + "<<\"LITMUS-OUTCOME\", \"1, 1\">>\n" + success(18, 13, 4L);

    private static String jcstress() throws Exception {
        return Paths.get("target/test-classes").toAbsolutePath() + File.pathSeparator
                + Paths.get(org.openjdk.jcstress.annotations.Outcome.class.getProtectionDomain().getCodeSource()
                        .getLocation().toURI());
    }

    @Test
    void aLitmusModelIsOkOnlyWhenItsOutcomesAgreeWithItsJcstressTest() throws Exception {
        Path specs = copy("litmus-specs");
        tlc(LITMUS, 0);
        Run r = run(specs, "--model", "Agrees,ForbidsReachable", "--jcstress", jcstress(), "--jobs", "1");
        assertEquals(1, r.exit(), r.printed());
        assertEquals("ok", r.model("Agrees").get("verdict").asText(), r.model("Agrees").toString());
        assertEquals(3, r.model("Agrees").at("/litmus/reachableOutcomes").size(), r.model("Agrees").toString());
        JsonNode forbids = r.model("ForbidsReachable");
        assertEquals("mismatch", forbids.get("verdict").asText(), forbids.toString());
        assertTrue(forbids.get("reason").asText().contains("the model reaches [0, 1], the test declares it FORBIDDEN"),
                forbids.toString());
        String args = ScriptedTlc.args(dir.resolve("tlc"), 1);
        assertTrue(args.contains("LitmusOfMessagePassing"), "TLC checks the generated wrapper: " + args);
        Run agrees = run(specs, "--model", "Agrees", "--jcstress", jcstress());
        assertEquals(0, agrees.exit(), agrees.printed());
    }

    @Test
    void aLitmusModelWithoutTheJcstressClassPathIsAMismatch() throws Exception {
        tlc(LITMUS, 0);
        Run r = run(copy("litmus-specs"), "--model", "Agrees");
        assertEquals(1, r.exit(), r.printed());
        JsonNode m = r.model("Agrees");
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertTrue(m.get("reason").asText().contains("litmus model of io.github.uncontended.tlc.fixtures.MessagePassingExact,"
                + " but no --jcstress class path was given to compare with"), m.toString());
    }

    @Test
    void aLitmusModelWhoseTestCannotBeReadIsAMismatch() throws Exception {
        tlc(LITMUS, 0);
        Run r = run(copy("litmus-specs"), "--model", "NoSuchTest", "--jcstress", jcstress());
        assertEquals(1, r.exit(), r.printed());
        JsonNode m = r.model("NoSuchTest");
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertTrue(m.get("reason").asText().contains("cannot read the outcomes of io.github.uncontended.tlc.fixtures.Missing:"
                + " jcstress test io.github.uncontended.tlc.fixtures.Missing is not in the jcstress jar"), m.toString());
    }

    @Test
    void aLitmusModelIsComparedWithItsPublishedOutcomes() throws Exception {
        Path specs = copy("litmus-specs");
        tlc(LITMUS, 0);
        Run r = run(specs, "--model", "PublishedAgrees,PublishedForbidsReachable", "--jobs", "1");
        assertEquals(1, r.exit(), r.printed());
        assertEquals("ok", r.model("PublishedAgrees").get("verdict").asText(), r.model("PublishedAgrees").toString());
        JsonNode forbids = r.model("PublishedForbidsReachable");
        assertEquals("mismatch", forbids.get("verdict").asText(), forbids.toString());
        assertTrue(forbids.get("reason").asText().contains("the model reaches [0, 1], which the published model forbids"),
                forbids.toString());
        assertEquals(0, run(specs, "--model", "PublishedAgrees").exit());
    }

    @Test
    void aLitmusModelWhoseTlcPrintsNoOutcomeIsAMismatch() throws Exception {
        tlc(success(18, 13, 4L), 0);
        Run r = run(copy("litmus-specs"), "--model", "PublishedAgrees");
        assertEquals(1, r.exit(), r.printed());
        assertTrue(r.model("PublishedAgrees").get("reason").asText().contains("the model reaches no finished state"),
                r.model("PublishedAgrees").toString());
    }

    @Test
    void aLitmusModelThatTimesOutIsJudgedOnItsTimeoutAlone() throws Exception {
        Path specs = copy("litmus-specs");
        Path manifest = specs.resolve("mp/manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"name\": \"PublishedAgrees\",",
                "\"name\": \"PublishedAgrees\", \"timeoutSeconds\": 1,"));
        tlc(LITMUS, 0);
        ScriptedTlc.sleep(dir.resolve("tlc"), 30);
        Run r = run(specs, "--model", "PublishedAgrees");
        assertEquals(1, r.exit(), r.printed());
        JsonNode m = r.model("PublishedAgrees");
        assertEquals("timeout", m.at("/got/result").asText(), m.toString());
        assertEquals("timeout: killed after 1 s (timeoutSeconds); make the model smaller, or size it \"deep\"",
                m.get("reason").asText(), "no outcome comparison on a killed run: " + m);
    }

    // ---- witnesses checked inside their model's run

    @Test
    void witnessesAreJudgedFromTheirModelsRun() throws Exception {
        Path specs = copy("witness-specs");
        tlc("<<\"WITNESS-REACHED\", \"Steps-TopRaised\", 4>>\n" + success(12, 8, 5L), 0);
        Run r = run(specs, "--model", "Steps,Steps-TopRaised,Steps-Beyond");
        assertEquals(1, r.exit(), r.printed());
        assertEquals(1, ScriptedTlc.runs(dir.resolve("tlc")), "one TLC run checks the model and its witnesses");
        assertTrue(ScriptedTlc.args(dir.resolve("tlc"), 1).contains("WitnessesOfSteps"));
        assertEquals("ok", r.model("Steps").get("verdict").asText(), r.model("Steps").toString());
        assertEquals("ok", r.model("Steps-TopRaised").get("verdict").asText(), r.model("Steps-TopRaised").toString());
        JsonNode beyond = r.model("Steps-Beyond");
        assertEquals("mismatch", beyond.get("verdict").asText(), beyond.toString());
        assertTrue(beyond.get("reason").asText().contains("none reaches the case the model exists for"), beyond.toString());
        assertTrue(r.stderr().contains("[3/3]"), "each witness is reported as it is judged: " + r.stderr());
        assertEquals(0, run(specs, "--model", "Steps,Steps-TopRaised").exit());
    }

    @Test
    void withWitnessesOnlyTheWitnessesRunEachAlone() throws Exception {
        Path specs = copy("witness-specs");
        tlc(success(12, 8, 5L), 0);
        Run r = run(specs, "--model", "Steps,Steps-Beyond", "--witnesses");
        assertEquals(1, ScriptedTlc.runs(dir.resolve("tlc")), "Steps itself does not run: " + r.printed());
        assertEquals(1, r.report().get("models").size(), r.report().toString());
        assertEquals("mismatch", r.model("Steps-Beyond").get("verdict").asText(), "alone, a success is no witness");
        assertFalse(ScriptedTlc.args(dir.resolve("tlc"), 1).contains("WitnessesOfSteps"));
    }

    /** With more than one worker the counts are not reproducible, so each witness runs alone, as with --witnesses. */
    @Test
    void withSeveralWorkersEachWitnessRunsAlone() throws Exception {
        Path specs = copy("witness-specs");
        tlc(success(12, 8, 5L), 0);
        Run r = run(specs, "--model", "Steps,Steps-Beyond", "--workers", "2", "--jobs", "1");
        assertEquals(2, ScriptedTlc.runs(dir.resolve("tlc")), "the model and its witness, each its own run: " + r.printed());
        for (int run = 1; run <= 2; run++) {
            assertFalse(ScriptedTlc.args(dir.resolve("tlc"), run).contains("WitnessesOfSteps"), "run " + run);
        }
    }

    /**
     * The check's thread pools (the runs, the distributed-mode probes) end with it: an idle pool
     * thread left alive would keep the runner's JVM from exiting after it printed its verdict.
     */
    @Test
    void noThreadOfTheChecksPoolsOutlivesIt() throws Exception {
        java.util.Set<Thread> before = Thread.getAllStackTraces().keySet();
        tlc(success(19, 12, 6L), 0);
        Path fixtures = FixtureSpecs.copy(dir);
        assertEquals(2, run(fixtures, "--model", "Pass,Safety", "--jobs", "2").report().get("models").size(),
                "two models, two runs at once");
        assertEquals(2, run(fixtures, "--model", "Pass", "--distributed", "1").exit(), "the probe's pool ran too");
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
        List<String> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.isAlive() && t.getName().startsWith("pool-"))
                    .map(Thread::getName).toList();
        } while (!left.isEmpty() && System.nanoTime() < deadline && sleep());
        assertEquals(List.of(), left, "pool threads still alive 5 s after the check returned");
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(50);
        return true;
    }

    // ---- PlusCal

    @Test
    void aPlusCalTranslationThatFailsIsAMismatchAndTlcDoesNotRun() throws Exception {
        tlc(success(4, 3, 2L), 0);
        Run r = run(FixtureSpecs.copy(dir), "--model", "PlusCalCurrent");
        assertEquals(1, r.exit(), r.printed());
        JsonNode m = r.model("PlusCalCurrent");
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertTrue(m.get("reason").asText().contains("the PlusCal algorithm does not translate"), m.toString());
    }

    // ---- --simulate

    @Test
    void simulateRefusesLitmusLivenessAndModelsWithoutABudget() throws Exception {
        tlc(success(30, 30, null), 0);
        Path fixtures = FixtureSpecs.copy(dir);
        Run liveness = run(fixtures, "--model", "Liveness", "--simulate", "traces=5,depth=5");
        assertEquals(2, liveness.exit());
        assertEquals("error: --simulate cannot check Liveness: it expects a liveness violation, and a simulation is judged"
                + " on safety properties only", liveness.stderr().strip());
        Run noBudget = run(fixtures, "--model", "Pass,Simulated", "--simulate", "depth=5");
        assertEquals(2, noBudget.exit());
        assertEquals("error: --simulate cannot check Pass: it has no budget: give --simulate traces=N,depth=D, or"
                + " \"simulate\" in its manifest entry", noBudget.stderr().strip());
        Run litmus = run(copy("litmus-specs"), "--model", "PublishedAgrees", "--simulate", "traces=5,depth=5");
        assertEquals(2, litmus.exit());
        assertEquals("error: --simulate cannot check PublishedAgrees: a litmus model's outcome set is every reachable"
                + " outcome: it must be searched exhaustively", litmus.stderr().strip());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")), "nothing ran");
        Run pass = run(fixtures, "--model", "Pass", "--simulate", "traces=5,depth=6,seed=3");
        assertEquals(0, pass.exit(), pass.printed());
        assertTrue(ScriptedTlc.args(dir.resolve("tlc"), 1).contains("-simulate\nnum=5\n-depth\n6\n-seed\n3"),
                ScriptedTlc.args(dir.resolve("tlc"), 1));
    }

    // ---- --distributed: what TLC's distributed mode cannot check runs in one process

    @Test
    void distributedRefusesAModelItCannotCheckWhenItIsNamed() throws Exception {
        tlc(success(19, 12, 6L), 0);
        Run r = run(FixtureSpecs.copy(dir), "--model", "Liveness", "--distributed", "1");
        assertEquals(2, r.exit(), r.printed());
        assertEquals("error: --distributed cannot check Liveness: it expects a liveness violation, and TLC's distributed"
                + " mode checks no temporal property", r.stderr().strip());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")));
        assertEquals(0, ScriptedTlc.probeRuns(dir.resolve("tlc")), "a liveness model is refused without asking TLC");
    }

    @Test
    void distributedRefusesALitmusModelWhenItIsNamed() throws Exception {
        Path specs = copy("litmus-specs");
        tlc(LITMUS, 0);
        Run r = run(specs, "--model", "Agrees", "--distributed", "1");
        assertEquals(2, r.exit(), r.printed());
        assertEquals("error: --distributed cannot check Agrees: it is a litmus model (its outcomes would be printed by"
                + " the workers, not the server)", r.stderr().strip());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")));
        assertEquals(0, ScriptedTlc.probeRuns(dir.resolve("tlc")), "a litmus model is refused without asking TLC");
    }

    /**
     * Without a scripted answer the stand-in is no TLC the property probe can use, so the probe's failure is the reason a
     * model runs in one process; its verdict is still its own.
     */
    @Test
    void distributedChecksInOneProcessWhatItCannotCheckAndSaysWhy() throws Exception {
        tlc(success(19, 12, 6L), 0);
        Path fixtures = FixtureSpecs.copy(dir);
        Run named = run(fixtures, "--model", "Pass", "--distributed", "1");
        assertEquals(2, named.exit(), named.printed());
        assertTrue(named.stderr().startsWith("error: --distributed cannot check Pass: TLC could not read its spec and config: "),
                named.stderr());
        assertEquals(1, ScriptedTlc.probeRuns(dir.resolve("tlc")), "Pass's properties were asked for");
        // The deep models: Simulated alone, a simulation, which the distributed mode cannot check.
        Run r = run(fixtures, "--size", "deep", "--distributed", "1");
        assertEquals(0, r.exit(), r.printed());
        assertEquals(1, ScriptedTlc.probeRuns(dir.resolve("tlc")), "a simulation is run in one process without asking TLC");
        assertTrue(r.stderr().contains("note: Simulated is checked in one TLC process: it is a simulation"), r.stderr());
        JsonNode simulated = r.model("Simulated");
        assertEquals("ok", simulated.get("verdict").asText(), simulated.toString());
        assertEquals("not distributed: it is a simulation (TLC's distributed mode searches breadth-first only)",
                simulated.at("/engine/note").asText(), simulated.toString());
        assertTrue(ScriptedTlc.args(dir.resolve("tlc"), 1).contains("-simulate"), "one TLC process, no TLCServer");
        tlc("@!@!@STARTMSG 1000:1 @!@!@\nboom\n@!@!@ENDMSG 1000 @!@!@\n", 255);
        Run crash = run(fixtures, "--size", "deep", "--distributed", "1");
        assertEquals(1, crash.exit(), "a crash in one process is still a crash: " + crash.printed());
    }

    // ---- the reports and --pin

    @Test
    void junitAndSummaryAreWrittenAndNamed() throws Exception {
        tlc(success(19, 12, 6L), 0);
        Path junit = dir.resolve("ci/junit.xml");
        Path summary = dir.resolve("ci/summary.md");
        Run r = run(FixtureSpecs.copy(dir), "--model", "Pass", "--junit", junit.toString(), "--summary", summary.toString());
        assertEquals(0, r.exit(), r.printed());
        assertTrue(Files.readString(junit).contains("Pass"), Files.readString(junit));
        assertTrue(Files.readString(summary).contains("Pass"), Files.readString(summary));
        assertTrue(r.stdout().contains("; JUnit XML: " + junit + "; summary: " + summary), r.stdout());
    }

    @Test
    void pinPrintsEachEditWithTheCountsBeforeAndAfter() throws Exception {
        Path specs = FixtureSpecs.copy(dir);
        tlc(success(20, 13, 7L), 0);
        Run r = run(specs, "--model", "Pass", "--pin");
        assertEquals(0, r.exit(), r.printed());
        assertTrue(r.stdout().contains("PINNED Pass (" + specs.resolve("kinds/manifest.json").toAbsolutePath().normalize()
                + "): distinct 12, total 19, depth 6 -> distinct 13, total 20, depth 7"), r.stdout());
    }

    @Test
    void anUnknownModelNamesTheManifestErrorsToo() throws Exception {
        Path specs = dir.resolve("specs");
        Path kinds = specs.resolve("kinds");
        Files.createDirectories(kinds);
        Path fixtures = FixtureSpecs.copy(dir);
        try (Stream<Path> files = Files.list(fixtures.resolve("kinds"))) {
            for (Path f : files.toList()) {
                Files.copy(f, kinds.resolve(f.getFileName()));
            }
        }
        Files.createDirectories(specs.resolve("bad"));
        Files.writeString(specs.resolve("bad/manifest.json"), "not json");
        tlc(success(19, 12, 6L), 0);
        Run r = run(specs, "--model", "PassX");
        assertEquals(2, r.exit());
        assertTrue(r.stderr().startsWith("error: unknown model 'PassX' (did you mean Pass?)"), r.stderr());
        assertTrue(r.stderr().contains("\nERROR "), "the manifest error may be why: " + r.stderr());
        Run none = run(fixtures, "--model", "Zzz");
        assertEquals("error: unknown model 'Zzz'; `tlc-runner list` (with the same --specs) lists them",
                none.stderr().strip());
    }
    // ---- the config TLC reads

    /** The config's path in TLC's arguments of run {@code run}. */
    private String config(int run) {
        List<String> args = List.of(ScriptedTlc.args(dir.resolve("tlc"), run).split("\n"));
        return args.get(args.indexOf("-config") + 1);
    }

    @Test
    void tlcReadsAWrittenConfigWhenTheManifestChangesTheModelsOwn() throws Exception {
        Path fixtures = FixtureSpecs.copy(dir);
        tlc(success(19, 12, 6L), 0);
        run(fixtures, "--model", "Pass");
        assertEquals("Pass.cfg", config(1), "Pass runs on its own config");
        tlc(success(2, 1, 1L), 0);
        assertEquals(0, run(fixtures, "--model", "ConstantsAssigned").exit());
        assertTrue(config(1).endsWith("/config/Unconfigured.cfg") && config(1).startsWith(dir.resolve("out/states").toString()),
                "the manifest assigns a constant: " + config(1));
        tlc(success(19, 12, 6L), 0);
        run(fixtures, "--model", "ExpectedSafetyButPasses");
        assertTrue(config(1).endsWith("/config/Pass.cfg") && config(1).startsWith(dir.resolve("out/states").toString()),
                "a run that stops at an invariant leaves out Pass.cfg's temporal properties: " + config(1));
        tlc(ScriptedTlc.invariantViolated("XBelowTwo", 5, 4), 12);
        run(fixtures, "--model", "Safety");
        assertEquals("Safety.cfg", config(1), "a run that stops at an invariant, on a config without temporal"
                + " properties, runs on its own config");
        try (Stream<Path> left = Files.list(dir.resolve("out/states"))) {
            assertEquals(List.of(), left.toList(), "each model's scratch folder is removed after its run");
        }
    }

    // ---- the command line's own answers

    @Test
    void helpVersionAndSchemaArePrintedAndExitZero() throws Exception {
        Run help = run(dir, "--help");
        assertEquals(0, help.exit());
        assertEquals(io.github.uncontended.tlc.util.Cli.usage(new CheckCommand()), help.stdout());
        assertTrue(help.stdout().contains("Exit codes:") && help.stdout().contains("--specs=DIR"), help.stdout());
        Run version = run(dir, "--version");
        assertEquals(0, version.exit());
        assertTrue(version.stdout().startsWith("tlc-runner "), version.stdout());
        Run schema = run(dir, "--print-schema");
        assertEquals(0, schema.exit());
        assertEquals(io.github.uncontended.tlc.manifest.ManifestSchema.text(), schema.stdout());
        Run bad = run(dir, "--frobnicate");
        assertEquals(2, bad.exit());
        assertEquals("error: unknown option '--frobnicate'\n`tlc-runner check --help` lists its options\n",
                bad.stderr().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aMissingSpecsFolderIsAUsageError() throws Exception {
        tlc(success(19, 12, 6L), 0);
        Run r = run(dir.resolve("no-such-specs"));
        assertEquals(2, r.exit(), r.printed());
        assertTrue(r.stderr().startsWith("error: "), r.stderr());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")));
    }

    /** No model loads because the only manifest is broken: the report names the manifest's error, not "no models". */
    @Test
    void aBrokenManifestAloneIsReportedNotTakenForNoModels() throws Exception {
        tlc(success(19, 12, 6L), 0);
        Path specs = dir.resolve("specs");
        Files.createDirectories(specs.resolve("broken"));
        Files.writeString(specs.resolve("broken/manifest.json"), "{\"models\": [\n");
        Run r = run(specs);
        assertEquals(1, r.exit(), r.printed());
        assertTrue(r.stdout().contains("ERROR specs/broken/manifest.json: not valid JSON at line 2"), r.printed());
        assertTrue(r.stdout().contains("0 models: 0 as expected, 0 mismatched; 1 manifest errors"), r.printed());
        assertEquals(1, r.report().at("/summary/manifestErrors").asInt(), r.report().toString());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")));
    }

    @Test
    void anInterruptedRunExitsTwoAndKeepsTheInterrupt() throws Exception {
        Path fixtures = FixtureSpecs.copy(dir);
        tlc(success(19, 12, 6L), 0);
        ScriptedTlc.sleep(dir.resolve("tlc"), 30);
        Thread.currentThread().interrupt();
        Run r;
        try {
            r = run(fixtures, "--model", "Pass");
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
        }
        // Tlc.run kills a TLC whose wait is interrupted (TlcTimeoutTest): no stand-in outlives the run.
        String jar = dir.resolve("tlc/tlc.jar").toString();
        for (ProcessHandle p : ProcessHandle.current().descendants().toList()) {
            if (p.info().arguments().map(a -> List.of(a).contains(jar)).orElse(false)) {
                p.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
        assertEquals(2, r.exit(), r.printed());
        assertEquals("error: interrupted", r.stderr().strip());
    }

    @Test
    void pinPrintsOnlyTheCountsTheManifestPins() throws Exception {
        Path specs = FixtureSpecs.copy(dir);
        tlc(success(19, 12, 6L), 0);
        Run r = run(specs, "--model", "Drift", "--pin");
        assertEquals(0, r.exit(), r.printed());
        assertTrue(r.stdout().contains("): distinct 13, total 19 -> distinct 12, total 19\n"), r.stdout());
    }
    /** A model the runner itself fails on (here: its log cannot be written) is a crash, and so are its folded witnesses. */
    @Test
    void aRunnerFailureIsACrashOfTheModelAndItsWitnesses() throws Exception {
        Path specs = copy("witness-specs");
        Files.createDirectories(dir.resolve("out/logs/Steps.log"));
        tlc("<<\"WITNESS-REACHED\", \"Steps-TopRaised\", 4>>\n" + success(12, 8, 5L), 0);
        Run r = run(specs, "--model", "Steps,Steps-TopRaised");
        assertEquals(1, r.exit(), r.printed());
        JsonNode steps = r.model("Steps");
        assertEquals("crash", steps.at("/got/result").asText(), steps.toString());
        assertTrue(steps.get("reason").asText().contains("the runner failed: "), steps.toString());
        JsonNode witness = r.model("Steps-TopRaised");
        assertEquals("crash", witness.at("/got/result").asText(), witness.toString());
        assertTrue(witness.get("reason").asText().contains("not judged: it is checked inside Steps's run, and the runner"
                + " failed on that one: "), witness.toString());
    }
    /**
     * A fixed server port hosts one model at a time: with --server the models run one after the
     * other whatever --jobs says (here two simulations, which run in one TLC process each, a
     * second at least), so the run takes at least the sum of their times.
     */
    @Test
    void withAFixedServerPortOneModelRunsAtATime() throws Exception {
        double[] t = twoSimulationsTimed(1, "--server", "127.0.0.1:1", "--jobs", "2");
        assertTrue(t[0] >= t[1] - 0.1, "one after the other: " + t[0] + " s in all, " + t[1] + " s the two runs");
    }

    /**
     * The sibling of the test above: without a fixed server port, {@code --jobs 2} runs two models
     * at once in the distributed mode too (two simulations, which run in one process each, sleeping
     * 2 s each), so the run takes less than the sum of their times.
     */
    @Test
    void withoutAFixedServerPortModelsRunTwoAtATime() throws Exception {
        double[] t = twoSimulationsTimed(2, "--distributed", "1", "--jobs", "2");
        assertTrue(t[0] < t[1] - 1, "two at once: " + t[0] + " s in all, " + t[1] + " s the two runs");
    }

    /**
     * Checks two simulated models (SimA and SimB, one TLC process each, the stand-in sleeping
     * {@code sleep} seconds in each) with {@code args}: the run's wall time and the sum of the two
     * models' times, in seconds.
     */
    private double[] twoSimulationsTimed(int sleep, String... args) throws Exception {
        Path specs = twoSimulations();
        tlc(success(30, 30, null), 0);
        ScriptedTlc.sleep(dir.resolve("tlc"), sleep);
        long start = System.nanoTime();
        Run r = run(specs, args);
        double wall = (System.nanoTime() - start) / 1e9;
        assertEquals(0, r.exit(), r.printed());
        return new double[] {wall, r.model("SimA").get("seconds").asDouble() + r.model("SimB").get("seconds").asDouble()};
    }

    /** Specs holding two simulated models of Counter.tla, SimA and SimB (one TLC process each). */
    private Path twoSimulations() throws Exception {
        Path specs = dir.resolve("sims");
        Files.createDirectories(specs.resolve("sim"));
        Path kinds = FixtureSpecs.copy(dir).resolve("kinds");
        Files.copy(kinds.resolve("Counter.tla"), specs.resolve("sim/Counter.tla"));
        Files.copy(kinds.resolve("Pass.cfg"), specs.resolve("sim/Pass.cfg"));
        String model = "{ \"name\": \"%s\", \"spec\": \"Counter.tla\", \"config\": \"Pass.cfg\", \"description\": \"d\","
                + " \"mode\": \"simulate\", \"size\": \"ci\", \"expect\": { \"result\": \"success\" },"
                + " \"simulate\": { \"traces\": 5, \"depth\": 5, \"seed\": 1 } }";
        Files.writeString(specs.resolve("sim/manifest.json"), "{ \"design\": \"sims\", \"description\": \"two simulations\","
                + " \"modules\": {}, \"models\": [ " + model.formatted("SimA") + ", " + model.formatted("SimB") + " ] }");
        return specs;
    }

    /** A copy of the fixture models of Counter.tla with only the models named kept in the manifest. */
    private Path only(String... names) throws Exception {
        Path specs = dir.resolve("only");
        Path kinds = specs.resolve("kinds");
        Files.createDirectories(kinds);
        Path fixtures = FixtureSpecs.copy(dir).resolve("kinds");
        try (Stream<Path> files = Files.list(fixtures)) {
            for (Path f : files.toList()) {
                if (f.getFileName().toString().endsWith(".cfg")) {
                    Files.copy(f, kinds.resolve(f.getFileName()));
                }
            }
        }
        Files.copy(fixtures.resolve("Counter.tla"), kinds.resolve("Counter.tla"));
        Files.copy(fixtures.resolve("manifest.json"), kinds.resolve("manifest.json"));
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode manifest =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(kinds.resolve("manifest.json").toFile());
        com.fasterxml.jackson.databind.node.ArrayNode kept = json.createArrayNode();
        manifest.get("models").forEach(m -> {
            if (List.of(names).contains(m.get("name").asText())) {
                kept.add(m);
            }
        });
        manifest.set("models", kept);
        json.writeValue(kinds.resolve("manifest.json").toFile(), manifest);
        return specs;
    }

    /** A breadth-first model the probe could not read runs in one TLC process, never on a TLCServer. */
    @Test
    void distributedChecksAnExhaustiveModelItCannotProbeInOneProcess() throws Exception {
        tlc(success(19, 12, 6L), 0);
        Run r = run(only("Pass"), "--distributed", "1", "--connect-timeout", "5");
        assertEquals(0, r.exit(), r.printed());
        JsonNode pass = r.model("Pass");
        assertEquals("ok", pass.get("verdict").asText(), pass.toString());
        assertTrue(pass.at("/engine/note").asText().startsWith("not distributed: TLC could not read its spec and config: "),
                pass.toString());
        assertEquals("tlc", pass.at("/engine/kind").asText(), pass.toString());
        assertEquals(1, ScriptedTlc.runs(dir.resolve("tlc")), "one TLC process, no TLCServer nor TLCWorker");
        try (Stream<Path> left = Files.list(dir.resolve("out/states"))) {
            assertEquals(List.of(), left.toList(), "the probe's scratch folder is removed, as the run's is");
        }
    }
}
