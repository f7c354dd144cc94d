package io.github.uncontended.tlc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The closing summary of make test, from a tree of reports built here. */
public class TestSummaryTest {

    private static void write(Path root, String file, String text) throws Exception {
        Path p = root.resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private static String run(Path root, int expectedExit, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = TestSummary.run(root, args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        assertEquals(expectedExit, exit, o.toString(StandardCharsets.UTF_8) + e.toString(StandardCharsets.UTF_8));
        return o.toString(StandardCharsets.UTF_8) + e.toString(StandardCharsets.UTF_8);
    }

    private static void tree(Path root) throws Exception {
        write(root, "java-impl/target/surefire-reports/TEST-a.xml", "<testsuite tests=\"10\" failures=\"1\" errors=\"0\" skipped=\"2\"/>");
        write(root, "tlc-runner/target/failsafe-reports/TEST-b.xml", "<testsuite tests=\"5\" failures=\"0\" errors=\"1\" skipped=\"0\"/>");
        // jcstress: a recorded console of one passing test; two catching forks
        write(root, "target/jcstress/console.txt", console("pass"));
        write(root, "target/jcstress-broken/caught.tsv", "a.B\t6\t[]\tsplit (x: C2, y: C1)\nc.D\t?\t[]\tunified\n");
        write(root, "target/model-check/report.json", "{\"summary\": {\"models\": 7, \"matched\": 6}}");
        write(root, "target/access-modes.json", "{\"matched\": 52, \"mismatched\": 0, \"peerMatched\": 9, \"peerMismatched\": 1}");
        write(root, "target/trace-check/summary.json", "{\"traces\": 20, \"asExpected\": 19}");
        write(root, "target/step-times.tsv", "unit\t258\t15\ncheck\t658\t25\n");
    }

    @Test
    void everyKindIsCountedAndTheTotalsAddUp(@TempDir Path root) throws Exception {
        tree(root);
        String out = run(root, 0);
        assertTrue(out.contains("JUnit (runner, unit, Lincheck) 11/15 passed (2 skipped); jcstress 1 passed and 2 broken"
                + " variants caught; TLC models 6/7 as pinned; access modes 52 matching their models (0 mismatched), peers' 9"
                + " (1 mismatched); recorded traces 19/20 judged as expected"), out);
        assertTrue(out.contains("steps (min:s, budget in min): unit 4:18/15, check 10:58/25"), out);
        // passed: 11 + 1 + 2 + 6 + 52 + 9 + 19; failed: 1 + 1 + 1 + 0 + 1 + 1
        assertTrue(out.endsWith("100 passed, 5 failed, 2 skipped\n"), out);
        assertEquals("100 5 2", Files.readString(root.resolve("target/test-summary.counts")).strip());
        write(root, "lincheck-tests/target/surefire-reports/TEST-c.xml", "<testsuite tests=\"3\" failures=\"0\" errors=\"0\" skipped=\"0\"/>");
        write(root, "target/jcstress-jdk25/console.txt", console("pass"));
        String java = run(root, 0, "java", "JDK 25", "target/jcstress-jdk25");
        assertTrue(java.startsWith("test summary, JDK 25: JUnit (unit, Lincheck) 10/13 passed (2 skipped); jcstress 1 passed"), java);
        assertTrue(java.endsWith("111 passed, 6 failed, 4 skipped\n"), java);
    }

    private static String console(String fixture) throws Exception {
        return Files.readString(Path.of(TestSummaryTest.class.getResource("/jcstress/" + fixture + ".txt").toURI()));
    }

    /** jcstress is counted from its console by the driver's reader: a run that did not finish passed nothing. */
    @Test
    void jcstressCountsOnlyTestsOfAFinishedRun(@TempDir Path root) throws Exception {
        tree(root);
        write(root, "target/jcstress/console.txt", console("stalled"));
        assertTrue(run(root, 0).contains("; jcstress 0 passed and 2 broken variants caught;"));
        write(root, "target/jcstress/console.txt", console("not-caught"));   // one of its two tests FAILED
        assertTrue(run(root, 0).contains("; jcstress 1 passed and 2 broken variants caught;"));
        write(root, "target/jcstress-broken/caught.tsv", "a.B\t6\n");
        assertTrue(run(root, 2).contains("error: test summary: "), "a caught.tsv line of 2 fields is unreadable");
    }

    @Test
    void aMissingReportIsAnErrorNotAZero(@TempDir Path root) throws Exception {
        tree(root);
        Files.delete(root.resolve("target/model-check/report.json"));
        assertTrue(run(root, 2).contains("error: test summary:"));
    }
}
