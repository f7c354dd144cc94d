package io.github.uncontended.tlc;

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
 *     than the newest, with the values it may read.</li>
 * </ul>
 * A trace without the layer's variables is returned unchanged.
 */
final class MemoryPicture {

    private static final List<String> LAYER = List.of("mem", "buf", "msgs", "cur", "scv");

    private MemoryPicture() {}

    static List<TlcOutput.State> project(List<TlcOutput.State> trace) {
        if (trace.isEmpty() || !trace.stream().filter(s -> !s.vars().isEmpty())
                .allMatch(s -> s.vars().keySet().containsAll(LAYER))) {
            return trace;
        }
        boolean tso;
        try {
            tso = trace.stream().filter(s -> !s.vars().isEmpty())
                    .allMatch(s -> ((Map<?, ?>) parse(s.vars().get("msgs"))).values().stream()
                            .allMatch(v -> ((List<?>) v).size() == 1));
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
                vars.put("memory", tsoMemory(parse(s.vars().get("mem"))));
                vars.put("buffers", tsoBuffers(parse(s.vars().get("buf"))));
            } else {
                Map<?, ?> msgs = (Map<?, ?>) parse(s.vars().get("msgs"));
                vars.put("written", written(msgs));
                vars.put("stale", stale(msgs, (Map<?, ?>) parse(s.vars().get("cur"))));
            }
            out.add(new TlcOutput.State(s.number(), s.action(), s.location(), vars, s.end(), s.backTo()));
        }
        return out;
    }

    private static String tsoMemory(Object mem) {
        List<String> parts = new ArrayList<>();
        ((Map<?, ?>) mem).forEach((k, v) -> parts.add(unquote(k) + " = " + v));
        return String.join(", ", parts);
    }

    private static String tsoBuffers(Object buf) {
        List<String> lines = new ArrayList<>();
        ((Map<?, ?>) buf).forEach((t, stores) -> {
            List<?> list = (List<?>) stores;
            if (!list.isEmpty()) {
                List<String> parts = new ArrayList<>();
                for (Object st : list) {
                    List<?> pair = (List<?>) st;
                    parts.add(unquote(pair.get(0)) + " = " + pair.get(1));
                }
                lines.add(unquote(t) + ": " + String.join(", ", parts));
            }
        });
        return lines.isEmpty() ? "(all empty)" : String.join("\n", lines);
    }

    private static String written(Map<?, ?> msgs) {
        List<String> lines = new ArrayList<>();
        msgs.forEach((x, seq) -> {
            List<?> list = (List<?>) seq;
            if (list.size() > 1) {
                List<String> vals = new ArrayList<>();
                for (Object m : list) {
                    vals.add(String.valueOf(((Map<?, ?>) m).get("val")));
                }
                lines.add(unquote(x) + ": " + String.join(", ", vals));
            }
        });
        return lines.isEmpty() ? "(only the initial values)" : String.join("\n", lines);
    }

    private static String stale(Map<?, ?> msgs, Map<?, ?> cur) {
        List<String> lines = new ArrayList<>();
        cur.forEach((t, view) -> {
            List<String> parts = new ArrayList<>();
            ((Map<?, ?>) view).forEach((x, ts) -> {
                List<?> list = (List<?>) msgs.get(x);
                int from = Integer.parseInt(String.valueOf(ts));
                if (list != null && from < list.size()) {
                    List<String> vals = new ArrayList<>();
                    for (int i = from - 1; i < list.size(); i++) {
                        vals.add(String.valueOf(((Map<?, ?>) list.get(i)).get("val")));
                    }
                    parts.add(unquote(x) + " = " + String.join(" or ", vals));
                }
            });
            if (!parts.isEmpty()) {
                lines.add(unquote(t) + " may still read " + String.join("; ", parts));
            }
        });
        return lines.isEmpty() ? "(every thread reads the newest value everywhere)" : String.join("\n", lines);
    }

    private static String unquote(Object o) {
        String s = String.valueOf(o);
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    /**
     * Parses a TLA+ value as TLC prints it: records {@code [a |-> 1]} and functions
     * {@code (a :> 1 @@ b :> 2)} become maps (keys as printed), tuples {@code <<...>>} and sets
     * become lists, everything else (numbers, strings with their quotes, TRUE, model values)
     * stays the printed text.
     */
    static Object parse(String text) {
        Parser p = new Parser(text);
        Object v = p.value();
        p.skip();
        if (p.i != text.length()) {
            throw new IllegalArgumentException("trailing text at " + p.i + " in " + text);
        }
        return v;
    }

    private static final class Parser {
        final String s;
        int i;

        Parser(String s) {
            this.s = s;
        }

        void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        boolean eat(String token) {
            skip();
            if (s.startsWith(token, i)) {
                i += token.length();
                return true;
            }
            return false;
        }

        void expect(String token) {
            if (!eat(token)) {
                throw new IllegalArgumentException("expected '" + token + "' at " + i + " in " + s);
            }
        }

        Object value() {
            skip();
            if (eat("<<")) {
                return list(">>");
            }
            if (eat("{")) {
                return list("}");
            }
            if (eat("[")) {
                Map<Object, Object> map = new LinkedHashMap<>();
                if (!eat("]")) {
                    do {
                        String key = atom();
                        expect("|->");
                        map.put(key, value());
                    } while (eat(","));
                    expect("]");
                }
                return map;
            }
            if (eat("(")) {
                Map<Object, Object> map = new LinkedHashMap<>();
                do {
                    Object key = value();
                    expect(":>");
                    map.put(key, value());
                } while (eat("@@"));
                expect(")");
                return map;
            }
            return atom();
        }

        /** The elements of a tuple or a set, up to {@code close}. */
        List<Object> list(String close) {
            List<Object> list = new ArrayList<>();
            if (!eat(close)) {
                do {
                    list.add(value());
                } while (eat(","));
                expect(close);
            }
            return list;
        }

        String atom() {
            skip();
            int start = i;
            if (i < s.length() && s.charAt(i) == '"') {
                i++;
                while (i < s.length() && s.charAt(i) != '"') {
                    i += s.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
                return s.substring(start, i);
            }
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '-')) {
                i++;
            }
            if (start == i) {
                throw new IllegalArgumentException("unexpected '" + (i < s.length() ? s.charAt(i) : "end") + "' at " + i + " in " + s);
            }
            return s.substring(start, i);
        }
    }
}
