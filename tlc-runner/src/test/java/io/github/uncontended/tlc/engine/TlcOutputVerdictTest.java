package io.github.uncontended.tlc.engine;

import static io.github.uncontended.tlc.fixtures.ScriptedTlc.msg;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.state;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.stats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.manifest.ResultKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tlc2.output.EC;

/**
 * The classification of TLC's -tool output, case by case (issue 30, item 3: the runner's
 * failure paths under mutation): each verdict TLC can print, each way a run fails without one,
 * and the counts the pinned ones are compared with. Text only, no TLC run.
 */
public class TlcOutputVerdictTest {

    /** A message code the parser gives no meaning to. */
    private static final int OTHER_CODE = 4242;

    private static final String TRACE = state(1, "/\\ x = 0") + state(2, "/\\ x = 1");

    private static TlcOutput.Parsed parse(String out, int exit) {
        return TlcOutput.parse(out, exit);
    }

    @Test
    void anInvariantViolatedInTheInitialStateIsSafety() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_INVARIANT_VIOLATED_INITIAL, 1, "Invariant Init0 is violated by the initial state:")
                + state(1, "/\\ x = 0"), 12);
        assertEquals(ResultKind.SAFETY, p.kind());
        assertEquals("Init0", p.property());
        assertEquals("Invariant Init0 is violated by the initial state:", p.message());
        assertEquals(1, p.trace().size());
    }

    /** What TLC 2.18 prints (seen in WitnessFoldTest's fixture): the state inside the verdict, no trace message. */
    @Test
    void anInitialStateThatViolatesAnInvariantIsItsOneStateCounterexample() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_INVARIANT_VIOLATED_INITIAL, 1,
                "Invariant Init0 is violated by the initial state:\n/\\ flag = FALSE\n/\\ x = 0\n"), 12);
        assertEquals(ResultKind.SAFETY, p.kind(), p.message());
        assertEquals("Init0", p.property());
        assertEquals(1, p.trace().size());
        assertEquals(java.util.Map.of("flag", "FALSE", "x", "0"), p.trace().get(0).vars());
        assertEquals("Initial predicate", p.trace().get(0).action());
    }

    @Test
    void theFirstVerdictIsTheOneReported() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant First is violated.")
                + msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Second is violated.")
                + msg(EC.TLC_DEADLOCK_REACHED, 1, "Deadlock reached.") + TRACE, 12);
        assertEquals(ResultKind.SAFETY, p.kind());
        assertEquals("First", p.property());
        assertEquals("Invariant First is violated.", p.message());
    }

    /** An invariant message under another code is no verdict: the run failed. */
    @Test
    void anInvariantMessageUnderAnotherCodeIsNoVerdict() {
        TlcOutput.Parsed p = parse(msg(EC.GENERAL, 1, "Invariant Safe is violated.") + TRACE, 255);
        assertEquals(ResultKind.CRASH, p.kind());
    }

    @Test
    void anActionPropertyIsSafetyAndNamedUnlessTlcGivesALocation() {
        TlcOutput.Parsed named = parse(msg(EC.TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR, 1,
                "Action property XNeverIncreases of the next-state relation is violated.\nmore") + TRACE, 13);
        assertEquals(ResultKind.SAFETY, named.kind());
        assertEquals("XNeverIncreases", named.property());
        assertEquals("Action property XNeverIncreases of the next-state relation is violated.", named.message());
        TlcOutput.Parsed located = parse(msg(EC.TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR, 1,
                "Action property line 42, col 17 to line 42, col 30 of module M is violated.") + TRACE, 13);
        assertEquals(ResultKind.SAFETY, located.kind());
        assertNull(located.property());
        TlcOutput.Parsed other = parse(msg(EC.TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR, 1, "something else") + TRACE, 13);
        assertEquals(ResultKind.CRASH, other.kind(), "no property named: no verdict");
    }

    @Test
    void aTemporalViolationWithAStutteringEndIsLiveness() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated.\nsecond line")
                + TRACE + msg(EC.TLC_STATE_PRINT3, 4, "3: Stuttering"), 13);
        assertEquals(ResultKind.LIVENESS, p.kind());
        assertNull(p.property());
        assertEquals("Temporal properties were violated.", p.message());
        assertEquals(3, p.trace().size());
        TlcOutput.State last = p.trace().get(2);
        assertEquals(TlcOutput.State.End.STUTTERING, last.end());
        assertEquals(3, last.number());
        assertEquals("Stuttering", last.action());
        TlcOutput.State unnumbered = parse(msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated.")
                + TRACE + msg(EC.TLC_STATE_PRINT3, 4, "Stuttering"), 13).trace().get(2);
        assertEquals(3, unnumbered.number(), "numbered after the states before it");
    }

    @Test
    void aLoopBackNamedByNumberEndsTheLasso() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated.")
                + TRACE + msg(EC.TLC_BACK_TO_STATE, 1, "3: Back to state 1"), 13);
        TlcOutput.State last = p.trace().get(2);
        assertEquals(TlcOutput.State.End.BACK_TO, last.end());
        assertEquals(3, last.number());
        assertEquals(1, last.backTo());
        assertEquals("Back to state", last.action());
        // The same text under another code (not an exception's) is still the loop's end.
        TlcOutput.Parsed other = parse(msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated.")
                + TRACE + msg(OTHER_CODE, 4, "3: Back to state 2"), 13);
        assertEquals(2, other.trace().get(2).backTo());
        assertEquals(ResultKind.LIVENESS, other.kind());
    }

    @Test
    void aDeadlockWithItsTraceIsDeadlockAndWithoutItACrash() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_DEADLOCK_REACHED, 1, "Deadlock reached.\nmore") + TRACE, 11);
        assertEquals(ResultKind.DEADLOCK, p.kind());
        assertEquals("Deadlock reached.", p.message());
        TlcOutput.Parsed bare = parse(msg(EC.TLC_DEADLOCK_REACHED, 1, "Deadlock reached."), 11);
        assertEquals(ResultKind.CRASH, bare.kind());
        assertEquals(TlcOutput.NO_COUNTEREXAMPLE + "deadlock but printed no counterexample (exit 11; the log may be truncated)",
                bare.message());
    }

    @Test
    void aFailedAssertIsAssertionByCodeOrByText() {
        TlcOutput.Parsed byCode = parse(msg(EC.TLC_VALUE_ASSERT_FAILED, 1, "Assertion failed:\n  x < 2") + TRACE, 12);
        assertEquals(ResultKind.ASSERTION, byCode.kind());
        assertEquals("Assertion failed: x < 2", byCode.message());
        TlcOutput.Parsed byText = parse(msg(OTHER_CODE, 1, "The first argument of Assert evaluated to FALSE;\nx < 2") + TRACE, 12);
        assertEquals(ResultKind.ASSERTION, byText.kind());
        assertEquals("The first argument of Assert evaluated to FALSE; x < 2", byText.message());
    }

    /** A verdict without its counterexample is a crash whatever the exit code, and says so without an exit on 0. */
    @Test
    void aViolationWithoutATraceIsACrashEvenOnExitZero() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated."), 0);
        assertEquals(ResultKind.CRASH, p.kind());
        assertNull(p.property());
        assertEquals(TlcOutput.NO_COUNTEREXAMPLE + "safety of Safe but printed no counterexample", p.message());
        TlcOutput.Parsed liveness = parse(msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated."), 0);
        assertEquals(TlcOutput.NO_COUNTEREXAMPLE + "liveness but printed no counterexample", liveness.message());
    }

    @Test
    void anExceptionAfterACompleteLookingTraceIsACrash() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated.") + TRACE
                + msg(EC.GENERAL, 1, "TLC threw an unexpected exception.\nboom"), 0);
        assertEquals(ResultKind.CRASH, p.kind());
        assertEquals(TlcOutput.NO_COUNTEREXAMPLE + "safety of Safe but its counterexample may be incomplete; then it threw:"
                + " TLC threw an unexpected exception. boom", p.message());
        // Only the first exception after the verdict is named.
        TlcOutput.Parsed twice = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated.") + TRACE
                + msg(EC.GENERAL, 1, "first") + msg(EC.GENERAL, 1, "second"), 255);
        assertTrue(twice.message().endsWith("then it threw: first"), twice.message());
    }

    /** An exception before any verdict is the crash's cause, not a verdict's incomplete trace. */
    @Test
    void anExceptionBeforeAnyVerdictIsTheCrashsCause() {
        TlcOutput.Parsed p = parse(msg(EC.GENERAL, 1, "TLC threw an unexpected exception.\njava.lang.OutOfMemoryError")
                + msg(EC.GENERAL, 1, "a later error"), 255);
        assertEquals(ResultKind.CRASH, p.kind());
        assertEquals("TLC exited with 255: TLC threw an unexpected exception. java.lang.OutOfMemoryError", p.message());
    }

    @Test
    void aSuccessIsExitZeroWithoutAVerdict() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_SUCCESS, 0, "Model checking completed. No error has been found.")
                + msg(EC.TLC_STATS, 0, "1,234 states generated, 567 distinct states found, 0 states left on queue.")
                + msg(EC.TLC_SEARCH_DEPTH, 0, "The depth of the complete state graph search is 9."), 0);
        assertEquals(ResultKind.SUCCESS, p.kind());
        assertEquals(567L, p.distinct());
        assertEquals(1234L, p.total());
        assertEquals(9L, p.depth());
        assertTrue(p.trace().isEmpty());
        assertNull(p.message());
    }

    /** A success message with a non-zero exit is no success: only exit 0 without a verdict is one. */
    @Test
    void aNonZeroExitWithoutAVerdictIsNeverSuccess() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_SUCCESS, 0, "Model checking completed. No error has been found.")
                + "Finished in 1000ms\n", 1);
        assertEquals(ResultKind.CRASH, p.kind());
        assertEquals("TLC exited with 1: no message", p.message());
    }

    @Test
    void aCrashNamesTheLastPlainLineWhenNoErrorWasPrinted() {
        TlcOutput.Parsed p = parse("Error: Could not create the Java Virtual Machine.\nFinished in 3ms\n\n", 1);
        assertEquals(ResultKind.CRASH, p.kind());
        assertEquals("TLC exited with 1: Error: Could not create the Java Virtual Machine.", p.message());
    }

    @Test
    void parseErrorsByExitCodeOrByText() {
        String plain = "Parsing file M.tla\n***Parse Error***\nEncountered \"x\" at line 4, column 15\n\nResidual stack trace\n";
        TlcOutput.Parsed byExit = parse(plain, 150);
        assertEquals(ResultKind.PARSE_ERROR, byExit.kind());
        assertEquals("Encountered \"x\" at line 4, column 15", byExit.message());
        assertEquals(ResultKind.PARSE_ERROR, parse(plain, 255).kind());
        TlcOutput.Parsed semantic = parse("Semantic errors:\n\n*** Errors: 1\nUnknown operator Foo\nFatal errors\n", 150);
        assertEquals("*** Errors: 1 Unknown operator Foo", semantic.message());
        TlcOutput.Parsed missing = parse("Cannot find source file for module Missing imported in module M.\nmore\n", 150);
        assertEquals("Cannot find source file for module Missing imported in module M.", missing.message());
        TlcOutput.Parsed file = parse("Something: File does not exist: M.tla\n", 150);
        assertEquals("Something: File does not exist: M.tla", file.message());
        assertEquals("only line", parse("only line\n", 150).message(), "no parse error text: the last line");
    }

    @Test
    void configErrorsByExitCodeByTextOrByCode() {
        TlcOutput.Parsed byExit = parse(msg(EC.GENERAL, 1, "The constant parameter N is not assigned a value"), 151);
        assertEquals(ResultKind.CONFIG_ERROR, byExit.kind());
        assertEquals("The constant parameter N is not assigned a value", byExit.message());
        TlcOutput.Parsed byText = parse(msg(EC.GENERAL, 1, "Error reading the configuration file M.cfg"), 255);
        assertEquals(ResultKind.CONFIG_ERROR, byText.kind());
        TlcOutput.Parsed byCode = parse(msg(EC.TLC_CONFIG_VALUE_NOT_ASSIGNED_TO_CONSTANT_PARAM, 4, "N")
                + "last words\n", 255);
        assertEquals(ResultKind.CONFIG_ERROR, byCode.kind());
        assertEquals("last words", byCode.message());
        assertEquals(ResultKind.CRASH, parse(msg(EC.GENERAL, 1, "some other error"), 255).kind());
    }

    @Test
    void countsOfEachKindOfRun() {
        TlcOutput.Parsed progress = parse(msg(EC.TLC_PROGRESS_STATS, 0,
                "Progress(3) at 2026-11-26 12:00:00: 20 states generated, 10 distinct states found, 4 states left on queue."), 0);
        assertEquals(20L, progress.total());
        assertEquals(10L, progress.distinct());
        TlcOutput.Parsed negative = parse(msg(EC.TLC_STATS, 0, "20 states generated, -1 distinct states found"), 0);
        assertNull(negative.distinct(), "TLC's -1: no count");
        assertEquals(20L, negative.total());
        TlcOutput.Parsed zero = parse(msg(EC.TLC_STATS, 0, "0 states generated, 0 distinct states found"), 0);
        assertEquals(0L, zero.distinct(), "0 is a count");
        TlcOutput.Parsed sim = parse(msg(EC.TLC_PROGRESS_SIMU, 0, "The number of states generated: 1,500"), 0);
        assertEquals(1500L, sim.total());
        assertNull(sim.distinct());
        TlcOutput.Parsed plain = parse("The number of states generated: 77\nThe number of states generated: 88\n", 0);
        assertEquals(77L, plain.total(), "the first count outside messages");
        TlcOutput.Parsed both = parse(msg(EC.TLC_PROGRESS_SIMU, 0, "The number of states generated: 5")
                + "The number of states generated: 6\n", 0);
        assertEquals(5L, both.total(), "a count in a message wins");
        TlcOutput.Parsed coverage = parse(msg(EC.TLC_COVERAGE_START, 0, "3 states generated, 2 distinct states found"), 0);
        assertEquals(2L, coverage.distinct());
        TlcOutput.Parsed none = parse(msg(EC.TLC_SEARCH_DEPTH, 0, "no depth here"), 0);
        assertNull(none.depth());
        assertNull(none.total());
    }

    @Test
    void aStateKeepsItsActionLocationAndMultiLineValues() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated.")
                + msg(EC.TLC_STATE_PRINT2, 4, "1: <Initial predicate>\n/\\ x = 0\n/\\ f = [a |-> 1,\n      b |-> 2]\n\n")
                + msg(EC.TLC_STATE_PRINT2, 4, "2: <Inc line 9, col 5 to line 9, col 20 of module Counter>\n/\\ x = 1"), 12);
        TlcOutput.State first = p.trace().get(0);
        assertEquals(1, first.number());
        assertEquals("Initial predicate", first.action());
        assertNull(first.location());
        assertEquals(Map.of("x", "0", "f", "[a |-> 1,\n      b |-> 2]"), first.vars());
        assertEquals(List.of("x", "f"), List.copyOf(first.vars().keySet()), "in TLC's order");
        TlcOutput.State second = p.trace().get(1);
        assertEquals(2, second.number());
        assertEquals("Inc", second.action());
        assertEquals("line 9, col 5 of module Counter", second.location());
        assertEquals(TlcOutput.State.End.NONE, second.end());
        TlcOutput.State single = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated.")
                + msg(EC.TLC_STATE_PRINT2, 4, "1: <Initial predicate>\nx = 3"), 12).trace().get(0);
        assertEquals(Map.of("x", "3"), single.vars(), "a single variable has no /\\");
        TlcOutput.State odd = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated.")
                + msg(EC.TLC_STATE_PRINT2, 4, "not a head\n/\\ x = 3"), 12).trace().get(0);
        assertEquals(0, odd.number());
        assertEquals("not a head", odd.action());
    }

    @Test
    void linesOutsideMessagesAndBetweenThemAreKeptApart() {
        TlcOutput.Parsed p = parse("@!@!@ENDMSG 2110 @!@!@\n" + msg(EC.TLC_SUCCESS, 0, "done"), 0);
        assertEquals(ResultKind.SUCCESS, p.kind(), "a stray end marker is a plain line");
    }

    /** TLC's semantic errors come with blank lines between their parts: the message is all of them. */
    @Test
    void aParseErrorsMessageSpansItsBlankLinesAndStopsAtTheStackTrace() {
        TlcOutput.Parsed semantic = parse("Semantic errors:\n\n*** Errors: 1\n\nline 5, col 9 to line 5, col 11 of module M\n\n"
                + "Unknown operator: `Foo'.\n\n\nFatal errors while parsing TLA+ spec in file M\n", 150);
        assertEquals(ResultKind.PARSE_ERROR, semantic.kind());
        assertEquals("*** Errors: 1 line 5, col 9 to line 5, col 11 of module M Unknown operator: `Foo'.", semantic.message());
        TlcOutput.Parsed stack = parse("***Parse Error***\nEncountered \"x\" at line 4\n\nResidual stack trace follows:\n"
                + "Module definition starting at line 1\n", 150);
        assertEquals("Encountered \"x\" at line 4", stack.message());
        TlcOutput.Parsed notFound = parse("Could not find file M.tla\nmore\n", 150);
        assertEquals("Could not find file M.tla", notFound.message());
    }

    /** Only a violation of the initial state carries its state inside the verdict's message. */
    @Test
    void aBehaviourViolationWithMoreLinesButNoTraceIsACrash() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated.\n/\\ x = 1"), 12);
        assertEquals(ResultKind.CRASH, p.kind());
        assertTrue(p.trace().isEmpty());
    }

    @Test
    void aStutteringEndKeepsItsOwnNumber() {
        TlcOutput.State last = parse(msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated.")
                + TRACE + msg(EC.TLC_STATE_PRINT3, 4, "5: Stuttering"), 13).trace().get(2);
        assertEquals(5, last.number());
    }

    /** "Back to state" in a message that names no state is no end of the lasso. */
    @Test
    void aBackToStateWithoutAStateIsIgnored() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated.")
                + TRACE + msg(OTHER_CODE, 4, "Back to state unknown"), 13);
        assertEquals(ResultKind.LIVENESS, p.kind());
        assertEquals(2, p.trace().size());
    }

    /** A line before the first variable is no value; a continuation line with " = " in it is part of its value. */
    @Test
    void aStatesVariablesAreItsConjuncts() {
        TlcOutput.State s = parse(msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated.")
                + msg(EC.TLC_STATE_PRINT2, 4, "1: <Initial predicate>\nnot a variable\n/\\ s = <<\"a\",\n      \"b = c\">>\n/\\ x = 1"),
                12).trace().get(0);
        assertEquals(Map.of("s", "<<\"a\",\n      \"b = c\">>", "x", "1"), s.vars());
    }
    @Test
    void aVerdictsWordsUnderAnotherCodeAreNoVerdict() {
        TlcOutput.Parsed p = parse(msg(OTHER_CODE, 1, "Invariant Safe is violated.")
                + msg(OTHER_CODE, 1, "Action property Next of the next-state relation is violated.")
                + stats(19, 12, null), 0);
        assertEquals(ResultKind.SUCCESS, p.kind(), "only TLC's verdict codes carry a verdict: " + p.message());
    }

    @Test
    void noLaterMessageReplacesTheFirstVerdict() {
        String first = msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant First is violated.");
        for (String later : java.util.List.of(
                msg(EC.TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR, 1, "Action property Next of the next-state relation is violated."),
                msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated."),
                msg(EC.TLC_VALUE_ASSERT_FAILED, 1, "Assertion failed:\n  x < 2"),
                msg(OTHER_CODE, 1, "The first argument of Assert evaluated to FALSE"))) {
            TlcOutput.Parsed p = parse(first + later + TRACE, 12);
            assertEquals(ResultKind.SAFETY, p.kind(), later);
            assertEquals("First", p.property(), later);
            assertEquals("Invariant First is violated.", p.message(), later);
        }
    }

    @Test
    void aGeneralMessageBeforeTheVerdictLeavesItsCounterexampleWhole() {
        TlcOutput.Parsed p = parse(msg(EC.GENERAL, 1, "a warning printed early")
                + msg(EC.TLC_INVARIANT_VIOLATED_BEHAVIOR, 1, "Invariant Safe is violated.") + TRACE, 12);
        assertEquals(ResultKind.SAFETY, p.kind(), p.message());
        assertEquals(2, p.trace().size());
    }

    @Test
    void anAssertionWithoutACounterexampleIsACrash() {
        TlcOutput.Parsed p = parse(msg(EC.TLC_VALUE_ASSERT_FAILED, 1, "Assertion failed:\n  x < 2"), 12);
        assertEquals(ResultKind.CRASH, p.kind(), p.message());
    }
}
