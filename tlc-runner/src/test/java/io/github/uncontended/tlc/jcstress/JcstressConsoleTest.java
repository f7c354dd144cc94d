package io.github.uncontended.tlc.jcstress;

import static io.github.uncontended.tlc.jcstress.Fixtures.RACY;
import static io.github.uncontended.tlc.jcstress.Fixtures.SKIP;
import static io.github.uncontended.tlc.jcstress.Fixtures.WRAP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one reader of jcstress's console, on recorded consoles ({@link Fixtures}). */
class JcstressConsoleTest {

    @Test
    void aPassingRunHasItsConfigurationsForksAndResults() {
        JcstressConsole c = Fixtures.read("pass");
        assertTrue(c.probed());
        assertEquals(List.of("[]", "[-XX:+StressLCM, -XX:+StressGCM, -XX:+StressIGVN, -XX:+StressCCP]"), c.configs());
        assertEquals(14, c.forks().size());
        assertTrue(c.forks().stream().allMatch(f -> f.label().equals("OK") && f.test().equals(WRAP)));
        assertEquals(14, c.planned());
        assertTrue(c.finished());
        assertEquals(Map.of(WRAP, "OK"), c.results());
        assertEquals(List.of(WRAP), c.passed());
        assertTrue(c.fatal().isEmpty());
        assertTrue(c.problemTables().isEmpty(), c.problemTables().toString());
        JcstressConsole.Fork first = c.forks().get(0);
        assertEquals("split (produce: Interpreter, consume: Interpreter)", first.compilation());
        assertEquals("[]", first.jvmArgs());
        assertTrue(c.forks().stream().anyMatch(f -> f.jvmArgs().startsWith(
                "[-XX:+StressLCM, -XX:+StressGCM, -XX:+StressIGVN, -XX:+StressCCP, -XX:StressSeed=")));
    }

    @Test
    void aRunStoppedOnceCaughtHasItsFailingForksAndNoResults() {
        JcstressConsole c = Fixtures.read("caught-early");
        assertFalse(c.finished());
        assertTrue(c.results().isEmpty());
        assertTrue(c.passed().isEmpty());
        JcstressConsole.Fork racy = c.firstFailed(RACY).orElseThrow();
        assertEquals("[]", racy.jvmArgs());
        assertEquals("split (produceOne: C2, produceTwo: C1)", racy.compilation());
        JcstressConsole.Fork skip = c.firstFailed(SKIP).orElseThrow();
        assertEquals("[-XX:+StressLCM, -XX:+StressGCM, -XX:+StressIGVN, -XX:+StressCCP, -XX:StressSeed=1093121608]", skip.jvmArgs());
        assertEquals("split (produce: Interpreter, consumeThenProduce: C2)", skip.compilation());
    }

    @Test
    void aFinishedRunWithAFailedTestListsItsTable() {
        JcstressConsole c = Fixtures.read("not-caught");
        assertTrue(c.finished());
        assertEquals("FAILED", c.results().get(RACY));
        assertEquals("OK", c.results().get(SKIP));
        assertEquals(List.of(SKIP), c.passed());
        assertTrue(c.firstFailed(SKIP).isEmpty());
        assertEquals(14, c.forks(SKIP).size());
        assertEquals(2, c.forks(RACY).stream().filter(JcstressConsole.Fork::failed).count());
        assertTrue(c.problemTables().get(0).strip().startsWith("Failed tests: 1 matching test results."), c.problemTables().toString());
        assertTrue(c.problemTables().stream().anyMatch(l -> l.contains("[FAILED] " + RACY)), c.problemTables().toString());
    }

    /** A timeout: the watchdog killed the run after a fork hung; what it had printed until then. */
    @Test
    void aStalledRunHasTheForksBeforeTheHangAndDidNotFinish() {
        JcstressConsole c = Fixtures.read("stalled");
        assertTrue(c.probed());
        assertEquals(3, c.forks().size());
        assertFalse(c.finished());
        assertTrue(c.results().isEmpty());
        assertTrue(c.passed().isEmpty(), "nothing of a run that did not finish is passed");
        assertEquals(14, c.planned());
    }

    /** A crash: a forked VM killed; jcstress reports the fork VM ERROR with the exit code, and the test in Error tests. */
    @Test
    void aCrashedForkIsAnErrorWithItsMessage() {
        JcstressConsole c = Fixtures.read("fork-crash");
        List<JcstressConsole.Fork> erred = c.forks().stream().filter(JcstressConsole.Fork::erred).toList();
        assertEquals(1, erred.size());
        assertEquals("VM ERROR", erred.get(0).label());
        assertEquals(List.of("Failed with error code 137"), erred.get(0).messages());
        assertEquals("split (produce: C1, consume: C2)", erred.get(0).compilation());
        assertEquals(14, c.forks().size());
        assertTrue(c.finished());
        assertEquals(Map.of(WRAP, "VM ERROR"), c.results());
        assertTrue(c.passed().isEmpty());
        assertTrue(c.problemTables().stream().anyMatch(l -> l.contains("Failed with error code 137")), c.problemTables().toString());
    }

    @Test
    void jcstresssOwnMainComposesTheBiasedLockingAxis() {
        JcstressConsole c = Fixtures.read("full");
        assertEquals(4, c.configs().size());
        assertEquals("[-XX:+UseBiasedLocking]", c.configs().get(0));
        assertEquals(28, c.forks().size());
        assertTrue(c.finished());
    }

    @Test
    void fatalNoConsoleAndAConsoleCutMidLine(@TempDir Path dir) throws Exception {
        // jcstress's words (JCStress.run) when no configuration probed well, and when the selection is empty
        assertEquals("FATAL: No JVM configurations to run with.",
                JcstressConsole.parse("Probing what VM configurations are available:\n\nFATAL: No JVM configurations to run with.\n")
                        .fatal().orElseThrow());
        JcstressConsole none = JcstressConsole.read(dir.resolve("console.txt"));
        assertFalse(none.probed());
        assertTrue(none.forks().isEmpty());
        assertFalse(none.finished());
        String pass = java.nio.file.Files.readString(Fixtures.console("pass"));
        JcstressConsole cut = JcstressConsole.parse(pass.substring(0, pass.indexOf("All remaining tests:") + 5));
        assertFalse(cut.finished(), "RUN RESULTS cut before its last section: not finished");
        assertTrue(cut.passed().isEmpty());
    }
}
