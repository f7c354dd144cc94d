package io.github.uncontended.tlc.check;

import static io.github.uncontended.tlc.check.ModelCheckFixturesTest.SPECS;
import static io.github.uncontended.tlc.check.ModelCheckFixturesTest.runner;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --each-property} on the fixture models: each property alone, and its failures named. */
public class PropertyAuditTest {

    @Test
    void eachPropertyAloneNamesEveryViolatedOneAndOnlyThose(@TempDir Path out) throws Exception {
        ModelCheckFixturesTest.Run run = runner("--specs", SPECS.toString(), "--out", out.toString(), "--each-property",
                "--model", "Safety,Pass,Liveness,Deadlock");
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        JsonNode json = new ObjectMapper().readTree(out.resolve("properties.json").toFile());
        // Safety.cfg: INVARIANT InRange XBelowTwo; TLC alone stops at XBelowTwo, InRange holds.
        assertEquals("[\"XBelowTwo\"]", model(json, "Safety").get("violated").toString());
        assertEquals("holds", verdict(json, "Safety", "InRange"));
        assertEquals("VIOLATED", verdict(json, "Safety", "XBelowTwo"));
        // Pass.cfg: an invariant, an action property and a temporal one, all hold.
        assertEquals("[]", model(json, "Pass").get("violated").toString());
        assertEquals("holds", verdict(json, "Pass", "XReachesThree"));
        assertEquals("holds", verdict(json, "Pass", "XNeverDecreases"));
        assertEquals("VIOLATED", verdict(json, "Liveness", "YReachesTwo"));
        // Deadlock: the invariant alone (deadlock off) holds, and a run of its own finds the deadlock.
        assertEquals("holds", verdict(json, "Deadlock", "InRange"));
        assertEquals("DEADLOCK", verdict(json, "Deadlock", "deadlock"));
        assertTrue(run.stdout().contains("Safety (kinds/Counter.tla, Safety.cfg; pinned: safety(XBelowTwo))"), run.stdout());
        assertTrue(run.stdout().contains("  violated: XBelowTwo"), run.stdout());
    }

    @Test
    void aPinnedViolationThatDoesNotComeOutViolatedFails(@TempDir Path out) {
        // WrongProperty pins InRange as violated; alone it holds.
        ModelCheckFixturesTest.Run run = runner("--specs", SPECS.toString(), "--out", out.toString(), "--each-property",
                "--model", "WrongProperty");
        assertEquals(1, run.exit(), run.stdout());
        assertTrue(run.stdout().contains("ERROR its manifest pins safety(InRange), but checked alone InRange is not violated"),
                run.stdout());
    }

    @Test
    void aRunThatEndsInNoVerdictFailsAndIsNeverCalledHolds(@TempDir Path out) {
        ModelCheckFixturesTest.Run run = runner("--specs", SPECS.toString(), "--out", out.toString(), "--each-property",
                "--model", "Assertion");
        assertEquals(1, run.exit(), run.stdout());
        assertTrue(run.stdout().contains("FAILED"), run.stdout());
        assertFalse(run.stdout().contains("holds"), run.stdout());
        assertTrue(run.stdout().contains("ERROR a run did not end in a verdict"), run.stdout());
    }

    @Test
    void withASimulationOrDistributedItIsAUsageError(@TempDir Path out) {
        ModelCheckFixturesTest.Run run = runner("--specs", SPECS.toString(), "--out", out.toString(), "--each-property",
                "--simulate", "traces=5,depth=5");
        assertEquals(2, run.exit());
        assertTrue(run.stderr().contains("--each-property runs each model as its manifest says"), run.stderr());
    }

    @Test
    void theConfigKeepsEverythingButTheOtherProperties() {
        String config = """
                \\* a comment naming INVARIANT Foo
                SPECIFICATION Spec
                INVARIANTS TypeOK
                    Safe (* block INVARIANT Bar *)
                PROPERTY Live
                CONSTANTS N = 2
                CHECK_DEADLOCK FALSE
                """;
        String only = PropertyAudit.onlyThis(config, "PROPERTY", "Live");
        assertTrue(only.contains("SPECIFICATION Spec"), only);
        assertTrue(only.contains("CONSTANTS N = 2"), only);
        assertTrue(only.contains("CHECK_DEADLOCK FALSE"), only);
        assertTrue(only.endsWith("PROPERTY Live\n"), only);
        assertFalse(only.contains("TypeOK") || only.contains("Safe") || only.contains("Foo") || only.contains("Bar"), only);
        assertFalse(PropertyAudit.onlyThis(config, null, "deadlock").contains("Live"));
    }

    private static JsonNode model(JsonNode json, String name) {
        for (JsonNode m : json) {
            if (m.get("model").asText().equals(name)) {
                return m;
            }
        }
        throw new AssertionError("no " + name + " in " + json);
    }

    private static String verdict(JsonNode json, String model, String property) {
        for (JsonNode p : model(json, model).get("properties")) {
            if (p.get("property").asText().equals(property)) {
                return p.get("verdict").asText();
            }
        }
        throw new AssertionError("no " + property + " for " + model + " in " + json);
    }
}
