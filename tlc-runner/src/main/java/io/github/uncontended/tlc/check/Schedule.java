package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.manifest.JcstressOutcomes;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.report.Report;
import io.github.uncontended.tlc.util.Cli;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the selected models {@code --jobs} at a time, each through {@link ModelRun}, prints a
 * progress line as each ends, and stops every run (and its TLC) when interrupted.
 */
final class Schedule {

    private Schedule() {}

    /**
     * Checks {@code models}, {@code jobs} at a time; a model named in {@code folded} checks those
     * witnesses in its own run ({@link WitnessFold}), and they get no run of their own. The
     * results come in the order of {@code models}.
     */
    static List<RunResult> checkAll(List<Model> models, Map<String, List<Model>> folded, CheckOptions o, Tlc tlc,
            JcstressOutcomes jcstress, Map<String, String> inOneProcess, PrintStream err) throws InterruptedException {
        Set<String> inside = new HashSet<>();
        folded.values().forEach(ws -> ws.forEach(w -> inside.add(w.name())));
        List<Model> runs = models.stream().filter(m -> !inside.contains(m.name())).toList();
        // A fixed server port hosts one model at a time.
        int jobs = o.distributed() != null && o.distributed().fixedServer() ? 1 : o.jobs();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, Math.max(1, runs.size())));
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<List<RunResult>>> futures = new ArrayList<>();
            for (Model m : runs) {
                List<Model> witnesses = folded.getOrDefault(m.name(), List.of());
                futures.add(pool.submit(() -> {
                    RunResult r = ModelRun.check(m, witnesses, o, tlc, jcstress, inOneProcess.get(m.name()), err);
                    List<RunResult> all = new ArrayList<>(List.of(r));
                    if (!witnesses.isEmpty()) {
                        all.addAll(WitnessFold.judge(r, witnesses, r.log() != null && Files.isRegularFile(r.log())
                                ? Files.readString(r.log()) : ""));
                    }
                    for (RunResult x : all) {
                        err.printf(Locale.ROOT, "[%d/%d] %-32s %-14s %6.1fs %s%n", done.incrementAndGet(), models.size(),
                                x.model().name(), Report.gotLabel(x), x.seconds(), progress(x, o.pin()));
                    }
                    return all;
                }));
            }
            Map<String, RunResult> byName = new HashMap<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    futures.get(i).get().forEach(r -> byName.put(r.model().name(), r));
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    Model m = runs.get(i);
                    byName.put(m.name(), RunResult.failed(m, ResultKind.CRASH, "the runner failed: " + cause, 0, null));
                    for (Model w : folded.getOrDefault(m.name(), List.of())) {
                        byName.put(w.name(), RunResult.failed(w, ResultKind.CRASH, "not judged: it is checked inside "
                                + m.name() + "'s run, and the runner failed on that one: " + cause, 0, null));
                    }
                }
            }
            return models.stream().map(m -> byName.get(m.name())).toList();
        } finally {
            stop(pool);
        }
    }

    /**
     * The progress line's last word, as the table will say it: "ok", "MISMATCH", or, during
     * {@code pin}, "ok (counts pinned)" for a run that ended as pinned but for the counts it is
     * about to write (the table, after pinning, says ok).
     */
    static String progress(RunResult r, boolean pinning) {
        return r.matches() ? "ok" : pinning && Pin.pinnable(r) ? "ok (counts pinned)" : "MISMATCH";
    }

    /**
     * The selected models TLC's distributed mode cannot check as their manifests ask, each with
     * the reason (see {@link Distributed#unsupported}): TLC is asked which properties are temporal.
     */
    static Map<String, String> notDistributable(List<Model> models, CheckOptions o, Tlc tlc) throws InterruptedException {
        Map<String, String> reasons = new TreeMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(o.jobs(), Math.max(1, models.size())));
        try {
            Map<String, Future<String>> asked = new LinkedHashMap<>();
            for (Model m : models) {
                asked.put(m.name(), pool.submit(() -> {
                    if (m.mode() != Model.Mode.EXHAUSTIVE || m.litmus() != null || m.expected() == ResultKind.LIVENESS) {
                        return Distributed.unsupported(m, null);
                    }
                    Path scratch = o.out().resolve("states").resolve("probe-" + m.name() + "-" + System.nanoTime());
                    try {
                        Path config = scratch.resolve("config").resolve(m.config());
                        Files.createDirectories(config.getParent());
                        Files.writeString(config, m.configText());
                        return Distributed.unsupported(m, Distributed.probe(tlc, m, config, scratch));
                    } finally {
                        Cli.deleteTree(scratch);
                    }
                }));
            }
            for (Map.Entry<String, Future<String>> e : asked.entrySet()) {
                try {
                    String why = e.getValue().get();
                    if (why != null) {
                        reasons.put(e.getKey(), why);
                    }
                } catch (ExecutionException ex) {
                    reasons.put(e.getKey(), "the runner could not ask TLC about its properties: " + ex.getCause());
                }
            }
        } finally {
            stop(pool);
        }
        return reasons;
    }

    /**
     * Stops the pool's runs (each kills its TLC when interrupted) and waits, at most 30 s, for them
     * to end, keeping an interrupt for the caller: nothing writes into the output folder after the
     * check has returned.
     */
    static void stop(ExecutorService pool) {
        pool.shutdownNow();
        boolean interrupted = Thread.interrupted();
        try {
            pool.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
