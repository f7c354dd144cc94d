package io.github.uncontended.tlc.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest is checked before any TLC run: every malformed entry gets one precise line. */
public class ManifestLoaderTest {

    @TempDir
    Path specs;
    Path design;

    static final String GOOD = """
            { "name": "Good", "spec": "A.tla", "config": "A.cfg", "description": "fine",
              "mode": "exhaustive", "size": "ci", "expect": { "result": "success" },
              "states": { "distinct": 1, "total": 1 } }""";

    @BeforeEach
    void files() throws IOException {
        design = Files.createDirectories(specs.resolve("demo"));
        Files.writeString(design.resolve("A.tla"), "---- MODULE A ----\n====\n");
        Files.writeString(design.resolve("A.cfg"), "SPECIFICATION Spec\nINVARIANT Inv\nPROPERTY P Q\n");
        Files.writeString(design.resolve("B.cfg"), "SPECIFICATION Spec\nPROPERTY Live \\* only one\n");
    }

    private ManifestLoader.Loaded load(String... models) throws IOException {
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": [" + String.join(",", models) + "] }");
        return new ManifestLoader(specs).load();
    }

    private static void assertError(ManifestLoader.Loaded loaded, String expected) {
        assertTrue(loaded.errors().stream().anyMatch(e -> e.contains(expected)),
                "expected an error containing '" + expected + "', got " + loaded.errors());
    }

    @Test
    void aValidManifestLoads() throws IOException {
        ManifestLoader.Loaded loaded = load(GOOD);
        assertEquals(List.of(), loaded.errors());
        assertEquals("Good", loaded.models().get(0).name());
        assertEquals(List.of("P", "Q"), loaded.models().get(0).configProperties());
    }

    @Test
    void unknownFieldIsNamed() throws IOException {
        ManifestLoader.Loaded loaded = load(GOOD.replace("\"size\"", "\"sise\": \"ci\", \"size\""));
        assertError(loaded, "demo/manifest.json: model 'Good': unknown field \"sise\"");
    }

    @Test
    void missingFilesAreNamed() throws IOException {
        ManifestLoader.Loaded loaded = load(GOOD.replace("A.tla", "Nope.tla"), GOOD.replace("Good", "Other")
                .replace("A.cfg", "Nope.cfg"));
        assertError(loaded, "/demo/Nope.tla does not exist");
        assertTrue(loaded.errors().get(0).contains("model 'Good': spec file "), loaded.errors().toString());
        assertError(loaded, "/demo/Nope.cfg does not exist");
        assertTrue(loaded.errors().get(1).contains("model 'Other': config file "), loaded.errors().toString());
    }

    @Test
    void brokenJsonGivesTheLine() throws IOException {
        Files.writeString(design.resolve("manifest.json"), "{\n \"design\": \"demo\",\n \"models\": [ }\n");
        ManifestLoader.Loaded loaded = new ManifestLoader(specs).load();
        assertError(loaded, "demo/manifest.json: not valid JSON at line 3");
    }

    @Test
    void oneBadModelDoesNotHideTheOthers() throws IOException {
        ManifestLoader.Loaded loaded = load(GOOD, GOOD.replace("Good", "Bad").replace("\"ci\"", "\"huge\""));
        assertError(loaded, "model 'Bad': size: must be one of [ci, deep] (got 'huge')");
        assertEquals(1, loaded.models().size());
    }

    @Test
    void expectationsAreChecked() throws IOException {
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "NoProp").replace("\"success\"", "\"safety\""),
                GOOD.replace("Good", "Unknown").replace("\"success\"", "\"timeout\""),
                GOOD.replace("Good", "NotChecked").replace("\"result\": \"success\"", "\"result\": \"safety\", \"property\": \"Zzz\""),
                GOOD.replace("Good", "TwoProps").replace("\"result\": \"success\"", "\"result\": \"liveness\", \"property\": \"P\""),
                GOOD.replace("Good", "OneProp").replace("A.cfg", "B.cfg")
                        .replace("\"result\": \"success\"", "\"result\": \"liveness\", \"property\": \"Live\""));
        assertError(loaded, "model 'NoProp': expect: \"property\" is required for an expected safety, liveness or reachable");
        assertError(loaded, "model 'Unknown': expect.result: must be one of [success, safety, liveness, deadlock, assertion, reachable] (got 'timeout')");
        assertError(loaded, "model 'NotChecked': expected safety property 'Zzz' is neither an INVARIANT nor a PROPERTY in A.cfg");
        assertError(loaded, "model 'TwoProps': a model expected to violate liveness property 'P' must list exactly that one PROPERTY");
        assertEquals(List.of("OneProp"), loaded.models().stream().map(Model::name).toList());
    }

    @Test
    void constantsAreAssignedInOnePlace() throws IOException {
        Files.writeString(design.resolve("C.cfg"), "CONSTANTS N = 3 Mode = \"plain\"\nSPECIFICATION Spec\nINVARIANT Inv\n");
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "Clash").replace("A.cfg", "C.cfg").replace("\"states\"", "\"constants\": {\"N\": 2}, \"states\""),
                GOOD.replace("Good", "Quote").replace("\"states\"", "\"constants\": {\"S\": \"a\\\"b\"}, \"states\""),
                GOOD.replace("Good", "Fine").replace("\"states\"", "\"constants\": {\"S\": \"weak\", \"K\": 1, \"B\": true}, \"states\""));
        assertError(loaded, "model 'Clash': constants: N is also assigned in C.cfg");
        assertError(loaded, "model 'Quote': constants.S: must be a string (without quotes or backslashes)");
        assertEquals(java.util.Map.of("S", "\"weak\"", "K", "1", "B", "TRUE"), loaded.models().get(0).constants());
    }

    @Test
    void aWitnessMustBeAnInvariantOfItsConfig() throws IOException {
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "NotInv").replace("\"result\": \"success\"", "\"result\": \"reachable\", \"property\": \"P\""),
                GOOD.replace("Good", "Witness").replace("\"result\": \"success\"", "\"result\": \"reachable\", \"property\": \"Inv\""));
        assertError(loaded, "model 'NotInv': the witness 'P' of an expected reachable must be an INVARIANT in A.cfg");
        assertEquals("reachable(Inv)", loaded.models().get(0).expectation());
    }

    @Test
    void onlyAWitnessMayAskForARunOfItsOwn() throws IOException {
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "NotWitness").replace("\"mode\"", "\"ownRun\": true, \"mode\""),
                GOOD.replace("Good", "Witness").replace("\"mode\"", "\"ownRun\": true, \"mode\"")
                        .replace("\"result\": \"success\"", "\"result\": \"reachable\", \"property\": \"Inv\""));
        assertError(loaded, "model 'NotWitness': ownRun: only a witness (expect.result reachable)");
        assertEquals(1, loaded.errors().size(), loaded.errors().toString());
        assertTrue(loaded.models().stream().filter(m -> m.name().equals("Witness")).findFirst().orElseThrow().ownRun());
    }

    @Test
    void ownRunFalseIsTheDefaultSaidOutLoud() throws IOException {
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "NotWitness").replace("\"mode\"", "\"ownRun\": false, \"mode\""),
                GOOD.replace("Good", "Witness").replace("\"mode\"", "\"ownRun\": false, \"mode\"")
                        .replace("\"result\": \"success\"", "\"result\": \"reachable\", \"property\": \"Inv\""));
        assertEquals(List.of(), loaded.errors());
        assertFalse(loaded.models().stream().filter(m -> m.name().equals("Witness")).findFirst().orElseThrow().ownRun(),
                "a witness with ownRun false folds into its model's run");
    }

    @Test
    void aManifestAtTheTopOfTheSpecsFolderIsNoDesignsMemoryManifest() throws IOException {
        Files.copy(design.resolve("A.tla"), specs.resolve("A.tla"));
        Files.copy(design.resolve("A.cfg"), specs.resolve("A.cfg"));
        Files.writeString(specs.resolve("manifest.json"), "{ \"design\": \"top\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": [" + GOOD.replace("Good", "Top") + "] }");
        ManifestLoader.Loaded loaded = load(GOOD);
        assertEquals(List.of(), loaded.errors(), "only <design>/memory/manifest.json must say what it covers");
        assertEquals(List.of("Good", "Top"), loaded.models().stream().map(Model::name).sorted().toList());
    }

    @Test
    void aRunThatStopsAtAnInvariantChecksNoTemporalProperty() throws IOException {
        Files.writeString(design.resolve("W.cfg"), "SPECIFICATION Spec\n(* PROPERTY InAComment *)\nINVARIANT Inv\n"
                + "  Witness_X \\* reached\nPROPERTIES P\n   Q\nCONSTANT N = 2\n");
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "Base").replace("A.cfg", "W.cfg"),
                GOOD.replace("Good", "Reach").replace("A.cfg", "W.cfg")
                        .replace("\"result\": \"success\"", "\"result\": \"reachable\", \"property\": \"Witness_X\"")
                        .replace("\"states\"", "\"constants\": {\"R\": \"X\"}, \"states\""),
                GOOD.replace("Good", "BreaksInv").replace("A.cfg", "W.cfg")
                        .replace("\"result\": \"success\"", "\"result\": \"safety\", \"property\": \"Inv\""),
                GOOD.replace("Good", "BreaksP").replace("A.cfg", "W.cfg")
                        .replace("\"result\": \"success\"", "\"result\": \"safety\", \"property\": \"P\""));
        assertEquals(List.of(), loaded.errors());
        java.util.Map<String, Model> byName = new java.util.HashMap<>();
        loaded.models().forEach(m -> byName.put(m.name(), m));
        // The model's own run and a violation of a temporal property keep the config as it is.
        for (String keeps : List.of("Base", "BreaksP")) {
            assertTrue(!byName.get(keeps).stopsAtAnInvariant(), keeps);
            assertEquals(Files.readString(design.resolve("W.cfg")), byName.get(keeps).configText(), keeps);
        }
        // A witness and a broken invariant: the invariants and constants stay, P and Q go.
        for (String stops : List.of("Reach", "BreaksInv")) {
            String text = byName.get(stops).configText();
            assertTrue(byName.get(stops).stopsAtAnInvariant(), stops);
            assertTrue(text.contains("INVARIANT Inv") && text.contains("Witness_X") && text.contains("CONSTANT N = 2"), text);
            assertTrue(!text.contains("PROPERT") && !text.contains(" P\n") && !text.contains("Q"), text);
        }
        assertTrue(byName.get("Reach").configText().contains("R = \"X\""));
    }

    @Test
    void aPublishedOutcomeSetNeedsItsSource() throws IOException {
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "NoSource").replace("\"states\"", "\"litmus\": {\"outcomes\": [\"0\"]}, \"states\""),
                GOOD.replace("Good", "Stray").replace("\"states\"",
                        "\"litmus\": {\"outcomes\": [\"0\"], \"source\": \"s\", \"notModelled\": {\"1\": \"r\"}}, \"states\""));
        assertError(loaded, "model 'NoSource': litmus: \"source\" is required with a published outcome set");
        assertError(loaded, "model 'Stray': litmus.notModelled['1'] is not a published outcome");
    }

    @Test
    void ciModelsPinTheirCounts() throws IOException {
        ManifestLoader.Loaded loaded = load(GOOD.replaceAll(",\\s*\"states\": \\{[^}]*}", ""));
        assertError(loaded, "model 'Good': an exhaustive ci model must pin states.distinct and states.total");
    }

    @Test
    void schemaErrorsNameTheFileTheModelAndTheField() throws IOException {
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "BadName!"),
                GOOD.replace("Good", "NoSpec").replace("\"spec\": \"A.tla\", ", ""),
                GOOD.replace("Good", "NotTla").replace("\"A.tla\"", "\"A.txt\""),
                GOOD.replace("Good", "Counts").replace("\"distinct\": 1", "\"distinct\": -1"),
                GOOD.replace("Good", "Timeout").replace("\"states\"", "\"timeoutSeconds\": 0, \"states\""),
                GOOD.replace("Good", "Deadlock").replace("\"states\"", "\"checkDeadlock\": \"no\", \"states\""),
                GOOD.replace("Good", "PropertyOnSuccess").replace("\"result\": \"success\"", "\"result\": \"success\", \"property\": \"P\""),
                GOOD.replace("Good", "SimWithoutOptions").replace("\"exhaustive\"", "\"simulate\"").replaceAll(",\\s*\"states\": \\{[^}]*}", ""),
                GOOD.replace("Good", "SimWithStates").replace("\"exhaustive\"", "\"simulate\"")
                        .replace("\"states\"", "\"simulate\": {\"traces\": 1, \"depth\": 2}, \"states\""),
                GOOD.replace("Good", "SimLiveness").replace("\"exhaustive\"", "\"simulate\"").replaceAll(",\\s*\"states\": \\{[^}]*}", "")
                        .replace("A.cfg", "B.cfg").replace("\"result\": \"success\"", "\"result\": \"liveness\", \"property\": \"Live\"")
                        .replace("\"expect\"", "\"simulate\": {\"traces\": 1, \"depth\": 2}, \"expect\""),
                GOOD.replace("Good", "SimOptionsExhaustive").replace("\"states\"", "\"simulate\": {\"traces\": 1, \"depth\": 2}, \"states\""),
                GOOD.replace("Good", "LitmusSimulated").replace("\"exhaustive\"", "\"simulate\"").replaceAll(",\\s*\"states\": \\{[^}]*}", "")
                        .replace("\"expect\"", "\"simulate\": {\"traces\": 1, \"depth\": 2}, \"litmus\": {\"jcstress\": \"a.B\"}, \"expect\""),
                GOOD.replace("Good", "LitmusBoth").replace("\"states\"",
                        "\"litmus\": {\"jcstress\": \"a.B\", \"outcomes\": [\"0\"], \"source\": \"s\"}, \"states\""),
                GOOD.replace("Good", "LitmusJcstressWithSource").replace("\"states\"",
                        "\"litmus\": {\"jcstress\": \"a.B\", \"source\": \"s\"}, \"states\""),
                GOOD.replace("Good", "LitmusNoTest").replace("\"states\"", "\"litmus\": {}, \"states\""),
                GOOD.replace("Good", "GradedNoSource").replace("\"states\"",
                        "\"litmus\": {\"allowed\": [\"0\"], \"forbidden\": []}, \"states\""),
                GOOD.replace("Good", "GradedWithTest").replace("\"states\"",
                        "\"litmus\": {\"jcstress\": \"a.B\", \"allowed\": [], \"forbidden\": [\"1\"], \"source\": \"s\"}, \"states\""),
                GOOD.replace("Good", "GradedNothing").replace("\"states\"",
                        "\"litmus\": {\"allowed\": [], \"forbidden\": [], \"source\": \"s\"}, \"states\""),
                GOOD.replace("Good", "GradedAndPublished").replace("\"states\"",
                        "\"litmus\": {\"outcomes\": [\"0\"], \"forbidden\": [\"1\"], \"source\": \"s\"}, \"states\""),
                GOOD.replace("Good", "LitmusNoReason").replace("\"states\"",
                        "\"litmus\": {\"jcstress\": \"a.B\", \"beyondSequentialConsistency\": {\"1, 0\": \"\"}}, \"states\""),
                GOOD.replace("Good", "ConstantName").replace("\"states\"", "\"constants\": {\"1N\": 1}, \"states\""),
                GOOD.replace("Good", "ConstantReal").replace("\"states\"", "\"constants\": {\"N\": 1.5}, \"states\""));
        assertError(loaded, "demo/manifest.json: model 'BadName!': name: must use only letters, digits, '_' and '-'");
        assertError(loaded, "model 'NoSpec': \"spec\" is required");
        assertError(loaded, "model 'NotTla': spec: must be a .tla file");
        assertError(loaded, "model 'Counts': states.distinct: must be a whole number >= 0");
        assertError(loaded, "model 'Timeout': timeoutSeconds: must be a positive whole number");
        assertError(loaded, "model 'Deadlock': checkDeadlock: must be true or false");
        assertError(loaded, "model 'PropertyOnSuccess': expect: \"property\" only goes with safety, liveness or reachable");
        assertError(loaded, "model 'SimWithoutOptions': a simulate model needs \"simulate\"");
        assertError(loaded, "model 'SimWithStates': a simulate model has no reproducible state counts: drop \"states\"");
        assertError(loaded, "model 'SimOptionsExhaustive': \"simulate\" only goes with mode simulate");
        assertError(loaded, "model 'SimLiveness': expect.result: a simulation is judged on safety properties only");
        assertError(loaded, "model 'LitmusSimulated': mode: a litmus model must be exhaustive");
        assertError(loaded, "model 'LitmusBoth': litmus: a published outcome set (\"outcomes\") replaces the jcstress tie");
        assertError(loaded, "model 'LitmusJcstressWithSource': litmus: \"notModelled\" and \"source\" go with a published outcome set");
        assertError(loaded, "model 'LitmusNoTest': litmus: name a jcstress test (\"jcstress\") or give a published outcome set");
        assertError(loaded, "model 'GradedNoSource': litmus: a catalogue's grading needs \"allowed\", \"forbidden\"");
        assertError(loaded, "model 'GradedWithTest': litmus: a catalogue's grading replaces the jcstress tie");
        assertError(loaded, "model 'GradedNothing': litmus: a catalogue's grading replaces the jcstress tie and grades at least one outcome");
        assertError(loaded, "model 'GradedAndPublished': litmus: a published outcome set (\"outcomes\") replaces the jcstress tie"
                + " and a catalogue's grading");
        assertError(loaded, "model 'LitmusNoReason': litmus.beyondSequentialConsistency['1, 0']: must be a non-empty string");
        assertError(loaded, "model 'ConstantName': constants: '1N' is not a TLA+ identifier");
        assertError(loaded, "model 'ConstantReal': constants.N: must be a string (without quotes or backslashes), a whole number or a boolean");
        assertEquals(List.of(), loaded.models(), "no model with a schema error is run");
    }

    /** A views entry that names nothing of the specs would silently change nothing: each is an error. */
    @Test
    void viewsMustNameWhatTheSpecsHave() throws IOException {
        Files.writeString(design.resolve("A.tla"), "---- MODULE A ----\nVARIABLES pc, tail, t\nCasTail(p) == tail' = t\n====\n");
        Files.writeString(design.resolve("Shard.java"), "final class Shard {}\n");
        String views = "\"views\": { \"threads\": {\"pc\": \"producer\", \"cpcc\": \"consumer\"}, \"shared\": [\"gott\"],"
                + " \"cas\": {\"CasTail\": {\"target\": \"tail[sh]\", \"expected\": \"t\"}, \"CasHead\": {\"target\": \"tail\", \"expected\": \"t\"}},"
                + " \"artifacts\": {\"Wrap\": \"a reset\"}, \"java\": {\"A\": [\"Shard.java\", \"Gone.java\"], \"Z\": [\"Shard.java\"]} }";
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + views + ", \"models\": [" + GOOD + "] }");
        ManifestLoader.Loaded loaded = new ManifestLoader(specs).load();
        assertError(loaded, "demo/manifest.json: views.threads: no module in");
        assertError(loaded, "uses a variable 'cpcc'");
        assertError(loaded, "views.cas.CasTail: no module in");
        assertError(loaded, "uses a variable 'sh'");
        assertError(loaded, "views.cas: no module in");
        assertError(loaded, "defines an action 'CasHead'");
        assertError(loaded, "views.artifacts: no module in");
        assertError(loaded, "defines an action 'Wrap'");
        assertError(loaded, "views.java: no module Z in");
        assertError(loaded, "views.shared: no module in");
        assertError(loaded, "uses a variable 'gott'");
        assertEquals(6, loaded.errors().size(), loaded.errors().toString());
        // A missing Java source costs the link, not the run: a spec folder copied away still checks.
        assertEquals(1, loaded.warnings().size(), loaded.warnings().toString());
        assertTrue(loaded.warnings().get(0).contains("views.java.A: Gone.java is not a file (relative to ")
                && loaded.warnings().get(0).endsWith("): the counterexample views of A link no Java"), loaded.warnings().toString());

        Files.writeString(design.resolve("A.tla"), "---- MODULE A ----\nVARIABLES pc, cpc, tail, t, sh\nCasTail(p) == tail' = t\n"
                + "CasHead == TRUE\nWrap == TRUE\n====\n");
        Files.writeString(design.resolve("Gone.java"), "final class Gone {}\n");
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + views.replace("cpcc", "cpc").replace("gott", "t").replace(", \"Z\": [\"Shard.java\"]", "") + ", \"models\": [" + GOOD + "] }");
        loaded = new ManifestLoader(specs).load();
        assertEquals(List.of(), loaded.errors());
        Views v = loaded.models().get(0).views();
        assertEquals("consumer", v.threads().get("cpc"));
        assertEquals("sh", v.cas().get("CasTail").index());
        assertEquals(java.util.Set.of("t"), v.shared());
        assertEquals(List.of(design.resolve("Shard.java").normalize(), design.resolve("Gone.java").normalize()), v.java().get("A"));
    }

    @Test
    void manifestLevelFieldsAreChecked() throws IOException {
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"\", \"modules\": {\"X.txt\": \"r\"},"
                + " \"library\": \"../memory\", \"models\": [" + GOOD + "], \"extra\": 1 }");
        ManifestLoader.Loaded loaded = new ManifestLoader(specs).load();
        assertError(loaded, "demo/manifest.json: \"description\" is required");
        assertError(loaded, "demo/manifest.json: design: must be a non-empty string");
        assertError(loaded, "demo/manifest.json: modules: must map each non-model .tla file of the folder to a one-line role");
        assertError(loaded, "demo/manifest.json: library: must be an array of folders");
        assertError(loaded, "demo/manifest.json: unknown field \"extra\" (known: contracts, covers, description, design, java, lbExempt, library, models, modules, peer, structuralCases, views)");
        assertEquals(List.of("Good"), loaded.models().stream().map(Model::name).toList(),
                "a manifest-level error does not hide a valid model");
    }

    /** The memory layer's binding of the Java (make modes): its shape is the schema's, its meaning AccessModes'. */
    @Test
    void theJavaBindingOfAMemoryModelIsChecked() throws IOException {
        String java = "\"java\": {\"spec\": \"A.tla\", \"classes\": [\"io.github.X\"], \"sites\": {\"X.m: SEQ\": [\"A\", \"B\"],"
                + " \"X.n: SEQ\": \"unmodelled: tests\"}, \"user\": [\"WriteEvent\"]}";
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {}, "
                + java + ", \"models\": [" + GOOD + "] }");
        assertEquals(List.of(), new ManifestLoader(specs).load().errors());
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {}, "
                + "\"java\": {\"spec\": \"A.tla\", \"classes\": [], \"sites\": {\"X.m: SEQ\": \"A\"}}, \"models\": [" + GOOD + "] }");
        assertError(new ManifestLoader(specs).load(), "demo/manifest.json: java.classes: must name the implementation classes");
        // A list of bindings (one folder, two implementations): each is checked the same way.
        String two = "\"java\": [" + java.substring("\"java\": ".length()) + ", {\"spec\": \"B.tla\", \"classes\": [\"io.github.Y\"],"
                + " \"sites\": {\"Y.m: X\": \"B\"}}]";
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {}, "
                + two + ", \"models\": [" + GOOD + "] }");
        assertEquals(List.of(), new ManifestLoader(specs).load().errors());
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {}, "
                + two.replace("[\"io.github.Y\"]", "[]") + ", \"models\": [" + GOOD + "] }");
        assertError(new ManifestLoader(specs).load(), "must name the implementation classes");
    }

    @Test
    void aSchemaReferenceIsAccepted() throws IOException {
        Files.writeString(design.resolve("manifest.json"), "{ \"$schema\": \"../manifest.schema.json\", \"design\": \"demo\","
                + " \"description\": \"d\", \"modules\": {}, \"models\": [" + GOOD + "] }");
        assertEquals(List.of(), new ManifestLoader(specs).load().errors());
    }

    /** The project's own manifests (and the runner's fixtures) all validate, and point editors at the schema. */
    @Test
    void everyManifestOfTheProjectValidatesAgainstTheSchema() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<Path> manifests;
        try (var walk = Files.walk(Path.of("..", "specs"))) {
            manifests = new java.util.ArrayList<>(walk.filter(p -> p.getFileName().toString().equals("manifest.json")).toList());
        }
        try (var walk = Files.walk(Path.of("src", "test", "resources", "fixtures"))) {
            walk.filter(p -> p.getFileName().toString().equals("manifest.json")).forEach(manifests::add);
        }
        assertTrue(manifests.size() >= 5, manifests.toString());
        for (Path m : manifests) {
            JsonNode node = mapper.readTree(m.toFile());
            assertEquals(List.of(), ManifestSchema.validate(node), m.toString());
            if (m.startsWith(Path.of("..", "specs"))) {
                String expected = Path.of("..", "specs").relativize(m).getNameCount() == 2 ? "../manifest.schema.json"
                        : "../../manifest.schema.json";
                assertEquals(expected, node.path("$schema").asText(), m + " names the schema for editors: add"
                        + " \"$schema\": \"" + expected + "\" as its first field");
            }
        }
    }

    @Test
    void theJarCarriesTheSchemaOfTheSpecsFolder() throws IOException {
        assertEquals(Files.readString(Path.of("..", "specs", "manifest.schema.json")), ManifestSchema.text());
    }

    @Test
    void orphanModulesAndDuplicateNamesAreErrors() throws IOException {
        Files.writeString(design.resolve("Orphan.tla"), "---- MODULE Orphan ----\n====\n");
        Path other = Files.createDirectories(specs.resolve("other"));
        Files.copy(design.resolve("A.tla"), other.resolve("A.tla"));
        Files.copy(design.resolve("A.cfg"), other.resolve("A.cfg"));
        Files.writeString(other.resolve("manifest.json"), "{ \"design\": \"o\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": [" + GOOD + "] }");
        ManifestLoader.Loaded loaded = load(GOOD);
        assertError(loaded, "demo/manifest.json: Orphan.tla is neither a model's spec nor listed under \"modules\"");
        assertError(loaded, "model 'Good': name already used in");
    }

    /** A module in a sub-folder (broken/) needs a role as much as one beside the manifest; one under its own manifest is that manifest's. */
    @Test
    void orphanModulesInSubFoldersAreErrors() throws IOException {
        Path broken = Files.createDirectories(design.resolve("broken"));
        Files.writeString(broken.resolve("Stray.tla"), "---- MODULE Stray ----\n====\n");
        Path owned = Files.createDirectories(design.resolve("litmus"));
        Files.copy(design.resolve("A.tla"), owned.resolve("A.tla"));
        Files.copy(design.resolve("A.cfg"), owned.resolve("A.cfg"));
        Files.writeString(owned.resolve("manifest.json"), "{ \"design\": \"l\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": [" + GOOD.replace("\"Good\"", "\"Owned\"") + "] }");
        ManifestLoader.Loaded loaded = load(GOOD);
        assertError(loaded, "demo/manifest.json: broken/Stray.tla is neither a model's spec nor listed under \"modules\"");
        assertTrue(loaded.errors().stream().noneMatch(e -> e.contains("litmus/A.tla")), loaded.errors().toString());
    }

    /**
     * A manifest in a sub-folder (litmus/) owns its folder: its own orphans are its errors. The
     * walk up from a module stops at the manifest's folder, whose parent has a manifest too.
     */
    @Test
    void aNestedManifestsOrphansAreItsErrors() throws IOException {
        Path litmus = Files.createDirectories(design.resolve("litmus"));
        Files.copy(design.resolve("A.tla"), litmus.resolve("A.tla"));
        Files.copy(design.resolve("A.cfg"), litmus.resolve("A.cfg"));
        Files.writeString(litmus.resolve("Stray.tla"), "---- MODULE Stray ----\n====\n");
        Files.writeString(litmus.resolve("manifest.json"), "{ \"design\": \"l\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": [" + GOOD.replace("\"Good\"", "\"Owned\"") + "] }");
        ManifestLoader.Loaded loaded = load(GOOD);
        assertError(loaded, "demo/litmus/manifest.json: Stray.tla is neither a model's spec nor listed under \"modules\"");
    }

    /** An error's place as the loader writes it: relative to the specs folder's parent. */
    private String at(String path) {
        return specs.getFileName() + "/" + path;
    }

    /** What each model field becomes in the Model, set and defaulted: the runner's flags come from here. */
    @Test
    void theModelCarriesItsFieldsAndTheirDefaults() throws IOException {
        Files.writeString(design.resolve("S.cfg"), "SPECIFICATION Spec\nINVARIANT Inv\n");
        ManifestLoader.Loaded loaded = load(
                GOOD,
                GOOD.replace("Good", "Set").replace("\"states\"", "\"checkDeadlock\": false, \"timeoutSeconds\": 7,"
                        + " \"constants\": {\"Off\": false, \"On\": true}, \"states\""),
                GOOD.replace("Good", "Deep").replace("\"ci\"", "\"deep\"").replace("\"states\"", "\"checkDeadlock\": true, \"states\""),
                GOOD.replace("Good", "Sim").replace("\"exhaustive\"", "\"simulate\"").replace("A.cfg", "S.cfg")
                        .replace("\"states\": { \"distinct\": 1, \"total\": 1 }", "\"simulate\": {\"traces\": 3, \"depth\": 4}"),
                GOOD.replace("Good", "Seeded").replace("\"exhaustive\"", "\"simulate\"").replace("A.cfg", "S.cfg")
                        .replace("\"states\": { \"distinct\": 1, \"total\": 1 }", "\"simulate\": {\"traces\": 3, \"depth\": 4, \"seed\": 9}"));
        assertEquals(List.of(), loaded.errors());
        java.util.Map<String, Model> byName = new java.util.HashMap<>();
        loaded.models().forEach(m -> byName.put(m.name(), m));
        Model good = byName.get("Good");
        assertTrue(good.checkDeadlock());
        assertEquals(ManifestLoader.DEFAULT_CI_TIMEOUT, good.timeoutSeconds());
        assertEquals(new Model.StateCounts(1L, 1L, null), good.pinned());
        assertEquals(null, good.simulation());
        assertEquals(null, good.litmus());
        assertEquals(java.util.Map.of(), good.constants());
        assertEquals(List.of(), good.library());
        assertEquals(Views.NONE, good.views());
        Model set = byName.get("Set");
        assertTrue(!set.checkDeadlock());
        assertEquals(7, set.timeoutSeconds());
        assertEquals(java.util.Map.of("Off", "FALSE", "On", "TRUE"), set.constants());
        Model deep = byName.get("Deep");
        assertTrue(deep.checkDeadlock());
        assertEquals(Model.Size.DEEP, deep.size());
        assertEquals(ManifestLoader.DEFAULT_DEEP_TIMEOUT, deep.timeoutSeconds());
        assertEquals(new Model.Simulation(3, 4, 1), byName.get("Sim").simulation());
        assertEquals(new Model.Simulation(3, 4, 9), byName.get("Seeded").simulation());
        assertEquals(Model.Mode.SIMULATE, byName.get("Seeded").mode());
    }

    @Test
    void aConstantWithAMissingConfigIsTheConfigsError() throws IOException {
        ManifestLoader.Loaded loaded = load(GOOD.replace("A.cfg", "Nope.cfg").replace("\"states\"", "\"constants\": {\"N\": 2}, \"states\""));
        assertEquals(1, loaded.errors().size(), loaded.errors().toString());
        assertError(loaded, "model 'Good': config file ");
        assertEquals(List.of(), loaded.models());
    }

    @Test
    void bothLitmusTiesAreCarried() throws IOException {
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "Jc").replace("\"states\"",
                        "\"litmus\": {\"jcstress\": \"a.B\", \"beyondSequentialConsistency\": {\"1, 0\": \"reordered\"}}, \"states\""),
                GOOD.replace("Good", "Published").replace("\"states\"",
                        "\"litmus\": {\"outcomes\": [\"1\", \"0\"], \"source\": \"the paper\", \"notModelled\": {\"1\": \"r\"}}, \"states\""));
        assertEquals(List.of(), loaded.errors());
        assertEquals(new Model.Litmus("a.B", java.util.Map.of("1, 0", "reordered"), null, java.util.Map.of(), null),
                loaded.models().get(0).litmus());
        assertEquals(new Model.Litmus(null, java.util.Map.of(), new java.util.TreeSet<>(List.of("0", "1")),
                java.util.Map.of("1", "r"), "the paper"), loaded.models().get(1).litmus());
    }

    @Test
    void aCatalogueGradingIsCarriedAndCheckedForContradictions() throws IOException {
        ManifestLoader.Loaded loaded = load(GOOD.replace("Good", "Graded").replace("\"states\"",
                "\"litmus\": {\"allowed\": [\"1, 0\", \"0, 0\"], \"forbidden\": [\"1, 1\"], \"source\": \"JAM19\","
                        + " \"notModelled\": {\"1, 0\": \"r\"}}, \"states\""));
        assertEquals(List.of(), loaded.errors());
        Model.Litmus graded = loaded.models().get(0).litmus();
        assertEquals(new Model.Litmus(null, java.util.Map.of(), null, java.util.Map.of("1, 0", "r"), "JAM19",
                new java.util.TreeSet<>(List.of("0, 0", "1, 0")), new java.util.TreeSet<>(List.of("1, 1"))), graded);
        assertTrue(graded.graded());
        loaded = load(GOOD.replace("Good", "BothWays").replace("\"states\"",
                "\"litmus\": {\"allowed\": [\"1, 1\"], \"forbidden\": [\"1, 1\"], \"source\": \"s\"}, \"states\""),
                GOOD.replace("Good", "StrayReason").replace("\"states\"",
                        "\"litmus\": {\"allowed\": [\"0\"], \"forbidden\": [\"1\"], \"source\": \"s\","
                                + " \"notModelled\": {\"1\": \"r\"}}, \"states\""));
        assertError(loaded, "model 'BothWays': litmus: [1, 1] is graded both allowed and forbidden");
        assertError(loaded, "model 'StrayReason': litmus.notModelled['1'] is not an outcome the catalogue allows");
        assertEquals(List.of(), loaded.models());
    }

    /**
     * A library folder that exists is the model's; one that does not is a warning (a spec folder copied
     * away from its repository: TLC finds the layer the runner carries instead); a non-string entry is
     * the schema's error.
     */
    @Test
    void aMissingLibraryFolderIsAWarning() throws IOException {
        Path lib = Files.createDirectories(specs.resolve("lib"));
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"library\": [\"../lib\"], \"models\": [" + GOOD + "] }");
        ManifestLoader.Loaded loaded = new ManifestLoader(specs).load();
        assertEquals(List.of(), loaded.errors());
        assertEquals(List.of(lib.normalize()), loaded.models().get(0).library());

        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"library\": [\"../nope\", \"../lib\"], \"models\": [" + GOOD + "] }");
        loaded = new ManifestLoader(specs).load();
        assertEquals(List.of(), loaded.errors());
        assertEquals(List.of(at("demo/manifest.json: library: \"../nope\" is not a folder (relative to ") + at("demo): TLC looks"
                + " for its modules in the model's folder, its parent and the memory layer the runner carries (Memory.tla,"
                + " Program.tla)")), loaded.warnings());
        assertEquals(List.of(lib.normalize()), loaded.models().get(0).library());

        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"library\": [5, \"../lib\"], \"models\": [" + GOOD + "] }");
        loaded = new ManifestLoader(specs).load();
        assertEquals(List.of(at("demo/manifest.json: library[0]: must be a non-empty string")), loaded.errors());
        assertEquals(List.of(lib.normalize()), loaded.models().get(0).library());
    }

    @Test
    void aMissingSpecsFolderIsAnIOException() {
        org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> new ManifestLoader(specs.resolve("nope")).load());
    }

    @Test
    void theTopLevelMustBeAnObject() throws IOException {
        for (String text : List.of("[]", "", "5")) {
            Files.writeString(design.resolve("manifest.json"), text);
            assertEquals(List.of(at("demo/manifest.json: the top level must be an object with \"design\", \"description\","
                    + " \"modules\" and \"models\"")), new ManifestLoader(specs).load().errors(), "'" + text + "'");
        }
    }

    /** A model whose name is missing or no string is named by its place in the list, counted from 1. */
    @Test
    void aModelWithoutAUsableNameIsNamedByItsNumber() throws IOException {
        ManifestLoader.Loaded loaded = load(GOOD, GOOD.replace("\"name\": \"Good\", ", ""), GOOD.replace("\"Good\"", "5"));
        assertEquals(List.of(at("demo/manifest.json: model #2: \"name\" is required"),
                at("demo/manifest.json: model #3: name: must use only letters, digits, '_' and '-'")), loaded.errors());
    }

    @Test
    void modulesMustExistAndMayBeLeftOut() throws IOException {
        Files.writeString(design.resolve("B.tla"), "---- MODULE B ----\n====\n");
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\","
                + " \"modules\": {\"B.tla\": \"a helper\", \"Gone.tla\": \"was here\"}, \"models\": [" + GOOD + "] }");
        assertEquals(List.of(at("demo/manifest.json: modules: 'Gone.tla' does not exist in ") + at("demo")), new ManifestLoader(specs).load().errors());
        Files.delete(design.resolve("B.tla"));
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\","
                + " \"models\": [" + GOOD + "] }");
        ManifestLoader.Loaded loaded = new ManifestLoader(specs).load();
        assertEquals(List.of(), loaded.errors());
        assertEquals(1, loaded.models().size());
    }

    @Test
    void modelsThatAreNoListAreTheSchemasError() throws IOException {
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": {\"a\": " + GOOD + "} }");
        ManifestLoader.Loaded loaded = new ManifestLoader(specs).load();
        assertEquals(List.of(at("demo/manifest.json: models: must be a non-empty array of models")), loaded.errors());
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {} }");
        assertEquals(List.of(at("demo/manifest.json: \"models\" is required")), new ManifestLoader(specs).load().errors());
    }

    /** The java binding's user steps reach the model's views, whether or not the manifest has "views". */
    @Test
    void theUserStepsOfTheJavaBindingReachTheViews() throws IOException {
        String binding = "{\"spec\": \"A.tla\", \"classes\": [\"io.github.X\"], \"sites\": {\"X.m: Y\": \"A\"}, \"user\": [\"WriteEvent\","
                + " \"ReadEvent\"]}";
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"java\": " + binding + ", \"models\": [" + GOOD + "] }");
        ManifestLoader.Loaded loaded = new ManifestLoader(specs).load();
        assertEquals(List.of(), loaded.errors());
        assertEquals(java.util.Set.of("WriteEvent", "ReadEvent"), loaded.models().get(0).views().user());
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"java\": [" + binding + ", {\"spec\": \"A.tla\", \"classes\": [\"io.github.Y\"], \"sites\": {\"Y.m: X\": \"A\"}, \"user\": [\"Drain\"]}],"
                + " \"views\": {}, \"models\": [" + GOOD + "] }");
        loaded = new ManifestLoader(specs).load();
        assertEquals(List.of(), loaded.errors());
        assertEquals(java.util.Set.of("WriteEvent", "ReadEvent", "Drain"), loaded.models().get(0).views().user());
    }

    /** TLC's trace modules (Spec_TTrace_<time>.tla) are its output, not orphans; a sub-folder manifest needs no covers. */
    @Test
    void traceModulesAndNestedManifestsAreNoErrors() throws IOException {
        Files.writeString(design.resolve("A_TTrace_1700000000.tla"), "---- MODULE A_TTrace_1700000000 ----\n====\n");
        Path litmus = Files.createDirectories(design.resolve("litmus"));
        Files.copy(design.resolve("A.tla"), litmus.resolve("A.tla"));
        Files.copy(design.resolve("A.cfg"), litmus.resolve("A.cfg"));
        Files.writeString(litmus.resolve("manifest.json"), "{ \"design\": \"l\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": [" + GOOD.replace("\"Good\"", "\"Owned\"") + "] }");
        ManifestLoader.Loaded loaded = load(GOOD);
        assertEquals(List.of(), loaded.errors());
        assertEquals(java.util.Set.of("Good", "Owned"), loaded.models().stream().map(Model::name).collect(java.util.stream.Collectors.toSet()));
    }

    /** Without its config, a model's expectation cannot be checked against it: the missing config is the one error. */
    @Test
    void anExpectationWithAMissingConfigIsTheConfigsError() throws IOException {
        ManifestLoader.Loaded loaded = load(
                GOOD.replace("Good", "Reach").replace("A.cfg", "Nope.cfg")
                        .replace("\"result\": \"success\"", "\"result\": \"reachable\", \"property\": \"Inv\""),
                GOOD.replace("Good", "Safe").replace("A.cfg", "Nope.cfg")
                        .replace("\"result\": \"success\"", "\"result\": \"safety\", \"property\": \"Inv\""),
                GOOD.replace("Good", "Live").replace("A.cfg", "Nope.cfg")
                        .replace("\"result\": \"success\"", "\"result\": \"liveness\", \"property\": \"P\""));
        assertEquals(List.of("Reach", "Safe", "Live"), loaded.errors().stream()
                .map(e -> e.replaceAll(".*model '(\\w+)': config file .*Nope.cfg does not exist$", "$1")).toList());
        assertEquals(List.of(), loaded.models());
    }
}
