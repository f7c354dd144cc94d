package io.github.uncontended.tlc.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every duration a page or a help line quotes for a command must be the one of docs/records/durations.md. */
public class DurationsCheckTest {

    @TempDir
    Path dir;
    Path durations;
    Path makefile;
    Path page;

    static final String SOURCE = """
            # Durations

            | command | duration | machine | date | measured in |
            | --- | --- | --- | --- | --- |
            | `bash .ci/run` | 28 min 36 s | 2-core VM | 2026-11-26 | a fresh clone |
            | `make test` | 25 min 11 s | 2-core VM | 2026-11-26 | the same run |
            | `make trace-check` | 46 s | 2-core VM | 2026-11-26 | step 5 |
            | `make bench` | 55 min 19 s | another VM | 2026-11-25 | the JMH set |
            | `make unit` | 4 min 18 s | 2-core VM | 2026-11-26 | step 1 |
            """;

    /** A page in step: every kind of quote, and every kind of figure that is not one. */
    static final String IN_STEP = """
            # A page

            On this VM `make test` takes 25 min 11 s (~25 min), and `make trace-check` 46 s.
            The whole of `CI=true bash .ci/run` takes 28 min 36 s; `make bench` about 55 min, or
            55 min
            19 s when the line wraps.

            `.ci/run` runs `make test` under a 60 min budget, inside the CI's own 90 min; a test of
            `make test` times out after 5 s, and each jcstress test takes 48 to 57 s.
            The run of 2026-11-23 (`make test` 24 min 9 s) was slower.
            `make test-java` takes 3 min here: not in the table, so not checked.
            `make test` runs the `DistributedTest` class (in `make unit`) in 15 s.
            A figure in backticks is not a quote: `make test` printed `step unit: 4 min 18 s`.

            | step | what | budget |
            | --- | --- | --- |
            | `make test` | everything | 60 min |

            ```sh
            make test                 # everything CI runs (~25 min on 2 cores)
            make test-java            # the Java tests (3 min)
            ```
            """;

    @BeforeEach
    void files() throws Exception {
        durations = Files.createDirectories(dir.resolve("records")).resolve("durations.md");   // as docs/records/
        Files.writeString(durations, SOURCE);
        makefile = dir.resolve("Makefile");
        Files.writeString(makefile, """
                test: ## everything CI runs, ~25 min
                bench: bench-jar  ## the JMH set, ~55 min (BENCH_JAVA=<JDK 22+ java> adds ArenaBench)
                jcstress-mutants: build ## what x86 can show (~1 h)
                \t@echo "make bench takes 40 min": a recipe line, not the help text
                X := 1 ## make test took 3 min: an assignment's comment, not the help text

                # make bench took 40 min once: a comment, not the help text
                """);
        page = dir.resolve("page.md");
        Files.writeString(page, IN_STEP);
    }

    private record Run(int exit, String out) {}

