package io.github.uncontended.tlc.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages that teach stay apart from the records: no ticket of this project named on them, each
 * within the index's page budget, each linked from the index.
 */
class PageRulesTest {

    @TempDir
    Path dir;
    Path docs;
    Path index;
    Path design;
    Path record;

    @BeforeEach
    void files() throws Exception {
        docs = Files.createDirectories(dir.resolve("docs"));
        Files.createDirectories(docs.resolve("records"));
        index = docs.resolve("README.md");
        design = docs.resolve("design.md");
        record = docs.resolve("records/runs.md");
        Files.writeString(index, "# Docs\n\nPage budget: 40 words.\n\n- [design.md](design.md): the design\n"
                + "- [records/runs.md](records/runs.md): the runs\n");
        Files.writeString(design, "# Design\n\nThe fast path moved the cursor over a whole batch with one CAS (disruptor #119,"
                + " JCTools issue #308 reported the same).\n");
        Files.writeString(record, "# Runs\n\nIssue 16 added the fast path ([the run](../design.md#design)).\n");
    }

    private record Run(int exit, String out) {}

    private Run docs(Path... pages) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("--counterexamples", dir.resolve("cex").toString(), "--sources",
                dir.toString(), "--records", docs.resolve("records").toString(), "--index", index.toString()));
        for (Path p : pages) {
            args.add(p.toString());
        }
        int exit = DocsCheck.run(args.toArray(String[]::new), new PrintStream(o, true, StandardCharsets.UTF_8));
        return new Run(exit, o.toString(StandardCharsets.UTF_8));
    }

    @Test
    void pagesApartFromTheRecordsPass() {
        Run run = docs(index, design, record);
        assertEquals(0, run.exit(), run.out());
        assertTrue(run.out().contains(", 2 pages that teach (page budget 40 words): in step"), run.out());
    }

    /** The broken variant the rule exists for: a hand-made mention of this project's ticket on a page that teaches. */
    @Test
    void aTicketNamedOnAPageThatTeachesFails() throws Exception {
        Files.writeString(design, Files.readString(design) + "\nIssue 26 checks peers; issues 13 to 15 and the issue-8 run too.\n");
        Run run = docs(index, design, record);
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(design + ":5: \"Issue 26\" names a ticket of this project: a page that teaches says what"
                + " changed, not which ticket"), run.out());
        assertTrue(run.out().contains(design + ":5: \"issues 13\""), run.out());
        assertTrue(run.out().contains(design + ":5: \"issue-8\""), run.out());
        assertEquals(3, problemsOf(run).size(), "an upstream citation (#119, issue #308) and a record pass: " + run.out());
    }

    /** A mention the page's wrapping split: "issue" ends one line, its number opens the next. */
    @Test
    void aTicketWrappedOverTwoLinesFails() throws Exception {
        Files.writeString(design, Files.readString(design) + "\nThe test does so since issue\n31: each acquirer stops; upstream issue\n#13325 passes.\n");
        Run run = docs(index, design, record);
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(design + ":5: \"issue 31\" names a ticket of this project"), run.out());
        assertEquals(1, problemsOf(run).size(), "an upstream citation wrapped before its '#' passes: " + run.out());
    }

    @Test
    void aPageOverTheBudgetFailsNamingItsSize() throws Exception {
        Files.writeString(design, Files.readString(design) + "\n" + "word ".repeat(30) + "\n");
        Run run = docs(index, design, record);
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(design + ": 53 words, over the page budget of 40 (" + index + "): split it"), run.out());
        // a generated block is not counted; a record is not held to the budget
        Files.writeString(design, "# Design\n\n<!-- promises: demo -->\n" + "word ".repeat(60) + "\n<!-- end promises -->\n");
        Files.writeString(record, Files.readString(record) + "word ".repeat(60));
        assertEquals(List.of(), problemsOf(docs(index, record)));
        assertEquals(4, PageRules.words(List.of("# Design", "", "<!-- counterexample: X -->", "| 1 | 2 |",
                "<!-- end counterexample -->", "two words")));
    }

    @Test
    void theIndexStatesTheBudgetAndLinksEveryPage() throws Exception {
        Path orphan = docs.resolve("orphan.md");
        Files.writeString(orphan, "# Orphan\n");
        Run run = docs(index, design, record, orphan);
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(index + ": does not link " + orphan + " (nor does a page it links)"), run.out());
        Files.writeString(index, "# Docs\n\n- [design.md](design.md)\n- [records/runs.md](records/runs.md)\n");
        Run none = docs(index, design, record);
        assertTrue(none.out().contains(index + ": states no page budget: write \"Page budget: N words\""), none.out());
    }

    @Test
    void theIndexNeedsTheRecords() {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        int exit = DocsCheck.run(new String[] {"--index", index.toString(), design.toString()},
                new PrintStream(o, true, StandardCharsets.UTF_8));
        assertEquals(2, exit);
        assertTrue(o.toString(StandardCharsets.UTF_8).contains("--index needs --records"), o.toString(StandardCharsets.UTF_8));
    }

    private static List<String> problemsOf(Run run) {
        return run.out().lines().filter(l -> l.contains(".md:") || l.contains(".md: ")).toList();
    }
}
