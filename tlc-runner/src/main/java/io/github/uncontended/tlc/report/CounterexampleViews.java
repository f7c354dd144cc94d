package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.TlaValue;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.manifest.Views;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two views of a counterexample that a person can follow, written next to the full trace
 * ({@code <model>.txt}): a Markdown table ({@code <model>.md}, one row per step: the acting
 * thread, the action, only what changed) and a self-contained HTML swimlane ({@code <model>.html},
 * one column per thread, the shared variables alongside, the loop or the deadlock marked).
 *
 * <p>TLC 2.18 names the action of each step but not its parameters, so the acting thread is
 * derived, in this order: (1) the action's first parameter when TLC prints one,
 * {@code Claim(p1)}, and it names a thread; (2) the thread whose program counter changed: a
 * <em>program counter</em> is a variable named {@code pc} or ending in {@code pc} ({@code cpc}),
 * either a function of the threads ({@code (p1 :> "claim" @@ p2 :> "park")}, {@code <<"load",
 * "cas">>}, each key a thread) or a single value (then the variable itself is one thread, e.g.
 * the consumer's {@code cpc}); (3) the one thread whose entries of per-thread variables changed.
 * A step none of these attributes (no program counter in the spec, say) has no thread.
 *
 * <p>Threads are named by their role when the manifest's {@code "views"} gives one ({@code cpc}
 * is {@code consumer}, {@code pc[1]} {@code producer 1}); otherwise by their key ({@code p1},
 * {@code k1}), a numeric key with its variable ({@code pc[1]}). The views also say which actions
 * are one compare-and-set (the step shows whether it failed, expected and found) and which are
 * model artifacts (labelled), and where each action's Java is: every action links to its
 * definition in the spec and, when the Javadoc of a listed source names it, to the Java method
 * ({@link ActionSources}). The step where the property fails is marked.
 */
public final class CounterexampleViews {

    private static final Pattern PARAMETERS = Pattern.compile("^([A-Za-z_][\\w]*)\\((.*)\\)$");

    private CounterexampleViews() {}

    public static Path tableFile(Path rawFile) {
        return sibling(rawFile, ".md");
    }

    public static Path htmlFile(Path rawFile) {
        return sibling(rawFile, ".html");
    }

    private static Path sibling(Path rawFile, String extension) {
        String name = rawFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return rawFile.resolveSibling((dot < 0 ? name : name.substring(0, dot)) + extension);
    }

    /** One change a step made: {@code seq[p2]} from {@code -1} to {@code 0}. */
    record Change(String variable, String entry, String before, String after) {
        String path() {
            return entry == null ? variable : variable + entry;
        }
    }

    /**
     * A step of the behaviour: the state it reached, the thread that acted, what changed; for a
     * CAS action of the views, its outcome, and for a model artifact, what it stands for (else null).
     */
    record Step(int number, String action, String location, String thread, List<Change> changes, Cas cas,
            String artifact, boolean user) {

        /** The action's name without TLC's parameters: {@code Claim} of {@code Claim(p1)}. */
        String actionName() {
            if (action == null) {
                return null;
            }
            int paren = action.indexOf('(');
            return (paren < 0 ? action : action.substring(0, paren)).strip();
        }
    }

    /** A CAS step's outcome: the location it compared ({@code tail[1]}), the value expected and the one found. */
    record Cas(String target, String expected, String found) {
        boolean failed() {
            return !expected.equals(found);
        }

        String text() {
            return failed() ? "CAS failed: " + target + " expected " + expected + ", found " + found
                    : "CAS succeeded: " + target + " was " + found + " as expected";
        }
    }

    /** The behaviour, analysed: its steps, its threads, which variables are per-thread, how it ends. */
    record Analysis(List<Step> steps, List<Thread> lanes, Set<String> perThread, TlcOutput.State end) {
        /** The threads' labels, in lane order. */
        List<String> threads() {
            return lanes.stream().map(Thread::label).toList();
        }
    }

