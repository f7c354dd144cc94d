package io.github.uncontended.tlc.jcstress;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The judgement of one selection's run ({@link JcstressCommand}), from how the run ended and what
 * its console held ({@link JcstressRun.Outcome}): what to print, the exit code, and the catching
 * forks. A pure function, so that every branch is tested on recorded consoles.
 *
 * <p>The rules, in order: a run the watchdog stopped for the biased-locking axis, a stall or the
 * budget fails, naming what it waited for (never passed, never caught); a FATAL means jcstress
 * could not run (exit 2). Expect fail: every selected test must have a fork that reported FAILED
 * (a broken variant caught); a run that ended early by itself, or that was to run every fork and
 * did not finish, is not taken for one. Expect pass: jcstress must have ended by itself with exit
 * 0 and printed its RUN RESULTS to the end, with every selected test there (jcstress skips, silently,
 * a test with more actors than the CPUs it was given), none FAILED and no fork in error.
 */
record Verdict(int exit, List<String> out, List<String> err, List<Caught> caught) {

    enum Expect { PASS, FAIL }

    /** The run's settings, as the messages name them. */
    record Run(Expect expect, List<String> tests, String mode, String selection, boolean full, long budgetSeconds,
               long stallSeconds, Path console) {
        boolean early() {
            return expect == Expect.FAIL && !full;
        }
    }

    /** Whether the configurations jcstress composed are wrong: none, or the biased-locking axis when it should be gone. */
    static boolean configsBad(JcstressConsole c, boolean full) {
        return c.configs().isEmpty() || (!full && c.configs().stream().anyMatch(x -> x.contains("UseBiasedLocking")));
    }

    static Verdict judge(Run run, JcstressRun.Outcome o) {
        JcstressConsole c = o.console();
        List<String> out = new ArrayList<>();
        List<String> err = new ArrayList<>();
        String full = "(full output: " + run.console() + ")";
        if (o.stop() == JcstressRun.Stop.CONFIGS || (o.stop() == JcstressRun.Stop.ENDED && c.probed() && configsBad(c, run.full()))) {
            err.add("jcstress: the biased-locking axis was not dropped (or no configuration was printed); jcstress composed: "
                    + (c.configs().isEmpty() ? "nothing" : String.join(" ", c.configs())) + " " + full);
            return new Verdict(1, out, err, List.of());
        }
        if (o.stop() == JcstressRun.Stop.STALL || o.stop() == JcstressRun.Stop.BUDGET) {
            String why = o.stop() == JcstressRun.Stop.STALL ? "no fork reported for " + run.stallSeconds() + " s"
                    : "the run passed its budget of " + run.budgetSeconds() + " s";
            err.add("jcstress: TIMEOUT after " + o.seconds() + " s: " + why + " (mode " + run.mode() + ", selection '"
                    + run.selection() + "'): a hung actor? Killed. " + (c.forks().isEmpty() ? "No fork had reported"
                    : "The last fork reported " + o.quietSeconds() + " s before") + "; forks so far:");
            err.addAll(forkCounts(run, c));
            err.add("  the test with the fewest forks reported is the likely one; full output: " + run.console());
            return new Verdict(1, out, err, List.of());
        }
        if (c.fatal().isPresent()) {
            err.add("jcstress: jcstress could not run: " + c.fatal().get() + " " + full);
            return new Verdict(2, out, err, List.of());
        }
        boolean cutShort = o.stop() == JcstressRun.Stop.ENDED && !c.finished();
        String ended = "jcstress exited with " + o.exit() + " before its RUN RESULTS";
        return run.expect() == Expect.FAIL ? caught(run, o, cutShort, ended, full, out, err)
                : passed(run, o, cutShort, ended, full, out, err);
    }

