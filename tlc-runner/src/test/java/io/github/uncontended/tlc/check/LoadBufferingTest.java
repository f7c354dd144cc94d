package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.engine.MemoryLayer;
import io.github.uncontended.tlc.fixtures.CheckRun;
import io.github.uncontended.tlc.fixtures.CheckRun.Run;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load-buffering pass (issue 47.2), with real TLC on fixtures/lb-adopter: Relay is litmus LB
 * as a model, each thread loading one location and then storing the other. With plain stores the
 * layer accepts it (it has no load buffering) and the pass must name both threads and their two
 * steps; with release stores nothing is open and the pass is quiet. An exemption shows with its
 * reason; {@code --lb off} runs nothing; a folder's own copy of the layer is passed only with
 * {@code --lb all}.
 */
public class LoadBufferingTest {

    @TempDir
    Path dir;

    private Run check(Path specs, String... extra) {
        return CheckRun.check(specs, dir.resolve("out"), extra);
    }

    private static final String LEFT = "thread left: LoadFrom (state 2) loads x (plain), then StoreTo (state 3) stores y (plain)";
    private static final String RIGHT = "thread right: LoadFrom (state 2) loads y (plain), then StoreTo (state 3) stores x (plain)";

    @Test
    void aModelBuiltToTriggerItWarnsNamingTheThreadAndTheTwoSteps() throws Exception {
        Run run = check(FixtureSpecs.copy(dir, "lb-adopter"));
        assertEquals(0, run.exit(), "a warning, not a failure: " + run.stdout() + run.stderr());
        assertTrue(run.stdout().contains("WARNING load buffering, RelayWeakPlain: a thread loads a location, then stores to"
                + " another with nothing ordering the two, and other threads write the one and read the other"), run.stdout());
        assertTrue(run.stdout().contains("  " + LEFT + "\n") && run.stdout().contains("  " + RIGHT + "\n"), run.stdout());
        assertFalse(run.stdout().contains("WARNING load buffering, RelayWeakRelease"), run.stdout());
        // Without the cycle each thread still has the shape, but no other thread writes x, none reads z.
        assertFalse(run.stdout().contains("RelayWeakPlainNoCycle:"), run.stdout());
        assertTrue(run.stdout().contains("load-buffering pass: 3 accepted weak-memory models, 2 without an open shape, 1 with"
                + " one (WARNING above)"), run.stdout());
        assertTrue(Files.isRegularFile(dir.resolve("out/logs/RelayWeakPlain.lb.log")), "the pass's TLC log is kept");
    }