    /**
     * A thread: its label, the program-counter variable and the key it has there (null for a
     * scalar pc). {@link #name()} is how the full trace names it ({@code pc[1]}, {@code p1}, {@code cpc}).
     */
    record Thread(String label, String variable, String key) {
        String name() {
            return key == null ? variable : key.matches("-?\\d+") ? variable + "[" + key + "]" : key;
        }
    }

    static Analysis analyse(List<TlcOutput.State> trace) {
        return analyse(trace, Views.NONE, null);
    }

    /** The analysis with the model's views: roles, CAS outcomes and artifacts. */
    static Analysis analyse(List<TlcOutput.State> trace, Model model) {
        return analyse(trace, model.views(), model.spec().replaceFirst("\\.tla$", ""));
    }

    /** The label of a thread: its role from the views when there is one, else its name in the trace. */
    private static String label(String variable, String key, Views views, String module) {
        if (key == null) {
            String role = views.role(module, variable);
            return role != null ? role : variable;
        }
        String exact = views.role(module, variable + "[" + key + "]");
        if (exact != null) {
            return exact;
        }
        String role = views.role(module, variable);
        boolean numeric = key.matches("-?\\d+");
        return role != null && numeric ? role + " " + key : numeric ? variable + "[" + key + "]" : key;
    }

    static Analysis analyse(List<TlcOutput.State> trace, Views views, String module) {
        List<TlcOutput.State> states = trace.stream().filter(s -> s.end() == TlcOutput.State.End.NONE).toList();
        TlcOutput.State end = trace.stream().filter(s -> s.end() != TlcOutput.State.End.NONE).findFirst().orElse(null);
        List<Thread> threads = new ArrayList<>();
        Set<Set<String>> threadDomains = new LinkedHashSet<>();
        if (!states.isEmpty()) {
            for (Map.Entry<String, String> v : states.get(0).vars().entrySet()) {
                if (!isProgramCounter(v.getKey())) {
                    continue;
                }
                Map<String, String> entries = TlaValue.entries(v.getValue());
                if (entries == null || entries.isEmpty()) {
                    threads.add(new Thread(label(v.getKey(), null, views, module), v.getKey(), null));
                } else {
                    threadDomains.add(entries.keySet());
                    for (String key : entries.keySet()) {
                        threads.add(new Thread(label(v.getKey(), key, views, module), v.getKey(), key));
                    }
                }
            }
        }
        // Per-thread variables: functions over the same keys as a program counter.
        Set<String> perThread = new LinkedHashSet<>();
        if (!states.isEmpty()) {
            for (Map.Entry<String, String> v : states.get(0).vars().entrySet()) {
                Map<String, String> entries = TlaValue.entries(v.getValue());
                if (entries != null && !entries.isEmpty() && threadDomains.contains(entries.keySet())
                        && !views.shared().contains(v.getKey())) {
                    perThread.add(v.getKey());
                }
            }
        }
        List<Step> steps = new ArrayList<>();
        Map<String, String> previous = null;
        for (TlcOutput.State s : states) {
            List<Change> changes = previous == null ? initial(s.vars(), perThread) : changes(previous, s.vars());
            String thread = previous == null ? null : actor(s.action(), changes, threads, perThread, states.get(0).vars());
            Step step = new Step(s.number(), previous == null ? "initial state" : s.action(), s.location(), thread,
                    changes, null, null, false);
            if (previous != null) {
                Views.Cas cas = views.cas(module(s.location()), step.actionName());
                Thread actor = threads.stream().filter(t -> t.label().equals(thread)).findFirst().orElse(null);
                step = new Step(step.number(), step.action(), step.location(), thread, changes,
                        cas == null ? null : cas(cas, actor, previous, perThread), views.artifacts().get(step.actionName()),
                        views.user().contains(step.actionName()));
            }
            steps.add(step);
            previous = s.vars();
        }
        return new Analysis(steps, List.copyOf(threads), perThread, end);
    }

    private static final Pattern MODULE = Pattern.compile("of module (\\w+)");

    /** The module TLC located an action in ({@code line 12, col 5 of module M}), or null. */
    static String module(String location) {
        Matcher m = location == null ? null : MODULE.matcher(location);
        return m != null && m.find() ? m.group(1) : null;
    }

