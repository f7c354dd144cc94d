package io.github.uncontended.tlc.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.manifest.ManifestSchema.Problem;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The schema's errors as the loader reports them, without files or TLC: which model (or the
 * manifest itself), which field (dotted, indexed, bracketed), and the message (the schema's own
 * errorMessage, or the runner's words for the keywords without one).
 */
public class ManifestSchemaTest {

    private static final String GOOD = ManifestLoaderTest.GOOD;

    private static List<Problem> validate(String fields, String model) throws IOException {
        return ManifestSchema.validate(new ObjectMapper().readTree("{ \"design\": \"d\", \"description\": \"d\","
                + (fields.isEmpty() ? "" : " " + fields + ",") + " \"models\": [" + GOOD + ", " + model + "] }"));
    }

    private static List<Problem> manifest(String fields) throws IOException {
        return validate(fields, GOOD.replace("Good", "Other"));
    }

    @Test
    void aValidManifestHasNoProblem() throws IOException {
        assertEquals(List.of(), manifest(""));
    }

    /** An index below a manifest-level field (library, java) is no model: only models[i] is. */
    @Test
    void onlyAnEntryOfModelsIsAModel() throws IOException {
        assertEquals(List.of(new Problem(-1, "library[1]", "must be a non-empty string")),
                manifest("\"library\": [\"../lib\", 5]"));
        assertEquals(List.of(new Problem(-1, "java[1].classes", "must name the implementation classes (fully qualified)")),
                manifest("\"java\": [{\"spec\": \"A.tla\", \"classes\": [\"a.B\"], \"sites\": {\"B.m: X\": \"S\"}}, {\"spec\":"
                        + " \"A.tla\", \"classes\": [], \"sites\": {\"B.m: X\": [\"S\", \"T\"]}}]"));
        assertEquals(List.of(new Problem(1, "mode", "must be one of [exhaustive, simulate] (got 5)")),
                validate("", GOOD.replace("\"exhaustive\"", "5")));
        assertEquals(List.of(new Problem(-1, "", "array found, object expected")),
                ManifestSchema.validate(new ObjectMapper().readTree("[]")));
    }

    /** A schema object whose errorMessage has no entry for the failing keyword: the runner's words. */
    @Test
    void aKeywordWithoutItsOwnMessageIsDescribed() throws IOException {
        assertEquals(List.of(new Problem(-1, "covers", "unknown field \"x\" (known: cases, design)")),
                manifest("\"covers\": {\"design\": \"..\", \"cases\": {}, \"x\": 1}"));
        assertEquals(List.of(new Problem(1, "simulate.traces", "must be a positive whole number"),
                new Problem(1, "simulate", "unknown field \"x\" (known: depth, seed, traces)"),
                new Problem(1, "", "\"simulate\" only goes with mode simulate")),
                validate("", GOOD.replace("\"states\"", "\"simulate\": {\"traces\": 0, \"depth\": 1, \"x\": 1}, \"states\"")));
        assertEquals(List.of(new Problem(-1, "views.cas.X", "\"expected\" is required")),
                manifest("\"views\": {\"cas\": {\"X\": {\"target\": \"t\"}}}"));
    }

    /** A keyword without an errorMessage and without the runner's words: the library's message, the field named apart. */
    @Test
    void otherwiseTheLibrarysMessage() throws IOException {
        assertEquals(List.of(new Problem(1, "expect", "string found, object expected")),
                validate("", GOOD.replace("{ \"result\": \"success\" }", "\"x\"")));
        assertEquals(List.of(new Problem(-1, "modules['A.tla']", "integer found, string expected")),
                manifest("\"modules\": {\"A.tla\": 5}"));
    }

    @Test
    void fieldsAreDottedIndexedAndBracketed() throws IOException {
        assertEquals(List.of(new Problem(1, "litmus.outcomes[1]", "integer found, string expected"),
                new Problem(1, "litmus.notModelled['1, 0']", "must be a non-empty string"),
                new Problem(1, "litmus.notModelled['a~b/c']", "must be a non-empty string")),
                validate("", GOOD.replace("\"states\"", "\"litmus\": {\"outcomes\": [\"0\", 5], \"source\": \"s\","
                        + " \"notModelled\": {\"1, 0\": \"\", \"a~b/c\": \"\"}}, \"states\"")));
    }

    /** JSON pointers and the library's "$." paths, both as segments; "~1" is '/', "~0" is '~'. */
    @Test
    void pointersAndPathsAreSegments() {
        assertEquals(List.of("models", "0", "expect", "result"), ManifestSchema.segments("/models/0/expect/result"));
        assertEquals(List.of("properties", "models"), ManifestSchema.segments("#/properties/models"));
        assertEquals(List.of("a/b", "c~d", ""), ManifestSchema.segments("/a~1b/c~0d/"));
        assertEquals(List.of("models", "0"), ManifestSchema.segments("models/0"));
        assertEquals(List.of("models", "0", "expect"), ManifestSchema.segments("$.models[0].expect"));
        assertEquals(List.of(), ManifestSchema.segments("$"));
        assertEquals(List.of(), ManifestSchema.segments(""));
        assertEquals(List.of(), ManifestSchema.segments("#"));
        assertEquals(List.of(), ManifestSchema.segments("/"));
        assertEquals(List.of(), ManifestSchema.segments("#/"));
    }
}
