package io.github.uncontended.tlc.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.manifest.contractfixture.Gauge;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract-coverage rule (issue 45): every public method of a design's classes, and every
 * method a peer's sites bind, has a clause; each clause's property is one its models check and
 * hold. Each broken variant below (an entry removed, a property unknown or unchecked, a model that
 * shows nothing about the implementation, a notModelled without its reason) is one precise line.
 */
public class ContractsTest {

    @TempDir
    Path specs;
    Path design;

    /** The fixture API's class files: this module's test classes, compiled before the tests run. */
    static final Path CLASSES = Path.of("target", "test-classes").toAbsolutePath();
    static final String GAUGE = Gauge.class.getName();
    static final String PROBE = GAUGE.replace("Gauge", "Probe");

    static final String MODELS = """
            [ { "name": "Good", "spec": "A.tla", "config": "A.cfg", "description": "holds",
                "mode": "exhaustive", "size": "ci", "expect": { "result": "success" }, "states": { "distinct": 1, "total": 1 } },
              { "name": "Weak", "spec": "A.tla", "config": "A.cfg", "description": "holds on weak memory",
                "mode": "exhaustive", "size": "ci", "expect": { "result": "success" }, "constants": { "Strength": "weak", "WeakStep": "none" },
                "states": { "distinct": 1, "total": 1 } },
              { "name": "Weakened", "spec": "A.tla", "config": "A.cfg", "description": "one access weakened",
                "mode": "exhaustive", "size": "ci", "expect": { "result": "success" }, "constants": { "Strength": "weak", "WeakStep": "Get", "WeakMode": "plain" },
                "states": { "distinct": 1, "total": 1 } },
              { "name": "Broken", "spec": "A.tla", "config": "A.cfg", "description": "a broken sibling",
                "mode": "exhaustive", "size": "ci", "expect": { "result": "safety", "property": "Inv" }, "states": { "distinct": 1, "total": 1 } },
              { "name": "Sampled", "spec": "A.tla", "config": "A.cfg", "description": "a simulation",
                "mode": "simulate", "size": "deep", "expect": { "result": "success" }, "simulate": { "traces": 1, "depth": 1 } },
              { "name": "Good-Reach", "spec": "A.tla", "config": "A.cfg", "description": "a witness",
                "mode": "exhaustive", "size": "ci", "expect": { "result": "reachable", "property": "Inv" }, "states": { "distinct": 1, "total": 1 } } ]""";

    /** One clause per public method and constructor of Gauge; Probe is internal. */
    static final String CLAUSES = """
            { "method": "Gauge.<init>", "clause": "starts at 0", "notModelled": "a field initializer; GaugeTest.startsAtZero" },
            { "method": "Gauge.get", "clause": "@return the value", "property": "Inv", "models": ["Good", "Weak"] },
            { "method": ["Gauge.add(int)", "Gauge.add(long)"], "clause": "adds n", "property": "P", "models": ["Good"], "scope": "sc" }""";

    @BeforeEach
    void files() throws IOException {
        design = Files.createDirectories(specs.resolve("demo"));
        Files.writeString(design.resolve("A.tla"), "---- MODULE A ----\nInv == TRUE\nP == TRUE\nQ == TRUE\nUnchecked == TRUE\n====\n");
        Files.writeString(design.resolve("A.cfg"), "SPECIFICATION Spec\nINVARIANT Inv\nPROPERTY P Q\n");
    }

    /**
     * A complete contracts field whose every clause is notModelled: for other tests' design
     * manifests, which must have one (StructuralCoverageTest's), and whose subject is not it.
     */
    public static String notModelledContracts() {
        return contracts("{ \"method\": [\"Gauge.<init>\", \"Gauge.get\", \"Gauge.add(int)\", \"Gauge.add(long)\"],"
                + " \"clause\": \"the fixture's API\", \"notModelled\": \"a fixture\" }", "");
    }

    private static String contracts(String clauses, String extra) {
        return "\"contracts\": { \"api\": \"the fixture's Javadoc\", \"classesDir\": \"" + CLASSES.toString().replace("\\", "\\\\")
                + "\", \"classes\": [\"" + GAUGE + "\"], \"internal\": {\"" + PROBE + "\": \"a probe\"}" + extra
                + ", \"clauses\": [" + clauses + "] }";
    }