    /**
     * What a CAS step compared, in the state before it: the target (indexed by the acting
     * thread's entry of the index variable) and the acting thread's expected value. Null when the
     * step has no one thread or a value is missing (a views entry that does not fit the spec
     * shows nothing rather than something wrong).
     */
    static Cas cas(Views.Cas cas, Thread actor, Map<String, String> before, Set<String> perThread) {
        String expected = own(cas.expected(), actor, before, perThread);
        String target = before.get(cas.variable());
        if (expected == null || target == null) {
            return null;
        }
        String shown = cas.variable();
        String found = TlaValue.normalize(target);
        if (cas.index() != null) {
            String index = own(cas.index(), actor, before, perThread);
            Map<String, String> entries = TlaValue.entries(target);
            if (index == null || entries == null || !entries.containsKey(index)) {
                return null;
            }
            shown += "[" + index + "]";
            found = entries.get(index);
        }
        return new Cas(shown, expected, found);
    }

    /** The acting thread's entry of a per-thread variable, or a shared variable's value; null if there is none. */
    private static String own(String variable, Thread actor, Map<String, String> state, Set<String> perThread) {
        String value = state.get(variable);
        if (value == null) {
            return null;
        }
        if (!perThread.contains(variable)) {
            return TlaValue.normalize(value);
        }
        Map<String, String> entries = TlaValue.entries(value);
        return actor == null || actor.key() == null || entries == null ? null : entries.get(actor.key());
    }

    static boolean isProgramCounter(String variable) {
        return variable.toLowerCase(Locale.ROOT).endsWith("pc");
    }

    /** The initial state as changes from nothing; per-thread variables entry by entry, so each lands in its lane. */
    static List<Change> initial(Map<String, String> vars, Set<String> perThread) {
        List<Change> out = new ArrayList<>();
        vars.forEach((k, v) -> {
            Map<String, String> entries = perThread.contains(k) ? TlaValue.entries(v) : null;
            if (entries == null) {
                out.add(new Change(k, null, null, TlaValue.normalize(v)));
            } else {
                entries.forEach((key, value) -> out.add(new Change(k, "[" + key + "]", null, value)));
            }
        });
        return out;
    }

    /** What changed between two states, down to the entries of functions, tuples and records (3 levels). */
    static List<Change> changes(Map<String, String> before, Map<String, String> after) {
        List<Change> out = new ArrayList<>();
        for (Map.Entry<String, String> v : after.entrySet()) {
            String old = before.get(v.getKey());
            if (old == null || !TlaValue.normalize(old).equals(TlaValue.normalize(v.getValue()))) {
                diff(v.getKey(), "", old == null ? null : TlaValue.normalize(old), TlaValue.normalize(v.getValue()), 0, out);
            }
        }
        return out;
    }

    private static void diff(String variable, String entry, String old, String now, int depth, List<Change> out) {
        Map<String, String> a = old == null ? null : TlaValue.entries(old);
        Map<String, String> b = TlaValue.entries(now);
        if (depth < 3 && a != null && b != null && !a.isEmpty() && a.keySet().equals(b.keySet())) {
            for (Map.Entry<String, String> e : b.entrySet()) {
                String was = a.get(e.getKey());
                if (!was.equals(e.getValue())) {
                    diff(variable, entry + "[" + e.getKey() + "]", was, e.getValue(), depth + 1, out);
                }
            }
        } else {
            out.add(new Change(variable, entry.isEmpty() ? null : entry, old, now));
        }
    }

