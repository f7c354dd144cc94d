package io.github.uncontended.tlc.jcstress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * One jcstress invocation, bounded and watched: jcstress runs in a JVM of its own (its console to a
 * file), and a watchdog reads that console every {@code poll} to decide whether to stop it. A run
 * ends in one of {@link Stop}'s ways; the watchdog never judges the tests, it only says why the run
 * ended ({@link Outcome}), and what the console held then.
 *
 * <p>Bounded, and a hang names itself:
 * <ul>
 * <li>stall: when no fork has reported for {@code stallSeconds} (from the start, so jcstress's
 *     probing of the JVM counts), the run is stopped: a hung actor (jcstress's own fork timeout is
 *     far longer);</li>
 * <li>budget: the whole invocation gets {@code budgetSeconds};</li>
 * <li>configurations: once jcstress has composed its VM configurations, {@code configsBad} may stop
 *     the run before any fork (the biased-locking axis that should have been dropped);</li>
 * <li>caught: {@code stopWhen}, given at each poll the tests a fork has failed so far, may stop a run
 *     whose answer is known (every broken variant caught).</li>
 * </ul>
 * Stopping kills jcstress and every VM it forked (the process tree, as it stands when stopped; TERM,
 * then KILL after 10 s), also when the runner itself is stopped while jcstress runs.
 */
final class JcstressRun {

    /** Why the run ended. Only {@link #ENDED} is jcstress ending by itself; the others are the watchdog's. */
    enum Stop { ENDED, CAUGHT, STALL, BUDGET, CONFIGS }

    /**
     * How the run ended: why, jcstress's exit code (-1 when the watchdog stopped it), seconds from the
     * start, seconds since the last fork reported, the console then, and for each test the seconds into
     * the run when a fork of it was first seen to fail (polled: a bound, not the instant).
     */
    record Outcome(Stop stop, int exit, long seconds, long quietSeconds, JcstressConsole console, Map<String, Long> failedAt) {}

    /** What to run and how to bound it. {@code command}: the java command line of jcstress, run in {@code dir}. */
    record Launch(List<String> command, Path dir, Path console, long budgetSeconds, long stallSeconds,
                  Predicate<JcstressConsole> configsBad, Predicate<Set<String>> stopWhen, long pollMillis) {}

    private JcstressRun() {}

    static Outcome run(Launch l) throws IOException, InterruptedException {
        Files.createDirectories(l.dir());
        Process p = new ProcessBuilder(l.command()).directory(l.dir().toFile()).redirectErrorStream(true)
                .redirectOutput(l.console().toFile()).start();
        Thread reaper = new Thread(() -> kill(p), "jcstress-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);   // the runner stopped (Ctrl-C, a step's timeout): jcstress too
        try {
            return watch(p, l);
        } finally {
            kill(p);
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it kills the same tree
            }
        }
    }

    private static Outcome watch(Process p, Launch l) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long lastChange = start;
        int reported = 0;
        boolean configsChecked = false;
        Map<String, Long> failedAt = new LinkedHashMap<>();
        while (true) {
            boolean ended = p.waitFor(l.pollMillis(), TimeUnit.MILLISECONDS);
            long now = System.nanoTime();
            JcstressConsole c = JcstressConsole.read(l.console());
            if (c.forks().size() != reported) {
                reported = c.forks().size();
                lastChange = now;
            }
            long seconds = seconds(now - start);
            for (JcstressConsole.Fork f : c.forks()) {
                if (f.failed()) {
                    failedAt.putIfAbsent(f.test(), seconds);
                }
            }
            long quiet = seconds(now - lastChange);
            if (ended) {
                return new Outcome(Stop.ENDED, p.exitValue(), seconds, quiet, c, failedAt);
            }
            Stop stop = null;
            if (!configsChecked && c.probed()) {
                configsChecked = true;
                if (l.configsBad().test(c)) {
                    stop = Stop.CONFIGS;
                }
            }
            if (stop == null && l.stopWhen().test(failedAt.keySet())) {
                stop = Stop.CAUGHT;
            }
            if (stop == null && now - lastChange > TimeUnit.SECONDS.toNanos(l.stallSeconds())) {
                stop = Stop.STALL;
            }
            if (stop == null && now - start > TimeUnit.SECONDS.toNanos(l.budgetSeconds())) {
                stop = Stop.BUDGET;
            }
            if (stop != null) {
                kill(p);   // the times are the watchdog's decision's, not the kill's (up to 10 s more)
                return new Outcome(stop, -1, seconds, quiet, JcstressConsole.read(l.console()), failedAt);
            }
        }
    }

    private static long seconds(long nanos) {
        return TimeUnit.NANOSECONDS.toSeconds(nanos);
    }

    /**
     * Kills jcstress and every VM it forked: the tree as it stands is taken first (a fork whose parent
     * is gone is no longer its descendant), jcstress is killed at once (it can fork no more), then the
     * rest get TERM and, 10 s later, KILL.
     */
    static void kill(Process p) {
        List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
        p.destroyForcibly();
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (ProcessHandle h : tree) {
            long left = deadline - System.nanoTime();
            try {
                if (left > 0) {
                    h.onExit().get(left, TimeUnit.NANOSECONDS);
                }
            } catch (Exception stillAlive) {
                // killed below
            }
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
