package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.TlaValue;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.manifest.Views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The readable views of a counterexample: values split into entries, the acting thread, the table, the swimlane. */
public class CounterexampleViewsTest {

    /** A -tool message; ExplorerTest builds its traces with this and {@link #state} too. */
    static String msg(int code, String body) {
        return "@!@!@STARTMSG " + code + ":4 @!@!@\n" + body + "\n@!@!@ENDMSG " + code + " @!@!@\n";
    }

    static String state(int n, String action, String... vars) {
        StringBuilder sb = new StringBuilder(n + ": <" + (action == null ? "Initial predicate"
                : action + " line " + (10 + n) + ", col 5 to line 12, col 20 of module M") + ">\n");
        for (String v : vars) {
            sb.append("/\\ ").append(v).append('\n');
        }
        return msg(2217, sb.toString());
    }

    /** Two publishers (a function pc), a closer with a scalar pc, a shared cursor; a lasso back to state 2. */
    private static final String LASSO = msg(2116, "Temporal properties were violated.")
            + state(1, null, "pc = (p1 :> \"claim\" @@ p2 :> \"claim\")", "seq = (p1 :> -1 @@ p2 :> -1)", "cursor = -1",
                    "cpc = \"idle\"")
            + state(2, "Claim", "pc = (p1 :> \"claim\" @@ p2 :> \"park\")", "seq = (p1 :> -1 @@ p2 :> 0)", "cursor = -1",
                    "cpc = \"idle\"")
            + state(3, "Publish", "pc = (p1 :> \"claim\" @@ p2 :> \"claim\")", "seq = (p1 :> -1 @@ p2 :> 0)", "cursor = 0",
                    "cpc = \"idle\"")
            + state(4, "Close", "pc = (p1 :> \"claim\" @@ p2 :> \"claim\")", "seq = (p1 :> -1 @@ p2 :> 0)", "cursor = 0",
                    "cpc = \"done\"")
            + state(5, "Bump", "pc = (p1 :> \"claim\" @@ p2 :> \"claim\")", "seq = (p1 :> 3 @@ p2 :> 0)", "cursor = 0",
                    "cpc = \"done\"")
            + state(6, "Tick", "pc = (p1 :> \"claim\" @@ p2 :> \"claim\")", "seq = (p1 :> 3 @@ p2 :> 0)", "cursor = 1",
                    "cpc = \"done\"")
            + msg(2122, "2: Back to state: <Claim line 12, col 5 to line 12, col 20 of module M>");

    @Test
    void valuesSplitIntoTheirEntries() {
        assertEquals(Map.of("p1", "-1", "p2", "(0 :> 1 @@ 1 :> <<2, 3>>)"),
                TlaValue.entries("(p1 :> -1 @@ p2 :> (0 :> 1 @@ 1 :> <<2, 3>>))"));
        assertEquals(List.of("1", "2", "3"), List.copyOf(TlaValue.entries("<<\"a, b\", <<1, 2>>, {3, 4}>>").keySet()));
        assertEquals("<<1, 2>>", TlaValue.entries("<<\"a, b\", <<1, 2>>, {3, 4}>>").get("2"));
        assertEquals(Map.of("x", "1", "y", "[a |-> 2]"), TlaValue.entries("[x |-> 1, y |-> [a |-> 2]]"));
        assertEquals(Map.of(), TlaValue.entries("<<>>"));
        assertNull(TlaValue.entries("{1, 2}"));
        assertNull(TlaValue.entries("\"text\""));
        assertEquals("(0 :> <<1, 2>> @@ 1 :> 3)", TlaValue.normalize("(0 :> <<1,\n      2>> @@\n  1 :> 3)").replace("<<1, 2>>", "<<1, 2>>"));
    }

    @Test
    void theActingThreadComesFromTheProgramCounters() {
        CounterexampleViews.Analysis a = CounterexampleViews.analyse(TlcOutput.parse(LASSO, 13).trace());
        assertEquals(List.of("p1", "p2", "cpc"), a.threads());
        assertEquals(List.of("pc", "seq"), List.copyOf(a.perThread()));
        List<String> actors = a.steps().stream().map(CounterexampleViews.Step::thread).toList();
        // initial; p2's pc moved; p2's pc moved back; the scalar pc cpc; only p1's seq (no pc) changed; nobody's.
        assertEquals(java.util.Arrays.asList(null, "p2", "p2", "cpc", "p1", null), actors);
        assertEquals(List.of(new CounterexampleViews.Change("pc", "[p2]", "\"claim\"", "\"park\""),
                new CounterexampleViews.Change("seq", "[p2]", "-1", "0")), a.steps().get(1).changes());
    }

