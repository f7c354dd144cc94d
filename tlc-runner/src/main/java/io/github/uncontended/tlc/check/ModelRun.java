package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.engine.Engine;
import io.github.uncontended.tlc.engine.PlusCal;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.JcstressOutcomes;
import io.github.uncontended.tlc.manifest.Litmus;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.manifest.Wrapped;
import io.github.uncontended.tlc.report.Report;
import io.github.uncontended.tlc.util.Cli;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.SortedSet;

/**
 * One model's run, start to verdict: a stale PlusCal translation stops it; a litmus model or
 * folded witnesses get their wrapper module; the manifest's constants a written config; then TLC,
 * in its distributed mode or in one process, and the result judged against the manifest (a
 * litmus model's outcomes against jcstress or the published set). Its scratch folder is gone
 * when it returns.
 */
final class ModelRun {

    private ModelRun() {}

    /**
     * Checks one model: in TLC's distributed mode when it is on and {@code notDistributed} (the
     * reason the mode cannot check this model) is null, else in one TLC process (breadth-first,
     * or a simulation for a simulate model). Its run records the states that show the cases of
     * {@code witnesses} ({@link WitnessFold}; empty for none), for the caller to judge from its log.
     */
    static RunResult check(Model m, List<Model> witnesses, CheckOptions o, Tlc tlc, JcstressOutcomes jcstress,
            String notDistributed, PrintStream err) throws IOException, InterruptedException {
        Path states = o.out().resolve("states").resolve(m.name() + "-" + System.nanoTime()).toAbsolutePath();
        Path log = o.out().resolve("logs").resolve(m.name() + ".log").toAbsolutePath();
        try {
            RunResult stale = PlusCal.check(m, tlc, states.resolve("pcal")).orElse(null);
            if (stale != null) {
                return stale;
            }
            Files.createDirectories(states.resolve("tmp"));
            String config = m.configText();
            Wrapped wrapped = m.litmus() != null ? Litmus.wrap(m, config, states.resolve("litmus"))
                    : !witnesses.isEmpty() ? WitnessFold.wrap(m, witnesses, config, states.resolve("witnesses")) : null;
            Path derived = null;
            if (wrapped == null && (!m.constants().isEmpty() || m.stopsAtAnInvariant() && !m.configProperties().isEmpty())) {
                derived = states.resolve("config").resolve(m.config());
                Files.createDirectories(derived.getParent());
                Files.writeString(derived, config);
            }
            if (o.distributed() != null && notDistributed == null && wrapped == null
                    && m.mode() == Model.Mode.EXHAUSTIVE) {
                Path server = o.out().resolve("logs").resolve(m.name() + ".server.log").toAbsolutePath();
                Distributed.Run d = Distributed.run(m, o.distributed(), tlc, states.resolve("distributed"),
                        derived != null ? derived : m.configPath(), server, err);
                if (d.result() != null) {
                    return d.result();
                }
                RunResult single = oneProcess(m, "1", states.resolve("single"), wrapped, derived, log, tlc);
                if (d.notReady() != null) {
                    // Nothing was distributed: the report names the one process that checked it.
                    return single.plusSeconds(d.seconds()).withEngine(single.engine().withNote("not distributed: "
                            + d.notReady() + ", " + Report.relative(o.out(), server) + "; one TLC process (-workers 1)"
                            + " checked the model"));
                }
                // TLC's distributed server names no violated property and prints a truncated trace:
                // one process, one worker (reproducible counts) names it and shows the behaviour.
                return single.plusSeconds(d.seconds()).withEngine(d.engine().withNote("the TLCServer reported a"
                        + " violation or an error without naming it (" + Report.relative(o.out(), server)
                        + "); one TLC process (-workers 1) checked the model again to name it and show the"
                        + " whole behaviour: the counts and the counterexample are that run's"));
            }
            // A simulation uses one worker: its seed then names exactly the behaviours tried.
            String workers = m.mode() == Model.Mode.SIMULATE ? "1" : o.workers();
            RunResult judged = oneProcess(m, workers, states, wrapped, derived, log, tlc);
            if (judged.kind() == ResultKind.CRASH && judged.message() != null
                    && judged.message().startsWith(TlcOutput.NO_COUNTEREXAMPLE)) {
                // TLC 2.18 sometimes throws while it rebuilds a liveness counterexample (issue 28): a
                // transient bug of TLC's, so the model is checked once more, and the report says so.
                Path first = log.resolveSibling(m.name() + ".first.log");
                Files.move(log, first, StandardCopyOption.REPLACE_EXISTING);
                RunResult again = oneProcess(m, workers, states.resolve("again"), wrapped, derived, log, tlc);
                String note = "retried once: the first run crashed (" + judged.message() + "; its log: "
                        + Report.relative(o.out(), first) + ")";
                judged = again.plusSeconds(judged.seconds()).withEngine(again.engine() == null ? null
                        : again.engine().withNote(note));
            }
            if (o.distributed() != null && notDistributed != null && judged.engine() != null) {
                judged = judged.withEngine(judged.engine().withNote("not distributed: " + notDistributed));
            }
            if (m.litmus() == null || judged.kind() == ResultKind.TIMEOUT) {
                return judged;
            }
            String output = Files.readString(log);
            if (m.litmus().outcomes() != null) {
                return judged.withOutcomes(Litmus.outcomes(output),
                        Litmus.comparePublished(m.litmus(), Litmus.outcomes(output)).orElse(null));
            }
            if (m.litmus().graded()) {
                return judged.withOutcomes(Litmus.outcomes(output),
                        Litmus.compareGraded(m.litmus(), Litmus.outcomes(output)).orElse(null));
            }
            return tieToJcstress(m, judged, Litmus.outcomes(output), jcstress);
        } finally {
            Cli.deleteTree(states);
        }
    }

