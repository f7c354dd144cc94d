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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every duration a page or a help line quotes for a command must be the one of docs/durations.md. */
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
        durations = dir.resolve("durations.md");
        Files.writeString(durations, SOURCE);
        makefile = dir.resolve("Makefile");
        Files.writeString(makefile, """
                help:
                \t@echo "make test                everything CI runs, ~25 min"
                \t@echo "make bench               the JMH set, ~55 min (BENCH_JAVA=<JDK 22+ java> adds ArenaBench)"
                \t@echo "make jcstress-mutants    what x86 can show (~1 h)"

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
        assertTrue(run.out().contains(makefile + ":3: `make bench` quoted as ~22 min, but " + durations
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
        assertTrue(run.out().contains(makefile + ":2: `make test` quoted as ~25 min, but "), run.out());
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
}
