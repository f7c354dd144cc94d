package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.TlaValue;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counterexample explorer ({@code <model>.explore.html}, beside {@code <model>.html}): one
 * static page that steps through the behaviour one state at a time (Forward and Back, or the arrow
 * keys), with a lane per thread (the threads {@link CounterexampleViews#analyse} derives), every
 * variable with the ones the step changed highlighted (before → after), the violated property,
 * deadlock or loop marked on the last step, and for a weak-memory model the per-thread store
 * buffers or views as {@link MemoryPicture} projects them.
 *
 * <p>The steps are embedded as JSON, the script and stylesheet (resources {@code explorer.js} and
 * {@code explorer.css} beside this class) inlined: no other file, no network, it works from
 * {@code file://}. The script writes every value as text (never as markup), so TLA+ values with
 * {@code < > & "} show as they are.
 */
public final class Explorer {

    /** The variables MemoryPicture puts in place of the memory layer's: x86-TSO's, then the weak model's. */
    private static final List<String> TSO = List.of("buffers", "memory");
    private static final List<String> WEAK = List.of("stale", "written");

    private Explorer() {}

    public static Path explorerFile(Path rawFile) {
        String name = rawFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return rawFile.resolveSibling((dot < 0 ? name : name.substring(0, dot)) + ".explore.html");
    }

    /** The page for {@code run}'s counterexample (its trace as MemoryPicture shows it), {@code rawName} the full trace's file. */
    public static String html(Model model, RunResult run, Path rawFile) {
        String rawName = rawFile.getFileName().toString();
        String script = CounterexampleViews.asset("explorer.js");
        String json;
        try {
            json = new ObjectMapper().writeValueAsString(data(model, run, rawFile));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        // Inside <script> only "</script" could end the block early; JSON allows \\u escapes in
        // strings, and < > & occur nowhere else in JSON, so escaping them all is safe and exact.
        json = json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        String e = CounterexampleViews.esc(model.name());
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + e + ": counterexample explorer</title>\n<style>\n" + CounterexampleViews.asset("explorer.css")
                + "</style></head><body>\n"
                + "<noscript><p>This page steps through the counterexample with a script; the swimlane ("
                + e + ".html) and the full trace (" + CounterexampleViews.esc(rawName) + ") need none.</p></noscript>\n"
                + "<main id=\"explorer\"></main>\n"
                + "<script type=\"application/json\" id=\"trace\">" + json + "</script>\n"
                + "<script>\n" + script.replace("</script", "<\\/script") + "</script>\n</body></html>\n";
    }

    /** What the page shows, step by step; the script only lays it out. */
    static Map<String, Object> data(Model model, RunResult run, Path rawFile) {
        String rawName = rawFile.getFileName().toString();
        Path from = CounterexampleViews.folder(rawFile);
        ActionSources sources = new ActionSources(model);
        List<TlcOutput.State> states = run.trace().stream().filter(s -> s.end() == TlcOutput.State.End.NONE).toList();
        CounterexampleViews.Analysis a = CounterexampleViews.analyse(run.trace(), model);
        int violated = CounterexampleViews.violatedAt(run, a);
        List<String> lanes = a.threads();
        boolean weak = MemoryPicture.projected(run.trace());
        List<String> memory = !weak ? List.of()
                : states.stream().anyMatch(s -> s.vars().containsKey("buffers")) ? TSO : WEAK;
        int loopFrom = a.end() != null && a.end().end() == TlcOutput.State.End.BACK_TO ? a.end().backTo() : -1;

        Map<String, Object> page = new LinkedHashMap<>();
        page.put("model", model.name());
        page.put("description", model.description());
        page.put("spec", model.spec());
        page.put("config", model.config());
        page.put("expected", model.expectation());
        page.put("found", CounterexampleViews.ending(model, run));
        page.put("trace", rawName);
        page.put("swimlane", CounterexampleViews.htmlFile(Path.of(rawName)).toString());
        page.put("threads", lanes);
        Map<String, String> names = new LinkedHashMap<>();
        a.lanes().forEach(t -> names.put(t.label(), t.name()));
        page.put("threadNames", names);
        page.put("memoryKind", memory == TSO ? "store buffers (x86-TSO)" : memory == WEAK ? "views (weak memory)" : null);
        page.put("memoryVariables", memory);

        List<Map<String, Object>> steps = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            TlcOutput.State s = states.get(i);
            CounterexampleViews.Step step = a.steps().get(i);
            boolean initial = i == 0;
            Map<String, Object> st = new LinkedHashMap<>();
            st.put("number", s.number());
            st.put("action", step.action());
            st.put("location", step.location());
            st.put("thread", step.thread());
            st.put("loopStart", s.number() == loopFrom);
            st.put("inLoop", loopFrom > 0 && s.number() >= loopFrom);
            ActionSources.Place spec = initial ? null : sources.spec(step.action(), step.location());
            st.put("specHref", spec == null ? null : ActionSources.relative(from, spec.file()) + "#L" + spec.line());
            List<Map<String, Object>> java = new ArrayList<>();
            for (ActionSources.Place p : initial ? List.<ActionSources.Place>of() : sources.java(step.actionName(), step.location())) {
                Map<String, Object> j = new LinkedHashMap<>();
                j.put("name", p.name());
                j.put("href", ActionSources.relative(from, p.file()) + "#L" + p.line());
                java.add(j);
            }
            st.put("java", java);
            if (step.cas() != null) {
                Map<String, Object> cas = new LinkedHashMap<>();
                cas.put("text", step.cas().text());
                cas.put("failed", step.cas().failed());
                st.put("cas", cas);
            } else {
                st.put("cas", null);
            }
            st.put("artifact", step.artifact());
            st.put("user", java.isEmpty() && step.user());
            st.put("violated", s.number() == violated ? CounterexampleViews.violation(model, run) : null);

            // Each thread's own entries of the per-thread variables (and its scalar program counter).
            Map<String, List<Map<String, Object>>> laneEntries = new LinkedHashMap<>();
            lanes.forEach(l -> laneEntries.put(l, new ArrayList<>()));
            for (CounterexampleViews.Change c : CounterexampleViews.initial(s.vars(), a.perThread())) {
                String lane = CounterexampleViews.laneOf(c, a, lanes);
                if (lane != null) {
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("path", c.path());
                    entry.put("value", c.after());
                    entry.put("changed", !initial && touches(step.changes(), c));
                    laneEntries.get(lane).add(entry);
                }
            }
            st.put("lanes", laneEntries);

            List<Map<String, Object>> vars = new ArrayList<>();
            for (Map.Entry<String, String> v : s.vars().entrySet()) {
                Map<String, Object> var = new LinkedHashMap<>();
                var.put("name", v.getKey());
                // MemoryPicture's variables are text of one line per thread: kept as written.
                var.put("value", memory.contains(v.getKey()) ? v.getValue() : TlaValue.normalize(v.getValue()));
                List<Map<String, Object>> changes = new ArrayList<>();
                if (!initial) {
                    for (CounterexampleViews.Change c : step.changes()) {
                        if (c.variable().equals(v.getKey())) {
                            Map<String, Object> ch = new LinkedHashMap<>();
                            ch.put("path", c.path());
                            ch.put("before", c.before());
                            ch.put("after", c.after());
                            changes.add(ch);
                        }
                    }
                }
                var.put("changed", !changes.isEmpty());
                var.put("changes", changes);
                var.put("memory", memory.contains(v.getKey()));
                vars.add(var);
            }
            st.put("variables", vars);
            st.put("memory", memoryByThread(s.vars(), memory, a.lanes()));
            steps.add(st);
        }
        page.put("steps", steps);

        Map<String, Object> end = new LinkedHashMap<>();
        String text = CounterexampleViews.endRow(model, run, a);
        end.put("kind", a.end() != null && a.end().end() == TlcOutput.State.End.BACK_TO ? "loop"
                : a.end() != null && a.end().end() == TlcOutput.State.End.STUTTERING ? "stuttering"
                : run.kind() == ResultKind.DEADLOCK ? "deadlock"
                : run.kind() == ResultKind.ASSERTION ? "assertion"
                : model.witness() ? "witness" : "violation");
        String shown = text == null ? CounterexampleViews.ending(model, run) : text.replace("**", "");
        if (run.kind() == ResultKind.LIVENESS && run.property() != null) {
            shown += " (so the behaviour violates " + run.property() + ")";   // stuttering and loops name no property
        }
        end.put("text", shown);
        end.put("property", run.property());
        end.put("backTo", loopFrom > 0 ? loopFrom : null);
        page.put("end", end);
        return page;
    }

    /** Whether one of the step's changes is this entry, inside it, or contains it. */
    private static boolean touches(List<CounterexampleViews.Change> changes, CounterexampleViews.Change entry) {
        String path = entry.path();
        for (CounterexampleViews.Change c : changes) {
            if (c.variable().equals(entry.variable())
                    && (c.path().equals(path) || c.path().startsWith(path + "[") || path.startsWith(c.path() + "["))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The memory variables' lines (MemoryPicture writes one line per thread: {@code t1: x = 1} for
     * a store buffer, {@code t1 may still read ...} for a view), each with the thread it belongs to
     * when that thread has a lane ({@code thread} null for a line of no thread: memory, written).
     */
    private static List<Map<String, Object>> memoryByThread(Map<String, String> vars, List<String> memory,
            List<CounterexampleViews.Thread> lanes) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String name : memory) {
            String value = vars.get(name);
            if (value == null) {
                continue;
            }
            List<Map<String, Object>> lines = new ArrayList<>();
            for (String line : value.split("\n")) {
                Map<String, Object> l = new LinkedHashMap<>();
                l.put("text", line);
                // Only buffers and stale are per thread; memory and written are per location.
                l.put("thread", name.equals("buffers") || name.equals("stale") ? threadOf(line, lanes) : null);
                lines.add(l);
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name);
            m.put("lines", lines);
            out.add(m);
        }
        return out;
    }

    /**
     * The lane a memory line belongs to: the thread it names, by its key ({@code p1}, or {@code 1}
     * for {@code pc[1]}); failing that, a scalar program counter {@code Xpc} whose prefix {@code X}
     * begins the name of the line's thread, when exactly one does ({@code ppc} for {@code producer}).
     */
    private static String threadOf(String line, List<CounterexampleViews.Thread> lanes) {
        for (CounterexampleViews.Thread lane : lanes) {
            String key = lane.key() == null ? lane.variable() : lane.key();
            if (line.startsWith(key + ": ") || line.startsWith(key + " may still read ")) {
                return lane.label();
            }
        }
        int colon = line.indexOf(": ");
        int may = line.indexOf(" may still read ");
        int cut = colon < 0 ? may : may < 0 ? colon : Math.min(colon, may);
        if (cut <= 0) {
            return null;
        }
        String name = line.substring(0, cut);
        List<CounterexampleViews.Thread> prefixed = lanes.stream().filter(l -> l.key() == null
                && l.variable().length() > 2 && name.startsWith(l.variable().substring(0, l.variable().length() - 2))).toList();
        return prefixed.size() == 1 ? prefixed.get(0).label() : null;
    }
}
