package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.manifest.ContractsTest;
import io.github.uncontended.tlc.manifest.ManifestLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The structural-coverage rule (issue 25): a design's manifest lists its structural cases (the
 * witness runs of its sequentially consistent models), and its memory manifest
 * ({@code <design>/memory/manifest.json}) maps every one to a witness run of its own, or to a
 * comparison model with the reason. Each way of breaking the rule is one precise line.
 */
public class StructuralCoverageTest {

    @TempDir
    Path tmp;
    Path specs;
    Path design;
    Path memory;

    static String model(String name, String result) {
        String expect = result.equals("reachable") ? "{ \"result\": \"reachable\", \"property\": \"Inv\" }"
                : "{ \"result\": \"" + result + "\" }";
        return "{ \"name\": \"" + name + "\", \"spec\": \"A.tla\", \"config\": \"A.cfg\", \"description\": \"d\","
                + " \"mode\": \"exhaustive\", \"size\": \"ci\", \"expect\": " + expect
                + ", \"states\": { \"distinct\": 1, \"total\": 1 } }";
    }

    static final String CASES = "\"structuralCases\": {"
            + " \"BatchParked\": { \"witness\": \"Sc-BatchParked\", \"description\": \"a batch parked on the slow path\" },"
            + " \"SlotReused\": { \"witness\": \"Sc-SlotReused\", \"description\": \"a ring slot reused\" } }";

    static final String SC_MODELS = String.join(",", model("Sc", "success"), model("Sc-BatchParked", "reachable"),
            model("Sc-SlotReused", "reachable"));

    static final String MEM_MODELS = String.join(",", model("Mem", "success"), model("Mem-BatchParked", "reachable"),
            model("MemTso-BatchParked", "reachable"), model("Mem-SlotReused", "reachable"));

    static final String COVERS = "\"covers\": { \"design\": \"..\", \"cases\": {"
            + " \"BatchParked\": [\"Mem-BatchParked\", \"MemTso-BatchParked\"], \"SlotReused\": \"Mem-SlotReused\" } }";

    @BeforeEach
    void files() throws IOException {
        specs = Files.createDirectories(tmp.resolve("specs"));
        design = Files.createDirectories(specs.resolve("demo"));
        memory = Files.createDirectories(design.resolve("memory"));
        for (Path dir : List.of(design, memory)) {
            Files.writeString(dir.resolve("A.tla"), "---- MODULE A ----\n====\n");
            Files.writeString(dir.resolve("A.cfg"), "SPECIFICATION Spec\nINVARIANT Inv\n");
        }
    }

    /** A manifest; the design's has a complete contracts field too (required with structuralCases; ContractsTest tests it). */
    private void write(Path dir, String fields, String models) throws IOException {
        Files.writeString(dir.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + (fields.isEmpty() ? "" : " " + fields + ",") + (dir.equals(design) ? " " + ContractsTest.notModelledContracts() + "," : "")
                + " \"models\": [" + models + "] }");
    }

    private ManifestLoader.Loaded load(String designFields, String memoryFields) throws IOException {
        write(design, designFields, SC_MODELS);
        write(memory, memoryFields, MEM_MODELS);
        return new ManifestLoader(specs).load();
    }

    private static void assertError(ManifestLoader.Loaded loaded, String expected) {
        assertTrue(loaded.errors().stream().anyMatch(e -> e.contains(expected)),
                "expected an error containing '" + expected + "', got " + loaded.errors());
    }

    @Test
    void aCoveredDesignLoads() throws IOException {
        ManifestLoader.Loaded loaded = load(CASES, COVERS);
        assertEquals(List.of(), loaded.errors());
        assertEquals(7, loaded.models().size());
    }

    /** The broken variant the issue asks for: one mapping removed, the loader names the case and what to add. */
    @Test
    void anUnmappedCaseIsOneLineNamingTheCaseAndWhatToAdd() throws IOException {
        ManifestLoader.Loaded loaded = load(CASES, COVERS.replace(", \"SlotReused\": \"Mem-SlotReused\"", ""));
        assertEquals(1, loaded.errors().size(), loaded.errors().toString());
        assertEquals("specs/demo/memory/manifest.json: covers.cases: structural case 'SlotReused' of"
                + " specs/demo/manifest.json (a ring slot reused) is not mapped: add \"SlotReused\": \"<a model of this"
                + " manifest expecting reachable, the memory spec's witness of the case>\", or \"SlotReused\":"
                + " {\"abstracted\": \"<the model comparing the abstracted and the full version>\", \"reason\": \"...\"}",
                loaded.errors().get(0));
        assertEquals(7, loaded.models().size(), "a coverage gap does not hide the models: they still run");
    }

