package io.github.uncontended.tlc.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A design page's promises table is what its manifest's contracts give: one row per modelled
 * clause, grouped by method, the models at the weakest memory they check, the steps with their
 * modes and Java sites; a drifted table fails naming the design, {@code --update} rewrites it.
 */
class PromisesTableTest {

    @TempDir
    Path dir;
    Path specs;
    Path docs;
    Path page;

    static final String DESIGN = """
            { "design": "demo", "description": "d",
              "contracts": { "api": "the demo's Javadoc", "classes": ["a.Queue", "a.Ring", "a.Other"], "clauses": [
                { "method": ["Queue.offer", "Ring.offer"], "clause": "an accepted item is delivered once", "property": "Once",
                  "models": ["Ring", "RingSmall", "RingMemWeak", "RingMemTso"], "steps": ["Publish", "Load", "Write"] },
                { "method": "Ring.offer", "clause": "@throws NullPointerException for a null item", "notModelled": "a check; RingTest.nulls" },
                { "method": ["Queue.poll", "Ring.poll", "Other.poll"], "clause": "@return null only when empty", "property": "NullOnlyWhenEmpty",
                  "models": ["Ring"] },
                { "method": "Other.poll", "clause": "another design's promise", "property": "Other", "models": ["OtherModel"] },
                { "method": "Ring.<init>", "clause": "a power of two", "notModelled": "a check; RingTest.sizes" },
                { "method": "Ring.size", "clause": "@return a guess", "notModelled": "monitoring" },
                { "method": "Ring.size", "clause": "never negative", "notModelled": "monitoring" } ] },
              "models": [
                { "name": "Ring", "spec": "Ring.tla", "config": "Ring.cfg" },
                { "name": "RingSmall", "spec": "Ring.tla", "config": "Ring.cfg" },
                { "name": "OtherModel", "spec": "Ring.tla", "config": "Ring.cfg" } ] }
            """;

    static final String MEMORY = """
            { "design": "demo", "description": "d",
              "java": { "spec": "RingMemory.tla", "classes": ["a.Ring", "a.Slot"],
                        "sites": { "Slot.soSeq: SEQ": "Publish", "Ring.poll: laSeq": "Load", "Ring.drain: laSeq": "Load",
                                   "Ring.size: TAIL": "unmodelled: monitoring" },
                        "user": ["Write"] },
              "models": [
                { "name": "RingMemWeak", "spec": "RingMemory.tla", "config": "RingMemory.cfg", "constants": { "Strength": "weak" } },
                { "name": "RingMemTso", "spec": "RingMemory.tla", "config": "RingMemory.cfg", "constants": { "Strength": "tso" } } ] }
            """;

    @BeforeEach
    void files() throws Exception {
        specs = dir.resolve("specs");
        Files.createDirectories(specs.resolve("demo/memory"));
        Files.writeString(specs.resolve("demo/manifest.json"), DESIGN);
        Files.writeString(specs.resolve("demo/memory/manifest.json"), MEMORY);
        Files.writeString(specs.resolve("demo/memory/RingMemory.tla"), """
                ---- MODULE RingMemory ----
                JavaMode == [
                    Publish |-> "release",   \\* SEQ.setRelease
                    Load    |-> "acquire",   \\* SEQ.getAcquire
                    Write   |-> "plain"      \\* the user's store
                ]
                ====
                """);
        docs = Files.createDirectories(dir.resolve("docs"));
        page = docs.resolve("ring.md");
    }

    private record Run(int exit, String out) {}

