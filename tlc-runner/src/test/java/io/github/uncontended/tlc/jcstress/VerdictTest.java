package io.github.uncontended.tlc.jcstress;

import static io.github.uncontended.tlc.jcstress.Fixtures.RACY;
import static io.github.uncontended.tlc.jcstress.Fixtures.SKIP;
import static io.github.uncontended.tlc.jcstress.Fixtures.WRAP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.jcstress.JcstressRun.Outcome;
import io.github.uncontended.tlc.jcstress.JcstressRun.Stop;
import io.github.uncontended.tlc.jcstress.Verdict.Expect;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The judgement of a selection's run, on recorded consoles ({@link Fixtures}) and the ways a run
 * ends: a verdict is never ok for a run that did not finish.
 */
class VerdictTest {

    private static final Path CONSOLE = Path.of("/results/console.txt");

    private static Verdict.Run run(Expect e, boolean full, String... tests) {
        return new Verdict.Run(e, List.of(tests), "sanity", "REGEX", full, 240, 120, CONSOLE);
    }

    private static Outcome ended(String fixture, int exit) {
        return new Outcome(Stop.ENDED, exit, 15, 1, Fixtures.read(fixture), Map.of());
    }

    private static String text(Verdict v) {
        return String.join("\n", v.out()) + "\n" + String.join("\n", v.err());
    }

    @Test
    void aFinishedPassingRunPasses() {
        Verdict v = Verdict.judge(run(Expect.PASS, false, WRAP), ended("pass", 0));
        assertEquals(0, v.exit(), text(v));
        assertEquals(List.of("jcstress: all 1 tests passed (14 forks, 15 s)"), v.out());
        assertTrue(v.err().isEmpty());
    }

    @Test
    void aPassingConsoleWithANonZeroExitFails() {
        Verdict v = Verdict.judge(run(Expect.PASS, false, WRAP), ended("pass", 1));
        assertEquals(1, v.exit());
        assertTrue(text(v).contains("jcstress: FAILED: (jcstress exited with 1) (full output: /results/console.txt)"), text(v));
    }

    /** The stalled fixture, stopped by the watchdog: a timeout naming what it waited for. */
    @Test
    void aStallIsATimeoutNamingTheForksSoFar() {
        Outcome o = new Outcome(Stop.STALL, -1, 40, 20, Fixtures.read("stalled"), Map.of());
        Verdict v = Verdict.judge(run(Expect.PASS, false, WRAP), o);
        assertEquals(1, v.exit());
        assertEquals(List.of("jcstress: TIMEOUT after 40 s: no fork reported for 120 s (mode sanity, selection 'REGEX'): a hung actor?"
                        + " Killed. The last fork reported 20 s before; forks so far:",
                "  WrapAroundTest: 3 forks reported (0 failed)",
                "  the test with the fewest forks reported is the likely one; full output: /results/console.txt"), v.err());
        Verdict budget = Verdict.judge(run(Expect.FAIL, false, WRAP), new Outcome(Stop.BUDGET, -1, 241, 3, Fixtures.read("stalled"),
                Map.of()));
        assertEquals(1, budget.exit());
        assertTrue(budget.err().get(0).startsWith("jcstress: TIMEOUT after 241 s: the run passed its budget of 240 s"), text(budget));
        assertTrue(budget.caught().isEmpty());
    }

    /** Never ok for a run that did not finish: the stalled console, had jcstress ended by itself (killed from outside) with 0. */
    @Test
    void aRunThatDidNotFinishIsNeverPassedEvenWithExitZero() {
        for (String fixture : List.of("stalled", "caught-early")) {
            Verdict v = Verdict.judge(run(Expect.PASS, false, WRAP), ended(fixture, 0));
            assertEquals(1, v.exit(), fixture + ": " + text(v));
            assertTrue(v.err().get(0).startsWith("jcstress: the run did not finish: jcstress exited with 0 before its RUN RESULTS"),
                    text(v));
        }
        Verdict killed = Verdict.judge(run(Expect.PASS, false, WRAP), ended("stalled", 143));
        assertTrue(killed.err().get(0).contains("jcstress exited with 143 before its RUN RESULTS"), text(killed));
        // expect fail, every fork to run (--full): caught forks alone are not the full run
        Verdict full = Verdict.judge(run(Expect.FAIL, true, RACY, SKIP), ended("caught-early", 143));
        assertEquals(1, full.exit(), text(full));
        assertTrue(full.err().get(0).startsWith("jcstress: the run did not finish (jcstress exited with 143 before its RUN RESULTS):"
                + " every fork was to run"), text(full));
    }