    /** One TLC process on {@code m}: breadth-first with {@code workers}, or the model's simulation. */
    private static RunResult oneProcess(Model m, String workers, Path states, Wrapped wrapped, Path derived,
            Path log, Tlc tlc) throws IOException, InterruptedException {
        Files.createDirectories(states.resolve("tmp"));
        Engine engine = m.mode() == Model.Mode.SIMULATE ? Engine.simulation(m.simulation()) : Engine.tlc(workers);
        Tlc.Exit exit = tlc.run(tlc.command(m, workers, states, wrapped, derived), Tlc.workDir(m), log, m.timeoutSeconds());
        if (exit.timedOut()) {
            return RunResult.failed(m, ResultKind.TIMEOUT, "killed after " + m.timeoutSeconds()
                    + " s (timeoutSeconds); make the model smaller, or size it \"deep\"", exit.seconds(), log, engine);
        }
        RunResult.Counts counts = m.mode() == Model.Mode.SIMULATE ? RunResult.Counts.NONE
                : workers.equals("1") ? RunResult.Counts.ALL : RunResult.Counts.SUCCESS_ONLY;
        return RunResult.judge(m, TlcOutput.parse(Files.readString(log), exit.code()), exit.seconds(), counts, engine,
                log);
    }

    /** A litmus model's reachable outcomes against the acceptable ones of its jcstress test. */
    private static RunResult tieToJcstress(Model m, RunResult judged, SortedSet<String> reachable,
            JcstressOutcomes jcstress) {
        if (jcstress == null) {
            return judged.withOutcomes(reachable, "litmus model of " + m.litmus().jcstress()
                    + ", but no --jcstress class path was given to compare with");
        }
        try {
            return judged.withOutcomes(reachable,
                    Litmus.compare(m.litmus(), reachable, jcstress.declared(m.litmus().jcstress())).orElse(null));
        } catch (ReflectiveOperationException | LinkageError e) {
            return judged.withOutcomes(reachable, "cannot read the outcomes of " + m.litmus().jcstress() + ": " + e.getMessage());
        }
    }
}
