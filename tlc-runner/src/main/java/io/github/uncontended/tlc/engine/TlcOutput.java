package io.github.uncontended.tlc.engine;

import io.github.uncontended.tlc.manifest.ResultKind;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tlc2.output.EC;

/**
 * Reads what {@code tlc2.TLC -tool} printed: the result, the state counts and the counterexample.
 *
 * <p>The classification comes from TLC's message codes, not from its exit code alone: TLC 2.18
 * exits 13 both for a violated temporal property and for a violated action property
 * {@code [][A]_v}, which is a safety property. Codes used: 2107/2110 invariant, 2112 action
 * property, 2114 deadlock, 2116 temporal, 2132 Assert, 2217 a state of the trace, 2218
 * stuttering, 2122 back to an earlier state, 2199 state counts, 2194 depth.
 */
public final class TlcOutput {

    /** One state of a counterexample, or its end marker (stuttering, or a loop back to a state). */
    public record State(int number, String action, String location, Map<String, String> vars, End end, int backTo) {
        public enum End { NONE, STUTTERING, BACK_TO }
    }

    public record Parsed(ResultKind kind, String property, String message, Long distinct, Long total, Long depth,
            List<State> trace) {}

    private static final Pattern START = Pattern.compile("^@!@!@STARTMSG (\\d+):(\\d+) @!@!@$");
    private static final Pattern END = Pattern.compile("^@!@!@ENDMSG (\\d+) @!@!@$");
    private static final Pattern INVARIANT = Pattern.compile("Invariant (\\S+) is violated");
    private static final Pattern ACTION_PROPERTY = Pattern.compile("Action property (.+?) (?:of the next-state relation )?is violated");
    private static final Pattern STATS = Pattern.compile("([\\d,]+) states generated,? ([-\\d,]+) distinct states found");
    private static final Pattern SIM_STATS = Pattern.compile("The number of states generated: ([\\d,]+)");
    private static final Pattern DEPTH = Pattern.compile("The depth of the complete state graph search is (\\d+)");
    private static final Pattern STATE_HEAD = Pattern.compile("^(\\d+): <(.*)>$");
    private static final Pattern ACTION = Pattern.compile(
            "^(.+?) line (\\d+), col (\\d+) to line \\d+, col \\d+ of module (\\S+)$");
    private static final Pattern STUTTER = Pattern.compile("^(\\d+): Stuttering");
    private static final Pattern BACK_TO = Pattern.compile("^(\\d+): Back to state:? ?(\\d+)");
    /** TLC 2.18 with -tool: "9: Back to state: <Action line ...>", 9 being the state the loop returns to. */
    private static final Pattern BACK_TO_VIA = Pattern.compile("^(\\d+): Back to state:? ?<(\\S+)");

    private record Message(int code, int severity, String body) {}

    private TlcOutput() {}

    /**
     * TLC's progress as its -tool output shows it: when the search started, its last count of
     * states (a progress report, once a minute, or the final statistics) and when that was, and
     * whether the search was complete without an error. Times are TLC's own, to the second.
     */
    public record Progress(LocalDateTime started, LocalDateTime last, long generated, long distinct, boolean complete) {

        /** Minutes from the start to the last count; 0 when TLC printed neither. */
        public double minutes() {
            return started == null || last == null ? 0 : Duration.between(started, last).toSeconds() / 60.0;
        }
    }

    private static final Pattern PROGRESS = Pattern.compile(
            "([\\d,]+) states generated(?: \\([\\d,]+ s/min\\))?, ([\\d,]+) distinct states found");
    private static final DateTimeFormatter TLC_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final Pattern AT_TIME = Pattern.compile("(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d)");

    /** The progress in {@code output}, a -tool log (of TLC, or of a distributed TLCServer). */
    public static Progress progress(String output) {
        LocalDateTime started = null;
        LocalDateTime last = null;
        long generated = 0;
        long distinct = 0;
        boolean complete = false;
        for (Message m : messages(output, new ArrayList<>())) {
            Matcher time = AT_TIME.matcher(m.body());
            LocalDateTime at = time.find() ? LocalDateTime.parse(time.group(1), TLC_TIME) : null;
            if (m.code() == EC.TLC_STARTING) {
                started = at;
            } else if (m.code() == EC.TLC_PROGRESS_STATS || m.code() == EC.TLC_STATS) {
                Matcher stats = PROGRESS.matcher(m.body());
                if (stats.find()) {
                    generated = number(stats.group(1));
                    distinct = number(stats.group(2));
                    last = at != null ? at : last;
                }
            } else if (m.code() == EC.TLC_FINISHED) {
                last = at != null ? at : last;
            } else if (m.code() == EC.TLC_SUCCESS) {
                complete = true;
            }
        }
        return new Progress(started, last, generated, distinct, complete);
    }

