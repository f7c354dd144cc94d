package io.github.uncontended.tlc.trace;

import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.util.Cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code make trace}: checks recorded executions of the Java implementations against the specs
 * (trace validation). For each log ({@link TraceLog}) it generates a module holding the trace as a
 * sequence constant, runs TLC on the design's trace spec ({@code specs/<design>/trace/}), and
 * judges the result against the log's {@code expect} line and its {@code witness} lines.
 *
 * <p>Pass 1 asks TLC whether some behaviour replays the whole trace: the trace spec's invariant
 * {@code TraceNotFullyReplayed} is violated exactly then (TLC 2.18 has no POSTCONDITION). An
 * extra invariant records, through TLC's register 1, the furthest trace position any behaviour
 * reached. If the trace is rejected, pass 2 asks for a behaviour reaching that position: its last
 * state is the state before the first event that does not fit, and the report shows both.
 *
 * <p>Witnesses: a log names the hard case it was recorded for ({@code witness LostTailCas}), a
 * state predicate its trace spec defines (each trace spec defines its design's model witnesses
 * by the same names). Pass 1 checks each as an extra invariant that never fails: the first state
 * of the replay that satisfies it prints it (TLC's registers 2, 3, ...). A log whose witness no
 * replayed state reaches did not record the case it exists for: its verdict is a mismatch, even
 * if the trace replays, since a check that never meets its case can pass a bug it is about.
 *
 * <p>Exit status: 0 when every log ended as it expects; 1 when any did not, or a log was
 * unreadable, or TLC failed (crash, parse error, timeout); 2 for a usage error.
 */
public final class TraceCheck {

    private static final Pattern PROGRESS = Pattern.compile("<<\"trace-progress\", (\\d+)>>");
    private static final Pattern WITNESS = Pattern.compile("<<\"trace-witness\", \"([A-Za-z][A-Za-z0-9_]*)\">>");
    static final String INVARIANT = "TraceNotFullyReplayed";
    /** Longest variable value the rejection report prints in full. */
    private static final int MAX_VALUE = 240;

    /**
     * How one log ended: accepted, rejected at an event, or not checked (an error); and which of
     * its witnesses no state of the replay reached ({@code missed}).
     */
    record Verdict(TraceLog log, String got, int events, Integer failedAt, Long distinct, double seconds,
            String error, Path report, List<String> missed) {
        boolean asExpected() {
            return error == null && got.equals(log.expectAccept() ? "accept" : "reject") && missed.isEmpty();
        }
    }

    private TraceCheck() {}

    /** {@code tlc-runner trace ARGS}: parse, check, the exit code ({@link TraceCommand}'s help lists them). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.execute(new TraceCommand(), args, out, err);
    }

    /**
     * Checks every log of {@code inputs} (a folder stands for the {@code *.trace} files below it)
     * against its spec under {@code specs}, TLC's logs and the reports in {@code outDir}, each TLC
     * run killed after {@code timeout} seconds; {@code jar} is TLC's (null: the runner's own).
     */
    static int check(Path specs, Path outDir, int timeout, Path jar, List<Path> inputs, PrintStream out, PrintStream err) {
        try {
            List<Path> logs = expand(inputs);
            if (logs.isEmpty()) {
                err.println("error: no *.trace files in " + inputs + ": did the trace-recording tests run?");
                return 1;
            }
            Tlc tlc = new Tlc(jar != null ? jar : Tlc.locateJar());
            Files.createDirectories(outDir);
            List<Verdict> verdicts = new ArrayList<>();
            for (Path log : logs) {
                verdicts.add(check(tlc, specs, outDir, log, timeout));
            }
            print(verdicts, out);
            long ok = verdicts.stream().filter(Verdict::asExpected).count();
            Files.writeString(outDir.resolve("summary.json"), String.format(
                    "{\"traces\": %d, \"asExpected\": %d}%n", verdicts.size(), ok));
            return verdicts.stream().allMatch(Verdict::asExpected) ? 0 : 1;
        } catch (IOException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted");
            return 1;
        }
    }

    private static List<Path> expand(List<Path> inputs) throws IOException {
        List<Path> logs = new ArrayList<>();
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(f -> f.toString().endsWith(".trace")).sorted().forEach(logs::add);
                }
            } else if (Files.isRegularFile(p)) {
                logs.add(p);
            } else {
                throw new IOException("no such trace log or folder: " + p);
            }
        }
        return logs;
    }

    static Verdict check(Tlc tlc, Path specs, Path outDir, Path file, int timeout)
            throws IOException, InterruptedException {
        String name = file.getFileName().toString().replaceFirst("\\.trace$", "");
        Path report = outDir.resolve(name + ".txt");
        TraceLog log;
        try {
            log = TraceLog.read(file);
        } catch (IllegalArgumentException e) {
            return error(new TraceLog(file, "?", true, List.of(), Map.of(), Map.of(), List.of()), 0, e.getMessage(),
                    report);
        }
        Path specDir = log.specDir(specs);
        Path specFile = specDir.resolve(log.module() + ".tla");
        if (!Files.isRegularFile(specFile)) {
            return error(log, 0, "no trace spec " + specFile, report);
        }
        String specText = Files.readString(specFile);
        for (String w : log.witnesses()) {
            if (!Pattern.compile("(?m)^" + w + "\\s*==").matcher(specText).find()) {
                return error(log, 0, "witness " + w + " is not defined in " + specFile + " (a trace spec defines its"
                        + " witnesses, state predicates of the replay, at the start of a line: " + w + " == ...)", report);
            }
        }
        Path work = outDir.resolve("work").resolve(name);
        Cli.deleteTree(work);
        Files.createDirectories(work);
        String module;
        try {
            module = module(log, null);
        } catch (IllegalArgumentException e) {
            return error(log, 0, e.getMessage(), report);
        }

        // Pass 1: is the whole trace a behaviour of the spec?
        Files.writeString(work.resolve("TraceRun.tla"), module);
        StringBuilder invariants = new StringBuilder("TraceRun_Progress");
        for (int i = 1; i <= log.witnesses().size(); i++) {
            invariants.append(" TraceRun_Witness_").append(i);
        }
        Files.writeString(work.resolve("TraceRun.cfg"), config(log, invariants + " " + INVARIANT));
        Tlc.Exit exit = runTlc(tlc, work, specDir, "pass1", timeout);
        String output = Files.readString(work.resolve("pass1.log"));
        TlcOutput.Parsed parsed = TlcOutput.parse(output, exit.code());
        int n = log.events().size();
        List<String> missed = new ArrayList<>(log.witnesses());
        for (Matcher m = WITNESS.matcher(output); m.find(); ) {
            missed.remove(m.group(1));
        }
        if (exit.timedOut()) {
            return error(log, exit.seconds(), "TLC timed out after " + timeout + " s (log: " + work.resolve("pass1.log") + ")", report);
        }
        if (parsed.kind() == ResultKind.SAFETY && INVARIANT.equals(parsed.property())) {
            Files.writeString(report, "ACCEPTED: all " + n + " events of " + file + " replay as a behaviour of "
                    + log.spec() + ".tla\n" + witnesses(log, missed));
            return new Verdict(log, "accept", n, null, parsed.distinct(), exit.seconds(), null, report, missed);
        }
        if (parsed.kind() != ResultKind.SUCCESS) {
            return error(log, exit.seconds(), "TLC ended with " + parsed.kind() + ": " + parsed.message()
                    + " (log: " + work.resolve("pass1.log") + ")", report);
        }
        int reached = 0;
        for (Matcher m = PROGRESS.matcher(output); m.find(); ) {
            reached = Math.max(reached, Integer.parseInt(m.group(1)));
        }
        if (reached == 0) {
            return error(log, exit.seconds(), "TLC reported no trace position: does the initial state fit?"
                    + " (log: " + work.resolve("pass1.log") + ")", report);
        }

        // Pass 2: a behaviour that replays events 1 .. reached - 1; its last state is where event `reached` fails.
        Files.writeString(work.resolve("TraceRun.tla"), module(log, reached));
        Files.writeString(work.resolve("TraceRun.cfg"), config(log, "TraceRun_Before"));
        Tlc.Exit exit2 = runTlc(tlc, work, specDir, "pass2", timeout);
        if (exit2.timedOut()) {
            return error(log, exit.seconds() + exit2.seconds(), "rejected at event #" + reached + " (" + log.events()
                    .get(reached - 1).text() + "), but TLC timed out finding the state before it (log: "
                    + work.resolve("pass2.log") + ")", report);
        }
        TlcOutput.Parsed before = TlcOutput.parse(Files.readString(work.resolve("pass2.log")), exit2.code());
        TraceLog.Event failed = log.events().get(reached - 1);
        Files.writeString(report, rejection(log, failed, reached, before.trace()) + witnesses(log, missed));
        return new Verdict(log, "reject", n, reached, parsed.distinct(), exit.seconds() + exit2.seconds(), null, report,
                missed);
    }

    private static Tlc.Exit runTlc(Tlc tlc, Path work, Path specDir, String pass, int timeout)
            throws IOException, InterruptedException {
        Path metadir = work.resolve("states-" + pass).toAbsolutePath();
        Files.createDirectories(metadir.resolve("tmp"));
        List<String> cmd = tlc.command("1", metadir, "TraceRun.cfg", work, specDir, specDir.getParent());
        cmd.addAll(List.of("-deadlock", "-seed", "1", "TraceRun.tla"));   // a trace that stops fitting is no deadlock
        return tlc.run(cmd, work, work.resolve(pass + ".log"), timeout);
    }

    /** The generated module: the trace as a sequence constant, the log's constants, the progress register. */
    static String module(TraceLog log, Integer before) {
        StringBuilder m = new StringBuilder();
        m.append("---- MODULE TraceRun ----\n");
        m.append("\\* Generated by TraceCheck from ").append(log.file()).append(": do not edit.\n");
        m.append("EXTENDS ").append(log.module()).append(", TLC\n\n");
        log.constants().forEach((k, v) -> m.append("TraceRun_").append(k).append(" == ").append(v).append('\n'));
        // TLCEval: TLC then evaluates the trace once. A plain definition substituted for the constant
        // Trace is evaluated again at every access (measured: 823 states in 100 s for 20,000 events,
        // against all 20,001 in 7.7 s with TLCEval).
        m.append("\nTraceRun_Events == <<\n");
        List<TraceLog.Event> events = log.events();
        for (int i = 0; i < events.size(); i++) {
            TraceLog.Event e = events.get(i);
            m.append("  [t |-> ").append(e.thread()).append(", a |-> \"").append(e.action()).append('"');
            e.values().forEach((k, v) -> m.append(", ").append(k).append(" |-> ").append(log.tla(e, v)));
            m.append(']').append(i + 1 < events.size() ? "," : "").append("   \\* ").append(i + 1).append('\n');
        }
        m.append(">>\nTraceRun_Log == TLCEval(TraceRun_Events)\n\n");
        m.append("ASSUME TLCSet(1, 0)\n");
        m.append("\\* The furthest trace position reached, printed each time it grows.\n");
        m.append("TraceRun_Progress == IF l > TLCGet(1) THEN TLCSet(1, l) /\\ PrintT(<<\"trace-progress\", l>>) ELSE TRUE\n");
        if (before != null) {
            m.append("TraceRun_Before == l < ").append(before).append('\n');
        }
        List<String> witnesses = log.witnesses();
        if (!witnesses.isEmpty()) {
            m.append("\\* The log's witnesses: each printed at the first replayed state that satisfies it.\n");
        }
        for (int i = 1; i <= witnesses.size(); i++) {
            String w = witnesses.get(i - 1);
            int register = i + 1;
            m.append("ASSUME TLCSet(").append(register).append(", 0)\n");
            m.append("TraceRun_Witness_").append(i).append(" == IF TLCGet(").append(register).append(") = 0 /\\ ").append(w)
                    .append(" THEN TLCSet(").append(register).append(", 1) /\\ PrintT(<<\"trace-witness\", \"").append(w)
                    .append("\">>) ELSE TRUE\n");
        }
        m.append("====\n");
        return m.toString();
    }

    static String config(TraceLog log, String invariants) {
        StringBuilder c = new StringBuilder("CONSTANTS\n");
        log.constants().keySet().forEach(k -> c.append("    ").append(k).append(" <- TraceRun_").append(k).append('\n'));
        c.append("    Trace <- TraceRun_Log\n");
        c.append("SPECIFICATION TraceSpec\n");
        c.append("INVARIANTS ").append(invariants).append('\n');
        return c.toString();
    }

    private static String rejection(TraceLog log, TraceLog.Event failed, int at, List<TlcOutput.State> path) {
        StringBuilder r = new StringBuilder();
        r.append("REJECTED: ").append(log.file()).append(" is not a behaviour of ").append(log.spec()).append(".tla\n");
        r.append("First event that does not fit: #").append(at).append(" of ").append(log.events().size())
                .append(" (log line ").append(failed.line()).append("): ").append(failed.text()).append("\n\n");
        r.append("The events before it that replay (").append(at <= 9 ? "all " + (at - 1) : "the last 8 of " + (at - 1))
                .append("):\n");
        for (int i = Math.max(0, at - 9); i < at - 1; i++) {
            r.append("  #").append(i + 1).append("  ").append(log.events().get(i).text()).append('\n');
        }
        r.append("\nThe spec's state before it (in no state the replay reaches does an action of thread ")
                .append(failed.thread()).append(" match this event):\n");
        TlcOutput.State last = path.isEmpty() ? null : path.get(path.size() - 1);
        if (last == null || last.vars().isEmpty()) {
            r.append("  (TLC printed no state: see pass2.log)\n");
        } else {
            int width = last.vars().keySet().stream().mapToInt(String::length).max().orElse(1);
            last.vars().forEach((k, v) -> {
                String flat = v.replaceAll("\\s*\\R\\s*", " ");
                r.append("  ").append(String.format("%-" + width + "s", k)).append(" = ")
                        .append(flat.length() <= MAX_VALUE ? flat : flat.substring(0, MAX_VALUE) + " ... ("
                                + flat.length() + " characters; all of it in pass2.log)").append('\n');
            });
        }
        return r.toString();
    }

    /** The report's lines on the log's witnesses: each reached or not; nothing if it names none. */
    private static String witnesses(TraceLog log, List<String> missed) {
        StringBuilder r = new StringBuilder();
        for (String w : log.witnesses()) {
            r.append(missed.contains(w) ? "\nWITNESS NOT REACHED: " + w + ": no state of the replay satisfies it, so"
                    + " the recording did not reach the case it was made for\n" : "\nWitness reached: " + w + "\n");
        }
        return r.toString();
    }

    private static Verdict error(TraceLog log, double seconds, String message, Path report) throws IOException {
        Files.writeString(report, "ERROR: " + message + "\n");
        if (message.length() > 400) {   // a TLC stack trace: the report file and TLC's log hold all of it
            message = message.substring(0, 400) + " ... (all of it: " + report + ")";
        }
        return new Verdict(log, "error", log.events().size(), null, null, seconds, message, report, List.of());
    }

    private static void print(List<Verdict> verdicts, PrintStream out) {
        String fmt = "%-40s %-8s %-8s %7s %9s %9s %-28s %8s  %s%n";
        out.printf(fmt, "trace", "expected", "got", "events", "fails at", "distinct", "witness", "seconds", "verdict");
        for (Verdict v : verdicts) {
            out.printf(Locale.ROOT, fmt, v.log().file().getFileName(), v.log().expectAccept() ? "accept" : "reject",
                    v.got(), v.events(), v.failedAt() == null ? "-" : "#" + v.failedAt(),
                    v.distinct() == null ? "-" : v.distinct(),
                    v.log().witnesses().isEmpty() ? "-" : v.log().witnesses().stream()
                            .map(w -> v.missed().contains(w) ? w + " (missed)" : w).collect(Collectors.joining(", ")),
                    String.format(Locale.ROOT, "%.1f", v.seconds()), v.asExpected() ? "ok" : "MISMATCH");
        }
        for (Verdict v : verdicts) {
            if (v.error() != null) {
                out.println("error: " + v.log().file() + ": " + v.error());
            } else if (!v.missed().isEmpty() && v.got().equals(v.log().expectAccept() ? "accept" : "reject")) {
                out.println("mismatch: " + v.log().file() + " was " + (v.got().equals("accept") ? "accepted" : "rejected")
                        + " as expected, but no state of its replay reaches " + String.join(", ", v.missed())
                        + ": the recording did not reach the case it was made for (report: " + v.report() + ")");
            } else if (!v.asExpected()) {
                out.println("mismatch: " + v.log().file() + " was expected to be " + (v.log().expectAccept()
                        ? "accepted" : "rejected (it comes from a broken variant)") + ", got " + v.got()
                        + " (report: " + v.report() + ")");
            }
        }
        long ok = verdicts.stream().filter(Verdict::asExpected).count();
        long rejected = verdicts.stream().filter(v -> v.asExpected() && !v.log().expectAccept()).count();
        out.printf("%d traces: %d as expected (%d accepted, %d broken-variant traces rejected), %d mismatched%n",
                verdicts.size(), ok, ok - rejected, rejected, verdicts.size() - ok);
    }

}
