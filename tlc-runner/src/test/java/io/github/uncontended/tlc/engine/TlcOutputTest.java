package io.github.uncontended.tlc.engine;

import io.github.uncontended.tlc.manifest.ResultKind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Parsing of TLC's -tool output where no fixture run needs to be started. */
public class TlcOutputTest {

    private static String msg(int code, String body) {
        return "@!@!@STARTMSG " + code + ":4 @!@!@\n" + body + "\n@!@!@ENDMSG " + code + " @!@!@\n";
    }

    /** TLC 2.18 ends a lasso with "N: Back to state: <Action ...>", N being the state the loop returns to. */
    @Test
    void aLassoEndsWithTheStateItLoopsBackTo() {
        String out = msg(2116, "Temporal properties were violated.\n")
                + msg(2217, "1: <Initial predicate>\n/\\ x = 0\n")
                + msg(2217, "2: <Flip line 5, col 5 to line 5, col 20 of module M>\n/\\ x = 1\n")
                + msg(2122, "1: Back to state: <Flip line 5, col 5 to line 5, col 20 of module M>\n");
        List<TlcOutput.State> trace = TlcOutput.parse(out, 13).trace();
        assertEquals(3, trace.size());
        TlcOutput.State last = trace.get(2);
        assertEquals(TlcOutput.State.End.BACK_TO, last.end());
        assertEquals(3, last.number());
        assertEquals(1, last.backTo());
        assertEquals("Flip", last.action());
    }

    /**
     * Issue 28: TLC 2.18 found a liveness violation, then threw while it rebuilt the trace ("Read
     * past end of file"). The run has no counterexample, so it is a crash, never the verdict.
     */
    @Test
    void aViolationWhoseTraceTlcCouldNotRebuildIsACrash() {
        String out = msg(2116, "Temporal properties were violated.\n")
                + "@!@!@STARTMSG 1000:1 @!@!@\nTLC threw an unexpected exception.\njava.io.IOException: Read past end of file\n"
                + "@!@!@ENDMSG 1000 @!@!@\n";
        TlcOutput.Parsed p = TlcOutput.parse(out, 255);
        assertEquals(ResultKind.CRASH, p.kind());
        assertTrue(p.message().startsWith(TlcOutput.NO_COUNTEREXAMPLE + "liveness but printed no counterexample"), p.message());
        assertTrue(p.message().contains("Read past end of file"), p.message());
    }

    /** A log cut short after the verdict (a killed TLC, a full disk): no trace, so a crash. */
    @Test
    void aViolationWithoutItsTraceIsACrash() {
        String out = msg(2110, "Invariant Safe is violated.\n") + msg(2121, "The behavior up to this point is:\n");
        TlcOutput.Parsed p = TlcOutput.parse(out, 12);
        assertEquals(ResultKind.CRASH, p.kind());
        assertTrue(p.message().contains("safety of Safe but printed no counterexample (exit 12; the log may be truncated)"),
                p.message());
    }

    /**
     * Only TLC's two invariant-violation codes (2107, 2110) name a violated invariant: an
     * assertion whose message quotes the same words stays an assertion failure.
     */
    @Test
    void anAssertionThatQuotesAnInvariantIsNoInvariantViolation() {
        String out = msg(2132, "The first argument of Assert evaluated to FALSE; the second argument was:\n"
                + "\"Invariant Safe is violated\"\n")
                + msg(2217, "1: <Initial predicate>\n/\\ x = 0\n");
        TlcOutput.Parsed p = TlcOutput.parse(out, 12);
        assertEquals(ResultKind.ASSERTION, p.kind(), p.message());
        assertEquals(null, p.property());
    }

    /**
     * An invariant violation whose invariant is not named as TLC 2.18 names one ("Invariant
     * Safe is violated."): the runner cannot say which property broke, so the run is a crash,
     * reported, never an exception of the parser.
     */
    @Test
    void anInvariantViolationWithoutTheInvariantsNameIsACrash() {
        String out = msg(2110, "Invariant line 3, col 1 to line 3, col 9 of module M is violated.\n")
                + msg(2217, "1: <Initial predicate>\n/\\ x = 0\n");
        TlcOutput.Parsed p = TlcOutput.parse(out, 12);
        assertEquals(ResultKind.CRASH, p.kind(), p.message());
        assertEquals(null, p.property());
    }