    private Run docs(String... extra) throws Exception {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("--counterexamples", dir.resolve("cex").toString(), "--sources",
                dir.toString(), "--durations", durations.toString(), "--makefile", makefile.toString()));
        args.addAll(List.of(extra));
        args.add(page.toString());
        args.add(durations.toString());
        int exit = DocsCheck.run(args.toArray(String[]::new), new PrintStream(o, true, StandardCharsets.UTF_8));
        return new Run(exit, o.toString(StandardCharsets.UTF_8));
    }

    @Test
    void quotesOfTheTableAndFiguresThatAreNotQuotesPass() throws Exception {
        Run run = docs();
        assertEquals(0, run.exit(), run.out());
        // page: 25 min 11 s, ~25 min, 46 s, 28 min 36 s, about 55 min, 55 min 19 s, ~25 min in the code block;
        // Makefile: ~25 min, ~55 min
        assertTrue(run.out().contains("2 pages, 0 embedded counterexamples, 0 code references, 0 links, 0 step references, 9 durations quoted"
                + " (from 5 in " + durations + "): in step"), run.out());
    }

    @Test
    void aStaleFigureIsNamedWithItsLineAndTheSourcesFigure() throws Exception {
        Files.writeString(page, IN_STEP.replace("`make test` takes 25 min 11 s", "`make test` takes 25 min 56 s")
                .replace("(~25 min on 2 cores)", "(~15 min on 2 cores)"));
        Files.writeString(makefile, Files.readString(makefile).replace("~55 min", "~22 min"));
        Run run = docs();
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(page + ":3: `make test` quoted as 25 min 56 s, but " + durations
                + ":6 has 25 min 11 s (2026-11-26): quote it; a past run's figure carries its date in the sentence"),
                run.out());
        assertTrue(run.out().contains(page + ":20: `make test` quoted as ~15 min, but " + durations
                + ":6 has 25 min 11 s (2026-11-26): quote it (~25 min to the minute)"), run.out());
        assertTrue(run.out().contains(makefile + ":2: `make bench` quoted as ~22 min, but " + durations
                + ":8 has 55 min 19 s (2026-11-25): quote it (~55 min to the minute)"), run.out());
        assertTrue(run.out().contains("3 out of step"), run.out());
        assertTrue(run.out().contains("durations too: quote the figure of " + durations + ", or date a past run's figure."),
                run.out());
        assertEquals(1, docs("--update").exit(), "--update leaves durations to a person");
    }

    @Test
    void aFigureSplitOverTwoLinesIsReadWhole() throws Exception {
        Files.writeString(page, "One full `make bench` (55 min\n20 s) on the Xeon.\n");
        Run run = docs();
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(page + ":1: `make bench` quoted as 55 min 20 s, but "), run.out());
    }

    @Test
    void aNewMeasurementInTheTableFailsEveryPageQuotingTheOldOne() throws Exception {
        Files.writeString(durations, SOURCE.replace("| `make test` | 25 min 11 s |", "| `make test` | 31 min 2 s |"));
        Run run = docs();
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(page + ":3: `make test` quoted as 25 min 11 s, but " + durations + ":6 has 31 min 2 s"),
                run.out());
        assertTrue(run.out().contains(page + ":3: `make test` quoted as ~25 min, but "), run.out());
        assertTrue(run.out().contains(makefile + ":1: `make test` quoted as ~25 min, but "), run.out());
        assertFalse(run.out().contains("24 min 9 s"), "a dated past run is history, not a quote: " + run.out());
    }

    @Test
    void aSourceWithoutItsTableIsAnError() throws Exception {
        Files.writeString(durations, "# Durations\n\n| command | duration |\n| --- | --- |\n| `make test` | 25 min 11 s |\n");
        Run run = docs();
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(durations + ": no durations table (a Markdown table with the columns command,"
                + " duration and date)"), run.out());
        Files.writeString(durations, SOURCE.replace("| 46 s |", "| quick |"));
        run = docs();
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains(durations + ":7: a row of the durations table needs a command in backticks,"
                + " a duration (25 min 11 s) and a date (2026-11-26)"), run.out());
    }

    @Test
    void makefileNeedsTheSource() throws Exception {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        int exit = DocsCheck.run(new String[] {"--makefile", makefile.toString(), page.toString()},
                new PrintStream(o, true, StandardCharsets.UTF_8));
        assertEquals(2, exit);
        assertTrue(o.toString(StandardCharsets.UTF_8).contains("error: --makefile needs --durations"));
    }

    private record Checked(int quotes, List<String> problems) {}

    /** The durations check alone: the source's problems, then the page's. */
    private Checked check(String text) throws Exception {
        Files.writeString(page, text);
        List<String> problems = new ArrayList<>();
        Map<String, DurationsCheck.Source> figures = DurationsCheck.source(durations, problems);
        int quotes = DurationsCheck.checkPage(page, figures, durations, problems);
        return new Checked(quotes, problems);
    }

    /**
     * A sentence ends at . ! ? ; (followed by a space or the end) and a table cell at |: a figure
     * after it is not the command's; a decimal point ends nothing. Only the first table is read.
     */
    @Test
    void aFigureInTheNextSentenceOrCellIsNotAQuote() throws Exception {
        Files.writeString(durations, SOURCE + "\n| command | duration | date |\n| --- | --- | --- |\n"
                + "| `make test` | 3 min | 2026-11-26 |\n");
        Checked c = check("""
                `make test` is slow! It took 3 min.

                `make test` is slow? It took 3 min.

                `make test` is slow; it took 3 min.

                `make test` is slow. It took 3 min.

                | `make test` | 3 min |

                `make test` takes 25.2 min.
                """);
        assertEquals(List.of(), c.problems());
        assertEquals(1, c.quotes(), "only 25.2 min");
    }

    /** Brackets end a command's scope only when they close before the figure; a date of the table's is no past run. */
    @Test
    void openBracketsAndTheTablesOwnDateKeepTheQuote() throws Exception {
        Checked c = check("""
                `make test` (all of it) takes 25 min 12 s.

                `make test` [all of it] takes 25 min 12 s.

                `make test` runs [in `make unit`] in 15 s.

                `make test` took 25 min 12 s on 2026-11-26.

                `make test` took 24 min on 2026-11-20.
                """);
        assertEquals(List.of(1, 3, 7), c.problems().stream().map(p -> Integer.parseInt(p.split(":")[1])).toList(), c.problems().toString());
        assertEquals(3, c.quotes());
    }

    /** Hours, a figure of two units, and the hint to the hour. */
    @Test
    void hoursAndFiguresOfTwoUnits() throws Exception {
        Files.writeString(durations, """
                | duration | command | date |
                | --- | --- | --- |
                | 1 h 5 min | `make long` | 2026-11-26 |
                | 2 h | `make hours` | 2026-11-26 |
                | 55 min 19 s | `make bench` | 2026-11-25 |
                """);
        Checked c = check("`make long` takes ~65 min. `make hours` takes 2 h. `make bench` takes ~2 h.\n");
        assertEquals(List.of(page + ":1: `make bench` quoted as ~2 h, but " + durations + ":5 has 55 min 19 s (2026-11-25):"
                + " quote it (~1 h to the hour); a past run's figure carries its date in the sentence"), c.problems());
        assertEquals(3, c.quotes());
    }

    /**
     * The source's rows: its first table with a command (or step), a duration and a date column, in
     * any order; a row without a trailing | is read, a | in backticks or escaped is no cell boundary;
     * every malformed row is named.
     */
    @Test
    void theSourceTableAndItsMalformedRows() throws Exception {
        Files.writeString(durations, String.join("\n",
                "|",
                "| just | a table |",
                "| --- | --- |",
                "",
                "| command | duration | date |",
                "| --- | --- | --- |",
                "",
                "| date | step | machine | duration |",
                "| --- | --- | --- | --- |",
                "| 2026-11-26 | `make a` | vm | 1 min |",
                "| 2026-11-26 | `make b` | vm | 2 min",
                "| 2026-11-26 | `make c` | vm |",
                "| 2026-11-26 | make d | vm | 1 min |",
                "| no date | `make e` | vm | 1 min |",
                "| 2026-11-26 | `make f` | vm | 2.5 min |",
                "| 2026-11-26 | `make a` | vm | 3 min |",
                "| 2026-11-26 | `make g | tee` | a \\| b | 4 min |",
                "| 2026-11-26 | `make h` | vm | quick |",
                "",
                "| command | duration | date |",
                "| --- | --- | --- |",
                "| `make z` | 1 min | 2026-11-26 |",
                ""));
        List<String> problems = new ArrayList<>();
        Map<String, DurationsCheck.Source> rows = DurationsCheck.source(durations, problems);
        assertEquals(List.of("make a", "make b", "make g | tee"), List.copyOf(rows.keySet()));
        assertEquals(List.of(60L, 120L, 240L), rows.values().stream().map(DurationsCheck.Source::seconds).toList());
        String malformed = ": a row of the durations table needs a command in backticks, a duration (25 min 11 s) and a date (2026-11-26): ";
        assertEquals(List.of(
                durations + ":12: a row of the durations table with too few cells",
                durations + ":13" + malformed + "| 2026-11-26 | make d | vm | 1 min |",
                durations + ":14" + malformed + "| no date | `make e` | vm | 1 min |",
                durations + ":15: write the duration in whole units (25 min 11 s): 2.5 min",
                durations + ":16: make a has two rows in the durations table",
                durations + ":18" + malformed + "| 2026-11-26 | `make h` | vm | quick |"), problems);
    }

    /** How a row splits into cells: backticks and \| protect a |, an empty first cell is a cell. */
    @Test
    void cells() {
        assertEquals(List.of("", "a"), DurationsCheck.cells("||a|"));
        assertEquals(List.of("`x | y`", "a \\| b", "c"), DurationsCheck.cells("| `x | y` | a \\| b | c"));
        assertEquals(List.of(""), DurationsCheck.cells("|"));
    }

    /**
     * Where a page's units start and end: a ~~~ fence holds code lines, a list item starts a unit,
     * an indented continuation joins its line, a line of prose is never a command line; figures are
     * named at the line they start on.
     */
    @Test
    void fencesListItemsAndLines() throws Exception {
        Checked c = check("""
                # Title

                make test takes 3 min without backticks, so it is not a command.

                ~~~
                make test        # ~15 min
                ~~~

                - `make bench` takes 55 min
                  20 s on the Xeon.
                - One full `make bench`
                run takes
                54 min.
                - `make unit`, a set of tests
                - 3 min of it is warm-up
                """);
        assertEquals(List.of(6, 9, 13), c.problems().stream().map(p -> Integer.parseInt(p.split(":")[1])).toList(), c.problems().toString());
        assertEquals(3, c.quotes());
    }

    /**
     * Any text in backticks ends a command's scope only when it names a command (tracked, or a make,
     * bash, mvn, java, sh, python3 or ./ line); a tracked command need not look like one.
     */
    @Test
    void whatInBackticksIsACommand() throws Exception {
        Files.writeString(durations, SOURCE.replace("| `make unit` |", "| `gradle build` |"));
        Checked c = check("""
                `make test` with `-Dtest=X` takes 25 min 12 s.

                `make test` runs first, then `make other` takes 3 min.

                `gradle build` takes 5 min.
                """);
        assertEquals(List.of(1, 5), c.problems().stream().map(p -> Integer.parseInt(p.split(":")[1])).toList(), c.problems().toString());
        assertEquals(2, c.quotes());
    }

    /** The source itself is not checked as a page: its prose may quote older figures. */
    @Test
    void theSourceIsNotAPage() throws Exception {
        Files.writeString(durations, SOURCE + "\nOn the old VM `make test` took 31 min.\n");
        Run run = docs();
        assertEquals(0, run.exit(), run.out());
        assertTrue(run.out().contains(" 9 durations quoted (from 5 in " + durations + "): in step"), run.out());
    }

    /**
     * A limit is told by its clause (between , ; ( ) in the sentence, after the figure too) or by the
     * words between the command and the figure; a clause before a comma is not the figure's. A figure
     * before the command is not its.
     */
    @Test
    void theClauseOfAFigure() throws Exception {
        Files.writeString(durations, SOURCE + "\n| command | duration | date |\n| --- | --- | --- |\n| `make x` | 1 min | 2026-11-26 |\n");
        Checked c = check("""
                `make test` runs each test, and takes 25 min 12 s.

                `make test` takes 25 min 13 s, each run.

                `make test` takes 25 min 14 s at most.

                `make test` has its budget, and took 25 min 15 s.

                It takes 3 min, says `make test`.

                `make test` takes 25 min 16 s
                """);
        assertEquals(List.of(1, 3, 11), c.problems().stream().map(p -> Integer.parseInt(p.split(":")[1])).toList(), c.problems().toString());
    }

    /** A paragraph ends at a blank line, a fence, a table row, a heading or an HTML comment; headings and rows are checked on their line. */
    @Test
    void whereAParagraphEnds() throws Exception {
        Checked c = check("""
                `make test` is below:
                ```
                ls
                ```
                It took 3 min.

                `make test` is fast

                3 min of it is setup.

                `make test` is fast
                | a | 3 min |
                It took 3 min.

                `make test` is fast
                # Heading
                It took 3 min.

                `make test` is fast
                <!-- `make test` -->
                It took 3 min.

                ## `make test` takes 25 min 12 s
                | `make test` takes 25 min 13 s |
                """);
        assertEquals(List.of(23, 24), c.problems().stream().map(p -> Integer.parseInt(p.split(":")[1])).toList(), c.problems().toString());
        assertEquals(2, c.quotes());
    }

    /** A header without a duration column is no durations table. */
    @Test
    void aTableWithoutADurationColumnIsNone() throws Exception {
        Files.writeString(durations, "| command | date |\n| --- | --- |\n| `make x` | 2026-11-26 |\n");
        List<String> problems = new ArrayList<>();
        assertEquals(Map.of(), DurationsCheck.source(durations, problems));
        assertEquals(List.of(durations + ": no durations table (a Markdown table with the columns command, duration and date)"),
                problems);
    }
}