    @Test
    void anExemptModelIsLeftOutByAutoAndShownWithItsReasonByAll() throws Exception {
        Path specs = FixtureSpecs.copy(dir, "lb-adopter");
        Path manifest = specs.resolve("relay/manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"name\": \"RelayWeakPlain\",",
                "\"name\": \"RelayWeakPlain\", \"lbExempt\": \"a fixture: the shape is the point\","));
        Run auto = check(specs, "--model", "RelayWeakPlain");
        assertEquals(0, auto.exit(), auto.stdout() + auto.stderr());
        assertFalse(auto.stdout().contains("load-buffering pass"), auto.stdout());
        Run all = check(specs, "--model", "RelayWeakPlain", "--lb", "all");
        assertTrue(all.stdout().contains("LB RelayWeakPlain (exempt: a fixture: the shape is the point):\n  " + LEFT), all.stdout());
        assertTrue(all.stdout().contains("load-buffering pass: 1 accepted weak-memory model, 0 without an open shape, 1 exempt"
                + " with one"), all.stdout());
        assertFalse(all.stdout().contains("WARNING"), all.stdout());
    }

    /**
     * {@code --lb require} (make check-lb): an open shape with no lbExempt fails the check with exit 1,
     * the models still reported; the same shape with an exemption passes, and the summary says which.
     */
    @Test
    void requireFailsOnAnOpenShapeWithoutAnExemptionAndPassesWithOne() throws Exception {
        Path specs = FixtureSpecs.copy(dir, "lb-adopter");
        Run open = check(specs, "--model", "RelayWeakPlain,RelayWeakRelease", "--lb", "require");
        assertEquals(1, open.exit(), open.stdout() + open.stderr());
        assertTrue(open.stdout().contains("WARNING load buffering, RelayWeakPlain:"), open.stdout());
        assertTrue(open.stdout().contains("load-buffering pass: 2 accepted weak-memory models, 1 without an open shape, 1 with"
                + " one (WARNING above): FAILED (--lb require: every open shape needs a reviewed lbExempt, and every pass its"
                + " end)"), open.stdout());
        Path manifest = specs.resolve("relay/manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"name\": \"RelayWeakPlain\",",
                "\"name\": \"RelayWeakPlain\", \"lbExempt\": \"a fixture: the shape is the point\","));
        Run exempt = check(specs, "--model", "RelayWeakPlain,RelayWeakRelease", "--lb", "require");
        assertEquals(0, exempt.exit(), exempt.stdout() + exempt.stderr());
        assertTrue(exempt.stdout().contains("load-buffering pass: 2 accepted weak-memory models, 1 without an open shape, 1"
                + " exempt with one: passed (--lb require: every open shape has a reviewed lbExempt)"), exempt.stdout());
        assertFalse(LoadBuffering.failed(List.of(new LoadBuffering.Finding(null, List.of("a shape"), null, null, 0)),
                LoadBuffering.When.ALL), "only require fails");
        assertTrue(LoadBuffering.failed(List.of(new LoadBuffering.Finding(null, List.of(), "exempt", "killed", 0)),
                LoadBuffering.When.REQUIRE), "a pass not run to its end fails require, exempt or not");
        assertFalse(LoadBuffering.failed(List.of(new LoadBuffering.Finding(null, List.of("a shape"), "exempt", null, 0, true)),
                LoadBuffering.When.REQUIRE), "stopped at the most shapes: an exemption covers the model, all its shapes");
        assertTrue(LoadBuffering.failed(List.of(new LoadBuffering.Finding(null, List.of("a shape"), null, null, 0, true)),
                LoadBuffering.When.REQUIRE), "stopped at the most shapes, no exemption");
    }

    @Test
    void offRunsNoPassAndAFoldersOwnLayerIsPassedOnlyWithAll() throws Exception {
        Path specs = FixtureSpecs.copy(dir, "lb-adopter");
        Run off = check(specs, "--model", "RelayWeakPlain", "--lb", "off");
        assertEquals(0, off.exit());
        assertFalse(off.stdout().contains("load-buffering") || off.stdout().contains("WARNING"), off.stdout());
        Files.writeString(specs.resolve("relay/Memory.tla"), MemoryLayer.text("Memory.tla"));
        Path manifest = specs.resolve("relay/manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"modules\": {}",
                "\"modules\": {\"Memory.tla\": \"the folder's own copy of the layer\"}"));
        Run auto = check(specs, "--model", "RelayWeakPlain");
        assertFalse(auto.stdout().contains("load-buffering pass"), "this repository's way: " + auto.stdout());
        Run all = check(specs, "--model", "RelayWeakPlain", "--lb", "all");
        assertTrue(all.stdout().contains("  " + LEFT + "\n"), all.stdout());
    }

    /**
     * The wrapper re-exports the layer: every operator Memory.tla defines (specs/memory, the source)
     * is defined in lb/Memory.tla too. Fails when the layer gains an operator the wrapper lacks.
     */
    @Test
    void theWrapperDefinesEveryOperatorOfTheLayer() throws Exception {
        Pattern definition = Pattern.compile("(?m)^([A-Za-z][A-Za-z0-9_]*)(\\([^)]*\\))?\\s*==");
        Set<String> layer = names(definition.matcher(Files.readString(Paths.get("../specs/memory/Memory.tla"))));
        Set<String> wrapper = names(definition.matcher(LoadBuffering.wrapper(List.of(), null)));
        layer.removeAll(wrapper);
        assertEquals(Set.of(), layer, "operators of Memory.tla the load-buffering wrapper does not define");
    }

    private static Set<String> names(Matcher m) {
        Set<String> out = new TreeSet<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void knownShapesAreWrittenAsTheStringsToStringGives() throws Exception {
        assertEquals("\"\\\"left\\\"\"", LoadBuffering.literal("\"left\""));
        assertEquals("\"p1\"", LoadBuffering.literal("p1"));
        assertTrue(LoadBuffering.wrapper(List.of("<<\"a\">>"), null).contains("LbKnown == {<<\"a\">>}"));
        String filtered = LoadBuffering.wrapper(List.of(), Set.of(List.of("\"left\"", "\"x\"", "r")));
        assertTrue(filtered.contains("LbFiltered == TRUE") && filtered.contains("LbSeen == {<<\"\\\"left\\\"\", \"\\\"x\\\"\", \"r\">>}"),
                filtered);
        assertEquals(Set.of(List.of("\"left\"", "\"x\"", "r"), List.of("1", "\"y\"", "w")), LoadBuffering.accesses(
                "<<\"tlc-runner-lb-access\", \"\\\"left\\\"\", \"\\\"x\\\"\", \"r\">>\nnoise\n"
                        + "<<\"tlc-runner-lb-access\", \"1\", \"\\\"y\\\"\", \"w\">>\n"));
        assertTrue(LoadBuffering.core("---- MODULE Memory ----\nX == 1\n====").startsWith("---- MODULE MemoryCore ----"));
    }
}
