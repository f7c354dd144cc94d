package io.github.uncontended.tlc.trace;

import static io.github.uncontended.tlc.fixtures.ScriptedTlc.msg;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.state;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.stats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.fixtures.ScriptedTlc;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tlc2.output.EC;

/**
 * Trace validation's verdicts on every kind of TLC answer, with a scripted stand-in for TLC
 * ({@link ScriptedTlc}; issue 30, item 3): a crash, a timeout, a run that reports no position, each
 * makes the trace an error and the run exit 1, even for a trace that is expected to be rejected;
 * only the answer the trace's {@code expect} line names exits 0. {@link TraceCheckTest} shows the
 * same on real TLC, more slowly.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
public class TraceCheckVerdictsTest {

    private static final Path FIXTURES = Paths.get("src/test/resources/fixtures/traces");
    private static final Path SPECS = Paths.get("../specs");

    /** Pass 1's answer when the whole trace replays: the trace spec's invariant violated, with its state. */
    private static final String REPLAYED = msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1,
            "Invariant " + TraceCheck.INVARIANT + " is violated.") + state(1, "/\\ l = 7") + stats(7, 7, null);

    @TempDir
    Path dir;

    record Run(int exit, String stdout, String stderr) {}

    private Run run(String... args) {
        return run(dir, args);
    }

    /** The trace check on the project's specs, with the stand-in of {@code dir/tlc} as TLC (TraceCheckReportTest's too). */
    static Run run(Path dir, String... args) {
        List<String> all = new ArrayList<>(List.of("--specs", SPECS.toString(), "--out", dir.resolve("out").toString(),
                "--tla-jar", dir.resolve("tlc/tlc.jar").toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = TraceCheck.run(all.toArray(String[]::new), new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Run(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private Run check(String trace, String output, int exit, String... extra) {
        ScriptedTlc.in(dir.resolve("tlc"), output, exit);
        List<String> args = new ArrayList<>(List.of(extra));
        args.add(FIXTURES.resolve(trace).toString());
        return run(args.toArray(String[]::new));
    }

    private static String progress(int... positions) {
        StringBuilder sb = new StringBuilder();
        for (int p : positions) {
            sb.append("<<\"trace-progress\", ").append(p).append(">>\n");
        }
        return sb.toString();
    }

    /** Pass 1 ends without a violation, having printed the positions reached. */
    private static String rejectedAt(int... positions) {
        return progress(positions) + msg(EC.TLC_SUCCESS, 0, "Model checking completed. No error has been found.")
                + stats(9, 9, null);
    }

    @Test
    void aReplayedTraceIsAcceptedAndExitsZeroWhenExpected() throws Exception {
        Run r = check("accepted.trace", REPLAYED, 12);
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        assertTrue(r.stdout().contains("1 traces: 1 as expected (1 accepted, 0 broken-variant traces rejected), 0 mismatched"),
                r.stdout());
        assertTrue(Files.readString(dir.resolve("out/accepted.txt")).startsWith("ACCEPTED: all 6 events"));
        assertEquals("{\"traces\": 1, \"asExpected\": 1}", Files.readString(dir.resolve("out/summary.json")).strip());
        assertEquals(1, ScriptedTlc.runs(dir.resolve("tlc")), "no second pass");
    }

    /** A witness printed by pass 1 is reached: the verdict stands; the summary counts the trace as expected. */
    @Test
    void aReachedWitnessKeepsTheVerdict() throws Exception {
        Run r = check("session-waits-on-closing.trace", "<<\"trace-witness\", \"AcquireWaitsThenFails\">>\n" + REPLAYED, 12);
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        assertTrue(r.stdout().contains("1 traces: 1 as expected (1 accepted, 0 broken-variant traces rejected), 0 mismatched"),
                r.stdout());
    }

    /** The same replay with its witness never printed: a mismatch, exit 1, though the trace replays. */
    @Test
    void aMissedWitnessIsAMismatchThoughTheTraceReplays() throws Exception {
        Run r = check("session-waits-on-closing.trace", REPLAYED, 12);
        assertEquals(1, r.exit(), r.stdout() + r.stderr());
        assertTrue(r.stdout().contains("but no state of its replay reaches AcquireWaitsThenFails"), r.stdout());
        assertEquals("{\"traces\": 1, \"asExpected\": 0}", Files.readString(dir.resolve("out/summary.json")).strip());
    }

    @Test
    void aReplayedBrokenVariantsTraceIsAMismatch() throws Exception {
        Run r = check("wrongly-expected.trace", REPLAYED, 12);
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().contains("was expected to be rejected (it comes from a broken variant), got accept"), r.stdout());
        assertTrue(r.stdout().contains("1 traces: 0 as expected (0 accepted, 0 broken-variant traces rejected), 1 mismatched"),
                r.stdout());
        assertEquals("{\"traces\": 1, \"asExpected\": 0}", Files.readString(dir.resolve("out/summary.json")).strip());
    }

    /** Another invariant violated is no replay: an error, never the acceptance. */
    @Test
    void anotherViolationIsAnError() {
        Run r = check("accepted.trace", msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant TypeOK is violated.")
                + state(1, "/\\ l = 1") + stats(2, 2, null), 12);
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().contains("error: ") && r.stdout().contains("TLC ended with safety: Invariant TypeOK is violated."),
                r.stdout());
    }

    @Test
    void aTraceRejectedAtAnEventIsRejectedThereWithTheStateBeforeIt() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), "", 0);
        ScriptedTlc.run(dir.resolve("tlc"), 1, rejectedAt(2, 5, 3), 0);
        ScriptedTlc.run(dir.resolve("tlc"), 2, msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant TraceRun_Before is violated.")
                + state(1, "/\\ l = 1\n/\\ cursor = -1") + state(2, "/\\ l = 4\n/\\ cursor = 0") + stats(5, 5, null), 12);
        Run r = run(FIXTURES.resolve("rejected.trace").toString());
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        assertEquals(2, ScriptedTlc.runs(dir.resolve("tlc")));
        String report = Files.readString(dir.resolve("out/rejected.txt"));
        assertTrue(report.contains("First event that does not fit: #5 of 6"), "the furthest position: " + report);
        assertTrue(report.contains("cursor = 0") && report.contains("l      = 4"), report);
        assertTrue(r.stdout().contains("1 traces: 1 as expected (0 accepted, 1 broken-variant traces rejected), 0 mismatched"),
                r.stdout());
        assertTrue(r.stdout().contains("#5"), r.stdout());
        String module = Files.readString(dir.resolve("out/work/rejected/TraceRun.tla"));
        assertTrue(module.contains("TraceRun_Before == l < 5"), module);
    }

    @Test
    void aRejectedTraceThatShouldReplayIsAMismatch() {
        ScriptedTlc.in(dir.resolve("tlc"), "", 0);
        ScriptedTlc.run(dir.resolve("tlc"), 1, rejectedAt(3), 0);
        ScriptedTlc.run(dir.resolve("tlc"), 2, msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant TraceRun_Before is violated.")
                + state(1, "/\\ l = 1"), 12);
        Run r = run(FIXTURES.resolve("accepted.trace").toString());
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().contains("was expected to be accepted, got reject"), r.stdout());
    }

    /** A crash is no rejection: a trace expected to be rejected still fails the run. */
    @Test
    void aCrashIsAnErrorEvenForATraceExpectedToBeRejected() throws Exception {
        Run r = check("rejected.trace", msg(EC.GENERAL, 1, "TLC threw an unexpected exception."), 255);
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().contains("TLC ended with crash: TLC exited with 255: TLC threw an unexpected exception."),
                r.stdout());
        assertTrue(r.stdout().contains("MISMATCH"), r.stdout());
        assertTrue(Files.readString(dir.resolve("out/rejected.txt")).startsWith("ERROR: TLC ended with crash"));
        assertEquals(1, ScriptedTlc.runs(dir.resolve("tlc")));
    }

    @Test
    void aRunThatReportsNoPositionIsAnError() {
        Run r = check("rejected.trace", rejectedAt(), 0);
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().contains("TLC reported no trace position: does the initial state fit?"), r.stdout());
        assertEquals(1, ScriptedTlc.runs(dir.resolve("tlc")));
    }

    @Test
    void aTlcThatRunsPastItsTimeoutIsAnError() {
        ScriptedTlc.in(dir.resolve("tlc"), REPLAYED, 12);
        ScriptedTlc.sleep(dir.resolve("tlc"), 60);
        Run r = run("--timeout", "1", FIXTURES.resolve("accepted.trace").toString());
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().contains("TLC timed out after 1 s"), r.stdout());
    }

    @Test
    void aSecondPassPastItsTimeoutIsAnError() {
        ScriptedTlc.in(dir.resolve("tlc"), "", 0);
        ScriptedTlc.run(dir.resolve("tlc"), 1, rejectedAt(3), 0);
        ScriptedTlc.run(dir.resolve("tlc"), 2, state(1, "/\\ l = 1"), 12);
        ScriptedTlc.sleep(dir.resolve("tlc"), 2, 60);
        // 4 s: pass 1 (a JVM's start) must end within the same timeout on a loaded machine.
        Run r = run("--timeout", "4", FIXTURES.resolve("rejected.trace").toString());
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().contains("rejected at event #3 (1 Guard cursor=0), but TLC timed out finding the state before it"),
                r.stdout());
        String row = r.stdout().lines().filter(l -> l.startsWith("rejected.trace")).findFirst().orElseThrow();
        String[] w = row.trim().split("\\s+");
        assertTrue(Double.parseDouble(w[w.length - 2]) >= 4.0, "both passes' time, the second's a timeout: " + row);
    }

    /** Without --tla-jar, the TLC jar on the class path runs (here killed at once by a timeout of 0 s). */
    @Test
    void withoutATlaJarTheOneOnTheClassPathRuns() {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        int exit = TraceCheck.run(new String[] {"--specs", SPECS.toString(), "--out", dir.resolve("out").toString(),
                "--timeout", "0", FIXTURES.resolve("accepted.trace").toString()},
                new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(1, exit, o.toString(StandardCharsets.UTF_8));
        assertTrue(o.toString(StandardCharsets.UTF_8).contains("TLC timed out after 0 s"), o.toString(StandardCharsets.UTF_8));
    }

    /** Interrupted while TLC runs: exit 1, said so, and the thread's interrupt status kept. */
    @Test
    void anInterruptedRunExitsOneAndStaysInterrupted() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), REPLAYED, 12);
        ScriptedTlc.sleep(dir.resolve("tlc"), 3);
        Thread self = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                while (!Files.exists(dir.resolve("tlc/args.1"))) {   // TLC started: the runner waits for it
                    Thread.sleep(10);
                }
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            self.interrupt();
        });
        interrupter.start();
        Run r;
        try {
            r = run(FIXTURES.resolve("accepted.trace").toString());
        } finally {
            interrupter.join();
        }
        boolean interrupted = Thread.interrupted();
        assertEquals(1, r.exit(), r.stdout() + r.stderr());
        assertEquals("error: interrupted", r.stderr().strip());
        assertTrue(interrupted, "the interrupt status is restored");
    }

    /** One failing trace among passing ones fails the run; every trace is still checked. */
    @Test
    void oneFailureAmongPassesExitsOne() {
        ScriptedTlc.in(dir.resolve("tlc"), REPLAYED, 12);
        Run r = run(FIXTURES.resolve("accepted.trace").toString(), FIXTURES.resolve("wrongly-expected.trace").toString());
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().contains("2 traces: 1 as expected (1 accepted, 0 broken-variant traces rejected), 1 mismatched"),
                r.stdout());
    }

    @Test
    void anUnreadableLogOrMissingSpecIsAnError() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), REPLAYED, 12);
        Run bad = run(FIXTURES.resolve("unparsable.bad").toString());
        assertEquals(1, bad.exit(), bad.stdout());
        Path noSpec = dir.resolve("nospec.trace");
        Files.writeString(noSpec, "spec sequencer/trace/NoSuchTrace\nexpect accept\n1 Claim seq=0 n=1\n");
        Run missing = run(noSpec.toString());
        assertEquals(1, missing.exit(), missing.stdout());
        assertTrue(missing.stdout().contains("no trace spec "), missing.stdout());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")), "TLC never ran");
    }

    @Test
    void noTracesOrAMissingOneIsAFailureAndBadUsageExitsTwo() throws Exception {
        ScriptedTlc.in(dir.resolve("tlc"), REPLAYED, 12);
        Path empty = dir.resolve("empty");
        Files.createDirectories(empty);
        Run none = run(empty.toString());
        assertEquals(1, none.exit());
        assertTrue(none.stderr().contains("no *.trace files in"), none.stderr());
        Run missing = run(dir.resolve("nope.trace").toString());
        assertEquals(1, missing.exit());
        assertTrue(missing.stderr().contains("no such trace log or folder"), missing.stderr());
        assertEquals(2, run().exit(), "no logs");
        Run unknown = run("--frobnicate", empty.toString());
        assertEquals(2, unknown.exit());
        assertEquals("error: unknown option '--frobnicate'\n`tlc-runner trace --help` lists its options", unknown.stderr().strip());
        assertEquals(2, run("--timeout", "soon", empty.toString()).exit());
        assertEquals(0, ScriptedTlc.runs(dir.resolve("tlc")));
    }

    /** A folder stands for the *.trace files below it, in name order; other files are left alone. */
    @Test
    void aFolderStandsForItsTraces() throws Exception {
        Path traces = dir.resolve("traces");
        Files.createDirectories(traces.resolve("sub"));
        Files.copy(FIXTURES.resolve("accepted.trace"), traces.resolve("sub/b.trace"));
        Files.copy(FIXTURES.resolve("accepted.trace"), traces.resolve("a.trace"));
        Files.writeString(traces.resolve("notes.txt"), "not a trace");
        ScriptedTlc.in(dir.resolve("tlc"), REPLAYED, 12);
        Run r = run(traces.toString());
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        assertTrue(r.stdout().contains("2 traces: 2 as expected"), r.stdout());
        assertTrue(r.stdout().indexOf("a.trace") < r.stdout().indexOf("b.trace"), r.stdout());
        assertFalse(r.stdout().contains("notes.txt"), r.stdout());
    }
}