    private ManifestLoader.Loaded load(String contracts) throws IOException {
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\","
                + (contracts.isEmpty() ? "" : " " + contracts + ",") + " \"models\": " + MODELS + " }");
        return new ManifestLoader(specs).load();
    }

    private ManifestLoader.Loaded clauses(String clauses) throws IOException {
        return load(contracts(clauses, ""));
    }

    /** The manifest as the loader names it (relative to the specs folder's parent). */
    private String manifest() {
        return specs.getFileName() + "/demo/manifest.json";
    }

    private static void assertOnly(ManifestLoader.Loaded loaded, String expected) {
        assertEquals(1, loaded.errors().size(), loaded.errors().toString());
        assertTrue(loaded.errors().get(0).contains(expected), "expected '" + expected + "' in " + loaded.errors());
    }

    @Test
    void aCompleteContractLoads() throws IOException {
        assertEquals(List.of(), clauses(CLAUSES).errors());
    }

    /** The broken variant the rule exists for: a public method's entry removed. */
    @Test
    void aRemovedEntryFailsNamingTheMethod() throws IOException {
        ManifestLoader.Loaded loaded = clauses(CLAUSES.replace(
                "{ \"method\": \"Gauge.get\", \"clause\": \"@return the value\", \"property\": \"Inv\", \"models\": [\"Good\", \"Weak\"] },", ""));
        assertOnly(loaded, "demo/manifest.json: contracts: Gauge.get, a public method of " + GAUGE + ", has no clause: add {\"method\": \"Gauge.get\"");
        assertOnly(clauses(CLAUSES.replace("[\"Gauge.add(int)\", \"Gauge.add(long)\"]", "\"Gauge.add(int)\"")),
                "contracts: Gauge.add(long), a public method of " + GAUGE + ", has no clause");
        assertOnly(clauses(CLAUSES.replace("{ \"method\": \"Gauge.<init>\"", "{ \"method\": \"Gauge.get\"")),
                "contracts: Gauge.<init>, a public constructor of " + GAUGE + ", has no clause");
    }

    @Test
    void anUnknownPropertyFails() throws IOException {
        assertOnly(clauses(CLAUSES.replace("\"property\": \"Inv\"", "\"property\": \"Nope\"")),
                "contracts.clauses[1] (Gauge.get): unknown property 'Nope': no module of model 'Good' (" + manifest() + ")"
                        + " defines it (its config A.cfg checks Inv, P, Q)");
    }

    @Test
    void aPropertyTheModelDoesNotCheckFails() throws IOException {
        assertOnly(clauses(CLAUSES.replace("\"property\": \"Inv\", \"models\": [\"Good\", \"Weak\"]",
                "\"property\": \"Unchecked\", \"models\": [\"Good\"]")),
                "contracts.clauses[1] (Gauge.get): model 'Good' (" + manifest() + ") does not check Unchecked: A.cfg checks Inv, P, Q");
    }

    @Test
    void aNotModelledWithoutReasonFails() throws IOException {
        assertOnly(clauses(CLAUSES.replace("\"a field initializer; GaugeTest.startsAtZero\"", "\"  \"")),
                "demo/manifest.json: contracts.clauses[0].notModelled: must be a non-empty string");
        assertOnly(clauses(CLAUSES.replace(", \"notModelled\": \"a field initializer; GaugeTest.startsAtZero\"", "")),
                "contracts.clauses[0]: must name a property and the models that check it");
        assertOnly(clauses(CLAUSES.replace("\"notModelled\": \"a field", "\"property\": \"Inv\", \"notModelled\": \"a field")),
                "contracts.clauses[0]: must name a property and the models that check it");
    }

    /** A witness, a broken sibling, a weakened access or a sample shows nothing about the implementation as it is. */
    @Test
    void onlyModelsOfTheImplementationThatHoldCount() throws IOException {
        String get = "\"models\": [\"Good\", \"Weak\"]";
        assertOnly(clauses(CLAUSES.replace(get, "\"models\": [\"Broken\"]")),
                "model 'Broken' (" + manifest() + ") expects safety(Inv), not success");
        assertOnly(clauses(CLAUSES.replace(get, "\"models\": [\"Good-Reach\"]")),
                "model 'Good-Reach' (" + manifest() + ") expects reachable(Inv), not success");
        assertOnly(clauses(CLAUSES.replace(get, "\"models\": [\"Weakened\"]")),
                "model 'Weakened' (" + manifest() + ") weakens Get to plain: name models of the implementation as it is");
        assertOnly(clauses(CLAUSES.replace(get, "\"models\": [\"Sampled\"]")),
                "model 'Sampled' (" + manifest() + ") is a simulation");
        assertOnly(clauses(CLAUSES.replace(get, "\"models\": [\"Good\", \"Gone\"]")),
                "contracts.clauses[1] (Gauge.get): models: no model 'Gone' in any manifest");
    }

    @Test
    void theScopeIsTheWeakestStrengthChecked() throws IOException {
        assertOnly(clauses(CLAUSES.replace("\"scope\": \"sc\"", "\"scope\": \"weak\"")),
                "contracts.clauses[2] (Gauge.add(int), Gauge.add(long)): scope 'weak', but the weakest memory strength its models"
                        + " check is 'sc' (no model sets Strength: sequential consistency)");
        assertOnly(clauses(CLAUSES.replace(", \"Weak\"] }", ", \"Weak\"], \"scope\": \"tso\" }")),
                "scope 'tso', but the weakest memory strength its models check is 'weak' (model 'Weak')");
    }

    /**
     * An ordering clause's steps: each a step of the JavaMode its models are bound to. The broken
     * variants: a step the table does not have, and steps on a clause none of whose models is
     * bound to the Java.
     */
    @Test
    void stepsAreStepsOfTheModelsJavaMode() throws IOException {
        Files.writeString(design.resolve("A.tla"), "---- MODULE A ----\nInv == TRUE\nP == TRUE\nQ == TRUE\nUnchecked == TRUE\n"
                + "JavaMode == [Get |-> \"acquire\", \\* the load\n    Put |-> \"release\"]\n====\n");
        String java = "\"java\": { \"spec\": \"A.tla\", \"classes\": [\"" + GAUGE + "\"], \"sites\": { \"Gauge.get: value\": \"Get\" } }, ";
        String get = "\"models\": [\"Good\", \"Weak\"]";
        assertEquals(List.of(), load(java + contracts(CLAUSES.replace(get, get + ", \"steps\": [\"Get\", \"Put\"]"), "")).errors());
        assertOnly(load(java + contracts(CLAUSES.replace(get, get + ", \"steps\": [\"Get\", \"Take\"]"), "")),
                "contracts.clauses[1] (Gauge.get): steps: 'Take' is not a step of the JavaMode of its models' weak-memory"
                        + " modules (their steps: Get, Put)");
        assertOnly(clauses(CLAUSES.replace(get, get + ", \"steps\": [\"Get\"]")),
                "contracts.clauses[1] (Gauge.get): steps: none of its models is bound to the Java");
        assertOnly(clauses(CLAUSES.replace("\"notModelled\": \"a field initializer; GaugeTest.startsAtZero\"",
                "\"notModelled\": \"a field initializer; GaugeTest.startsAtZero\", \"steps\": [\"Get\"]")),
                "contracts.clauses[0]: must name a property and the models that check it");
    }

    @Test
    void methodsMustBeTheClassesPublicOnes() throws IOException {
        assertOnly(clauses(CLAUSES.replace("[\"Gauge.add(int)\", \"Gauge.add(long)\"]", "\"Gauge.add\"")),
                "contracts.clauses[2] (Gauge.add): Gauge.add is overloaded: name each overload with its parameter types"
                        + " (Gauge.add(int), Gauge.add(long))");
        assertOnly(clauses(CLAUSES + ", { \"method\": \"Gauge.reset\", \"clause\": \"x\", \"notModelled\": \"y\" }"),
                "contracts.clauses[3] (Gauge.reset): Gauge has no public method or constructor Gauge.reset (its public ones:"
                        + " <init>, add(int), add(long), get)");
        assertOnly(clauses(CLAUSES + ", { \"method\": \"Meter.get\", \"clause\": \"x\", \"notModelled\": \"y\" }"),
                "contracts.clauses[3] (Meter.get): no class Meter in contracts.classes (they are Gauge)");
        // the signature of a method that is not overloaded is accepted too
        assertEquals(List.of(), clauses(CLAUSES.replace("\"Gauge.get\"", "\"Gauge.get()\"")).errors());
    }

    @Test
    void theClassFilesMustBeThere() throws IOException {
        ManifestLoader.Loaded away = load(contracts(CLAUSES, "").replace(CLASSES.toString(), specs.resolve("nowhere").toString()));
        assertEquals(List.of(), away.errors(), "a spec folder copied away from its classes still checks its models");
        assertTrue(away.warnings().stream().anyMatch(w -> w.contains("contracts.classesDir: " + specs.getFileName()
                + "/nowhere is not a folder") && w.contains("NOT checked")), away.warnings().toString());
        assertOnly(load(contracts(CLAUSES, "").replace("\"classes\": [\"" + GAUGE + "\"]",
                "\"classes\": [\"" + GAUGE + "\", \"" + GAUGE + "$Unit$Nope\"]")),
                "contracts.classes: no class file");
        assertOnly(load(contracts(CLAUSES, "").replace("\"classes\": [\"" + GAUGE + "\"]",
                "\"classes\": [\"" + GAUGE + "\", \"" + GAUGE + "$Hidden\"]")),
                "contracts.classes: " + GAUGE + "$Hidden is not public: list only the API's classes");
        assertOnly(load(contracts(CLAUSES, "").replace(", \"classesDir\": \"" + CLASSES.toString().replace("\\", "\\\\") + "\"", "")),
                "demo/manifest.json: contracts: \"classes\" and \"classesDir\" go together");
    }

    @Test
    void everyPublicClassOfThePackageIsListedOrInternal() throws IOException {
        assertOnly(load(contracts(CLAUSES, "").replace(", \"internal\": {\"" + PROBE + "\": \"a probe\"}", "")),
                "contracts.classes: public class " + PROBE + " declares public methods (Probe.read) but is neither in classes"
                        + " nor in internal");
    }

    @Test
    void designAndPeerManifestsMustHaveContracts() throws IOException {
        String cases = "\"structuralCases\": { \"Case\": { \"witness\": \"Good-Reach\", \"description\": \"c\" } }";
        assertOnly(load(cases), "demo/manifest.json: \"contracts\" is required in a design's manifest");
        assertEquals(List.of(), load(cases + ", " + contracts(CLAUSES, "")).errors());
        String peer = "\"peer\": { \"spec\": \"A.tla\", \"source\": \"jdk:17\", \"classes\": [\"a.B\"],"
                + " \"sites\": { \"B.get: getVolatile\": \"Get\", \"B.put: setRelease\": \"unmodelled: r\", \"B.*: address\": \"unmodelled: r\" } }";
        assertOnly(load(peer), "demo/manifest.json: \"contracts\" is required in a peer's manifest");
        String peerContracts = "\"contracts\": { \"api\": \"B's javadoc\", \"clauses\": ["
                + "{ \"method\": \"B.get\", \"clause\": \"the value\", \"property\": \"Inv\", \"models\": [\"Good\"] } ] }";
        assertOnly(load(peer + ", " + peerContracts),
                "demo/manifest.json: contracts: B.put, a method the peer's sites bind, has no clause");
        assertEquals(List.of(), load(peer + ", " + peerContracts.replace("] } ] }",
                "] }, { \"method\": \"B.put\", \"clause\": \"stores\", \"notModelled\": \"n\" } ] }")).errors());
    }

    /**
     * The project's manifests map their contracts: every public method of the designs' classes
     * (java-impl built first) and every method the peers' sites bind.
     */
    @Test
    void theProjectsManifestsMapTheirContracts() throws IOException {
        ManifestLoader.Loaded loaded = new ManifestLoader(Path.of("..", "specs")).load();
        assertEquals(List.of(), loaded.errors().stream().filter(e -> e.contains("contracts")).toList());
        assertEquals(List.of(), loaded.warnings().stream().filter(w -> w.contains("contracts")).toList(),
                "in this repository every design's classes are built, so every contract's coverage is checked");
    }

    /**
     * A broken variant of the project's own contracts: the session manifest with the clauses of
     * one public method removed. The loader names the method.
     */
    @Test
    void theSessionWithOneEntryRemovedFails() throws IOException {
        Path copy = FixtureSpecs.projectDesign(specs, "session");
        Path manifest = copy.resolve("session/manifest.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(manifest.toFile());
        assertEquals(List.of(), new ManifestLoader(copy).load().errors().stream().filter(e -> e.contains("contracts")).toList(),
                "the copy's contracts are complete before the change");
        ArrayNode clauses = (ArrayNode) root.get("contracts").get("clauses");
        for (int i = clauses.size() - 1; i >= 0; i--) {   // Session.isAlive out of every clause that names it
            JsonNode method = clauses.get(i).get("method");
            if (method.isTextual() && method.asText().equals("Session.isAlive")) {
                clauses.remove(i);
            } else if (method.isArray()) {
                for (int j = method.size() - 1; j >= 0; j--) {
                    if (method.get(j).asText().equals("Session.isAlive")) {
                        ((ArrayNode) method).remove(j);
                    }
                }
            }
        }
        json.writerWithDefaultPrettyPrinter().writeValue(manifest.toFile(), root);
        List<String> errors = new ManifestLoader(copy).load().errors().stream().filter(e -> e.contains("contracts")).toList();
        assertEquals(List.of("specs/session/manifest.json: contracts: Session.isAlive, a public method of"
                + " io.github.uncontended.session.Session, has no clause: add {\"method\": \"Session.isAlive\", \"clause\":"
                + " \"<each @return, @throws and ordering sentence, one clause each>\", \"property\": \"<the property>\","
                + " \"models\": [\"<models checking it>\"]}, or \"notModelled\": \"<why no model shows it, and the test that"
                + " does>\" in place of property and models"), errors);
    }
}
