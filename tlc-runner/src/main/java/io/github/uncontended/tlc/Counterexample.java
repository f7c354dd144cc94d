package io.github.uncontended.tlc;

import java.util.List;
import java.util.Map;

/**
 * Renders TLC's counterexample so that a reviewer reads it without TLC: numbered states, the
 * action that led to each, the variables that step changed marked with {@code *} and their
 * previous value, and how the behaviour ends (a loop back, or stuttering forever).
 */
final class Counterexample {

    private static final int INLINE_WAS = 60;

    private Counterexample() {}

    static String render(Model model, RunResult run) {
        StringBuilder out = new StringBuilder();
        out.append("Model:    ").append(model.name()).append("  (").append(model.description()).append(")\n");
        out.append("Spec:     ").append(model.specPath()).append(", config ").append(model.config()).append('\n');
        out.append("Expected: ").append(model.expectation()).append('\n');
        if (model.witness() && run.kind() == ResultKind.SAFETY) {
            out.append("Got:      reached ").append(run.property())
                    .append(" -- the last state below is the case the witness says never happens")
                    .append(run.message() != null ? " (TLC: " + run.message() + ")" : "").append('\n');
        } else {
            out.append("Got:      ").append(run.kind())
                    .append(run.property() != null ? " of " + run.property() : "")
                    .append(run.message() != null ? " -- " + run.message() : "").append('\n');
        }
        out.append("Legend:   '*' marks a variable the step changed; (was ...) its value before the step.\n\n");
        List<TlcOutput.State> trace = run.trace();
        Map<String, String> previous = null;
        int width = trace.stream().flatMap(s -> s.vars().keySet().stream()).mapToInt(String::length).max().orElse(1);
        for (TlcOutput.State s : trace) {
            switch (s.end()) {
                case STUTTERING -> out.append("State ").append(s.number())
                        .append(": stuttering -- from here on nothing happens, forever.\n");
                case BACK_TO -> out.append("State ").append(s.number()).append(": back to state ").append(s.backTo())
                        .append("Back to state".equals(s.action()) ? "" : " (by " + s.action() + ")")
                        .append(" -- the behaviour loops from there forever.\n");
                case NONE -> {
                    out.append("State ").append(s.number()).append(": ");
                    if (previous == null) {
                        out.append("initial state\n");
                    } else {
                        out.append(s.action());
                        if (s.location() != null) {
                            out.append("   (").append(s.location()).append(')');
                        }
                        out.append('\n');
                    }
                    for (Map.Entry<String, String> v : s.vars().entrySet()) {
                        String before = previous == null ? null : previous.get(v.getKey());
                        boolean changed = previous != null && !v.getValue().equals(before);
                        String name = String.format("%-" + width + "s", v.getKey());
                        out.append(changed ? "  * " : "    ").append(name).append(" = ")
                                .append(indent(v.getValue(), width + 7));
                        if (changed && before != null) {
                            if (before.length() <= INLINE_WAS && !before.contains("\n")) {
                                out.append("   (was ").append(before).append(')');
                            } else {
                                out.append('\n').append(" ".repeat(width + 7)).append("(was ")
                                        .append(indent(before, width + 12)).append(')');
                            }
                        }
                        out.append('\n');
                    }
                    out.append('\n');
                    previous = s.vars();
                }
            }
        }
        if (trace.isEmpty()) {
            out.append("(TLC printed no trace)\n");
        }
        return out.toString();
    }

    private static String indent(String value, int by) {
        return value.replace("\n", "\n" + " ".repeat(by));
    }
}
