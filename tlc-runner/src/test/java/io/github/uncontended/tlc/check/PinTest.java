package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.engine.Engine;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --pin}: measured counts written into the manifest, only there, only when the rest matches. */
public class PinTest {

    private static String run(Path specs, Path out, int expectedExit, String... extra) {
        List<String> args = new ArrayList<>(List.of("--specs", specs.toString(), "--out", out.toString()));
        args.addAll(List.of(extra));
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = ModelCheck.run(args.toArray(String[]::new), new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        String printed = o.toString(StandardCharsets.UTF_8) + e.toString(StandardCharsets.UTF_8);
        assertEquals(expectedExit, exit, printed);
        return printed;
    }

    private static Path copyKinds(Path dir) throws Exception {
        Path from = ModelCheckFixturesTest.SPECS.resolve("kinds");
        Path to = dir.resolve("specs/kinds");
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return dir.resolve("specs");
    }

    @Test
    void aDriftedModelIsPinnedAndOnlyItsCountsChange(@TempDir Path dir) throws Exception {
        Path specs = copyKinds(dir);
        Path manifest = specs.resolve("kinds/manifest.json");
        List<String> before = Files.readAllLines(manifest);
        String printed = run(specs, dir.resolve("out"), 0, "--model", "Drift", "--pin");
        assertTrue(printed.contains("PINNED Drift (" + manifest + "): distinct 13"), printed);
        // The progress line says what the table will: ok, its counts pinned; not MISMATCH.
        assertTrue(printed.contains(" ok (counts pinned)") && !printed.contains("MISMATCH"), printed);
        List<String> after = Files.readAllLines(manifest);
        assertEquals(before.size(), after.size());
        int changed = 0;
        for (int i = 0; i < before.size(); i++) {
            if (!before.get(i).equals(after.get(i))) {
                changed++;
                assertTrue(after.get(i).contains("12"), after.get(i));
            }
        }
        assertEquals(1, changed, "one count changed: distinct 13 -> 12");
        run(specs, dir.resolve("out2"), 0, "--model", "Drift");
    }

    @Test
    void aWrongResultIsNeverPinned(@TempDir Path dir) throws Exception {
        Path specs = copyKinds(dir);
        Path manifest = specs.resolve("kinds/manifest.json");
        String before = Files.readString(manifest);
        String printed = run(specs, dir.resolve("out"), 1, "--model", "ExpectedSafetyButPasses,WrongProperty", "--pin");
        assertTrue(!printed.contains("PINNED"), printed);
        assertEquals(before, Files.readString(manifest));
    }

    @Test
    void pinNeedsOneWorker(@TempDir Path dir) throws Exception {
        String printed = run(copyKinds(dir), dir.resolve("out"), 2, "--model", "Drift", "--pin", "--workers", "2");
        assertTrue(printed.contains("--pin writes the counts of one TLC process with one worker"), printed);
    }
    // Without TLC (PIT runs these on every mutant of Pin): which results may be pinned, and the edit.

    private static Model drift(Path specs) throws Exception {
        return new ManifestLoader(specs.toAbsolutePath()).load().models().stream()
                .filter(m -> m.name().equals("Drift")).findFirst().orElseThrow();
    }

    /**
     * Drift's size, expectation and counts in the kinds fixture's manifest, which the tests below
     * rewrite (a ci model must pin distinct and total; a deep one may pin distinct alone).
     */
    private static final String DRIFT_STATES = "\"size\": \"ci\", \"expect\": { \"result\": \"success\" },\n"
            + "      \"states\": { \"distinct\": 13, \"total\": 19 }";

    private static String replaceOnce(String text, String from, String to) {
        int at = text.indexOf(from);
        assertTrue(at >= 0 && text.indexOf(from, at + 1) < 0, "Drift's counts appear once in the fixture");
        return text.substring(0, at) + to + text.substring(at + from.length());
    }

    private static RunResult result(Model m, String reason, Long distinct, Engine engine) {
        return new RunResult(m, ResultKind.SUCCESS, null, null, distinct, 19L, 6L, 1.0, List.of(), false, reason,
                Paths.get("Drift.log"), null, null, engine);
    }

    @Test
    void onlyADriftOfOneTlcWorkerIsPinnable(@TempDir Path dir) throws Exception {
        Model m = drift(copyKinds(dir));
        String drifted = "state counts drifted: distinct 13 pinned, 12 measured";
        assertTrue(Pin.pinnable(result(m, drifted, 12L, Engine.tlc("1"))));
        assertFalse(Pin.pinnable(result(m, null, 12L, Engine.tlc("1"))), "a matching run");
        assertFalse(Pin.pinnable(result(m, "expected safety, got success", 12L, Engine.tlc("1"))), "a wrong result");
        assertFalse(Pin.pinnable(result(m, drifted, null, Engine.tlc("1"))), "no distinct count");
        assertFalse(Pin.pinnable(result(m, drifted, 12L, null)), "no engine");
        assertFalse(Pin.pinnable(result(m, drifted, 12L, Engine.tlc("2"))), "two workers");
        assertFalse(Pin.pinnable(result(m, drifted, 12L,
                Engine.simulation(new Model.Simulation(5, 5, 1)))), "a simulation");
        assertFalse(Pin.pinnable(result(m, drifted, 12L, new Engine(Engine.Kind.DISTRIBUTED, "-workers 1", null, null))),
                "TLC's distributed mode");
    }

    @Test
    void pinWritesOnlyTheCountsTheManifestPins(@TempDir Path dir) throws Exception {
        Path specs = copyKinds(dir);
        Path manifest = specs.resolve("kinds/manifest.json");
        String text = Files.readString(manifest);
        Files.writeString(manifest, replaceOnce(text, DRIFT_STATES,
                "\"size\": \"deep\", \"expect\": { \"result\": \"success\" },\n      \"states\": { \"distinct\": 13 }"));
        Model m = drift(specs);
        assertEquals(new Model.StateCounts(13L, null, null), m.pinned());
        String drifted = "state counts drifted: distinct 13 pinned, 12 measured";
        List<Pin.Edit> edits = Pin.pin(List.of(result(m, drifted, 12L, Engine.tlc("1")),
                result(m, null, 12L, Engine.tlc("1"))));
        assertEquals(1, edits.size());
        assertEquals(new Model.StateCounts(12L, null, null), edits.get(0).after(), "total and depth not pinned, not written");
        assertEquals(new Model.StateCounts(12L, null, null), drift(specs).pinned());
    }

    @Test
    void pinWritesEveryCountTheManifestPins(@TempDir Path dir) throws Exception {
        Path specs = copyKinds(dir);
        Path manifest = specs.resolve("kinds/manifest.json");
        String text = Files.readString(manifest);
        Files.writeString(manifest, replaceOnce(text, DRIFT_STATES,
                "\"size\": \"ci\", \"expect\": { \"result\": \"success\" },\n"
                + "      \"states\": { \"distinct\": 13, \"total\": 20, \"depth\": 7 }"));
        Model m = drift(specs);
        List<Pin.Edit> edits = Pin.pin(List.of(result(m, "state counts drifted", 12L, Engine.tlc("1"))));
        assertEquals(new Model.StateCounts(12L, 19L, 6L), edits.get(0).after());
        assertEquals(new Model.StateCounts(12L, 19L, 6L), drift(specs).pinned());
    }

    private static final String TWO = String.join("\n", "{\"models\": [",
            "  {\"name\": \"A\", \"states\": {\"distinct\": 1, \"total\": 2, \"depth\": 3}},",
            "  {\"name\": \"B\", \"states\": {\"distinct\": 4, \"total\": 5}}", "]}");

    @Test
    void replaceEditsTheNamedModelsStatesOnly() {
        assertEquals(TWO.replace("\"distinct\": 4, \"total\": 5", "\"distinct\": 40, \"total\": 50"),
                Pin.replace(TWO, "B", new Model.StateCounts(40L, 50L, null)), "the last model of the file");
        assertEquals(TWO.replace("\"distinct\": 1, \"total\": 2, \"depth\": 3", "\"distinct\": 10, \"total\": 2, \"depth\": 30"),
                Pin.replace(TWO, "A", new Model.StateCounts(10L, null, 30L)), "a count left null stays as it is");
    }

    @Test
    void replaceRefusesAModelItCannotFindOrThatPinsNothing() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> Pin.replace(TWO, "C", new Model.StateCounts(1L, null, null)));
        assertEquals("no model named C in the manifest", none.getMessage());
        String aPinsNothing = TWO.replace("\"states\": {\"distinct\": 1, \"total\": 2, \"depth\": 3}", "\"size\": \"small\"");
        IllegalArgumentException unpinned = assertThrows(IllegalArgumentException.class,
                () -> Pin.replace(aPinsNothing, "A", new Model.StateCounts(1L, null, null)),
                "B's states are not A's");
        assertEquals("model A pins no \"states\" object", unpinned.getMessage());
    }
}