    private static String actor(String action, List<Change> changes, List<Thread> threads, Set<String> perThread,
            Map<String, String> init) {
        Matcher params = PARAMETERS.matcher(action == null ? "" : action.strip());
        if (params.matches()) {
            List<String> args = TlaValue.split(params.group(2), ",");
            if (args != null && !args.isEmpty()) {
                String first = args.get(0).strip();
                for (Thread t : threads) {
                    if (first.equals(t.key()) || first.equals(t.label())) {
                        return t.label();
                    }
                }
            }
        }
        Set<String> moved = new LinkedHashSet<>();
        for (Change c : changes) {
            for (Thread t : threads) {
                boolean scalarPc = t.key() == null;
                if (c.variable().equals(t.variable())
                        && (scalarPc || (c.entry() != null && c.entry().startsWith("[" + t.key() + "]")))) {
                    moved.add(t.label());
                }
            }
        }
        if (moved.isEmpty()) {
            for (Change c : changes) {
                if (!perThread.contains(c.variable()) || c.entry() == null) {
                    continue;
                }
                for (Thread t : threads) {
                    if (t.key() != null && c.entry().startsWith("[" + t.key() + "]")
                            && sameDomain(init.get(c.variable()), init.get(t.variable()))) {
                        moved.add(t.label());
                    }
                }
            }
        }
        return moved.isEmpty() ? null : String.join(", ", moved);
    }

    private static boolean sameDomain(String a, String b) {
        Map<String, String> x = a == null ? null : TlaValue.entries(a);
        Map<String, String> y = b == null ? null : TlaValue.entries(b);
        return x != null && y != null && x.keySet().equals(y.keySet());
    }

    // ---------------------------------------------------------------------------------------------
    // Markdown

    /** The heading line of a table file: names the model, the raw trace, and that it is generated. */
    static String tableComment(Model model, String rawName) {
        return "<!-- generated by tlc-runner from TLC's counterexample of " + model.name() + "; every variable of every"
                + " state: " + rawName + " -->";
    }

    /**
     * The Markdown view: a caption, then one row per step with the acting thread, the action and
     * only the variables it changed (per-thread entries as {@code var[thread]}); the first row is
     * the initial state, the last says how the behaviour ends.
     */
    public static String markdown(Model model, RunResult run, Path rawFile) {
        String rawName = rawFile.getFileName().toString();
        Path from = folder(rawFile);
        ActionSources sources = new ActionSources(model);
        Analysis a = analyse(run.trace(), model);
        int violated = violatedAt(run, a);
        StringBuilder out = new StringBuilder();
        out.append(tableComment(model, rawName)).append('\n');
        out.append("**").append(model.name()).append("**: expected ").append(model.expectation()).append(", TLC found ")
                .append(ending(model, run)).append(".\n\n");
        out.append("| step | thread | action | changed |\n");
        out.append("| ---: | --- | --- | --- |\n");
        int loopFrom = a.end() != null && a.end().end() == TlcOutput.State.End.BACK_TO ? a.end().backTo() : -1;
        for (Step s : a.steps()) {
            boolean initial = s == a.steps().get(0);
            String number = String.valueOf(s.number());
            if (loopFrom > 0 && s.number() >= loopFrom) {
                number = (s.number() == loopFrom ? "↻ " : "") + number;
            }
            out.append("| ").append(number).append(" | ").append(s.thread() == null ? "" : cell(s.thread())).append(" | ")
                    .append(initial ? "*initial state*" : actionCell(s, sources, from))
                    .append(s.number() == violated ? " ✗ **" + violation(model, run) + "**" : "")
                    .append(" | ").append(changeList(s.changes())).append(" |\n");
        }
        String last = endRow(model, run, a);
        if (last != null) {
            out.append("| ").append(a.end() != null ? a.end().number() : "").append(" | | ").append(last).append(" | |\n");
        }
        List<String> renamed = a.lanes().stream().filter(t -> !t.label().equals(t.name()))
                .map(t -> "**" + t.label() + "** is `" + t.name() + "`").toList();
        Map<String, String> artifacts = new LinkedHashMap<>();
        a.steps().stream().filter(s -> s.artifact() != null).forEach(s -> artifacts.put(s.actionName(), s.artifact()));
        if (!renamed.isEmpty() || !artifacts.isEmpty()) {
            out.append('\n');
        }
        if (!renamed.isEmpty()) {
            out.append("Threads in the full trace: ").append(String.join(", ", renamed)).append(".\n");
        }
        artifacts.forEach((action, why) -> out.append(renamed.isEmpty() ? "" : "\n").append("*Model artifact* `")
                .append(action).append("`: ").append(cell(why)).append('\n'));
        return out.toString();
    }

