package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Witnesses checked inside their model's run ({@link WitnessFold}), on real TLC and the fixture
 * spec {@code fixtures/witness-specs/fold/Steps.tla}: the same verdicts and the same shortest
 * behaviours as each witness run alone, and the failures a fold can hide named. The plan and
 * the judgement without TLC: {@link WitnessFoldJudgeTest}.
 */
class WitnessFoldTest {

    static final Path SPECS = Paths.get("src/test/resources/fixtures/witness-specs");

    @TempDir
    static Path folded;
    @TempDir
    static Path alone;
    static JsonNode foldedReport;
    static JsonNode aloneReport;
    static int foldedExit;

    @BeforeAll
    static void runFoldedAndAlone() throws Exception {
        ModelCheckFixturesTest.Run f = ModelCheckFixturesTest.runner("--specs", SPECS.toString(), "--size", "all",
                "--out", folded.toString());
        foldedExit = f.exit();
        foldedReport = new ObjectMapper().readTree(folded.resolve("report.json").toFile());
        ModelCheckFixturesTest.runner("--specs", SPECS.toString(), "--size", "all", "--witnesses", "--out",
                alone.toString());
        aloneReport = new ObjectMapper().readTree(alone.resolve("report.json").toFile());
    }

    @Test
    void theHostRunKeepsItsPinnedCounts() {
        JsonNode steps = model(foldedReport, "Steps");
        assertEquals("ok", steps.at("/verdict").asText(), steps.toString());
        assertEquals(8, steps.at("/got/distinct").asLong());
        assertEquals(12, steps.at("/got/total").asLong());
    }

    @Test
    void aFoldedWitnessEndsWhereItsRunAloneEnds() {
        for (String name : List.of("Steps-TopRaised", "Steps-Start", "StepsBroken-Start")) {
            JsonNode in = model(foldedReport, name);
            JsonNode own = model(aloneReport, name);
            assertEquals("ok", in.at("/verdict").asText(), in.toString());
            assertEquals("reached", in.at("/got/result").asText());
            assertEquals(own.at("/got/traceLength").asLong(), in.at("/got/depth").asLong(),
                    name + ": the state the fold reports is the last of the run alone's counterexample");
            assertTrue(in.at("/engine/note").asText().startsWith("checked inside "), in.toString());
            assertTrue(in.at("/counterexample").isNull(), "a folded witness writes no counterexample: " + in);
        }
        assertEquals(5, model(foldedReport, "Steps-TopRaised").at("/got/depth").asLong());
        assertEquals(1, model(foldedReport, "Steps-Start").at("/got/depth").asLong());
    }

    @Test
    void aWitnessOfTheInitialStateRunAloneHasItsOneStateCounterexample() {
        JsonNode own = model(aloneReport, "Steps-Start");
        assertEquals("reached", own.at("/got/result").asText(), own.toString());
        assertEquals(1, own.at("/got/traceLength").asLong());
    }

    @Test
    void aWitnessNoStateShowsIsAMismatchNamingTheHostRun() {
        JsonNode beyond = model(foldedReport, "Steps-Beyond");
        assertEquals("mismatch", beyond.at("/verdict").asText());
        assertTrue(beyond.at("/reason").asText().contains("TLC explored every state of Steps's run"), beyond.toString());
        assertEquals(1, foldedExit);
    }

    @Test
    void aWitnessItsHostRunStoppedBeforeIsNotJudged() {
        JsonNode topRaised = model(foldedReport, "StepsBroken-TopRaised");
        assertEquals("mismatch", topRaised.at("/verdict").asText());
        assertEquals("crash", topRaised.at("/got/result").asText());
        assertTrue(topRaised.at("/reason").asText().startsWith("not judged: it is checked inside StepsBroken's run"),
                topRaised.toString());
    }

    @Test
    void ownRunAndOtherConstantsKeepARunOfTheirOwn() {
        for (String name : List.of("Steps-TopRaisedAlone", "StepsTwo-TopRaised")) {
            JsonNode m = model(foldedReport, name);
            assertEquals("ok", m.at("/verdict").asText(), m.toString());
            assertFalse(m.at("/counterexample").isNull(), name + " runs alone and writes its counterexample");
            assertTrue(m.at("/engine/note").isNull() || !m.at("/engine/note").asText().startsWith("checked inside"));
        }
        assertTrue(Files.isRegularFile(folded.resolve("counterexamples/Steps-TopRaisedAlone.txt")));
    }

    private static JsonNode model(JsonNode report, String name) {
        return ModelCheckFixturesTest.model(report, name);
    }
}