    private Run docs(String... extra) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        String[] args = new String[extra.length + 7];
        args[0] = "--counterexamples";
        args[1] = dir.resolve("cex").toString();
        args[2] = "--sources";
        args[3] = dir.toString();
        args[4] = "--specs";
        args[5] = specs.toString();
        System.arraycopy(extra, 0, args, 6, extra.length);
        args[args.length - 1] = page.toString();
        int exit = DocsCheck.run(args, new PrintStream(o, true, StandardCharsets.UTF_8));
        return new Run(exit, o.toString(StandardCharsets.UTF_8));
    }

    /** The table of the design, classes Queue and Ring only, as --update writes it. */
    private String updated(String marker) throws Exception {
        Files.writeString(page, "# Ring\n\n" + marker + "\n<!-- end promises -->\n\nThe rest.\n");
        Run run = docs("--update");
        assertEquals(0, run.exit(), run.out());
        return Files.readString(page);
    }

    @Test
    void theTableIsGeneratedFromTheContracts() throws Exception {
        String text = updated("<!-- promises: demo classes=Queue,Ring -->");
        assertTrue(text.contains("Generated from the `contracts` of [specs/demo/manifest.json](../specs/demo/manifest.json)"), text);
        assertTrue(text.contains("""
                | method | promise | property | shown by | Java steps |
                |---|---|---|---|---|
                | `offer` | an accepted item is delivered once | `Once` | weak `RingMemWeak` · x86-TSO `RingMemTso` · SC `Ring` +1 \
                | `Publish` release (`Slot.soSeq`); `Load` acquire (`Ring.poll`, `Ring.drain`); `Write` plain (the user's code) |
                | `poll` | @return null only when empty | `NullOnlyWhenEmpty` | SC `Ring` |  |
                """), text);
        assertTrue(text.contains("\n2 clauses shown by models; 4 not modelled, each with its reason and the test that shows it"
                + " in the manifest: `offer`; `new Ring`; `size` (2).\n\n<!-- end promises -->\n\nThe rest.\n"), text);
        assertTrue(!text.contains("another design's promise"), "Other's clause names no method of Queue or Ring");
        Run again = docs();
        assertEquals(0, again.exit(), again.out());
        assertTrue(again.out().contains("1 promises tables"), again.out());
    }

    /** Without a class filter every site shows; a model filter keeps its models, and a clause only with one of them. */
    @Test
    void filtersKeepTheirClassesAndModels() throws Exception {
        String all = updated("<!-- promises: demo -->");
        assertTrue(all.contains("`Publish` release (`Slot.soSeq`)"), all);
        assertTrue(all.contains("another design's promise"), all);
        String other = updated("<!-- promises: demo classes=Queue -->");
        assertTrue(other.contains("`Publish` release (`Slot.soSeq`); `Write` plain (the user's code) |"),
                "Load's sites are in Ring, an API class this table leaves out; Slot is no API class: " + other);
        String mem = updated("<!-- promises: demo classes=Ring models=RingMem* -->");
        assertTrue(mem.contains("| `offer` | an accepted item is delivered once | `Once` | weak `RingMemWeak` · x86-TSO `RingMemTso` |"), mem);
        assertTrue(!mem.contains("null only when empty"), "its one model is not a RingMem* one: " + mem);
    }

    /** The broken variants: a drifted table (a clause changed in the manifest, or the page edited by hand), an unknown design. */
    @Test
    void aDriftedTableFailsNamingTheDesignAndIsRegenerated() throws Exception {
        String text = updated("<!-- promises: demo classes=Queue,Ring -->");
        Files.writeString(specs.resolve("demo/memory/RingMemory.tla"),
                Files.readString(specs.resolve("demo/memory/RingMemory.tla")).replace("\"release\"", "\"volatile\""));
        Run run = docs();
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(page + ":3: the promises table of demo is not what its manifest's contracts give"), run.out());
        assertEquals(0, docs("--update").exit());
        assertEquals(text.replace("`Publish` release", "`Publish` volatile"), Files.readString(page));

        Files.writeString(page, text.replace("<!-- promises: demo ", "<!-- promises: nodemo "));
        Run unknown = docs();
        assertEquals(1, unknown.exit(), unknown.out());
        assertTrue(unknown.out().contains(page + ":3: promises table: no manifest " + specs.resolve("nodemo/manifest.json")), unknown.out());
        Files.writeString(page, "<!-- promises: demo -->\n| a hand-made table |\n");
        Run open = docs();
        assertTrue(open.out().contains(page + ":1: the promises table of demo has no closing <!-- end promises -->"), open.out());
    }

    @Test
    void methodNamesForTheTable() {
        assertEquals("next", PromisesTable.methodName("Sequencer.next(int)"));
        assertEquals("new PendingListSequencer", PromisesTable.methodName("PendingListSequencer.<init>(int,int)"));
        assertEquals("Lease.close", PromisesTable.methodName("Session.Lease.close"));
        assertEquals("Session.Lease", PromisesTable.className("Session$Lease.close"));
    }
}