    /** The folder links are relative to: the one the page is written in. */
    static Path folder(Path rawFile) {
        Path parent = rawFile.toAbsolutePath().getParent();
        return parent == null ? Path.of("").toAbsolutePath() : parent;
    }

    /**
     * The step where the property fails, marked in every view: the last state of a safety
     * violation, a failed assertion or a deadlock; none for a liveness violation (its loop is the
     * counterexample) or a witness (the state is what was looked for).
     */
    static int violatedAt(RunResult run, Analysis a) {
        if (run.model().witness() || a.steps().isEmpty() || a.end() != null) {
            return -1;
        }
        return switch (run.kind()) {
            case SAFETY, ASSERTION, DEADLOCK -> a.steps().get(a.steps().size() - 1).number();
            default -> -1;
        };
    }

    /** What the marked step does wrong, in a few words. */
    static String violation(Model model, RunResult run) {
        return switch (run.kind()) {
            case SAFETY -> run.property() + " is false";
            case ASSERTION -> "assertion fails";
            case DEADLOCK -> "deadlock";
            default -> String.valueOf(run.property());
        };
    }

    /**
     * The action of a step in a table: linked to its definition in the spec, with the Java method
     * that takes it, a CAS's outcome and a model artifact's label.
     */
    private static String actionCell(Step s, ActionSources sources, Path from) {
        StringBuilder c = new StringBuilder();
        ActionSources.Place spec = sources.spec(s.action(), s.location());
        c.append(spec == null ? cell(s.action()) : ActionSources.markdown(spec, from));
        List<ActionSources.Place> java = sources.java(s.actionName(), s.location());
        if (!java.isEmpty()) {
            c.append(" (").append(String.join(", ", java.stream().map(p -> ActionSources.markdown(p, from)).toList()))
                    .append(")");
        }
        if (s.cas() != null) {
            c.append(s.cas().failed() ? ": **CAS failed**, `" + code(s.cas().target()) + "` expected `"
                    + code(s.cas().expected()) + "`, found `" + code(s.cas().found()) + "`"
                    : ": CAS succeeded, `" + code(s.cas().target()) + "` was `" + code(s.cas().found()) + "`");
        }
        if (java.isEmpty() && s.user()) {
            c.append(" *(the user's code)*");
        }
        if (s.artifact() != null) {
            c.append(" *(model artifact)*");
        }
        return c.toString();
    }

    private static String changeList(List<Change> changes) {
        List<String> parts = new ArrayList<>();
        for (Change c : changes) {
            parts.add("`" + code(c.path() + " = " + c.after()) + "`"
                    + (c.before() == null ? "" : " (was `" + code(c.before()) + "`)"));
        }
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }

    /** Text inside a code span of a table cell: pipes escaped (GFM), backticks avoided. */
    private static String code(String s) {
        return s.replace("|", "\\|").replace("`", "'");
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }

    static String ending(Model model, RunResult run) {
        return switch (run.kind()) {
            case SAFETY -> model.witness() ? "a state where " + run.property() + " is false (the witness is reached)"
                    : "a violation of " + run.property();
            case LIVENESS -> "a behaviour that violates " + run.property();
            case DEADLOCK -> "a deadlock";
            case ASSERTION -> "a failed assertion";
            default -> run.kind().label();
        };
    }