    @Test
    void aMemoryManifestWithoutCoversIsAnError() throws IOException {
        ManifestLoader.Loaded loaded = load(CASES, "");
        assertError(loaded, "specs/demo/memory/manifest.json: \"covers\" is required in a design's memory manifest:"
                + " add \"covers\": {\"design\": \"..\", \"cases\": {...}}");
    }

    /**
     * The rule is opt-in: a folder named memory/ under a design that lists no structural cases (an
     * outside project's own layout, issue 47) needs no covers; a covers it declares is still checked.
     */
    @Test
    void aMemoryFolderWhoseDesignListsNoCasesNeedsNoCovers() throws IOException {
        assertEquals(List.of(), load("", "").errors());
        assertError(load("", COVERS), "specs/demo/memory/manifest.json: covers.design: specs/demo/manifest.json lists no"
                + " structuralCases");
    }

    @Test
    void aMappedModelMustBeAWitnessRunOfTheMemoryManifest() throws IOException {
        ManifestLoader.Loaded loaded = load(CASES, COVERS.replace("\"Mem-SlotReused\"", "\"Mem\"")
                .replace("\"MemTso-BatchParked\"", "\"Sc-BatchParked\"").replace("\"Mem-BatchParked\"", "\"Nope\""));
        assertError(loaded, "covers.cases.SlotReused: model 'Mem' expects success, not reachable: map the case to a"
                + " witness run (expect.result reachable)");
        assertError(loaded, "covers.cases.BatchParked: no model 'Sc-BatchParked' in this manifest (it is in"
                + " specs/demo/manifest.json): map the case to a witness run of this manifest");
        assertError(loaded, "covers.cases.BatchParked: no model 'Nope' in this manifest: map the case");
        assertEquals(3, loaded.errors().size(), loaded.errors().toString());
    }

    @Test
    void anAbstractedCaseNamesAnExistingExhaustiveModelAndTheReason() throws IOException {
        String abstracted = COVERS.replace("\"Mem-SlotReused\"",
                "{\"abstracted\": \"Mem\", \"reason\": \"no slot is reused in the memory models; Mem compares both\"}");
        assertEquals(List.of(), load(CASES, abstracted).errors());
        assertError(load(CASES, abstracted.replace("\"abstracted\": \"Mem\"", "\"abstracted\": \"Nope\"")),
                "specs/demo/memory/manifest.json: covers.cases.SlotReused.abstracted: no model 'Nope' in any manifest:"
                        + " name the pinned model that compares the abstracted and the full version");
        assertError(load(CASES, abstracted.replace(", \"reason\": \"no slot is reused in the memory models; Mem compares both\"", "")),
                "specs/demo/memory/manifest.json: covers.cases.SlotReused: must be a model name, a non-empty list of"
                        + " model names, or {\"abstracted\": \"<comparison model>\", \"reason\": \"<why>\"}");
    }

    @Test
    void aCaseTheDesignDoesNotListIsNamed() throws IOException {
        ManifestLoader.Loaded loaded = load(CASES, COVERS.replace("\"SlotReused\": \"Mem-SlotReused\"",
                "\"SlotReused\": \"Mem-SlotReused\", \"RingFull\": \"Mem-SlotReused\""));
        assertError(loaded, "covers.cases.RingFull: not a structural case of specs/demo/manifest.json"
                + " (its cases: BatchParked, SlotReused)");
    }

    @Test
    void theCoveredDesignMustListItsCases() throws IOException {
        assertError(load("", COVERS), "specs/demo/memory/manifest.json: covers.design: specs/demo/manifest.json lists"
                + " no structuralCases: add them there");
        assertError(load(CASES, COVERS.replace("\"design\": \"..\"", "\"design\": \"../nope\"")),
                "specs/demo/memory/manifest.json: covers.design: no manifest.json in specs/demo/nope");
    }

