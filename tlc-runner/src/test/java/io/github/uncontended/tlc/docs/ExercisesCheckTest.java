package io.github.uncontended.tlc.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exercises check: a page that shows an exercise's answer, or an exercise model that drifted, fails it. */
class ExercisesCheckTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/specs/kinds");

    @TempDir
    Path dir;
    Path specs;
    Path learn;
    Path answers;

    static String model(String name, String config, long distinct) {
        return "{ \"name\": \"" + name + "\", \"spec\": \"Counter.tla\", \"config\": \"" + config + "\","
                + " \"description\": \"d\", \"mode\": \"exhaustive\", \"size\": \"ci\","
                + " \"expect\": { \"result\": \"safety\", \"property\": \"XBelowTwo\" },"
                + " \"states\": { \"distinct\": " + distinct + ", \"total\": 4 } }";
    }

    void manifest(String exercise) throws Exception {
        Files.writeString(specs.resolve("demo/manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\","
                + " \"modules\": {}, \"models\": [" + model("DemoRacy", "Safety.cfg", 4) + ", " + exercise + "] }");
    }

    @BeforeEach
    void pages() throws Exception {
        specs = dir.resolve("specs");
        Path demo = Files.createDirectories(specs.resolve("demo"));
        Files.copy(FIXTURE.resolve("Counter.tla"), demo.resolve("Counter.tla"));
        Files.copy(FIXTURE.resolve("Safety.cfg"), demo.resolve("Safety.cfg"));
        manifest(model("Ex01", "Safety.cfg", 4));
        learn = dir.resolve("learn.md");
        answers = dir.resolve("answers.md");
        Files.writeString(learn, "# Learn\n\n## Exercises\n\n| 1 | `Ex01` | x is bumped twice |\n\n### Going further\n\nMore.\n\n"
                + "## Next\n\nXBelowTwo may be named outside the exercises.\n");
        Files.writeString(answers, "# Answers\n\n## 1. `Ex01` (`DemoRacy`): `XBelowTwo`, safety\n\nBecause.\n");
    }

    List<String> check() throws Exception {
        List<String> problems = new ArrayList<>();
        assertEquals(1, ExercisesCheck.check(learn, answers, specs, problems));
        return problems;
    }

    @Test
    void exercisesThatHideTheirAnswersAreInStep() throws Exception {
        assertEquals(List.of(), check());
    }

    @Test
    void aPageThatNamesTheViolatedPropertyFails() throws Exception {
        Files.writeString(learn, Files.readString(learn).replace("More.", "Try XBelowTwo first."));
        assertEquals(List.of(learn + ": the exercises show exercise Ex01's answer: XBelowTwo (name it only in " + answers
                + ")"), check());
    }

    @Test
    void aPageThatNamesTheRealModelFails() throws Exception {
        Files.writeString(learn, Files.readString(learn).replace("`Ex01`", "`Ex01` (`DemoRacy`)"));
        assertTrue(check().contains(learn + ": the exercises show exercise Ex01's answer: DemoRacy (name it only in "
                + answers + ")"));
    }

    @Test
    void anExerciseModelThatNoLongerMirrorsItsModelFails() throws Exception {
        manifest(model("Ex01", "Safety.cfg", 4).replace("\"size\"", "\"checkDeadlock\": false, \"size\""));
        assertEquals(List.of(answers + ": exercise Ex01 no longer mirrors DemoRacy: deadlock checking differs"), check());
        manifest(model("Ex01", "Safety.cfg", 5));
        assertTrue(check().get(0).contains("no longer mirrors DemoRacy: pins"), check().toString());
    }

    @Test
    void anExerciseWithoutAnAnswerFails() throws Exception {
        Files.writeString(learn, Files.readString(learn).replace("More.", "| 2 | `Ex02` | another |"));
        assertEquals(List.of(learn + ": exercise Ex02 has no answer in " + answers), check());
    }
}