    @Test
    void aCrashedForkFailsTheRunNamingTheError() {
        Verdict v = Verdict.judge(run(Expect.PASS, false, WRAP), ended("fork-crash", 1));
        assertEquals(1, v.exit());
        assertTrue(v.err().contains("    Failed with error code 137"), text(v));
        assertTrue(v.err().get(v.err().size() - 1).startsWith("jcstress: FAILED: errors: " + WRAP + " (VM ERROR) (jcstress exited with 1)"),
                text(v));
    }

    @Test
    void aTestMissingFromTheResultsDidNotRun() {
        Verdict v = Verdict.judge(run(Expect.PASS, false, WRAP, "io.github.uncontended.sharded.Other"), ended("pass", 0));
        assertEquals(1, v.exit());
        assertEquals(List.of("jcstress: NOT RUN: io.github.uncontended.sharded.Other (more actors than the 2 CPUs given to -c?)"),
                v.err());
    }

    /** The rows of caught.tsv: the same as run-jcstress.sh wrote for the same console (but for the seconds, polled). */
    @Test
    void eachBrokenVariantCaughtIsRecordedWithItsFork() {
        Outcome o = new Outcome(Stop.CAUGHT, -1, 6, 0, Fixtures.read("caught-early"), Map.of(RACY, 6L, SKIP, 6L));
        Verdict v = Verdict.judge(run(Expect.FAIL, false, SKIP, RACY), o);
        assertEquals(0, v.exit(), text(v));
        assertEquals(List.of(
                SKIP + "\t6\t[-XX:+StressLCM, -XX:+StressGCM, -XX:+StressIGVN, -XX:+StressCCP, -XX:StressSeed=1093121608]\t"
                        + "split (produce: Interpreter, consumeThenProduce: C2)",
                RACY + "\t6\t[]\tsplit (produceOne: C2, produceTwo: C1)"), v.caught().stream().map(Caught::line).toList());
        assertEquals("jcstress: all 2 broken variants caught (a fork reported FAILED, as it must) in 6 s, stopped once each was"
                + " caught; the catching forks (/results/caught.tsv):", v.out().get(0));
        assertEquals("  RacyTailClaimTwoProducersTest: after 6 s, JVM args [], compilation split (produceOne: C2, produceTwo: C1)",
                v.out().get(2));
    }

    @Test
    void aBrokenVariantThatPassedEveryForkIsNotCaught() {
        Verdict v = Verdict.judge(run(Expect.FAIL, false, SKIP, RACY), new Outcome(Stop.ENDED, 1, 24, 0, Fixtures.read("not-caught"),
                Map.of(RACY, 14L)));
        assertEquals(1, v.exit());
        assertEquals(List.of("jcstress: NOT CAUGHT: " + SKIP + ": a test run against a broken variant passed every fork, so it"
                        + " cannot fail (full output: /results/console.txt)",
                "  ElementFlagSkipClaimedTest: 14 forks reported (0 failed)",
                "  RacyTailClaimTwoProducersTest: 14 forks reported (2 failed)"), v.err());
        assertEquals(1, v.caught().size(), "the one caught is still recorded");
    }

    @Test
    void theBiasedLockingAxisIsRefusedUnlessFull() {
        JcstressConsole c = Fixtures.read("full");
        assertTrue(Verdict.configsBad(c, false));
        assertTrue(!Verdict.configsBad(c, true));
        assertTrue(!Verdict.configsBad(Fixtures.read("pass"), false));
        Verdict stopped = Verdict.judge(run(Expect.PASS, false, WRAP), new Outcome(Stop.CONFIGS, -1, 9, 9, c, Map.of()));
        assertEquals(1, stopped.exit());
        assertTrue(stopped.err().get(0).startsWith("jcstress: the biased-locking axis was not dropped (or no configuration was printed);"
                + " jcstress composed: [-XX:+UseBiasedLocking] [-XX:-UseBiasedLocking] [-XX:+UseBiasedLocking, -XX:+StressLCM,"), text(stopped));
        assertEquals(1, Verdict.judge(run(Expect.PASS, false, WRAP), ended("full", 0)).exit(), "checked after the run too");
        Verdict full = Verdict.judge(run(Expect.PASS, true, WRAP), ended("full", 0));
        assertEquals(List.of("jcstress: all 1 tests passed (28 forks, 15 s)"), full.out(), text(full));
    }

    @Test
    void aFatalMeansNothingRan() {
        Outcome o = new Outcome(Stop.ENDED, 0, 3, 3, JcstressConsole.parse("Probing what VM configurations are available:\n"
                + "FATAL: No JVM configurations to run with.\n"), Map.of());
        Verdict v = Verdict.judge(run(Expect.PASS, false, WRAP), o);
        assertEquals(2, v.exit());
        assertEquals(List.of("jcstress: jcstress could not run: FATAL: No JVM configurations to run with. (full output:"
                + " /results/console.txt)"), v.err());
    }
}
