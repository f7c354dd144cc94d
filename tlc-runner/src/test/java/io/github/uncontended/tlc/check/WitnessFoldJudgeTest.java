package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Engine;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link WitnessFold} without TLC (fast enough for PIT to run on every mutant; WitnessFoldTest
 * runs real TLC): which witnesses fold into which run, the module that records them, and the
 * verdict of each witness from its host run's result and output.
 */
class WitnessFoldJudgeTest {

    static List<Model> models;

    @BeforeAll
    static void load() throws Exception {
        models = new ManifestLoader(WitnessFoldTest.SPECS.toAbsolutePath()).load().models();
    }

    static Model named(String name) {
        return models.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private static RunResult host(ResultKind kind, String reason) {
        Model steps = named("Steps");
        return new RunResult(steps, kind, null, null, 8L, 12L, 5L, 1.5, List.of(), reason == null, reason,
                Paths.get("logs/Steps.log"), null, null, Engine.tlc("1"));
    }

    @Test
    void thePlanFoldsAWitnessIntoTheModelWithItsConstantsAndReachNone() throws Exception {
        ManifestLoader.Loaded loaded = new ManifestLoader(WitnessFoldTest.SPECS.toAbsolutePath()).load();
        Map<String, List<Model>> plan = WitnessFold.plan(loaded.models());
        assertEquals(Map.of("Steps", List.of("Steps-Start", "Steps-TopRaised", "Steps-Beyond"),
                "StepsBroken", List.of("StepsBroken-Start", "StepsBroken-TopRaised")),
                plan.entrySet().stream().collect(java.util.stream.Collectors.toMap(Map.Entry::getKey,
                        e -> e.getValue().stream().map(Model::name).toList())));
        assertTrue(WitnessFold.plan(loaded.models().stream().filter(m -> !m.name().equals("Steps")).toList())
                .keySet().equals(java.util.Set.of("StepsBroken")), "without its host a witness runs alone");
    }

    /** {@code m} renamed {@code name}, with another owner of its own run, mode, litmus and constants. */
    private static Model variant(Model m, String name, boolean witness, boolean ownRun, Model.Mode mode,
            ResultKind expected, Model.Litmus litmus, Map<String, String> constants) {
        return new Model(name, m.manifest(), m.dir(), m.spec(), m.config(), m.description(), mode, m.size(), expected,
                m.expectedProperty(), m.pinned(), mode == Model.Mode.SIMULATE ? new Model.Simulation(5, 5, 1) : null,
                m.checkDeadlock(), m.timeoutSeconds(), m.configProperties(), litmus, constants, m.library(), witness,
                ownRun, m.views());
    }

    private static Map<String, String> withReach(Map<String, String> constants, String reach) {
        Map<String, String> c = new java.util.TreeMap<>(constants);
        if (reach == null) {
            c.remove("Reach");
        } else {
            c.put("Reach", reach);
        }
        return c;
    }

    @Test
    void onlyAnExhaustiveWitnessThatSetsReachAndHasNoRunOfItsOwnFolds() {
        Model steps = named("Steps");
        Model w = named("Steps-Start");
        Model.Litmus litmus = new Model.Litmus(null, Map.of(), new java.util.TreeSet<>(List.of("0")), Map.of(), "x");
        List<Model> selected = List.of(steps, w,
                variant(w, "OwnRun", true, true, w.mode(), w.expected(), null, w.constants()),
                variant(w, "Simulated", true, false, Model.Mode.SIMULATE, w.expected(), null, w.constants()),
                variant(w, "Litmus", true, false, w.mode(), w.expected(), litmus, w.constants()),
                variant(w, "NoReach", true, false, w.mode(), w.expected(), null, withReach(w.constants(), null)),
                variant(steps, "NotAWitness", false, false, w.mode(), w.expected(), null, w.constants()));
        assertEquals(Map.of("Steps", List.of(w)), WitnessFold.plan(selected));
    }

    @Test
    void onlyAnExhaustiveSuccessfulNonLitmusRunWithReachNoneHostsWitnesses() {
        Model steps = named("Steps");
        Model w = named("Steps-Start");
        Model.Litmus litmus = new Model.Litmus(null, Map.of(), new java.util.TreeSet<>(List.of("0")), Map.of(), "x");
        for (Model host : List.of(
                variant(steps, "AWitness", true, false, steps.mode(), steps.expected(), null, steps.constants()),
                variant(steps, "Simulated", false, false, Model.Mode.SIMULATE, steps.expected(), null, steps.constants()),
                variant(steps, "Failing", false, false, steps.mode(), ResultKind.SAFETY, null, steps.constants()),
                variant(steps, "Litmus", false, false, steps.mode(), steps.expected(), litmus, steps.constants()),
                variant(steps, "ReachSome", false, false, steps.mode(), steps.expected(), null,
                        withReach(steps.constants(), "\"Start\"")))) {
            assertEquals(Map.of(), WitnessFold.plan(List.of(host, w)), host.name());
        }
        assertEquals(Map.of("Host", List.of(w)), WitnessFold.plan(List.of(
                variant(steps, "Host", false, false, steps.mode(), steps.expected(), null, steps.constants()), w)));
    }

    @Test
    void foldingNeedsOneWorkerAndNoPin() {
        assertTrue(CheckOptions.parse(new String[] {}).foldsWitnesses());
        for (String[] args : List.of(new String[] {"--workers", "2"}, new String[] {"--pin"},
                new String[] {"--witnesses"}, new String[] {"--simulate", "traces=5,depth=5"},
                new String[] {"--distributed", "2"})) {
            assertFalse(CheckOptions.parse(args).foldsWitnesses(), String.join(" ", args));
        }
    }

    @Test
    void onlyTheFirstPrintedStateOfAWitnessCounts() {
        assertEquals(Map.of("A-x", 3L, "B", 0L), WitnessFold.reached(String.join("\n",
                "<<\"WITNESS-REACHED\", \"A-x\", 3>>", "noise", "<<\"WITNESS-REACHED\", \"B\", 0>>",
                "<<\"WITNESS-REACHED\", \"A-x\", 7>>", "<<\"LITMUS-OUTCOME\", \"1, 0\">>")));
    }

    @Test
    void aReachedWitnessMatchesWithTheLengthOfAShortestBehaviour() {
        List<RunResult> r = WitnessFold.judge(host(ResultKind.SUCCESS, null),
                List.of(named("Steps-TopRaised"), named("Steps-Start")),
                "<<\"WITNESS-REACHED\", \"Steps-Start\", 0>>\n<<\"WITNESS-REACHED\", \"Steps-TopRaised\", 4>>\n");
        assertEquals(2, r.size());
        RunResult top = r.get(0);
        assertTrue(top.matches(), top.toString());
        assertEquals(ResultKind.SAFETY, top.kind());
        assertEquals("Witness_TopRaised", top.property());
        assertEquals(5L, top.depth());
        assertEquals(null, top.distinct());
        assertEquals(0.0, top.seconds());
        assertTrue(top.trace().isEmpty());
        assertEquals(Paths.get("logs/Steps.log"), top.log());
        assertEquals("checked inside Steps's run (its log)", top.engine().note());
        assertTrue(top.message().startsWith("reached in Steps's run, in state 5"), top.message());
        assertEquals(1L, r.get(1).depth());
    }

    @Test
    void aWitnessACompleteRunNeverShowedFails() {
        RunResult r = WitnessFold.judge(host(ResultKind.SUCCESS, null), List.of(named("Steps-Beyond")),
                "<<\"WITNESS-REACHED\", \"Steps-TopRaised\", 4>>\n").get(0);
        assertFalse(r.matches());
        assertEquals(ResultKind.SUCCESS, r.kind());
        assertTrue(r.reason().startsWith("expected reachable(Witness_Beyond): TLC explored every state of Steps's run"),
                r.reason());
    }

    @Test
    void aWitnessAHostRunStoppedBeforeIsNotJudged() {
        RunResult atViolation = WitnessFold.judge(host(ResultKind.SAFETY, "expected success, got safety"),
                List.of(named("Steps-TopRaised")), "").get(0);
        assertFalse(atViolation.matches());
        assertEquals(ResultKind.CRASH, atViolation.kind(), "a host run that stopped at a violation is never a result");
        assertTrue(atViolation.reason().startsWith("not judged: it is checked inside Steps's run, which ended before"
                + " exploring every state (expected success, got safety)"), atViolation.reason());
        RunResult timedOut = WitnessFold.judge(host(ResultKind.TIMEOUT, null), List.of(named("Steps-TopRaised")), "")
                .get(0);
        assertFalse(timedOut.matches());
        assertEquals(ResultKind.TIMEOUT, timedOut.kind());
        assertTrue(timedOut.reason().endsWith("(timeout)"), timedOut.reason());
    }

    @Test
    void theGeneratedModuleInstantiatesTheSpecOncePerWitnessAndRecordsEachInItsRegister(@TempDir Path dir)
            throws Exception {
        var wrapped = WitnessFold.wrap(named("Steps"), List.of(named("Steps-Start"), named("Steps-TopRaised")),
                "SPECIFICATION Spec\n", dir);
        String tla = Files.readString(wrapped.module());
        assertEquals(dir.resolve("WitnessesOfSteps.tla"), wrapped.module());
        assertTrue(tla.startsWith("---- MODULE WitnessesOfSteps ----\n"), tla);
        assertTrue(tla.contains("EXTENDS Steps, TLC\n"), tla);
        assertTrue(tla.contains("Reach1 == INSTANCE Steps WITH Reach <- \"Start\"\n"), tla);
        assertTrue(tla.contains("Reach2 == INSTANCE Steps WITH Reach <- \"TopRaised\"\n"), tla);
        assertTrue(tla.contains("ASSUME TRUE /\\ TLCSet(1, FALSE) /\\ TLCSet(2, FALSE)\n"), tla);
        assertTrue(tla.contains("/\\ WitnessRecorded(1, \"Steps-Start\", ~Reach1!Witness_Start)"), tla);
        assertTrue(tla.contains("/\\ WitnessRecorded(2, \"Steps-TopRaised\", ~Reach2!Witness_TopRaised)"), tla);
        assertTrue(tla.contains("TLCGet(i) \\/ ~shows \\/ (TLCSet(i, TRUE) /\\ PrintT(<<\"WITNESS-REACHED\", name,"
                + " TLCGet(\"level\")>>))"), tla);
        assertTrue(tla.endsWith("====\n"), tla);
        assertEquals("SPECIFICATION Spec\n\nINVARIANT WitnessesRecorded\n", Files.readString(wrapped.config()));
    }
}
