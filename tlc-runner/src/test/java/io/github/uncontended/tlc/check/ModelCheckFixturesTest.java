package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.manifest.ManifestSchema;
import io.github.uncontended.tlc.report.Report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs real TLC on the fixture models (one per result class, src/test/resources/fixtures) and
 * checks that the runner classifies each one, judges it against its manifest entry, and exits
 * with the right code.
 */
public class ModelCheckFixturesTest {

    static final Path SPECS = Paths.get("src/test/resources/fixtures/specs");

    @TempDir
    static Path out;
    static JsonNode report;
    static int exitAll;
    static String tableAll;

    @BeforeAll
    static void runEveryFixture() throws Exception {
        Run run = runner("--specs", SPECS.toString(), "--size", "all", "--out", out.toString(),
                "--junit", out.resolve("junit/model-check.xml").toString(), "--summary", out.resolve("summary.md").toString());
        exitAll = run.exit;
        tableAll = run.stdout;
        report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    }

    @ParameterizedTest(name = "{0} -> {1} {2}, verdict {3}")
    @CsvSource({
        "Pass,                    success,       -,               ok",
        "Safety,                  safety,        XBelowTwo,       ok",
        "SafetyAction,            safety,        XNeverIncreases, ok",
        "SafetyConjunct,          safety,        XStepsOneAtATime, ok",
        "Liveness,                liveness,      YReachesTwo,     ok",
        "Deadlock,                deadlock,      -,               ok",
        "DeadlockIgnored,         success,       -,               ok",
        "Assertion,               assertion,     -,               ok",
        "ParseError,              parse-error,   -,               mismatch",
        "ConfigError,             config-error,  -,               mismatch",
        "Timeout,                 timeout,       -,               mismatch",
        "Crash,                   crash,         -,               mismatch",
        "Drift,                   success,       -,               mismatch",
        "ExpectedSafetyButPasses, success,       -,               mismatch",
        "WrongProperty,           safety,        XBelowTwo,       mismatch",
        "PlusCalCurrent,          success,       -,               ok",
        "PlusCalStale,            pluscal-stale, -,               mismatch",
        "Simulated,               no violation,  -,               ok",
        "Reached,                 reached,       XBelowTwo,       ok",
        "NeverReached,            success,       -,               mismatch",
        "ConstantsAssigned,       success,       -,               ok",
    })
    void classifiesAndJudges(String name, String result, String property, String verdict) {
        JsonNode m = model(name);
        assertEquals(result, m.at("/got/result").asText(), name + ": " + m);
        assertEquals(property.equals("-") ? null : property, m.at("/got/property").textValue(), name);
        assertEquals(verdict, m.get("verdict").asText(), name + ": " + m.get("reason"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "ParseError   | at line 4, column 15",
        "ConfigError  | constant parameter N is not assigned a value",
        "Timeout      | killed after 3 s",
        "Crash        | CHOOSE",
        "Drift        | state counts drifted: distinct 12 (pinned 13)",
        "ExpectedSafetyButPasses | expected safety(InRange), got success",
        "WrongProperty | expected a violation of InRange, got one of XBelowTwo",
        "PlusCalStale | the committed translation is stale",
        "NeverReached | expected reachable(InRange): TLC explored every state and none reaches the case",
    })
    void mismatchNamesItsCause(String name, String cause) {
        String reason = model(name).get("reason").asText();
        assertTrue(reason.contains(cause), name + ": '" + reason + "' should contain '" + cause + "'");
        assertTrue(tableAll.contains("MISMATCH " + name + " "), "the table names the mismatch of " + name);
    }

    @Test
    void oneBrokenModelNeverHidesTheOthers() {
        assertEquals(1, exitAll, "any mismatch makes the run fail");
        assertEquals(21, report.get("models").size(), "every model is reported");
        assertEquals(9, report.at("/summary/mismatched").asInt());
        assertTrue(tableAll.contains("21 models: 12 as expected, 9 mismatched"), tableAll);
    }

    @Test
    void aWitnessIsShownAsReachableAndReached() throws Exception {
        assertTrue(tableAll.lines().anyMatch(l -> l.startsWith("Reached ") && l.contains("reachable(XBelowTwo)")
                && l.contains(" reached ") && l.endsWith("ok")), tableAll);
        assertEquals("reachable", model("Reached").at("/expected/result").asText());
        String text = Files.readString(out.resolve(model("Reached").get("counterexample").asText()));
        assertTrue(text.contains("Got:      reached XBelowTwo -- the last state below is the case"), text);
    }

    /** A simulation that finds nothing says so within its budget, everywhere: table, JSON, JUnit, summary. */
    @Test
    void aSimulationWithoutViolationIsNoProof() throws Exception {
        assertTrue(tableAll.lines().anyMatch(l -> l.startsWith("Simulated ") && l.contains(" no violation ")
                && l.endsWith("ok")), tableAll);
        assertTrue(tableAll.contains("SIMULATED Simulated: no violation within budget (50 traces, depth 20, seed 7)"),
                tableAll);
        assertTrue(tableAll.contains("this is no proof that the model is correct"), tableAll);
        JsonNode sim = model("Simulated");
        assertEquals("success", sim.at("/expected/result").asText(), "the manifest's expectation");
        assertEquals("no violation", sim.at("/got/result").asText());
        assertEquals("simulation", sim.at("/engine/kind").asText());
        assertEquals(50, sim.at("/engine/simulation/traces").asInt());
        assertEquals(20, sim.at("/engine/simulation/depth").asInt());
        assertEquals(7, sim.at("/engine/simulation/seed").asInt());
        assertEquals("no violation within budget (50 traces, depth 20, seed 7)", sim.at("/engine/verdict").asText());
        assertEquals("tlc", model("Pass").at("/engine/kind").asText());
        String xml = Files.readString(out.resolve("junit/model-check.xml"));
        assertTrue(xml.contains("simulation: no violation within budget (50 traces, depth 20, seed 7)"), xml);
        assertTrue(Files.readString(out.resolve("summary.md")).contains("| ✅ | Simulated | no violation | no violation |"));
    }

    /** --simulate: the selected models as random simulations; the manifest's budget, overridden key by key. */
    @Test
    void simulateOptionRunsExhaustiveModelsAsSimulations(@TempDir Path dir) throws Exception {
        Run run = runner("--specs", SPECS.toString(), "--model", "Safety,Pass", "--out", dir.toString(),
                "--simulate", "traces=30,depth=8,seed=3");
        assertEquals(0, run.exit, run.stdout + run.stderr);
        JsonNode r = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
        JsonNode safety = r.at("/models/0");
        JsonNode pass = r.at("/models/1");
        assertEquals("safety", safety.at("/got/result").asText(), "the violation is found within the budget");
        assertEquals("XBelowTwo", safety.at("/got/property").asText());
        assertEquals("simulate", safety.get("mode").asText());
        assertTrue(Files.exists(dir.resolve("counterexamples/Safety.txt")));
        assertEquals("no violation", pass.at("/got/result").asText());
        assertTrue(run.stdout.contains("SIMULATED Pass: no violation within budget (30 traces, depth 8, seed 3)"),
                run.stdout);
        // The manifest's own budget, with the seed overridden.
        Run seeded = runner("--specs", SPECS.toString(), "--model", "Simulated", "--out", dir.resolve("s").toString(),
                "--simulate", "seed=11");
        assertTrue(seeded.stdout.contains("no violation within budget (50 traces, depth 20, seed 11)"), seeded.stdout);
    }

    @ParameterizedTest(name = "--simulate refuses {0}")
    @CsvSource(delimiter = '|', value = {
        "Pass       |                  | Pass: it has no budget: give --simulate traces=N,depth=D",
        "Liveness   | traces=5,depth=5 | Liveness: it expects a liveness violation, and a simulation is judged on safety",
        "Pass       | traces=0         | --simulate takes traces=N,depth=D,seed=S",
        "Pass       | steps=4          | --simulate takes traces=N,depth=D,seed=S",
    })
    void simulateRefusesWhatItCannotJudge(String model, String budget, String message, @TempDir Path dir) {
        Run run = budget == null
                ? runner("--specs", SPECS.toString(), "--model", model, "--out", dir.toString(), "--simulate")
                : runner("--specs", SPECS.toString(), "--model", model, "--out", dir.toString(), "--simulate", budget);
        assertEquals(2, run.exit, run.stdout + run.stderr);
        assertTrue(run.stderr.contains(message), run.stderr);
    }

    @Test
    void manifestConstantsReachTlc() {
        assertEquals("2", model("ConstantsAssigned").at("/constants/N").asText());
    }

    @Test
    void pinnedCountsAreReproducible() {
        JsonNode pass = model("Pass");
        assertEquals(12, pass.at("/got/distinct").asLong());
        assertEquals(19, pass.at("/got/total").asLong());
        assertEquals(6, pass.at("/got/depth").asLong());
    }

    @Test
    void everyViolationGetsAReadableCounterexample() throws Exception {
        for (String name : new String[] {"Safety", "SafetyAction", "Liveness", "Deadlock", "Assertion"}) {
            JsonNode m = model(name);
            assertNotNull(m.get("counterexample").textValue(), name + " has a counterexample file");
            String text = Files.readString(out.resolve(m.get("counterexample").asText()));
            assertTrue(text.contains("State 1: initial state"), name);
        }
        String safety = Files.readString(out.resolve("counterexamples/Safety.txt"));
        assertTrue(safety.contains("State 3: Inc   (line 7, col 9 of module Counter)"), safety);
        assertTrue(safety.contains("  * x = 2   (was 1)"), "changed variables are marked: " + safety);
        assertTrue(safety.contains("    y = 0"), "unchanged variables are not: " + safety);
        String liveness = Files.readString(out.resolve("counterexamples/Liveness.txt"));
        assertTrue(liveness.contains("stuttering -- from here on nothing happens, forever."), liveness);
        assertFalse(Files.exists(out.resolve("counterexamples/Pass.txt")), "a success has no counterexample");
    }

    @Test
    void theReportHasAVersionAndRelativePaths() {
        assertEquals(Report.REPORT_VERSION, report.get("reportVersion").asInt());
        assertEquals("kinds/Counter.tla", model("Safety").get("spec").asText());
        assertEquals("kinds/manifest.json", model("Safety").get("manifest").asText());
        assertEquals("counterexamples/Safety.txt", model("Safety").get("counterexample").asText());
        assertEquals("counterexamples/Safety.md", model("Safety").get("counterexampleTable").asText());
        assertEquals("counterexamples/Safety.html", model("Safety").get("counterexampleHtml").asText());
        assertEquals("counterexamples/Safety.explore.html", model("Safety").get("counterexampleExplorer").asText());
        assertTrue(Files.isRegularFile(out.resolve("counterexamples/Safety.explore.html")), "the explorer is written beside the views");
        assertEquals("logs/Safety.log", model("Safety").get("log").asText());
        assertTrue(Files.isRegularFile(out.resolve(report.get("specs").asText()).resolve("kinds/Counter.tla")));
    }

    /** --junit: one test case per model; a mismatch is a failure (or an error when TLC did not finish) with its cause. */
    @Test
    void junitXmlHasOneTestCasePerModel() throws Exception {
        var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(out.resolve("junit/model-check.xml").toFile());
        var cases = doc.getElementsByTagName("testcase");
        assertEquals(21, cases.getLength());
        assertEquals("21", doc.getDocumentElement().getAttribute("tests"));
        java.util.Map<String, org.w3c.dom.Element> byName = new java.util.HashMap<>();
        for (int i = 0; i < cases.getLength(); i++) {
            org.w3c.dom.Element c = (org.w3c.dom.Element) cases.item(i);
            byName.put(c.getAttribute("name"), c);
            assertEquals("specs.kinds", c.getAttribute("classname"));
        }
        org.w3c.dom.Element safety = byName.get("Safety");
        assertEquals(0, safety.getElementsByTagName("failure").getLength(), "an expected violation passes");
        assertTrue(safety.getTextContent().contains("violated property: XBelowTwo"), safety.getTextContent());
        org.w3c.dom.Element wrong = byName.get("WrongProperty");
        org.w3c.dom.Element failure = (org.w3c.dom.Element) wrong.getElementsByTagName("failure").item(0);
        assertNotNull(failure, "a wrong result is a failure");
        assertTrue(failure.getAttribute("message").contains("expected a violation of InRange, got one of XBelowTwo"));
        assertTrue(failure.getTextContent().contains("violated property: XBelowTwo"), failure.getTextContent());
        // Paths relative to the XML file's folder, where a CI system that archives the reports looks from.
        assertTrue(failure.getTextContent().contains("counterexample: ../counterexamples/WrongProperty.txt"), failure.getTextContent());
        org.w3c.dom.Element parse = byName.get("ParseError");
        assertEquals("parse-error", ((org.w3c.dom.Element) parse.getElementsByTagName("error").item(0)).getAttribute("type"));
        assertEquals("4", doc.getDocumentElement().getAttribute("failures"), "Drift, ExpectedSafetyButPasses, WrongProperty, NeverReached");
        assertEquals("5", doc.getDocumentElement().getAttribute("errors"), "ParseError, ConfigError, Timeout, Crash, PlusCalStale");
    }

    @Test
    void summaryIsAMarkdownTable() throws Exception {
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.startsWith("### TLC model check: 21 models, 12 as pinned, 9 mismatched"), md);
        assertTrue(md.contains("| ✅ | Safety | safety(XBelowTwo) | safety | XBelowTwo | 4 | 4 |"), md);
        assertTrue(md.contains("`counterexamples/Safety.md`"), md);
        assertTrue(md.contains("- ❌ **Drift**: state counts drifted: distinct 12 (pinned 13)"), md);
    }