    @Test
    void aStructuralCaseNamesAWitnessRunOfItsOwnManifest() throws IOException {
        ManifestLoader.Loaded loaded = load(CASES.replace("\"Sc-BatchParked\"", "\"Sc\"")
                .replace("\"Sc-SlotReused\"", "\"Mem-SlotReused\""), COVERS);
        assertError(loaded, "specs/demo/manifest.json: structuralCases.BatchParked.witness: model 'Sc' expects success,"
                + " not reachable");
        assertError(loaded, "specs/demo/manifest.json: structuralCases.SlotReused.witness: no model 'Mem-SlotReused'"
                + " in this manifest");
    }

    @Test
    void theShapesAreTheSchemas() throws IOException {
        assertError(load(CASES.replace("\"description\": \"a ring slot reused\"", "\"about\": \"a ring slot reused\""), COVERS),
                "specs/demo/manifest.json: structuralCases.SlotReused: must be {\"witness\":");
        assertError(load(CASES, "\"covers\": { \"design\": \"..\" }"),
                "specs/demo/memory/manifest.json: covers: \"cases\" is required");
        // one line for a value that fits no shape, not one per alternative of the schema's oneOf
        assertEquals(List.of("specs/demo/memory/manifest.json: covers.cases.SlotReused: must be a model name, a non-empty"
                + " list of model names, or {\"abstracted\": \"<comparison model>\", \"reason\": \"<why>\"}"),
                load(CASES, COVERS.replace("\"Mem-SlotReused\"", "[]")).errors());
    }

    /** The project's memory manifests cover the structural cases of their designs. */
    @Test
    void everyMemoryManifestOfTheProjectCoversItsDesign() throws IOException {
        ManifestLoader.Loaded loaded = new ManifestLoader(Path.of("..", "specs")).load();
        List<String> coverage = loaded.errors().stream()
                .filter(e -> e.contains("covers") || e.contains("structuralCases")).toList();
        assertEquals(List.of(), coverage);
        try (Stream<Path> dirs = Files.list(Path.of("..", "specs"))) {
            for (Path d : dirs.filter(p -> Files.isRegularFile(p.resolve("memory").resolve("manifest.json"))).toList()) {
                assertTrue(new ObjectMapper().readTree(d.resolve("manifest.json").toFile()).has("structuralCases"),
                        d + "/manifest.json lists its structural cases");
            }
        }
    }

    /**
     * A broken variant of the project's own specs: the sequencer's memory manifest with the
     * mapping of one case removed. The loader names the manifest, the case and what to add.
     */
    @Test
    void theSequencerWithOneMappingRemovedFails() throws IOException {
        Path copy = FixtureSpecs.projectDesign(tmp, "sequencer");
        Path manifest = copy.resolve("sequencer/memory/manifest.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(manifest.toFile());
        assertTrue(root.path("covers").path("cases").has("CursorInsideBatch"));
        assertEquals(List.of(), new ManifestLoader(copy).load().errors().stream()
                .filter(e -> e.contains("covers")).toList(), "the copy is covered before the change");
        ((ObjectNode) root.get("covers").get("cases")).remove("CursorInsideBatch");
        json.writerWithDefaultPrettyPrinter().writeValue(manifest.toFile(), root);
        List<String> errors = new ManifestLoader(copy).load().errors();
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("specs/sequencer/memory/manifest.json: covers.cases: structural case"
                + " 'CursorInsideBatch' of specs/sequencer/manifest.json ("), errors.get(0));
        assertTrue(errors.get(0).contains("is not mapped: add \"CursorInsideBatch\": "), errors.get(0));
    }

    /** A case whose witness is missing, no string or blank is the schema's one line, and nothing else. */
    @Test
    void aWitnessTheSchemaRejectsIsOneLine() throws IOException {
        for (String witness : List.of("", "\"witness\": 5, ", "\"witness\": \"  \", ")) {
            List<String> errors = load(CASES.replace("\"witness\": \"Sc-SlotReused\", ", witness), COVERS).errors();
            assertEquals(1, errors.size(), witness + ": " + errors);
            assertTrue(errors.get(0).startsWith("specs/demo/manifest.json: structuralCases.SlotReused"), errors.toString());
        }
    }

    /** Structural cases that are no object, or none, give the schema's line and the memory manifest's gap. */
    @Test
    void structuralCasesThatAreNoCasesAreNamedOnBothSides() throws IOException {
        for (String cases : List.of("\"structuralCases\": \"BatchParked\"", "\"structuralCases\": [\"BatchParked\"]",
                "\"structuralCases\": {}")) {
            List<String> errors = load(cases, COVERS).errors();
            assertEquals(2, errors.size(), cases + ": " + errors);
            assertTrue(errors.get(0).startsWith("specs/demo/manifest.json: structuralCases: must "), errors.toString());
            assertTrue(errors.get(1).startsWith("specs/demo/memory/manifest.json: covers.design: specs/demo/manifest.json"
                    + " lists no structuralCases"), errors.toString());
        }
    }