    private static Verdict caught(Run run, JcstressRun.Outcome o, boolean cutShort, String ended, String full,
                                  List<String> out, List<String> err) {
        JcstressConsole c = o.console();
        List<Caught> rows = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        for (String t : run.tests()) {
            c.firstFailed(t).ifPresentOrElse(f -> rows.add(new Caught(t, seconds(o.failedAt(), t), f.jvmArgs(), f.compilation())),
                    () -> missed.add(t));
        }
        if (!missed.isEmpty() || (cutShort && run.full())) {
            err.add(cutShort ? "jcstress: the run did not finish (" + ended + "): "
                    + (missed.isEmpty() ? "every fork was to run" : "NOT CAUGHT: " + String.join(" ", missed)) + " " + full
                    : "jcstress: NOT CAUGHT: " + String.join(" ", missed) + ": a test run against a broken variant passed"
                    + " every fork, so it cannot fail " + full);
            err.addAll(forkCounts(run, c));
            return new Verdict(1, out, err, rows);
        }
        String how = o.stop() == JcstressRun.Stop.CAUGHT ? "stopped once each was caught"
                : cutShort ? "then " + ended : "every fork run";
        out.add("jcstress: all " + run.tests().size() + " broken variants caught (a fork reported FAILED, as it must) in "
                + o.seconds() + " s, " + how + "; the catching forks (" + run.console().resolveSibling(Caught.FILE) + "):");
        for (Caught r : rows) {
            out.add("  " + simple(r.test()) + ": after " + r.seconds() + " s, JVM args " + r.jvmArgs() + ", compilation "
                    + r.compilation());
        }
        return new Verdict(0, out, err, rows);
    }

    private static Verdict passed(Run run, JcstressRun.Outcome o, boolean cutShort, String ended, String full,
                                  List<String> out, List<String> err) {
        JcstressConsole c = o.console();
        if (cutShort) {
            err.add("jcstress: the run did not finish: " + ended + " " + full);
            err.addAll(forkCounts(run, c));
            return new Verdict(1, out, err, List.of());
        }
        List<String> notRun = run.tests().stream().filter(t -> !c.results().containsKey(t)).toList();
        if (!notRun.isEmpty()) {
            err.add("jcstress: NOT RUN: " + String.join(" ", notRun) + " (more actors than the 2 CPUs given to -c?)");
            return new Verdict(1, out, err, List.of());
        }
        List<String> failed = run.tests().stream().filter(t -> c.results().get(t).equals("FAILED")).toList();
        List<String> errored = new ArrayList<>();
        for (String t : run.tests()) {
            String label = c.results().get(t);
            List<String> labels = c.forks(t).stream().filter(JcstressConsole.Fork::erred).map(JcstressConsole.Fork::label)
                    .distinct().toList();
            if (!label.equals("OK") && !label.equals("FAILED")) {
                errored.add(t + " (" + label + ")");
            } else if (!labels.isEmpty()) {
                errored.add(t + " (" + String.join(", ", labels) + " in a fork)");
            }
        }
        if (o.exit() != 0 || !failed.isEmpty() || !errored.isEmpty()) {
            c.problemTables().stream().filter(l -> !l.isBlank()).forEach(err::add);
            List<String> what = new ArrayList<>(failed);
            if (!errored.isEmpty()) {
                what.add("errors: " + String.join(" ", errored));
            }
            if (o.exit() != 0) {
                what.add("(jcstress exited with " + o.exit() + ")");
            }
            what.add(full);
            err.add("jcstress: FAILED: " + String.join(" ", what));
            return new Verdict(1, out, err, List.of());
        }
        out.add("jcstress: all " + run.tests().size() + " tests passed (" + c.forks().size() + " forks, " + o.seconds() + " s)");
        return new Verdict(0, out, err, List.of());
    }

    private static String seconds(Map<String, Long> failedAt, String test) {
        Long s = failedAt.get(test);
        return s == null ? "?" : Long.toString(s);
    }

    /** Per test: how many of its forks reported, and how many of those failed. */
    private static List<String> forkCounts(Run run, JcstressConsole c) {
        List<String> lines = new ArrayList<>();
        for (String t : run.tests()) {
            List<JcstressConsole.Fork> forks = c.forks(t);
            lines.add("  " + simple(t) + ": " + forks.size() + " forks reported (" + forks.stream().filter(JcstressConsole.Fork::failed).count()
                    + " failed)");
        }
        return lines;
    }

    static String simple(String test) {
        return test.substring(test.lastIndexOf('.') + 1);
    }
}
