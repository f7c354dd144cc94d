package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.manifest.Model;
import java.nio.file.Path;
import java.util.List;

/**
 * What one run of the model check is asked to do, validated and immutable: what {@link CheckCommand}
 * makes of a command line, and what a caller in the same JVM (a build plugin) hands to
 * {@link ModelCheck#run(CheckOptions, java.io.PrintStream, java.io.PrintStream)}. Paths are absolute.
 *
 * @param specs the folder of spec folders
 * @param out report.json, logs/ and counterexamples/
 * @param size ci, deep or all
 * @param models the models named by --model (whatever their size), or empty for the size's
 * @param workers TLC's -workers: a number, or "auto"
 * @param jobs models checked at once
 * @param tlaJar the TLC jar, or null for the one the runner carries
 * @param list list the selected models instead of checking them
 * @param jcstress the class path holding the jcstress tests litmus models are tied to (may be empty)
 * @param junit the JUnit XML file, or null
 * @param summary the Markdown summary file, or null
 * @param info "help", "version" or "schema" to print that and exit, else null
 * @param distributed TLC's distributed mode, or null for one TLC process per model
 * @param simulate --simulate's overrides, or null for the manifests' modes
 * @param eachProperty check each property of each model alone instead of judging the models
 * @param pin write measured state counts into the manifests
 * @param witnessesAlone run only the witnesses, each in a process of its own
 * @param loadBuffering which accepted weak-memory models get the load-buffering pass
 */
public record CheckOptions(Path specs, Path out, String size, List<String> models, String workers, int jobs, Path tlaJar,
        boolean list, List<Path> jcstress, Path junit, Path summary, String info, Distributed.Setup distributed,
        Simulate simulate, boolean eachProperty, boolean pin, boolean witnessesAlone, LoadBuffering.When loadBuffering) {

    /**
     * Whether a witness may be checked inside its model's run: TLC's registers are a worker's
     * own (one worker), and --pin writes the counts of each witness's own run.
     */
    boolean foldsWitnesses() {
        return !witnessesAlone && "1".equals(workers) && distributed == null && simulate == null && !pin;
    }

    /** The options of {@code tlc-runner check ARGS}; a usage error is an IllegalArgumentException naming it. */
    public static CheckOptions parse(String... args) {
        return CheckCommand.parse(args);
    }

    /** {@code --simulate}: each field set overrides the model's manifest budget; null: not given. */
    public record Simulate(Long traces, Integer depth, Long seed) {

        /** The model's budget with these overrides, or null when traces or depth is still missing. */
        Model.Simulation budget(Model m) {
            Model.Simulation own = m.simulation();
            Long t = traces != null ? traces : own != null ? Long.valueOf(own.traces()) : null;
            Integer d = depth != null ? depth : own != null ? Integer.valueOf(own.depth()) : null;
            long sd = seed != null ? seed : own != null ? own.seed() : 1;
            return t == null || d == null ? null : new Model.Simulation(t, d, sd);
        }
    }
}