    @Test
    void aParameterTlcPrintsNamesTheThread() {
        String out = msg(2110, "Invariant Inv is violated.")
                + state(1, null, "pc = (p1 :> \"a\" @@ p2 :> \"a\")", "x = 0")
                + msg(2217, "2: <Step(p1, 3) line 5, col 5 to line 5, col 20 of module M>\n/\\ pc = (p1 :> \"a\" @@ p2 :> \"a\")\n/\\ x = 1\n");
        CounterexampleViews.Analysis a = CounterexampleViews.analyse(TlcOutput.parse(out, 12).trace());
        assertEquals("p1", a.steps().get(1).thread());
    }

    @Test
    void numericThreadKeysAreNamedWithTheirProgramCounter() {
        String out = msg(2110, "Invariant Inv is violated.")
                + state(1, null, "pc = <<\"load\", \"load\">>", "v = <<0, 0>>", "c = (0 :> 0 @@ 1 :> 0)")
                + state(2, "AcquireCas", "pc = <<\"load\", \"holding\">>", "v = <<0, 0>>", "c = (0 :> 0 @@ 1 :> 1)");
        CounterexampleViews.Analysis a = CounterexampleViews.analyse(TlcOutput.parse(out, 12).trace());
        assertEquals(List.of("pc[1]", "pc[2]"), a.threads());
        assertEquals("pc[2]", a.steps().get(1).thread());
        assertEquals(List.of("pc", "v"), List.copyOf(a.perThread()), "c is over the counters, not the threads");
    }

    @Test
    void theTableShowsOnlyWhatChangedAndMarksTheLoop() {
        RunResult run = run(LASSO, ResultKind.LIVENESS, "Visible");
        String md = CounterexampleViews.markdown(model(), run, Path.of("Lasso.txt"));
        assertTrue(md.contains("| ↻ 2 | p2 | Claim | `pc[p2] = \"park\"` (was `\"claim\"`), `seq[p2] = 0` (was `-1`) |"), md);
        assertTrue(md.contains("| 6 |  | Tick | `cursor = 1` (was `0`) |"), md);
        assertTrue(md.contains("| ↻ 2 |"), "the step the loop returns to is marked: " + md);
        assertTrue(md.contains("**back to step 2** (↻): the behaviour loops from there forever"), md);
        assertTrue(md.contains("| 1 |  | *initial state* | `pc[p1] = \"claim\"`"), md);
    }

    @Test
    void theSwimlaneHasOneColumnPerThreadAndTheSharedVariables() {
        String html = CounterexampleViews.html(model(), run(LASSO, ResultKind.LIVENESS, "Visible"), Path.of("Lasso.txt"));
        assertTrue(html.contains("<th>step</th><th>p1</th><th>p2</th><th>cpc</th><th>shared variables</th>"), html);
        assertTrue(html.contains("<td class=\"lane act\"><b title=\"line 12, col 5 of module M\">Claim</b><br><code>pc[p2] = &quot;park&quot;</code>"), html);
        assertTrue(html.contains("<tr class=\"loop loopstart\"><td class=\"n\">↻ 2</td>"), html);
        assertTrue(html.contains("back to step 2"), html);
        assertTrue(html.contains("<td class=\"shared\"><b title=\"line 16, col 5 of module M\">Tick</b> (no thread identified)<br><code>cursor = 1</code>"), html);
    }