    /** A trace that TLC printed, then an exception: the trace may be incomplete, so a crash too. */
    @Test
    void anExceptionAfterTheTraceIsACrash() {
        String out = msg(2110, "Invariant Safe is violated.\n") + msg(2217, "1: <Initial predicate>\n/\\ x = 0\n")
                + "@!@!@STARTMSG 1000:1 @!@!@\nTLC threw an unexpected exception.\n@!@!@ENDMSG 1000 @!@!@\n";
        TlcOutput.Parsed p = TlcOutput.parse(out, 255);
        assertEquals(ResultKind.CRASH, p.kind());
        assertTrue(p.message().contains("its counterexample may be incomplete"), p.message());
    }

    /** A process killed before any verdict: TLC's exit code, never success. */
    @Test
    void aKilledTlcIsACrash() {
        String out = msg(2185, "Starting... (2026-11-26 12:00:00)\n") + msg(2200, "Progress(3) at 2026-11-26: 10 states generated\n");
        TlcOutput.Parsed p = TlcOutput.parse(out, 137);
        assertEquals(ResultKind.CRASH, p.kind());
        assertTrue(p.message().startsWith("TLC exited with 137"), p.message());
    }

    /** A search cut off by the scale measurement's window: its last per-minute report is the count. */
    @Test
    void progressOfACutOffSearchIsItsLastReport() {
        String log = msg(2185, "Starting... (2026-11-26 15:39:08)")
                + msg(2200, "Progress(7) at 2026-11-26 15:40:08: 2,122 states generated (2,122 s/min),"
                        + " 1,204 distinct states found (1,204 ds/min), 584 states left on queue.")
                + msg(2200, "Progress(9) at 2026-11-26 15:41:38: 9,000 states generated (4,000 s/min),"
                        + " 5,000 distinct states found (2,000 ds/min), 584 states left on queue.");
        TlcOutput.Progress p = TlcOutput.progress(log);
        assertEquals(9_000, p.generated());
        assertEquals(5_000, p.distinct());
        assertEquals(2.5, p.minutes(), 1e-9);
        assertTrue(!p.complete());
    }

    /** A complete search: the final statistics (no time of their own) and "Finished ... at" end it. */
    @Test
    void progressOfACompleteSearchEndsAtFinished() {
        String log = msg(2185, "Starting... (2026-11-26 15:39:08)")
                + msg(2193, "Model checking completed. No error has been found.")
                + msg(2199, "14424 states generated, 6362 distinct states found, 0 states left on queue.")
                + msg(2186, "Finished in 10423ms at (2026-11-26 15:39:20)");
        TlcOutput.Progress p = TlcOutput.progress(log);
        assertEquals(14_424, p.generated());
        assertEquals(6_362, p.distinct());
        assertEquals(0.2, p.minutes(), 1e-9);
        assertTrue(p.complete());
    }

    /** Nothing printed (a parse error before the search): no counts, no minutes, which the scale tool reports as an error. */
    @Test
    void progressOfNoSearchIsEmpty() {
        TlcOutput.Progress p = TlcOutput.progress(msg(1000, "Parsing error"));
        assertEquals(0, p.distinct());
        assertEquals(0, p.minutes());
    }

    /** Final statistics carry no time: the time of the count is that of the last report before them. */
    @Test
    void progressKeepsTheLastTimeSeen() {
        String log = msg(2185, "Starting... (2026-11-26 15:39:08)")
                + msg(2200, "Progress(7) at 2026-11-26 15:40:08: 2,122 states generated, 1,204 distinct states found, 5 left.")
                + msg(2199, "3,000 states generated, 1,500 distinct states found, 0 states left on queue.")
                + msg(2199, "no counts in this one")
                + msg(2186, "Finished in 10423ms")
                + msg(4242, "another message");
        TlcOutput.Progress p = TlcOutput.progress(log);
        assertEquals(3_000, p.generated());
        assertEquals(1_500, p.distinct());
        assertEquals(1.0, p.minutes(), 1e-9);
        assertTrue(!p.complete(), "no success message");
    }

    @Test
    void minutesNeedBothTimes() {
        assertEquals(0, TlcOutput.progress(msg(2185, "Starting... (2026-11-26 15:39:08)")).minutes());
        assertEquals(0, TlcOutput.progress(msg(2186, "Finished in 10423ms at (2026-11-26 15:39:20)")).minutes());
    }
}
