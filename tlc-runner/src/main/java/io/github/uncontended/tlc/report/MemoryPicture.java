package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.engine.TlaValue;
import io.github.uncontended.tlc.engine.TlcOutput;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes the counterexamples of weak-memory models readable. The memory layer
 * ({@code specs/memory/Memory.tla}) keeps messages with views and store buffers in five
 * variables ({@code mem, buf, msgs, cur, scv}); printed raw they are thousands of lines. This
 * replaces them, in every state, with what they mean:
 * <ul>
 * <li>x86-TSO: {@code memory}, the value of each location, and {@code buffers}, the stores
 *     still waiting in each thread's store buffer, oldest first;</li>
 * <li>weak: {@code written}, every value of each location in modification order, and
 *     {@code stale}, for each thread, the locations where it may still read an older value
 *     than the newest, with the values it may read: a plain load from its hb view, and where
 *     its coherent loads (opaque and stronger) are bounded further by its coh view, those too.</li>
 * </ul>
 * A trace without the layer's variables is returned unchanged.
 */
public final class MemoryPicture {

    private static final List<String> LAYER = List.of("mem", "buf", "msgs", "cur", "scv");

    private MemoryPicture() {}

    public static List<TlcOutput.State> project(List<TlcOutput.State> trace) {
        if (trace.isEmpty() || !trace.stream().filter(s -> !s.vars().isEmpty())
                .allMatch(s -> s.vars().keySet().containsAll(LAYER))) {
            return trace;
        }
        boolean tso;
        try {
            tso = trace.stream().filter(s -> !s.vars().isEmpty())
                    .allMatch(s -> entries(s.vars().get("msgs")).values().stream().allMatch(v -> entries(v).size() == 1));
        } catch (RuntimeException e) {
            return trace;   // not the layer's shape after all: leave the trace raw
        }
        List<TlcOutput.State> out = new ArrayList<>();
        for (TlcOutput.State s : trace) {
            if (s.vars().isEmpty()) {
                out.add(s);
                continue;
            }
            Map<String, String> vars = new LinkedHashMap<>();
            s.vars().forEach((k, v) -> {
                if (!LAYER.contains(k)) {
                    vars.put(k, v);
                }
            });
            if (tso) {
                vars.put("memory", tsoMemory(s.vars().get("mem")));
                vars.put("buffers", tsoBuffers(s.vars().get("buf")));
            } else {
                Map<String, String> msgs = entries(s.vars().get("msgs"));
                vars.put("written", written(msgs));
                vars.put("stale", stale(msgs, entries(s.vars().get("cur"))));
            }
            out.add(new TlcOutput.State(s.number(), s.action(), s.location(), vars, s.end(), s.backTo()));
        }
        return out;
    }

    /** True for a trace {@link #project} has rewritten. */
    static boolean projected(List<TlcOutput.State> trace) {
        return trace.stream().anyMatch(s -> s.vars().containsKey("stale") || s.vars().containsKey("buffers"));
    }

    /** The entries of a function, record or tuple as TLC printed it (TlaValue), never null. */
    private static Map<String, String> entries(String value) {
        Map<String, String> e = TlaValue.entries(value);
        if (e == null) {
            throw new IllegalArgumentException("not a function, record or tuple: " + value);
        }
        return e;
    }

    /** The values of a location's messages, oldest first. */
    private static List<String> values(String messages) {
        List<String> vals = new ArrayList<>();
        for (String m : entries(messages).values()) {
            vals.add(entries(m).get("val"));
        }
        return vals;
    }

    private static String tsoMemory(String mem) {
        List<String> parts = new ArrayList<>();
        entries(mem).forEach((k, v) -> parts.add(unquote(k) + " = " + v));
        return String.join(", ", parts);
    }

    private static String tsoBuffers(String buf) {
        List<String> lines = new ArrayList<>();
        entries(buf).forEach((t, stores) -> {
            List<String> parts = new ArrayList<>();
            for (String st : entries(stores).values()) {
                Map<String, String> pair = entries(st);
                parts.add(unquote(pair.get("1")) + " = " + pair.get("2"));
            }
            if (!parts.isEmpty()) {
                lines.add(unquote(t) + ": " + String.join(", ", parts));
            }
        });
        return lines.isEmpty() ? "(all empty)" : String.join("\n", lines);
    }

    private static String written(Map<String, String> msgs) {
        List<String> lines = new ArrayList<>();
        msgs.forEach((x, seq) -> {
            List<String> vals = values(seq);
            if (vals.size() > 1) {
                lines.add(unquote(x) + ": " + String.join(", ", vals));
            }
        });
        return lines.isEmpty() ? "(only the initial values)" : String.join("\n", lines);
    }

    private static String stale(Map<String, String> msgs, Map<String, String> cur) {
        List<String> lines = new ArrayList<>();
        cur.forEach((t, views) -> {
            // A thread's views: [coh |-> view, hb |-> view] (plain loads are bounded by hb,
            // coherent ones by coh); an older layer kept one view.
            Map<String, String> both = entries(views);
            Map<String, String> hb = both.containsKey("hb") ? entries(both.get("hb")) : both;
            Map<String, String> coh = both.containsKey("coh") ? entries(both.get("coh")) : both;
            List<String> parts = new ArrayList<>();
            hb.forEach((x, ts) -> {
                String seq = msgs.get(x);
                if (seq != null) {
                    List<String> vals = values(seq);
                    int from = Integer.parseInt(ts.strip());
                    int cohFrom = coh.containsKey(x) ? Integer.parseInt(coh.get(x).strip()) : from;
                    if (from < vals.size()) {
                        String part = unquote(x) + " = " + String.join(" or ", vals.subList(from - 1, vals.size()));
                        if (cohFrom > from) {
                            part += cohFrom < vals.size()
                                    ? " (opaque or stronger: " + String.join(" or ", vals.subList(cohFrom - 1, vals.size())) + ")"
                                    : " (plain loads only)";
                        }
                        parts.add(part);
                    }
                }
            });
            if (!parts.isEmpty()) {
                lines.add(unquote(t) + " may still read " + String.join("; ", parts));
            }
        });
        return lines.isEmpty() ? "(every thread reads the newest value everywhere)" : String.join("\n", lines);
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }
}