    /** The -tool messages of {@code output}; lines outside any message go to {@code plain}. */
    private static List<Message> messages(String output, List<String> plain) {
        List<Message> messages = new ArrayList<>();
        Integer code = null;
        int severity = 0;
        StringBuilder body = new StringBuilder();
        for (String line : output.split("\\R")) {
            Matcher start = START.matcher(line);
            if (start.matches()) {
                code = Integer.parseInt(start.group(1));
                severity = Integer.parseInt(start.group(2));
                body.setLength(0);
            } else if (code != null && END.matcher(line).matches()) {
                messages.add(new Message(code, severity, body.toString().strip()));
                code = null;
            } else if (code != null) {
                body.append(line).append('\n');
            } else if (!line.isBlank()) {
                plain.add(line);
            }
        }
        return messages;
    }

    public static Parsed parse(String output, int exitCode) {
        List<String> plain = new ArrayList<>();
        List<Message> messages = messages(output, plain);
        ResultKind kind = null;
        String property = null;
        String message = null;
        Long distinct = null;
        Long total = null;
        Long depth = null;
        String firstError = null;
        String thrownAfterVerdict = null;   // TLC's "unexpected exception" (EC.GENERAL) once it had a verdict
        List<State> trace = new ArrayList<>();
        State initialState = null;   // an initial state that violates an invariant, printed in the verdict's message
        for (Message m : messages) {
            Matcher inv = INVARIANT.matcher(m.body);
            Matcher act = ACTION_PROPERTY.matcher(m.body);
            if (kind == null && (m.code == EC.TLC_INVARIANT_VIOLATED_INITIAL || m.code == EC.TLC_INVARIANT_VIOLATED_BEHAVIOR) && inv.find()) {
                kind = ResultKind.SAFETY;
                property = inv.group(1);
                message = firstLine(m.body);
                int end = m.body.indexOf('\n');
                if (m.code == EC.TLC_INVARIANT_VIOLATED_INITIAL && end > 0) {   // the body is stripped: a state follows
                    // TLC 2.18 prints the initial state inside this message, and no trace after it.
                    initialState = state("1: <Initial predicate>" + m.body.substring(end));
                }
            } else if (kind == null && m.code == EC.TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR && act.find()) {
                kind = ResultKind.SAFETY;
                // A conjunct of a property (e.g. the [][Next]_v of a refined spec) is named by its
                // location, "line 42, col 17 to line 42, col 30 of module Sequencer": left for the
                // runner to attribute to the config's property.
                property = act.group(1).startsWith("line ") ? null : act.group(1);
                message = firstLine(m.body);
            } else if (kind == null && m.code == EC.TLC_TEMPORAL_PROPERTY_VIOLATED) {
                kind = ResultKind.LIVENESS;
                message = firstLine(m.body);
            } else if (kind == null && m.code == EC.TLC_DEADLOCK_REACHED) {
                kind = ResultKind.DEADLOCK;
                message = firstLine(m.body);
            } else if (kind == null && (m.code == EC.TLC_VALUE_ASSERT_FAILED || m.body.startsWith("The first argument of Assert"))) {
                kind = ResultKind.ASSERTION;
                message = m.body.replaceAll("\\s*\\R\\s*", " ");
            } else if (m.code == EC.TLC_STATE_PRINT2) {
                trace.add(state(m.body));
            } else if (m.code == EC.TLC_STATE_PRINT3) {
                Matcher s = STUTTER.matcher(m.body);
                trace.add(new State(s.find() ? Integer.parseInt(s.group(1)) : trace.size() + 1, "Stuttering", null,
                        Map.of(), State.End.STUTTERING, 0));
            } else if (m.code == EC.TLC_BACK_TO_STATE || m.body.contains("Back to state")) {
                Matcher b = BACK_TO.matcher(m.body);
                Matcher via = BACK_TO_VIA.matcher(m.body);
                if (b.find()) {
                    trace.add(new State(Integer.parseInt(b.group(1)), "Back to state", null, Map.of(),
                            State.End.BACK_TO, Integer.parseInt(b.group(2))));
                } else if (via.find()) {
                    trace.add(new State(trace.size() + 1, via.group(2), null, Map.of(),
                            State.End.BACK_TO, Integer.parseInt(via.group(1))));
                }
            } else if (m.code == EC.TLC_STATS || m.code == EC.TLC_PROGRESS_STATS || m.code == EC.TLC_COVERAGE_START || m.code == EC.TLC_PROGRESS_SIMU) {
                Matcher s = STATS.matcher(m.body);
                Matcher sim = SIM_STATS.matcher(m.body);
                if (s.find()) {
                    total = number(s.group(1));
                    long d = number(s.group(2));
                    distinct = d < 0 ? null : d;
                } else if (sim.find()) {
                    total = number(sim.group(1));
                }
            } else if (m.code == EC.TLC_SEARCH_DEPTH) {
                Matcher d = DEPTH.matcher(m.body);
                if (d.find()) {
                    depth = Long.parseLong(d.group(1));
                }
            } else if (m.severity == 1 && firstError == null) {
                firstError = m.body.replaceAll("\\s*\\R\\s*", " ");
            }
            if (m.code == EC.GENERAL && kind != null && thrownAfterVerdict == null) {
                thrownAfterVerdict = m.body.replaceAll("\\s*\\R\\s*", " ");
            }
        }
        if (trace.isEmpty() && initialState != null) {
            trace.add(initialState);
        }
        for (String line : plain) { // simulation mode prints some counts outside messages
            Matcher sim = SIM_STATS.matcher(line);
            if (sim.find() && total == null) {
                total = number(sim.group(1));
            }
        }

        if (kind == null) {
            if (exitCode == 0) {
                kind = ResultKind.SUCCESS;
            } else if (exitCode == 150 || String.join("\n", plain).contains("***Parse Error***")) {
                kind = ResultKind.PARSE_ERROR;
                message = parseError(plain);
            } else if (exitCode == 151 || (firstError != null && firstError.contains("configuration file"))
                    || messages.stream().anyMatch(m -> m.code == EC.TLC_CONFIG_VALUE_NOT_ASSIGNED_TO_CONSTANT_PARAM)) {
                kind = ResultKind.CONFIG_ERROR;
                message = firstError != null ? firstError : lastPlain(plain);
            } else {
                kind = ResultKind.CRASH;
                message = "TLC exited with " + exitCode + ": " + (firstError != null ? firstError : lastPlain(plain));
            }
        }
        boolean violation = kind == ResultKind.SAFETY || kind == ResultKind.LIVENESS || kind == ResultKind.DEADLOCK
                || kind == ResultKind.ASSERTION;
        if (violation && (trace.isEmpty() || thrownAfterVerdict != null)) {
            // The product is the counterexample: a violation without one (TLC crashed while it rebuilt
            // the trace, or the log is cut short) is a failure of the run, never the expected verdict.
            message = NO_COUNTEREXAMPLE + kind + (property != null ? " of " + property : "")
                    + (trace.isEmpty() ? " but printed no counterexample" : " but its counterexample may be incomplete")
                    + (thrownAfterVerdict != null ? "; then it threw: " + thrownAfterVerdict : "")
                    + (exitCode != 0 && thrownAfterVerdict == null && trace.isEmpty() ? " (exit " + exitCode + "; the log may be truncated)" : "");
            kind = ResultKind.CRASH;
            property = null;
        }
        return new Parsed(kind, property, message, distinct, total, depth, List.copyOf(trace));
    }