    @Test
    void everyViolationGetsATableAndASwimlane() throws Exception {
        String table = Files.readString(out.resolve("counterexamples/Safety.md"));
        assertTrue(table.contains("| step | thread | action | changed |"), table);
        // The action links to its definition (Counter.tla line 7, relative to the table's folder); the step is marked.
        assertTrue(table.matches("(?s).*\\| 3 \\|  \\| \\[Inc\\]\\([^)]*/fixtures/specs/kinds/Counter\\.tla#L7\\)"
                + " ✗ \\*\\*XBelowTwo is false\\*\\* \\| `x = 2` \\(was `1`\\) \\|.*"), table);
        assertTrue(table.contains("**XBelowTwo** is false in the last state"), table);
        String liveness = Files.readString(out.resolve("counterexamples/Liveness.md"));
        assertTrue(liveness.contains("**stuttering**: from here on nothing happens, forever"), liveness);
        String deadlock = Files.readString(out.resolve("counterexamples/Deadlock.html"));
        assertTrue(deadlock.startsWith("<!DOCTYPE html>") && deadlock.contains("deadlock: no action is enabled"), deadlock);
        assertFalse(deadlock.contains("<script") || deadlock.contains("href=\"http"), "self-contained");
    }

    @Test
    void helpListsEveryOptionAndTheExitCodes() {
        Run run = runner("--help");
        assertEquals(0, run.exit, run.stderr);
        for (String option : new String[] {"--specs", "--out", "--size", "--model", "--workers", "--jobs", "--tla-jar",
                "--jcstress", "--junit", "--summary", "--list", "--print-schema", "--version", "--help", "--distributed",
                "--server", "--connect-timeout", "--simulate"}) {
            assertTrue(run.stdout.contains(option), option + " in " + run.stdout);
        }
        assertTrue(run.stdout.contains("Exit codes:") && run.stdout.contains("\n  0   ") && run.stdout.contains("\n  1   ")
                && run.stdout.contains("\n  2   "), run.stdout);
        assertEquals(0, runner("-h").exit);
        assertEquals(0, runner("--version").exit);
        Run schema = runner("--print-schema");
        assertEquals(0, schema.exit);
        assertEquals(ManifestSchema.text(), schema.stdout);
    }