    /**
     * The manifest's views: roles for the program counters, a CAS shown as failed or succeeded with
     * what it compared, a model artifact labelled, the violating step marked, and every action
     * linked to its line of the spec and to the Java method whose Javadoc names it.
     */
    @Test
    void theViewsNameRolesCasOutcomesArtifactsAndSources(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        // TLC locates step n's action body at line 10 + n (state()): CasTail's body at 12 and 13, Wrap's at 14.
        java.nio.file.Files.writeString(dir.resolve("M.tla"), "---- MODULE M ----\n" + "\n".repeat(9)
                + "CasTail(p) ==\n    /\\ tail' = tail\n    /\\ t' = t\nWrap == TRUE\n====\n");
        Path source = dir.resolve("Shard.java");
        java.nio.file.Files.writeString(source, String.join("\n", "final class Shard {",
                "    /**", "     * Spec action CasTail: claims a slot.", "     */", "    boolean casTail(long t) {",
                "        return true;", "    }", "}", ""));
        Views views = new Views(Map.of("pc", "producer", "cpc", "consumer"),
                Map.of("CasTail", new Views.Cas("tail[sh]", "t")), Map.of("Wrap", "the bounded model's lap reset"),
                Map.of("M", List.of(source)), java.util.Set.of("Wrap"), java.util.Set.of("got"));
        Model model = new Model("Views", dir.resolve("manifest.json"), dir, "M.tla", "M.cfg", "views",
                Model.Mode.EXHAUSTIVE, Model.Size.CI, ResultKind.SAFETY, "NoLoss", null, null, true, 60,
                List.of("NoLoss"), null, Map.of(), List.of(), false, false, views);
        String out = msg(2110, "Invariant NoLoss is violated.")
                + state(1, null, "pc = <<\"cas\", \"cas\">>", "t = <<0, 0>>", "sh = <<1, 1>>", "tail = <<0>>", "cpc = \"idle\"",
                        "got = <<0, 0>>")
                + state(2, "CasTail", "pc = <<\"write\", \"cas\">>", "t = <<0, 0>>", "sh = <<1, 1>>", "tail = <<1>>", "cpc = \"idle\"")
                + state(3, "CasTail", "pc = <<\"write\", \"tail\">>", "t = <<0, 0>>", "sh = <<1, 1>>", "tail = <<1>>", "cpc = \"idle\"")
                + state(4, "Wrap", "pc = <<\"write\", \"tail\">>", "t = <<0, 0>>", "sh = <<1, 1>>", "tail = <<0>>", "cpc = \"wrapped\"");
        TlcOutput.Parsed p = TlcOutput.parse(out, 12);
        RunResult run = new RunResult(model, ResultKind.SAFETY, "NoLoss", null, null, null, null, 1.0, p.trace(), true,
                null, null, null, null, null);
        Path raw = dir.resolve("out").resolve("Views.txt");

        CounterexampleViews.Analysis a = CounterexampleViews.analyse(run.trace(), model);
        assertEquals(List.of("producer 1", "producer 2", "consumer"), a.threads());
        assertEquals(java.util.Arrays.asList(null, "producer 1", "producer 2", "consumer"),
                a.steps().stream().map(CounterexampleViews.Step::thread).toList());
        assertEquals(new CounterexampleViews.Cas("tail[1]", "0", "0"), a.steps().get(1).cas());
        assertEquals(List.of("pc", "t", "sh"), List.copyOf(a.perThread()), "got, a pair over the same keys, is declared shared");
        assertEquals(new CounterexampleViews.Cas("tail[1]", "0", "1"), a.steps().get(2).cas());

        String md = CounterexampleViews.markdown(model, run, raw);
        assertTrue(md.contains("| 2 | producer 1 | [CasTail](../M.tla#L11) ([Shard.casTail](../Shard.java#L5)): CAS succeeded,"
                + " `tail[1]` was `0` |"), md);
        assertTrue(md.contains("| 3 | producer 2 | [CasTail](../M.tla#L11) ([Shard.casTail](../Shard.java#L5)): **CAS failed**,"
                + " `tail[1]` expected `0`, found `1` |"), md);
        assertTrue(md.contains("| 4 | consumer | [Wrap](../M.tla#L14) *(the user's code)* *(model artifact)* ✗ **NoLoss is false** |"), md);
        assertTrue(md.contains("Threads in the full trace: **producer 1** is `pc[1]`, **producer 2** is `pc[2]`,"
                + " **consumer** is `cpc`."), md);
        assertTrue(md.contains("*Model artifact* `Wrap`: the bounded model's lap reset"), md);

        String html = CounterexampleViews.html(model, run, raw);
        assertTrue(html.contains("<th>producer 1</th><th>producer 2</th><th>consumer</th>"), html);
        assertTrue(html.contains("<span class=\"cas failed\">CAS failed: tail[1] expected 0, found 1</span>"), html);
        assertTrue(html.contains("<a class=\"java\" href=\"../Shard.java#L5\">Shard.casTail</a>"), html);
        assertTrue(html.contains("<span class=\"violated\">✗ NoLoss is false</span>"), html);
        assertTrue(html.contains("producer 1 (pc[1])"), html);

        com.fasterxml.jackson.databind.JsonNode data = new com.fasterxml.jackson.databind.ObjectMapper()
                .valueToTree(Explorer.data(model, run, raw));
        com.fasterxml.jackson.databind.JsonNode step3 = data.get("steps").get(2);
        assertEquals("../M.tla#L11", step3.get("specHref").asText());
        assertTrue(step3.get("cas").get("failed").asBoolean());
        assertEquals("the bounded model's lap reset", data.get("steps").get(3).get("artifact").asText());
        assertTrue(data.get("steps").get(3).get("user").asBoolean());
        assertFalse(data.get("steps").get(2).get("user").asBoolean(), "a step with its Java linked is ours");
        assertEquals("NoLoss is false", data.get("steps").get(3).get("violated").asText());
        assertEquals("pc[2]", data.get("threadNames").get("producer 2").asText());
    }

    private static Model model() {
        return new Model("Lasso", Path.of("specs/demo/manifest.json"), Path.of("specs/demo"), "M.tla", "M.cfg", "a lasso",
                Model.Mode.EXHAUSTIVE, Model.Size.CI, ResultKind.LIVENESS, "Visible", null, null, true, 60,
                List.of("Visible"), null, Map.of(), List.of(), false, false, Views.NONE);
    }

    private static RunResult run(String output, ResultKind kind, String property) {
        TlcOutput.Parsed p = TlcOutput.parse(output, 13);
        return new RunResult(model(), kind, property, null, null, null, null, 1.0, p.trace(), true, null, null, null, null,
                null);
    }
}