    /** How a crash message starts when TLC reported a violation without its counterexample. */
    public static final String NO_COUNTEREXAMPLE = "TLC reported ";

    private static State state(String body) {
        String[] lines = body.split("\\R");
        Matcher head = STATE_HEAD.matcher(lines[0].strip());
        int number = 0;
        String action = lines[0].strip();
        String location = null;
        if (head.matches()) {
            number = Integer.parseInt(head.group(1));
            String inside = head.group(2);
            Matcher a = ACTION.matcher(inside);
            if (a.matches()) {
                action = a.group(1);
                location = "line " + a.group(2) + ", col " + a.group(3) + " of module " + a.group(4);
            } else {
                action = inside; // "Initial predicate"
            }
        }
        Map<String, String> vars = new LinkedHashMap<>();
        String current = null;
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            String stripped = line.strip();
            if (stripped.isEmpty()) {
                continue;
            }
            int eq = stripped.indexOf(" = ");
            boolean newVar = stripped.startsWith("/\\ ") || current == null;
            if (newVar && eq > 0) {
                String rest = stripped.startsWith("/\\ ") ? stripped.substring(3) : stripped;
                int e = rest.indexOf(" = ");
                current = rest.substring(0, e).strip();
                vars.put(current, rest.substring(e + 3).strip());
            } else if (current != null) {
                vars.put(current, vars.get(current) + "\n" + line.stripTrailing());
            }
        }
        return new State(number, action, location, vars, State.End.NONE, 0);
    }

    private static String parseError(List<String> plain) {
        StringBuilder sb = new StringBuilder();
        boolean on = false;
        for (String line : plain) {
            String s = line.strip();
            if (s.startsWith("***Parse Error***") || s.startsWith("Semantic errors") || s.startsWith("Cannot find source file")
                    || s.startsWith("Could not find") || s.contains("File does not exist")) {
                on = true;
                if (s.startsWith("Cannot find") || s.startsWith("Could not find") || s.contains("File does not exist")) {
                    sb.append(s);
                    break;
                }
                continue;
            }
            if (on) {
                if (s.startsWith("Residual stack trace") || s.startsWith("Fatal errors")) {   // plain has no blank lines
                    if (sb.length() > 0) {
                        break;
                    }
                    continue;
                }
                sb.append(sb.length() > 0 ? " " : "").append(s);
            }
        }
        return sb.length() > 0 ? sb.toString() : lastPlain(plain);
    }

    private static String lastPlain(List<String> plain) {
        for (int i = plain.size() - 1; i >= 0; i--) {
            String s = plain.get(i).strip();
            if (!s.startsWith("Finished in")) {   // plain has no blank lines
                return s;
            }
        }
        return "no message";
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static long number(String s) {
        return Long.parseLong(s.replace(",", ""));
    }
}
