package io.github.uncontended.tlc.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A recorded execution, as the trace-recording tests write it (java-impl, {@code Trace.java}):
 * <pre>
 * # free text
 * spec sequencer/trace/PendingListTrace      the trace spec, relative to specs/
 * expect accept                              or reject: a broken variant's trace must be rejected
 * witness GuardHoldsWhileParked              a state predicate of the trace spec that some state
 *                                            of the replay must satisfy: the hard case the
 *                                            recording exists for (none, one or more lines)
 * const N 60                                 a constant of the spec, as a TLA+ expression
 * value -9223372036854775808 CLOSING         a recorded number that stands for a spec constant
 * 1 Claim seq=0                              an event: thread, action, the values it read or wrote
 * </pre>
 * Every malformed line is reported with the file and line number.
 */
public record TraceLog(Path file, String spec, boolean expectAccept, List<String> witnesses,
        Map<String, String> constants, Map<Long, String> values, List<Event> events) {

    /** One atomic step: the thread that took it, the spec action, and its values in recorded order. */
    record Event(int line, int thread, String action, Map<String, Long> values) {
        String text() {
            StringBuilder sb = new StringBuilder().append(thread).append(' ').append(action);
            values.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
            return sb.toString();
        }
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final Pattern SPEC = Pattern.compile("[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*");

    static TraceLog read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String spec = null;
        Boolean expect = null;
        List<String> witnesses = new ArrayList<>();
        Map<String, String> constants = new LinkedHashMap<>();
        Map<Long, String> values = new LinkedHashMap<>();
        List<Event> events = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] w = line.split("\\s+", 3);
            switch (w[0]) {
                case "spec" -> {
                    require(w.length == 2 && SPEC.matcher(w[1]).matches(), file, n, "spec takes one path under specs/, e.g. spec sequencer/trace/PendingListTrace");
                    spec = w[1];
                }
                case "expect" -> {
                    require(w.length == 2 && (w[1].equals("accept") || w[1].equals("reject")), file, n, "expect takes accept or reject");
                    expect = w[1].equals("accept");
                }
                case "witness" -> {
                    require(w.length == 2 && NAME.matcher(w[1]).matches(), file, n,
                            "witness takes the name of a state predicate of the trace spec, e.g. witness LostTailCas");
                    require(!witnesses.contains(w[1]), file, n, "witness " + w[1] + " is named twice");
                    witnesses.add(w[1]);
                }
                case "const" -> {
                    require(w.length == 3 && NAME.matcher(w[1]).matches(), file, n, "const takes a name and a TLA+ expression");
                    constants.put(w[1], w[2]);
                }
                case "value" -> {
                    require(w.length == 3 && NAME.matcher(w[2]).matches(), file, n, "value takes a number and the spec constant it stands for");
                    values.put(number(w[1], file, n), w[2]);
                }
                default -> events.add(event(line, file, n));
            }
        }
        require(spec != null, file, 0, "no 'spec' line: which trace spec checks this log?");
        require(expect != null, file, 0, "no 'expect accept|reject' line");
        require(!events.isEmpty(), file, 0, "no events: the recording is empty");
        return new TraceLog(file, spec, expect, List.copyOf(witnesses), constants, values, events);
    }

    private static Event event(String line, Path file, int n) {
        String[] w = line.split("\\s+");
        require(w.length >= 2 && w[0].matches("\\d+") && NAME.matcher(w[1]).matches(), file, n,
                "an event is '<thread number> <Action> key=value ...', got: " + line);
        Map<String, Long> values = new LinkedHashMap<>();
        for (int i = 2; i < w.length; i++) {
            String[] kv = w[i].split("=", 2);
            require(kv.length == 2 && NAME.matcher(kv[0]).matches() && !kv[0].equals("t") && !kv[0].equals("a"),
                    file, n, "'" + w[i] + "' is not key=value (keys t and a are reserved)");
            values.put(kv[0], number(kv[1], file, n));
        }
        return new Event(n, Integer.parseInt(w[0]), w[1], values);
    }

    private static long number(String s, Path file, int n) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ":" + n + ": '" + s + "' is not a number");
        }
    }

    private static void require(boolean ok, Path file, int n, String message) {
        if (!ok) {
            throw new IllegalArgumentException(file + (n > 0 ? ":" + n : "") + ": " + message);
        }
    }

    /** The spec's folder and module name. */
    Path specDir(Path specsRoot) {
        Path p = specsRoot.resolve(spec);
        return p.getParent();
    }

    String module() {
        return spec.substring(spec.lastIndexOf('/') + 1);
    }

    /**
     * The TLA+ value of a recorded number: a mapped spec constant, or the number itself. TLC's
     * integers are 32-bit; a number outside that range that no 'value' line maps is an error.
     */
    String tla(Event e, long v) {
        String mapped = values.get(v);
        if (mapped != null) {
            return mapped;
        }
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(file + ":" + e.line() + ": " + v
                    + " is outside TLC's 32-bit integers; map it to a spec constant with a 'value' line");
        }
        return Long.toString(v);
    }
}
