package io.github.uncontended.tlc.jcstress;

import static io.github.uncontended.tlc.jcstress.Fixtures.RACY;
import static io.github.uncontended.tlc.jcstress.Fixtures.SKIP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.jcstress.JcstressRun.Outcome;
import io.github.uncontended.tlc.jcstress.JcstressRun.Stop;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watchdog, on a stand-in for jcstress ({@link FakeJcstress}: a JVM that prints a recorded
 * console, then ends or hangs as told): each way a run ends, and a stopped run leaves no process.
 * Limits of a few seconds (the watchdog reads the console every 100 ms here); each test well under
 * its timeout on the loaded 2-core machine.
 */
@Timeout(value = 90, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JcstressRunTest {

    @TempDir
    Path dir;

    private Outcome run(List<String> command, long budget, long stall, Predicate<JcstressConsole> configsBad,
                        Predicate<Set<String>> stopWhen) throws Exception {
        return JcstressRun.run(new JcstressRun.Launch(command, dir, dir.resolve("console.txt"), budget, stall, configsBad, stopWhen,
                100));
    }

    private static List<String> fake(String fixture, int lines, long millis, String then) {
        return FakeJcstress.command(Fixtures.console(fixture).toString(), Integer.toString(lines), Long.toString(millis), then);
    }

    @Test
    void aRunThatEndsByItselfIsEndedWithItsExitCode() throws Exception {
        Outcome o = run(fake("pass", -1, 0, "exit:0"), 60, 30, c -> false, failed -> false);
        assertEquals(Stop.ENDED, o.stop());
        assertEquals(0, o.exit());
        assertTrue(o.console().finished());
        assertEquals(14, o.console().forks().size());
        assertEquals(Files.readString(Fixtures.console("pass")).strip(), Files.readString(dir.resolve("console.txt")).strip());
    }

    /** A crash of jcstress itself: it ends, with an error code, before its RUN RESULTS. */
    @Test
    void aCrashIsEndedAndUnfinished() throws Exception {
        Outcome o = run(fake("pass", 120, 0, "exit:134"), 60, 30, c -> false, failed -> false);
        assertEquals(Stop.ENDED, o.stop());
        assertEquals(134, o.exit());
        assertFalse(o.console().finished());
        Verdict v = Verdict.judge(new Verdict.Run(Verdict.Expect.PASS, List.of(Fixtures.WRAP), "sanity", "R", false, 60, 30,
                dir.resolve("console.txt")), o);
        assertEquals(1, v.exit(), String.join("\n", v.err()));
    }

    /** A hung fork: the console stops growing; the run is killed, and so is the process it forked. */
    @Test
    void aStallIsStoppedAndTheWholeTreeKilled() throws Exception {
        Path pidFile = dir.resolve("child.pid");
        long start = System.nanoTime();
        Outcome o = run(fake("stalled", -1, 0, "hang:" + pidFile), 60, 3, c -> false, failed -> false);
        long took = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertEquals(Stop.STALL, o.stop());
        assertEquals(-1, o.exit());
        assertEquals(3, o.console().forks().size());
        assertTrue(o.quietSeconds() >= 3, "quiet for " + o.quietSeconds() + " s");
        assertTrue(took < 45, "stopped after " + took + " s");
        long child = Long.parseLong(Files.readString(pidFile).strip());
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the forked process " + child + " outlived the run");
    }

    @Test
    void aRunPastItsBudgetIsStoppedThoughForksStillReport() throws Exception {
        Outcome o = run(fake("pass", -1, 40, "hang"), 3, 30, c -> false, failed -> false);
        assertEquals(Stop.BUDGET, o.stop());
        assertTrue(o.seconds() >= 3, o.seconds() + " s");
        assertFalse(o.console().finished());
    }

    @Test
    void aRunIsStoppedOnceEveryBrokenVariantIsCaught() throws Exception {
        Outcome o = run(fake("caught-early", -1, 0, "hang"), 60, 30, c -> false, failed -> failed.containsAll(Set.of(RACY, SKIP)));
        assertEquals(Stop.CAUGHT, o.stop());
        assertEquals(Set.of(RACY, SKIP), o.failedAt().keySet());
        assertTrue(o.failedAt().values().stream().allMatch(s -> s <= o.seconds()), o.failedAt() + " " + o.seconds());
    }

    /** The configurations are judged once jcstress has printed them all, before any fork. */
    @Test
    void theBiasedLockingAxisStopsTheRunBeforeAnyFork() throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.console("full"));
        int topology = lines.indexOf("Detecting CPU topology and computing scheduling classes:");
        Outcome o = run(fake("full", topology + 1, 0, "hang"), 60, 30, c -> Verdict.configsBad(c, false), failed -> false);
        assertEquals(Stop.CONFIGS, o.stop());
        assertTrue(o.console().forks().isEmpty());
        assertEquals(Map.of(), o.failedAt());
    }
}
