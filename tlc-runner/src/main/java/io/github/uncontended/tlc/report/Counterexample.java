package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;

import java.util.List;
import java.util.Map;

/**
 * Renders TLC's counterexample so that a reviewer reads it without TLC: numbered states, the
 * action that led to each, the variables that step changed marked with {@code *} and their
 * previous value, and how the behaviour ends (a loop back, or stuttering forever).
 */
public final class Counterexample {

    private static final int INLINE_WAS = 60;

    private Counterexample() {}

    /** {@code specs}: the specs folder; the spec is named relative to its parent, e.g. specs/sequencer/X.tla. */
    public static String render(Model model, RunResult run, java.nio.file.Path specs) {
        java.nio.file.Path base = specs.toAbsolutePath().normalize().getParent();
        StringBuilder out = new StringBuilder();
        out.append("Model:    ").append(model.name()).append("  (").append(model.description()).append(")\n");
        out.append("Spec:     ").append(base == null ? model.specPath().toString() : Report.relative(base, model.specPath()))
                .append(", config ").append(model.config()).append('\n');
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
        out.append("Legend:   '*' marks a variable the step changed; (was ...) its value before the step.\n");
        if (MemoryPicture.projected(run.trace())) {
            out.append("Memory:   the memory layer's variables are shown as what they mean (the raw state is in the log):\n"
                    + "          memory/buffers (x86-TSO): each location's value, each thread's stores not yet in memory;\n"
                    + "          written/stale (weak): each location's writes in order, and the older values a thread may still read.\n");
        }
        out.append("Views:    ").append(model.name()).append(".md (one row per step: thread, action, what changed), ")
                .append(model.name()).append(".html (a swimlane per thread)\n\n");
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
