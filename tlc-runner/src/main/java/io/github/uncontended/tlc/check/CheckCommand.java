package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tlc-runner check}: the model check's command line. Its options, read by picocli, become
 * one {@link CheckOptions} ({@link #options()}: every value checked, paths made absolute), which
 * {@link ModelCheck} runs. {@code list}, {@code pin} and {@code properties} are this command with
 * one of its flags set.
 */
@CommandLine.Command(name = "check", sortOptions = false, usageHelpWidth = 110,
        headerHeading = "", synopsisHeading = "Usage: ", descriptionHeading = "%n", optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        description = {"Model-check the selected models and compare each result with what its manifest pins.",
                "The models are those of every <design>/manifest.json (and <design>/<sub>/manifest.json) under --specs.",
                "Relative paths are resolved against the current directory. Options with no subcommand mean check."},
        exitCodeList = {
                "0:every selected model ended as its manifest pins, and every manifest is valid",
                "1:a model did not end as pinned (wrong result, other property, state-count drift, parse or config"
                        + " error, crash, timeout), a manifest is invalid, or no model was found, or with --lb require"
                        + " an open load-buffering shape has no lbExempt or a pass did not run to its end; every model"
                        + " still runs and is reported before the exit",
                "2:usage error: unknown option or model, missing specs folder, TLC jar or jcstress jar, an output"
                        + " path that cannot be written (nothing was checked)"})
public class CheckCommand extends Command {

    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Specs specs;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/model-check",
            description = "report.json, logs/ and counterexamples/ (default: target/model-check)")
    Path outDir;

    @Option(names = "--size", paramLabel = "ci|deep|all", defaultValue = "ci", description = "which models to run (default: ci)")
    String size;

    @Option(names = "--model", paramLabel = "NAME[,..]", split = ",", hideParamSyntax = true,
            description = "run only these models, whatever their size (repeatable)")
    List<String> models = new ArrayList<>();

    @Option(names = "--workers", paramLabel = "N|auto", defaultValue = "1",
            description = "TLC workers (default: 1, which makes state counts reproducible)")
    String workers;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "2",
            description = "models checked at once (default: 2, each TLC with its own workers)")
    String jobs;

    @Option(names = "--distributed", paramLabel = "N", description = {"check each exhaustive model on TLC's distributed"
            + " mode: a TLCServer and N local TLCWorker processes (1 thread each) on 127.0.0.1, a free port per model;"
            + " models it cannot check (temporal properties, simulations, litmus models) run in one process, and a"
            + " model named by --model is refused (exit 2)"})
    String distributed;

    @Option(names = "--server", paramLabel = "HOST:PORT", description = "the TLCServer's RMI registry on PORT, advertised"
            + " as HOST, for TLCWorkers on other machines (the command to start one is printed); with --distributed N,"
            + " N local workers too; models are checked one at a time")
    String server;

    @Option(names = "--connect-timeout", paramLabel = "S", description = "with --distributed or --server: fail a model"
            + " when no worker (or not every local one) connected S s after the server was ready, or every worker was"
            + " lost for S s (default: 60)")
    String connectTimeout;

    @Option(names = "--simulate", paramLabel = "traces=N,depth=D,seed=S", arity = "0..1", fallbackValue = "",
            description = "random simulation instead of a breadth-first search, for the safety properties: each key"
                    + " overrides the model's manifest budget (\"simulate\"); a run that finds nothing reports \"no"
                    + " violation within budget\", not success")
    String simulate;

    @Mixin
    SharedOptions.TlaJar tlaJar;

    @Option(names = "--jcstress", paramLabel = "CP", description = "jcstress jar (or class path) holding the tests litmus"
            + " models are tied to")
    String jcstress;

    @Mixin
    SharedOptions.CiReports reports;

    @Option(names = "--witnesses", description = "of the selected models, run only the witnesses (expect reachable),"
            + " each in a TLC process of its own: their pinned counts and their counterexamples. Without it, a witness"
            + " whose model is selected too is checked inside that model's run (one worker, no --pin)")
    boolean witnessesAlone;

    @Option(names = "--lb", paramLabel = "auto|all|require|off", defaultValue = "auto", description = "the load-buffering"
            + " pass on accepted weak-memory models: auto (those on the memory layer this jar carries, and no lbExempt), all"
            + " (every one, exempt or not), require (as all, and exit 1 if a model has an open shape and no lbExempt, or its"
            + " pass did not run to its end), or off (default: auto)")
    String loadBuffering;

    @Option(names = "--list", description = "list the selected models and exit (as `list`)")
    boolean list;

    @Option(names = "--pin", description = "after the run, write the measured state counts into the manifest of each"
            + " model that ended as pinned except for its counts (as `pin`)")
    boolean pin;

    @Option(names = "--each-property", description = "instead of judging the selected models, check each invariant and"
            + " property of each alone and print which are violated; OUT/properties.json (as `properties`)")
    boolean eachProperty;

    @Option(names = "--print-schema", description = "print the JSON Schema of manifest.json and exit")
    void printSchema(boolean on) {
        info = on && info == null ? "schema" : info;
    }

    @Option(names = "--version", description = "print the runner's version and exit")
    void version(boolean on) {
        info = on && info == null ? "version" : info;
    }

    /** --version or --print-schema, whichever came first. */
    private String info;

    @Override
    public Integer call() {
        return ModelCheck.run(options(), out, err);
    }

    /** The flag {@code list}, {@code pin} or {@code properties} sets; none for {@code check}. */
    void force() {}

    /** The options of {@code check ARGS}, checked; a usage error is an IllegalArgumentException. */
    static CheckOptions parse(String... args) {
        CheckCommand c = Cli.parse(new CheckCommand(), args);
        try {
            return c.options();
        } catch (CommandLine.ParameterException x) {
            throw new IllegalArgumentException(x.getMessage(), x);
        }
    }

    /** This command line as one record: every value checked, paths absolute. */
    CheckOptions options() {
        force();
        if (!List.of("ci", "deep", "all").contains(size)) {
            throw usage("--size takes ci, deep or all, not '" + size + "'");
        }
        if (!workers.equals("auto") && !workers.matches("[1-9]\\d*")) {
            throw usage("--workers takes a positive number or auto, not '" + workers + "'");
        }
        if (!jobs.matches("[1-9]\\d*")) {
            throw usage("--jobs takes a positive number, not '" + jobs + "'");
        }
        Integer localWorkers = null;
        if (distributed != null) {
            if (!distributed.matches("[1-9]\\d{0,2}")) {
                throw usage("--distributed takes the number of local workers (1 or more), not '" + distributed + "'");
            }
            localWorkers = Integer.parseInt(distributed);
        }
        String serverHost = null;
        int serverPort = 0;
        if (server != null) {
            int colon = server.lastIndexOf(':');
            String port = colon < 0 ? "" : server.substring(colon + 1);
            if (colon <= 0 || !port.matches("\\d{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
                throw usage("--server takes HOST:PORT (the address workers reach this machine at, and the RMI registry's"
                        + " port, e.g. 10.0.0.5:" + Distributed.TLC_DEFAULT_PORT + "), not '" + server + "'");
            }
            serverHost = server.substring(0, colon);
            serverPort = Integer.parseInt(port);
        }
        Integer timeout = null;
        if (connectTimeout != null) {
            if (!connectTimeout.matches("[1-9]\\d{0,5}")) {
                throw usage("--connect-timeout takes seconds (1 or more), not '" + connectTimeout + "'");
            }
            timeout = Integer.parseInt(connectTimeout);
        }
        CheckOptions.Simulate simulation;
        try {
            simulation = simulate == null ? null : parseSimulate(simulate);
        } catch (IllegalArgumentException x) {
            throw usage(x.getMessage());
        }
        LoadBuffering.When lb = LoadBuffering.When.of(loadBuffering);
        if (lb == null) {
            throw usage("--lb takes auto, all, require or off, not '" + loadBuffering + "'");
        }
        if (pin && (simulation != null || localWorkers != null || serverHost != null || eachProperty
                || !workers.equals("1"))) {
            throw usage("--pin writes the counts of one TLC process with one worker, the only reproducible ones: it does"
                    + " not go with --workers other than 1, --simulate, --distributed, --server or --each-property");
        }
        if (eachProperty && (simulation != null || localWorkers != null || serverHost != null)) {
            throw usage("--each-property runs each model as its manifest says, in one TLC process: it does not go with"
                    + " --simulate, --distributed or --server");
        }
        Distributed.Setup setup = null;
        if (localWorkers != null || serverHost != null) {
            if (simulation != null) {
                throw usage("--simulate does not go with --distributed or --server: TLC's distributed mode searches"
                        + " breadth-first only");
            }
            setup = new Distributed.Setup(localWorkers == null ? 0 : localWorkers, serverHost, serverPort,
                    timeout == null ? Distributed.DEFAULT_CONNECT_TIMEOUT : timeout);
        } else if (timeout != null) {
            throw usage("--connect-timeout goes with --distributed or --server");
        }
        List<String> names = models.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
        List<Path> classPath = jcstress == null ? List.of() : Arrays.stream(jcstress.split(File.pathSeparator))
                .filter(s -> !s.isEmpty()).map(Paths::get).map(CheckCommand::abs).toList();
        // Absolute from here on: TLC runs in each spec's folder, where a relative path means something else.
        return new CheckOptions(abs(specs.dir), abs(outDir), size, names, workers, Integer.parseInt(jobs), abs(tlaJar.jar),
                list, classPath, abs(reports.junit), abs(reports.summary), help.requested ? "help" : info, setup,
                simulation, eachProperty, pin, witnessesAlone, lb);
    }

    /** {@code traces=N,depth=D,seed=S}, every key optional; "" for none. */
    static CheckOptions.Simulate parseSimulate(String spec) {
        Long traces = null;
        Integer depth = null;
        Long seed = null;
        for (String part : spec.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] kv = part.strip().split("=", 2);
            String v = kv.length == 2 ? kv[1].strip() : "";
            boolean number = v.matches("\\d{1,12}");
            switch (kv[0].strip()) {
                case "traces" -> traces = number && Long.parseLong(v) > 0 ? Long.parseLong(v) : bad(part);
                case "depth" -> depth = number && v.length() < 10 && Integer.parseInt(v) > 0 ? Integer.parseInt(v) : bad(part);
                case "seed" -> seed = number ? Long.parseLong(v) : bad(part);
                default -> bad(part);
            }
        }
        return new CheckOptions.Simulate(traces, depth, seed);
    }

    private static <T> T bad(String part) {
        throw new IllegalArgumentException("--simulate takes traces=N,depth=D,seed=S (each optional, N and D positive,"
                + " S >= 0), not '" + part + "'");
    }

    private static Path abs(Path p) {
        return p == null ? null : p.toAbsolutePath().normalize();
    }

    /** {@code tlc-runner list}: check's options, and the selected models are listed, not checked. */
    @CommandLine.Command(name = "list", description = "List the models `check` would select (same options), and exit.",
            exitCodeList = {"0:every manifest is valid", "1:a manifest is invalid (its errors are listed)",
                    "2:usage error: unknown option or model, missing specs folder"})
    public static final class ListModels extends CheckCommand {
        @Override
        void force() {
            list = true;
        }
    }

    /** {@code tlc-runner pin}: check's options, and the measured counts are written into the manifests. */
    @CommandLine.Command(name = "pin", description = {"Check the selected models and pin the state counts they measured.",
            "With one worker, it writes the measured state counts into the manifest of each model that ended as"
                    + " pinned but for its counts (new models: pin \"states\": {\"distinct\": 0, \"total\": 0} first)."})
    public static final class PinCounts extends CheckCommand {
        @Override
        void force() {
            pin = true;
        }
    }

    /** {@code tlc-runner properties}: check's options, each property of each model checked alone. */
    @CommandLine.Command(name = "properties", description = {"Check each property of each selected model alone.",
            "Each invariant and property (and deadlock, where the model checks it) in a TLC run of its own; prints"
                    + " which are violated, and writes OUT/properties.json (check --each-property)."},
            exitCodeList = {"0:every run ended in a verdict",
                    "1:a run ended in no verdict (an error, a timeout) or a model's pinned violation did not come out"
                            + " violated alone",
                    "2:usage error (nothing was checked)"})
    public static final class EachProperty extends CheckCommand {
        @Override
        void force() {
            eachProperty = true;
        }
    }
}