    /** A covers the schema rejects (no object, no design, cases no object) is its one line: the rule checks nothing more. */
    @Test
    void aCoversTheSchemaRejectsIsOneLine() throws IOException {
        for (String covers : List.of("\"covers\": \"..\"", "\"covers\": [\"..\"]",
                "\"covers\": { \"cases\": { \"BatchParked\": \"Mem-BatchParked\", \"SlotReused\": \"Mem-SlotReused\" } }",
                "\"covers\": { \"design\": \"..\", \"cases\": \"Mem\" }")) {
            List<String> errors = load(CASES, covers).errors();
            assertEquals(1, errors.size(), covers + ": " + errors);
            assertTrue(errors.get(0).startsWith("specs/demo/memory/manifest.json: covers"), errors.toString());
        }
    }

    /** A mapping the schema rejects (a number, an object without "abstracted") is its one line. */
    @Test
    void aMappingTheSchemaRejectsIsOneLine() throws IOException {
        for (String value : List.of("5", "{\"reason\": \"r\"}")) {
            assertEquals(List.of("specs/demo/memory/manifest.json: covers.cases.SlotReused: must be a model name, a non-empty"
                    + " list of model names, or {\"abstracted\": \"<comparison model>\", \"reason\": \"<why>\"}"),
                    load(CASES, COVERS.replace("\"Mem-SlotReused\"", value)).errors(), value);
        }
    }

    /** A design manifest that is no valid JSON is reported once, as such: not again as a missing manifest. */
    @Test
    void anUnreadableDesignManifestIsReportedOnce() throws IOException {
        write(memory, COVERS, MEM_MODELS);
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": ");
        List<String> errors = new ManifestLoader(specs).load().errors();
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("specs/demo/manifest.json: not valid JSON"), errors.toString());
    }

    /** The comparison model may be in any manifest (here the design's), and must be exhaustive. */
    @Test
    void theComparisonModelIsFoundInAnyManifestAndMustBeExhaustive() throws IOException {
        String abstracted = COVERS.replace("\"Mem-SlotReused\"", "{\"abstracted\": \"Sc\", \"reason\": \"compared in Sc\"}");
        assertEquals(List.of(), load(CASES, abstracted).errors());
        String sim = "{ \"name\": \"MemSim\", \"spec\": \"A.tla\", \"config\": \"A.cfg\", \"description\": \"d\","
                + " \"mode\": \"simulate\", \"size\": \"ci\", \"expect\": { \"result\": \"success\" },"
                + " \"simulate\": { \"traces\": 1, \"depth\": 2 } }";
        write(design, CASES, SC_MODELS);
        write(memory, abstracted.replace("\"Sc\"", "\"MemSim\""), MEM_MODELS + "," + sim);
        assertEquals(List.of("specs/demo/memory/manifest.json: covers.cases.SlotReused.abstracted: model 'MemSim' is a"
                + " simulation: the comparison must be an exhaustive, pinned model"), new ManifestLoader(specs).load().errors());
    }

    /** A design manifest without a list of models has no witness runs: each case names its witness as missing. */
    @Test
    void withoutAListOfModelsNoWitnessIsFound() throws IOException {
        write(memory, COVERS, MEM_MODELS);
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {\"A.tla\": \"r\"}, "
                + CASES + ", " + ContractsTest.notModelledContracts() + ", \"models\": {\"a\": " + model("Sc-BatchParked", "reachable") + "} }");
        List<String> errors = new ManifestLoader(specs).load().errors();
        assertEquals(3, errors.size(), errors.toString());
        assertError(new ManifestLoader.Loaded(List.of(), errors), "structuralCases.BatchParked.witness: no model 'Sc-BatchParked'");
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {\"A.tla\": \"r\"}, "
                + CASES + ", " + ContractsTest.notModelledContracts() + " }");
        errors = new ManifestLoader(specs).load().errors();
        assertEquals(3, errors.size(), errors.toString());
        assertError(new ManifestLoader.Loaded(List.of(), errors), "structuralCases.SlotReused.witness: no model 'Sc-SlotReused'");
    }
}