    static String endRow(Model model, RunResult run, Analysis a) {
        if (a.end() != null && a.end().end() == TlcOutput.State.End.STUTTERING) {
            return "**stuttering**: from here on nothing happens, forever";
        }
        if (a.end() != null && a.end().end() == TlcOutput.State.End.BACK_TO) {
            return "**back to step " + a.end().backTo() + "** (↻): the behaviour loops from there forever";
        }
        if (run.kind() == ResultKind.DEADLOCK) {
            return "**deadlock**: no action is enabled in the last state";
        }
        if (run.kind() == ResultKind.SAFETY && run.property() != null) {
            return model.witness() ? "the last state reaches the witness " + run.property()
                    : "**" + run.property() + "** is false in the last state";
        }
        if (run.kind() == ResultKind.ASSERTION) {
            return "**assertion failed**: " + cell(String.valueOf(run.message()));
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------
    // HTML

    /**
     * The swimlane: one column per thread, the shared variables in the last column, one row per
     * step; the acting thread's cell holds the action and what it changed of its own variables.
     * A loop's steps are marked and the row that closes it says where it returns; a deadlock or a
     * violated invariant is named in the last row. No script, no external file.
     */
    public static String html(Model model, RunResult run, Path rawFile) {
        String rawName = rawFile.getFileName().toString();
        Path from = folder(rawFile);
        ActionSources sources = new ActionSources(model);
        Analysis a = analyse(run.trace(), model);
        int violated = violatedAt(run, a);
        List<String> lanes = new ArrayList<>(a.threads());
        boolean noThreads = lanes.isEmpty();
        int loopFrom = a.end() != null && a.end().end() == TlcOutput.State.End.BACK_TO ? a.end().backTo() : -1;
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(esc(model.name())).append(": counterexample</title>\n<style>\n")
                .append(asset("swimlane.css")).append("</style></head><body>\n");
        h.append("<h1>").append(esc(model.name())).append("</h1>\n<dl>")
                .append("<dt>model</dt><dd>").append(esc(model.description())).append("</dd>")
                .append("<dt>spec</dt><dd><code>").append(esc(model.spec())).append("</code>, config <code>")
                .append(esc(model.config())).append("</code></dd>")
                .append("<dt>expected</dt><dd>").append(esc(model.expectation())).append("</dd>")
                .append("<dt>TLC found</dt><dd>").append(esc(ending(model, run))).append("</dd>")
                .append("<dt>threads</dt><dd>").append(noThreads ? "none found (no program counter: no variable named"
                        + " <code>pc</code> or ending in <code>pc</code>)" : esc(String.join(", ", a.lanes().stream()
                        .map(t -> t.label().equals(t.name()) ? t.label() : t.label() + " (" + t.name() + ")").toList()))
                        + " (from the program counters; see docs/runner.md)").append("</dd>")
                .append("<dt>full trace</dt><dd><code>").append(esc(rawName)).append("</code></dd></dl>\n");
        h.append("<table>\n<tr><th>step</th>");
        for (String lane : lanes) {
            h.append("<th>").append(esc(lane)).append("</th>");
        }
        h.append("<th>shared variables").append(noThreads ? " (and the action)" : "").append("</th></tr>\n");
        for (Step s : a.steps()) {
            List<String> classes = new ArrayList<>();
            if (loopFrom > 0 && s.number() >= loopFrom) {
                classes.add("loop");
            }
            if (s.number() == loopFrom) {
                classes.add("loopstart");
            }
            if (s.number() == violated) {
                classes.add("violated");
            }
            h.append("<tr").append(classes.isEmpty() ? "" : " class=\"" + String.join(" ", classes) + "\"").append(">")
                    .append("<td class=\"n\">").append(s.number() == loopFrom ? "↻ " : "").append(s.number()).append("</td>");
            boolean initial = s.number() == a.steps().get(0).number();
            List<String> actors = s.thread() == null ? List.of() : List.of(s.thread().split(", "));
            List<Change> shared = new ArrayList<>();
            Map<String, List<Change>> own = new LinkedHashMap<>();
            for (Change c : s.changes()) {
                String lane = laneOf(c, a, lanes);
                if (lane == null) {
                    shared.add(c);
                } else {
                    own.computeIfAbsent(lane, k -> new ArrayList<>()).add(c);
                }
            }
            for (String lane : lanes) {
                boolean acting = actors.contains(lane);
                List<String> cell = new ArrayList<>();
                if (acting) {
                    cell.add(action(s, sources, from) + (s.number() == violated ? violatedMark(model, run) : ""));
                }
                own.getOrDefault(lane, List.of()).forEach(c -> cell.add(change(c)));
                h.append("<td class=\"lane").append(acting ? " act" : "").append("\">").append(String.join("<br>", cell))
                        .append("</td>");
            }
            List<String> cell = new ArrayList<>();
            if (initial) {
                cell.add("<i>initial state</i>");
            } else if (actors.isEmpty()) {
                cell.add(action(s, sources, from) + (noThreads ? "" : " (no thread identified)")
                        + (s.number() == violated ? violatedMark(model, run) : ""));
            }
            shared.forEach(c -> cell.add(change(c)));
            h.append("<td class=\"shared\">").append(String.join("<br>", cell)).append("</td></tr>\n");
        }
        String last = endRow(model, run, a);
        if (last != null) {
            boolean bad = a.end() == null;
            h.append("<tr class=\"").append(bad ? "bad" : "end loop").append("\"><td class=\"n\">")
                    .append(a.end() != null ? a.end().number() : "").append("</td><td colspan=\"").append(lanes.size() + 1)
                    .append("\">").append(esc(last.replace("**", ""))).append("</td></tr>\n");
        }
        h.append("</table>\n<p>Each row is one step. The acting thread's cell holds the action (hover for its place in the"
                + " spec) and what it changed of its own variables; the last column, what it changed of the shared ones."
                + " Unchanged variables are not shown; the full trace has them all.</p>\n</body></html>\n");
        return h.toString();
    }

    private static String action(Step s, ActionSources sources, Path from) {
        StringBuilder h = new StringBuilder();
        ActionSources.Place spec = sources.spec(s.action(), s.location());
        String name = "<b title=\"" + esc(s.location() == null ? "" : s.location()) + "\">" + esc(s.action()) + "</b>";
        h.append(spec == null ? name : "<a href=\"" + esc(ActionSources.relative(from, spec.file())) + "#L" + spec.line()
                + "\">" + name + "</a>");
        List<ActionSources.Place> java = sources.java(s.actionName(), s.location());
        if (!java.isEmpty()) {
            h.append(" (").append(String.join(", ", java.stream().map(p -> "<a class=\"java\" href=\""
                    + esc(ActionSources.relative(from, p.file())) + "#L" + p.line() + "\">" + esc(p.name()) + "</a>")
                    .toList())).append(")");
        }
        if (s.cas() != null) {
            h.append("<br><span class=\"cas").append(s.cas().failed() ? " failed" : "").append("\">")
                    .append(esc(s.cas().text())).append("</span>");
        }
        if (java.isEmpty() && s.user()) {
            h.append(" <span class=\"user\">(the user's code)</span>");
        }
        if (s.artifact() != null) {
            h.append("<br><span class=\"artifact\" title=\"").append(esc(s.artifact())).append("\">model artifact: ")
                    .append(esc(s.artifact())).append("</span>");
        }
        return h.toString();
    }

    private static String violatedMark(Model model, RunResult run) {
        return "<br><span class=\"violated\">✗ " + esc(violation(model, run)) + "</span>";
    }

    private static String change(Change c) {
        return "<code>" + esc(c.path() + " = " + c.after()) + "</code>" + (c.before() == null ? ""
                : " <span class=\"was\">(was <code>" + esc(c.before()) + "</code>)</span>");
    }

    /** The lane of a change: the thread whose entry of a per-thread variable (or whose scalar pc) it is. */
    static String laneOf(Change c, Analysis a, List<String> lanes) {
        if (a.perThread().contains(c.variable()) && c.entry() != null) {
            String key = c.entry().substring(1, c.entry().indexOf(']'));
            for (Thread t : a.lanes()) {
                if (key.equals(t.key()) && lanes.contains(t.label())) {
                    return t.label();
                }
            }
        }
        if (isProgramCounter(c.variable()) && c.entry() == null) {
            for (Thread t : a.lanes()) {
                if (t.key() == null && t.variable().equals(c.variable()) && lanes.contains(t.label())) {
                    return t.label();
                }
            }
        }
        return null;
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * A stylesheet or script of the views, kept as a resource beside this class
     * (src/main/resources/io/github/uncontended/tlc/report/) and inlined into each page, so a page
     * needs no other file and no network: it works opened from disk.
     */
    static String asset(String name) {
        try (java.io.InputStream in = CounterexampleViews.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the runner jar lacks its resource " + name + " (io/github/uncontended/tlc/report/)");
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
