package io.github.uncontended.tlc.engine;

import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;

import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;

/**
 * What one model's run produced, and whether that is what its manifest entry pins.
 *
 * @param reason why the verdict is a mismatch (null when it matches)
 * @param counterexample the readable counterexample file, or null when there was no trace
 * @param outcomes a litmus model's reachable outcomes, else null
 * @param engine how TLC checked the model (one process, distributed, simulation)
 */
public record RunResult(
        Model model,
        ResultKind kind,
        String property,
        String message,
        Long distinct,
        Long total,
        Long depth,
        double seconds,
        List<TlcOutput.State> trace,
        boolean matches,
        String reason,
        Path log,
        Path counterexample,
        SortedSet<String> outcomes,
        Engine engine) {

    /**
     * Which pinned counts a run can be held to. One TLC process with one worker reproduces
     * every count; with several workers only a complete search (a success) does. TLC's
     * distributed mode reproduces the distinct states of a complete search, but counts states
     * generated and the depth its own way (measured with TLC 2.18: 270,337 generated and depth
     * 112 where one process finds 201,722 and 121, with the same 68,921 distinct states). A
     * simulation has no pinned counts.
     */
    public enum Counts { ALL, SUCCESS_ONLY, DISTINCT_OF_SUCCESS, NONE }

    /** The same result with its trace shown otherwise (the memory layer's state as what it means). */
    public RunResult withTrace(List<TlcOutput.State> shown) {
        return new RunResult(model, kind, property, message, distinct, total, depth, seconds, shown, matches, reason,
                log, counterexample, outcomes, engine);
    }

    public RunResult withCounterexample(Path file) {
        return new RunResult(model, kind, property, message, distinct, total, depth, seconds, trace, matches, reason,
                log, file, outcomes, engine);
    }

    /** The same result once {@code --pin} has written its counts into the manifest: it matches. */
    public RunResult pinnedNow() {
        return new RunResult(model, kind, property, message, distinct, total, depth, seconds, trace, true, null,
                log, counterexample, outcomes, engine);
    }

    public RunResult withEngine(Engine e) {
        return new RunResult(model, kind, property, message, distinct, total, depth, seconds, trace, matches, reason,
                log, counterexample, outcomes, e);
    }

    /** The same result, taking {@code extra} seconds more (a distributed run before this one). */
    public RunResult plusSeconds(double extra) {
        return new RunResult(model, kind, property, message, distinct, total, depth, seconds + extra, trace, matches,
                reason, log, counterexample, outcomes, engine);
    }

    /** A simulation that ended without a violation: "no violation within budget (...)", never "correct". */
    public boolean simulatedWithoutViolation() {
        return engine != null && engine.kind() == Engine.Kind.SIMULATION && kind == ResultKind.SUCCESS;
    }

    /** Adds a litmus model's outcome set and, when it disagrees with its jcstress test, the reason. */
    public RunResult withOutcomes(SortedSet<String> reachable, String disagreement) {
        boolean ok = matches && disagreement == null;
        return new RunResult(model, kind, property, message, distinct, total, depth, seconds, trace, ok,
                matches ? disagreement : reason, log, counterexample, reachable, engine);
    }

    /**
     * Compares a run with the model's expectation. A violation expected but not found is a
     * mismatch; so is a violation of another property, and a drift of pinned state counts (with
     * both numbers). Counts are compared as far as {@code counts} says they are reproducible.
     */
    public static RunResult judge(Model model, TlcOutput.Parsed parsed, double seconds, Counts counts, Engine engine,
            Path log) {
        String property = parsed.property();
        if (parsed.kind().namesProperty() && property == null) {
            // TLC names no temporal property, and names a conjunct of an action property (such as
            // the box part of a refinement) by its location: it is the config's property if only one.
            List<String> props = model.configProperties();
            property = props.size() == 1 ? props.get(0) : "one of " + props;
        }
        String reason = null;
        boolean simulation = engine != null && engine.kind() == Engine.Kind.SIMULATION;
        if (!parsed.kind().expectable()) {
            reason = parsed.kind() + ": " + parsed.message();
        } else if (simulation && parsed.kind() == ResultKind.SUCCESS && model.expected() != ResultKind.SUCCESS) {
            reason = "expected " + model.expectation() + ", got " + Engine.noViolation(engine.simulation())
                    + ": the simulation did not find it; a larger budget or another seed may";
        } else if (model.witness() && parsed.kind() == ResultKind.SUCCESS) {
            reason = "expected " + model.expectation() + ": TLC explored every state and none reaches the case"
                    + " the model exists for; the model is too small (or the spec changed) to show it";
        } else if (parsed.kind() != model.expected()) {
            reason = "expected " + model.expectation() + ", got " + parsed.kind()
                    + (property != null ? "(" + property + ")" : "")
                    + (parsed.message() != null ? ": " + parsed.message() : "");   // a success has none
        } else if (model.expectedProperty() != null && !model.expectedProperty().equals(property)) {
            reason = (model.witness() ? "expected to reach " + model.expectedProperty() + "'s case, got a violation of "
                    : "expected a violation of " + model.expectedProperty() + ", got one of ") + property;
        } else if (model.pinned() != null && model.mode() == Model.Mode.EXHAUSTIVE && counts != Counts.NONE
                && (counts == Counts.ALL || parsed.kind() == ResultKind.SUCCESS)) {
            reason = drift(model.pinned(), parsed, counts == Counts.DISTINCT_OF_SUCCESS);
        }
        return new RunResult(model, parsed.kind(), property, parsed.message(), parsed.distinct(), parsed.total(),
                parsed.depth(), seconds, parsed.trace(), reason == null, reason, log, null, null, engine);
    }

    /**
     * A witness checked inside its model's run {@code base}, whose states show its case: the
     * first of them ends a shortest behaviour of {@code states} states. It matches; it has no
     * counts or trace of its own (a run of the witness alone has them) and takes no time of its own.
     */
    public static RunResult reachedInside(Model witness, RunResult base, long states) {
        return new RunResult(witness, ResultKind.SAFETY, witness.expectedProperty(), "reached in " + base.model().name()
                + "'s run, in state " + states + " of a shortest behaviour", null, null, states, 0.0, List.of(), true,
                null, base.log(), null, null, insideOf(base));
    }

    /**
     * A witness checked inside its model's run {@code base}, whose states never showed its case:
     * {@code reason}. It got what its host run got when that explored every state (success) or
     * failed (a timeout, a crash); a host run that stopped at a violation stopped the witness's
     * search too, which is reported as a crash of the witness's check.
     */
    public static RunResult notReachedInside(Model witness, RunResult base, String reason) {
        ResultKind got = base.kind() == ResultKind.SUCCESS || !base.kind().expectable() ? base.kind() : ResultKind.CRASH;
        return new RunResult(witness, got, null,
                reason, null, null, null, 0.0, List.of(), false, reason, base.log(), null, null, insideOf(base));
    }

    private static Engine insideOf(RunResult base) {
        return base.engine() == null ? null
                : base.engine().withNote("checked inside " + base.model().name() + "'s run (its log)");
    }

    public static RunResult failed(Model model, ResultKind kind, String message, double seconds, Path log) {
        return failed(model, kind, message, seconds, log, null);
    }

    public static RunResult failed(Model model, ResultKind kind, String message, double seconds, Path log, Engine engine) {
        return new RunResult(model, kind, null, message, null, null, null, seconds, List.of(), false,
                kind + ": " + message, log, null, null, engine);
    }

    private static String drift(Model.StateCounts pinned, TlcOutput.Parsed got, boolean distinctOnly) {
        StringBuilder sb = new StringBuilder();
        compare(sb, "distinct", pinned.distinct(), got.distinct());
        if (!distinctOnly) {
            compare(sb, "total", pinned.total(), got.total());
            compare(sb, "depth", pinned.depth(), got.depth());
        }
        return sb.length() == 0 ? null : "state counts drifted: " + sb;
    }

    private static void compare(StringBuilder sb, String what, Long pinned, Long got) {
        if (pinned != null && !pinned.equals(got)) {
            sb.append(sb.length() > 0 ? ", " : "").append(what).append(' ').append(got == null ? "none" : got)
                    .append(" (pinned ").append(pinned).append(')');
        }
    }
}
