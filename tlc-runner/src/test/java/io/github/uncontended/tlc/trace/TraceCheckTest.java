package io.github.uncontended.tlc.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trace validation's checker on hand-written logs, against the real sequencer trace spec: a trace
 * that is a behaviour is accepted, one that is not is rejected at the right event with the state
 * before it, and a log that cannot be read or whose expectation is wrong fails the run.
 */
public class TraceCheckTest {
    private static final Path FIXTURES = Paths.get("src/test/resources/fixtures/traces");
    private static final Path SPECS = Paths.get("../specs");

    @TempDir
    Path out;

    private int run(ByteArrayOutputStream stdout, String... logs) {
        String[] args = new String[4 + logs.length];
        args[0] = "--specs";
        args[1] = SPECS.toString();
        args[2] = "--out";
        args[3] = out.toString();
        for (int i = 0; i < logs.length; i++) {
            args[4 + i] = FIXTURES.resolve(logs[i]).toString();
        }
        return TraceCheck.run(args, new PrintStream(stdout, true, StandardCharsets.UTF_8), System.err);
    }

    @Test
    void acceptsABehaviourAndRejectsTheOtherAtItsFirstUnfitEvent() throws Exception {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        assertEquals(0, run(stdout, "accepted.trace", "rejected.trace"), stdout.toString());
        String table = stdout.toString();
        assertTrue(table.contains("2 traces: 2 as expected (1 accepted, 1 broken-variant traces rejected)"), table);
        String report = Files.readString(out.resolve("rejected.txt"));
        assertTrue(report.contains("First event that does not fit: #3 of 6"), report);
        assertTrue(report.contains("1 Guard cursor=0"), report);
        assertTrue(report.contains("cursor") && report.contains("= -1"), "the state before it shows cursor = -1:\n" + report);
        assertTrue(Files.readString(out.resolve("accepted.txt")).startsWith("ACCEPTED: all 6 events"));
    }

    /**
     * The session trace spec, on an acquire that waits out a close: its first load of the CLOSING
     * mark is a spec step (it records the closer), the second a stutter, and after the commit it
     * fails on CLOSED. In a recording the closers are numbers: a spec that compared one with the
     * string "none" crashed TLC here.
     */
    @Test
    void aSessionAcquireWaitingOnClosingIsAccepted() {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        assertEquals(0, run(stdout, "session-waits-on-closing.trace"), stdout.toString());
        assertTrue(stdout.toString().contains("1 traces: 1 as expected (1 accepted"), stdout.toString());
    }

    /**
     * A log's witness is the model's, by name, in its trace spec: the session fixture reaches
     * AcquireWaitsThenFails (an acquire waited on a CLOSING mark and failed), and is accepted with
     * it; the sequencer fixture claims RingFull, which one publisher and one sequence never reach:
     * it replays, and is a mismatch all the same. A witness the spec does not define is an error.
     */
    @Test
    void aLogMustReachTheWitnessItNames() throws Exception {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        assertEquals(1, run(stdout, "session-waits-on-closing.trace", "missed-witness.trace", "undefined-witness.trace"),
                stdout.toString());
        String table = stdout.toString();
        assertTrue(table.contains("AcquireWaitsThenFails "), table);
        assertTrue(Files.readString(out.resolve("session-waits-on-closing.txt")).contains("Witness reached: AcquireWaitsThenFails"));
        assertTrue(table.contains("RingFull (missed)"), table);
        assertTrue(table.contains("missed-witness.trace was accepted as expected, but no state of its replay reaches"
                + " RingFull: the recording did not reach the case it was made for"), table);
        assertTrue(Files.readString(out.resolve("missed-witness.txt")).contains("WITNESS NOT REACHED: RingFull"));
        assertTrue(table.contains("witness NoSuchCase is not defined in"), table);
        assertTrue(table.contains("3 traces: 1 as expected (1 accepted, 0 broken-variant traces rejected), 2 mismatched"),
                table);
    }

    @Test
    void aBrokenVariantsTraceThatPassesIsAMismatch() {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        assertEquals(1, run(stdout, "wrongly-expected.trace"));
        assertTrue(stdout.toString().contains("was expected to be rejected (it comes from a broken variant), got accept"),
                stdout.toString());
    }

    @Test
    void anUnparsableLogIsAnErrorNamingItsLine() {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        assertEquals(1, run(stdout, "unparsable.bad"));
        assertTrue(stdout.toString().contains("unparsable.bad:3: 'zero' is not a number"), stdout.toString());
    }

    @Test
    void noLogsIsAUsageError() {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        assertEquals(2, TraceCheck.run(new String[] {"--out", out.toString()}, new PrintStream(stdout), new PrintStream(stdout)));
        assertFalse(stdout.toString().isEmpty());
    }
}
