package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The mechanism that ties jcstress tests to litmus models, tested on itself: a test whose
 * declared outcomes forbid a reachable outcome, or accept one the model cannot reach without a
 * stated reason, or accept everything, is rejected; so is a published outcome set, or a
 * catalogue's grading, that the model's outcomes contradict.
 */
public class LitmusTest {

    static final Path SPECS = Paths.get("src/test/resources/fixtures/litmus-specs");

    @TempDir
    static Path out;
    static JsonNode report;
    static ModelCheckFixturesTest.Run run;

    @BeforeAll
    static void runLitmusFixtures() throws Exception {
        String jcstress = Paths.get("target/test-classes") + File.pathSeparator
                + Paths.get(org.openjdk.jcstress.annotations.Outcome.class.getProtectionDomain().getCodeSource()
                        .getLocation().toURI());
        run = ModelCheckFixturesTest.runner("--specs", SPECS.toString(), "--out", out.toString(),
                "--jcstress", jcstress);
        report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    }

    @Test
    void tlcEnumeratesEveryReachableOutcome() {
        JsonNode outcomes = model("Agrees").at("/litmus/reachableOutcomes");
        assertEquals(List.of("0, 0", "0, 1", "1, 1"),
                List.of(outcomes.get(0).asText(), outcomes.get(1).asText(), outcomes.get(2).asText()));
        assertEquals(3, outcomes.size());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "Agrees             | ok       | ",
        "AcceptsBeyondSC    | ok       | ",
        "ForbidsReachable   | mismatch | the model reaches [0, 1], the test declares it FORBIDDEN",
        "AcceptsUnreachable | mismatch | the test accepts [1, 0] (\"plain fields: reordered\"), the model cannot reach it",
        "AcceptsEverything  | mismatch | the test accepts every outcome (\"anything else\"): it cannot fail",
        "NoSuchTest         | mismatch | io.github.uncontended.tlc.fixtures.Missing is not in the jcstress jar",
        "PublishedAgrees    | ok       | ",
        "PublishedNotModelled | ok     | ",
        "PublishedAllowsMore  | mismatch | the published model allows [1, 0] (fixture), the model cannot reach it",
        "PublishedForbidsReachable | mismatch | the model reaches [0, 1], which the published model forbids (fixture)",
        "GradedAgrees       | ok       | ",
        "GradedNotModelled  | ok       | ",
        "GradedAllowsMore   | mismatch | the catalogue grades [1, 0] allowed (fixture), the model cannot reach it",
        "GradedForbidsReachable | mismatch | the model reaches [0, 1], which the catalogue grades forbidden (fixture)",
    })
    void disagreementIsRejected(String name, String verdict, String cause) {
        JsonNode m = model(name);
        assertEquals(verdict, m.get("verdict").asText(), name + ": " + m.get("reason"));
        if (cause != null) {
            String reason = m.get("reason").asText();
            assertTrue(reason.contains(cause), reason);
            if (!name.equals("NoSuchTest")) {
                assertTrue(reason.contains("Model outcomes: {\"0, 0\", \"0, 1\", \"1, 1\"}"), "both sets are printed: " + reason);
            }
        }
    }

    @Test
    void withoutTheJcstressJarALitmusModelCannotPass(@TempDir Path dir) {
        ModelCheckFixturesTest.Run r = ModelCheckFixturesTest.runner("--specs", SPECS.toString(), "--out",
                dir.toString(), "--model", "Agrees");
        assertEquals(1, r.exit());
        assertTrue(r.stdout().contains("no --jcstress class path was given"), r.stdout());
    }

    @Test
    void theRunFailsOnAnyDisagreement() {
        assertEquals(1, run.exit(), run.stdout());
    }

    private static JsonNode model(String name) {
        for (JsonNode m : report.get("models")) {
            if (m.get("name").asText().equals(name)) {
                return m;
            }
        }
        throw new AssertionError("no model " + name);
    }
}