    @ParameterizedTest(name = "--model {0} exits {1}")
    @CsvSource({"Pass, 0", "Safety, 0", "Liveness, 0", "Deadlock, 0", "Assertion, 0", "ParseError, 1",
        "ConfigError, 1", "Crash, 1", "Drift, 1", "ExpectedSafetyButPasses, 1", "PlusCalStale, 1"})
    void exitCodeOfOneModel(String name, int exit, @TempDir Path dir) throws Exception {
        Run run = runner("--specs", SPECS.toString(), "--model", name, "--out", dir.toString());
        assertEquals(exit, run.exit, run.stdout + run.stderr);
    }

    @Test
    void unknownModelIsAUsageError(@TempDir Path dir) throws Exception {
        Run run = runner("--specs", SPECS.toString(), "--model", "Pas", "--out", dir.toString());
        assertEquals(2, run.exit);
        assertTrue(run.stderr.contains("unknown model 'Pas' (did you mean Pass?)"), run.stderr);
    }

    @Test
    void badOptionIsAUsageError() throws Exception {
        Run run = runner("--workers", "0");
        assertEquals(2, run.exit);
        assertTrue(run.stderr.contains("--workers takes a positive number or auto, not '0'"), run.stderr);
        assertEquals(2, runner("--frobnicate").exit);
    }

    @Test
    void missingSpecsFolderIsAnError(@TempDir Path dir) throws Exception {
        Run run = runner("--specs", dir.resolve("nope").toString(), "--out", dir.toString());
        assertEquals(2, run.exit);
        assertTrue(run.stderr.contains("does not exist"), run.stderr);
    }

    private static JsonNode model(String name) {
        return model(report, name);
    }

    /** The entry of model {@code name} in a runner's {@code report.json}. */
    static JsonNode model(JsonNode report, String name) {
        for (JsonNode m : report.get("models")) {
            if (m.get("name").asText().equals(name)) {
                return m;
            }
        }
        throw new AssertionError("no model " + name + " in the report");
    }

    record Run(int exit, String stdout, String stderr) {}

    static Run runner(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = ModelCheck.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Run(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }
}
