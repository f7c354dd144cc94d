package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.manifest.Views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The explorer page without a browser: what it embeds, and that no value can end its script. */
class ExplorerTest {

    private static String msg(int code, String body) {
        return CounterexampleViewsTest.msg(code, body);
    }

    private static String state(int n, String action, String... vars) {
        return CounterexampleViewsTest.state(n, action, vars);
    }

    /** Two threads; the shared log holds a string that would close a script block if embedded raw. */
    private static final String TRACE = msg(2116, "Temporal properties were violated.")
            + state(1, null, "pc = (p1 :> \"a\" @@ p2 :> \"a\")", "log = \"\"")
            + state(2, "Step", "pc = (p1 :> \"b\" @@ p2 :> \"a\")", "log = \"</script><b>&amp;\"")
            + state(3, "Step", "pc = (p1 :> \"b\" @@ p2 :> \"b\")", "log = \"</script><b>&amp;\"")
            + msg(2122, "2: Back to state: <Step line 12, col 5 to line 12, col 20 of module M>");

    private static Model model() {
        return new Model("Loop", Path.of("specs/demo/manifest.json"), Path.of("specs/demo"), "M.tla", "M.cfg", "a loop",
                Model.Mode.EXHAUSTIVE, Model.Size.CI, ResultKind.LIVENESS, "Done", null, null, true, 60,
                List.of("Done"), null, Map.of(), List.of(), false, false, Views.NONE);
    }

    private static RunResult run() {
        return new RunResult(model(), ResultKind.LIVENESS, "Done", null, null, null, null, 1.0,
                TlcOutput.parse(TRACE, 13).trace(), true, null, null, null, null, null);
    }

    private static JsonNode embedded(String page) throws Exception {
        String open = "<script type=\"application/json\" id=\"trace\">";
        int from = page.indexOf(open) + open.length();
        return new ObjectMapper().readTree(page.substring(from, page.indexOf("</script>", from)));
    }

    @Test
    void noValueEndsTheScriptAndValuesSurviveExactly() throws Exception {
        String page = Explorer.html(model(), run(), Path.of("Loop.txt"));
        assertFalse(page.contains("</script><b>"), "a value's </script> is escaped inside the JSON");
        JsonNode data = embedded(page);
        assertEquals("\"</script><b>&amp;\"", data.at("/steps/1/variables/1/value").asText(), "and reads back exactly");
        assertTrue(page.contains("function go(delta) { show(current + delta); }"), "the script is inlined");
        assertTrue(page.contains("#variables"), "the stylesheet is inlined");
        assertFalse(page.contains("src=\"") || page.contains("href=\""), "no other file is loaded");
    }

    @Test
    void eachStepSaysWhatChangedWhoActedAndHowItEnds() throws Exception {
        JsonNode data = embedded(Explorer.html(model(), run(), Path.of("Loop.txt")));
        assertEquals(List.of("p1", "p2"), List.of(data.at("/threads/0").asText(), data.at("/threads/1").asText()));
        JsonNode second = data.at("/steps/1");
        assertEquals("p1", second.get("thread").asText());
        assertTrue(second.at("/lanes/p1/0/changed").asBoolean(), "p1's pc entry changed: " + second.at("/lanes/p1"));
        assertFalse(second.at("/lanes/p2/0/changed").asBoolean());
        assertEquals("pc[p1]", second.at("/variables/0/changes/0/path").asText());
        assertEquals("\"a\"", second.at("/variables/0/changes/0/before").asText());
        assertEquals("\"b\"", second.at("/variables/0/changes/0/after").asText());
        assertTrue(second.get("loopStart").asBoolean(), "the lasso returns to state 2");
        assertFalse(data.at("/steps/0/variables/0/changed").asBoolean(), "the initial state changes nothing");
        assertEquals("loop", data.at("/end/kind").asText());
        assertEquals("back to step 2 (↻): the behaviour loops from there forever (so the behaviour violates Done)",
                data.at("/end/text").asText());
        assertEquals(null, data.at("/memoryKind").textValue(), "not a weak-memory model");
    }
}
