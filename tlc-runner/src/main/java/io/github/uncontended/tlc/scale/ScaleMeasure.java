package io.github.uncontended.tlc.scale;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.util.Cli;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The measurements behind docs/scale.md: how many states per minute TLC explores on one model
 * with one worker ({@code w1}), two ({@code w2}), and in TLC's distributed mode with a TLCServer
 * and two local TLCWorkers of one thread each ({@code d2}), each for the same window (or until
 * the search is complete). The counts are TLC's own progress reports, which it prints once a
 * minute and at the end; the load average is recorded before and after each run, because a
 * shared machine's rates mean little without it.
 *
 * <p>One line per engine: {@code engine minutes generated distinct generated/min distinct/min
 * done load-before load-after}. Minutes run from TLC's start (after parsing) to its last count;
 * the distributed mode counts generated states its own way, so compare distinct states. A run
 * that printed no count at all (a parse error, a worker that never connected) is an error, exit 1.
 */
public final class ScaleMeasure {

    /** The engines, in the order they run. */
    public enum Engine { W1, W2, D2 }

    /** One engine's measurement. */
    public record Line(Engine engine, TlcOutput.Progress progress, String loadBefore, String loadAfter) {

        @Override
        public String toString() {
            double minutes = Math.max(progress.minutes(), 1 / 60.0);
            return String.format(Locale.ROOT, "%s %.2f %d %d %d %d %s %s %s", engine.name().toLowerCase(Locale.ROOT),
                    progress.minutes(), progress.generated(), progress.distinct(),
                    Math.round(progress.generated() / minutes), Math.round(progress.distinct() / minutes),
                    progress.complete() ? "yes" : "no", loadBefore, loadAfter);
        }
    }

    private ScaleMeasure() {}

    /**
     * Measures {@code modelName} (a model of a manifest under {@code specs}) for {@code minutes} per
     * engine; each TLC log is kept as {@code logs/<engine>.log}. Returns the exit code.
     */
    public static int run(Path specs, String modelName, int minutes, List<Engine> engines, Path logs, PrintStream out,
            PrintStream err) throws IOException, InterruptedException {
        Model model = new ManifestLoader(specs).load().models().stream().filter(m -> m.name().equals(modelName))
                .findFirst().orElse(null);
        if (model == null) {
            err.println("error: no model " + modelName + " in " + specs + " (list them: tlc-runner list --specs " + specs + ")");
            return 2;
        }
        model = model.timedOutAfter(minutes * 60);
        Tlc tlc = new Tlc(Tlc.locateJar());
        Files.createDirectories(logs);
        Path work = Files.createTempDirectory("tlc-scale");
        int failed = 0;
        try {
            Path config = work.resolve(model.name() + ".cfg");
            Files.writeString(config, model.configText());
            for (Engine engine : engines) {
                Path log = logs.resolve(engine.name().toLowerCase(Locale.ROOT) + ".log");
                String before = loadAverage();
                Path states = work.resolve(engine.name());
                Files.createDirectories(states.resolve("tmp"));
                if (engine == Engine.D2) {
                    Distributed.run(model, new Distributed.Setup(2, null, 0, Distributed.DEFAULT_CONNECT_TIMEOUT), tlc,
                            states, config, log, err);
                } else {
                    tlc.run(tlc.command(model, engine == Engine.W1 ? "1" : "2", states, null, config), Tlc.workDir(model), log,
                            minutes * 60);
                }
                Line line = new Line(engine, TlcOutput.progress(Files.readString(log, StandardCharsets.UTF_8)),
                        before, loadAverage());
                if (line.progress().distinct() == 0) {
                    err.println("error: " + engine.name().toLowerCase(Locale.ROOT) + ": TLC printed no count of states;"
                            + " its log: " + log);
                    failed++;
                }
                out.println(line);
            }
        } finally {
            Cli.deleteTree(work);
        }
        return failed == 0 ? 0 : 1;
    }

    /** The one-minute load average, or "-" where /proc/loadavg does not exist. */
    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "-";
        }
    }

    /** "w1,w2,d2" or "w1 d2" to the engines, in that order. */
    public static List<Engine> engines(String spec) {
        List<Engine> engines = new ArrayList<>();
        for (String e : spec.trim().split("[,\\s]+")) {
            try {
                engines.add(Engine.valueOf(e.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException x) {
                throw new IllegalArgumentException("unknown engine " + e + " (w1, w2, d2)");
            }
        }
        return engines;
    }
}
