package io.github.uncontended.tlc;

import io.github.uncontended.tlc.check.ModelCheck;
import io.github.uncontended.tlc.docs.DocsCheck;
import io.github.uncontended.tlc.modes.AccessModes;
import io.github.uncontended.tlc.modes.Mutants;
import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.engine.TlcProbe;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.report.TestSummary;
import io.github.uncontended.tlc.scale.ScaleMeasure;
import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.trace.TraceCheck;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * The runner's one entry point ({@code java -jar tlc-runner.jar SUBCOMMAND ...}): each subcommand
 * is one tool, with its own {@code --help} and exit codes. Options with no subcommand mean
 * {@code check}, as before subcommands existed ({@code java -jar tlc-runner.jar --specs specs}).
 *
 * <p>Exit codes, for every subcommand: 0 everything as expected; 1 a check failed (a model, a
 * trace, an access mode, a page out of step); 2 a usage error, nothing was checked.
 */
@Command(name = "tlc-runner", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Model-checks TLA+ specs against the results their manifests pin, and the checks around it.",
                "Options without a subcommand mean `check`. `tlc-runner SUBCOMMAND --help` describes each."},
        footer = {"", "Exit codes: 0 everything as expected; 1 a check failed; 2 usage error (nothing was checked)."},
        subcommands = {Runner.Check.class, Runner.ListModels.class, Runner.PinCommand.class, Runner.Properties.class,
                Runner.Trace.class, Runner.ModesCommand.class, Runner.Mutants.class, Runner.Docs.class, Runner.Summary.class,
                Runner.Scale.class, Runner.Probe.class})
public final class Runner implements Callable<Integer> {

    static PrintStream out = System.out;
    static PrintStream err = System.err;

    @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    boolean help;

    @CommandLine.Option(names = "--version", description = "print the runner's version and exit")
    boolean version;

    @Override
    public Integer call() {
        if (version) {
            return ModelCheck.run(new String[] {"--version"}, out, err);
        }
        new CommandLine(this).usage(out);
        return 0;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream o, PrintStream e) {
        out = o;
        err = e;
        if (args.length > 0 && args[0].startsWith("-") && !List.of("-h", "--help", "--version").contains(args[0])) {
            return ModelCheck.run(args, out, err);   // no subcommand: check
        }
        CommandLine cli = new CommandLine(new Runner());
        cli.setOut(new PrintWriter(o, true));
        cli.setErr(new PrintWriter(e, true));
        cli.setExitCodeExceptionMapper(x -> 2);
        cli.setParameterExceptionHandler((x, a) -> {
            e.println("error: " + x.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(x, e);
            e.println("`tlc-runner --help` lists the subcommands");
            return 2;
        });
        return cli.execute(args);
    }

    /** A subcommand that hands its arguments, as given, to one tool's own parser. */
    abstract static class Tool implements Callable<Integer> {
        @Unmatched
        List<String> args = new ArrayList<>();

        String[] with(String... extra) {
            List<String> all = new ArrayList<>(args);
            all.addAll(List.of(extra));
            return all.toArray(String[]::new);
        }
    }

    @Command(name = "check", description = "model-check every selected model and compare each result with its manifest"
            + " (options: `check --help`)")
    static final class Check extends Tool {
        @Override
        public Integer call() {
            return ModelCheck.run(with(), out, err);
        }
    }

    @Command(name = "list", description = "list the models `check` would select (same options), and exit")
    static final class ListModels extends Tool {
        @Override
        public Integer call() {
            return ModelCheck.run(with("--list"), out, err);
        }
    }

    @Command(name = "pin", description = "check the selected models with one worker and write the measured state counts"
            + " into the manifest of each that ended as pinned but for its counts")
    static final class PinCommand extends Tool {
        @Override
        public Integer call() {
            return ModelCheck.run(with("--pin"), out, err);
        }
    }

    @Command(name = "properties", description = "check each invariant and property of each selected model alone, and"
            + " print which are violated (check --each-property)")
    static final class Properties extends Tool {
        @Override
        public Integer call() {
            return ModelCheck.run(with("--each-property"), out, err);
        }
    }

    @Command(name = "trace", description = "validate recorded execution traces against their specs (options: `trace --help`)")
    static final class Trace extends Tool {
        @Override
        public Integer call() {
            return TraceCheck.run(with(), out, err);
        }
    }

    /** Its options, help and exit codes are declared on {@link AccessModes.Options}. */
    @Command(name = "modes")
    static final class ModesCommand extends AccessModes.Options implements Callable<Integer> {
        @Override
        public Integer call() {
            return AccessModes.run(this, out, err);
        }
    }

    @Command(name = "mutants", description = "write every one-step weakening of every access of our implementations as a"
            + " rewritten class file: `mutants DIR [--specs S --classes C]`")
    static final class Mutants extends Tool {
        @Override
        public Integer call() {
            if (args.isEmpty() || args.get(0).startsWith("-")) {
                err.println("error: mutants needs the output folder first: mutants DIR [--specs S --classes C]");
                return 2;
            }
            List<String> rest = new ArrayList<>(args.subList(1, args.size()));
            rest.add("--write-mutants");
            rest.add(args.get(0));
            return AccessModes.run(rest.toArray(String[]::new), out, err);
        }
    }

    @Command(name = "docs", description = "keep Markdown pages in step with the counterexamples, the code, the durations"
            + " and their links (options: `docs --help`)")
    static final class Docs extends Tool {
        @Override
        public Integer call() throws IOException {
            return DocsCheck.run(with(), out);
        }
    }

    @Command(name = "summary", description = "the closing lines of a test run, from its reports: `summary` or"
            + " `summary java LABEL JCSTRESS_DIR`")
    static final class Summary extends Tool {
        @Override
        public Integer call() {
            return TestSummary.run(java.nio.file.Paths.get(""), with(), out, err);
        }
    }

    @Command(name = "scale", sortOptions = false, description = {"states per minute of one model: TLC with -workers 1 (w1),"
            + " -workers 2 (w2), and the distributed mode with a TLCServer and 2 local TLCWorkers (d2), each for the same"
            + " window; one line per engine: engine minutes generated distinct generated/min distinct/min done"
            + " load-before load-after (docs/scale.md)"},
            footer = {"", "Exit codes: 0 every engine reported counts; 1 an engine printed no count (its log is named);"
                    + " 2 usage error."})
    static final class Scale implements Callable<Integer> {
        @CommandLine.Option(names = "--specs", defaultValue = "specs", description = "the spec folder (default: specs)")
        Path specs;
        @CommandLine.Option(names = "--model", required = true, description = "the model to measure, by name")
        String model;
        @CommandLine.Option(names = "--minutes", defaultValue = "10", description = "the window per engine (default: 10)")
        int minutes;
        @CommandLine.Option(names = "--engines", defaultValue = "w1,w2,d2", description = "any of w1, w2, d2 (default: all)")
        String engines;
        @CommandLine.Option(names = "--logs", defaultValue = "target/scale", description = "where each engine's TLC log is"
                + " kept as <engine>.log (default: target/scale)")
        Path logs;

        @Override
        public Integer call() throws Exception {
            if (minutes < 1) {
                err.println("error: --minutes must be at least 1, not " + minutes);
                return 2;
            }
            List<ScaleMeasure.Engine> which;
            try {
                which = ScaleMeasure.engines(engines);
            } catch (IllegalArgumentException x) {
                err.println("error: --engines: " + x.getMessage());
                return 2;
            }
            return ScaleMeasure.run(specs, model, minutes, which, logs, out, err);
        }
    }

    @Command(name = "probe", description = "how TLC reads a model's config: which names are invariants, action properties"
            + " (checked step by step) and temporal properties (checked on the state graph; TLC's distributed mode skips"
            + " them)", footer = {"", "Exit codes: 0 TLC read the spec and config; 1 it could not (its message is"
                    + " printed); 2 usage error."})
    static final class Probe implements Callable<Integer> {
        @CommandLine.Option(names = "--specs", defaultValue = "specs", description = "the spec folder (default: specs)")
        Path specs;
        @CommandLine.Option(names = "--model", required = true, description = "the model, by name")
        String model;

        @Override
        public Integer call() throws Exception {
            Model m = new ManifestLoader(specs).load().models().stream().filter(x -> x.name().equals(model)).findFirst()
                    .orElse(null);
            if (m == null) {
                err.println("error: no model " + model + " in " + specs + " (list them: tlc-runner list --specs " + specs + ")");
                return 2;
            }
            Path scratch = Files.createTempDirectory("tlc-probe");
            try {
                Path config = scratch.resolve("TlcRunner_" + m.name() + ".cfg");
                Files.writeString(config, m.configText());
                Object answer = Distributed.probe(new Tlc(Tlc.locateJar()), m, config, scratch.resolve("run"));
                if (answer instanceof TlcProbe.Properties p) {
                    out.println("invariants: " + String.join(" ", p.invariants()));
                    out.println("actions:    " + String.join(" ", p.actions()));
                    out.println("temporal:   " + String.join(" ", p.temporal()));
                    return 0;
                }
                err.println("error: " + m.name() + ": " + answer);
                return 1;
            } finally {
                Cli.deleteTree(scratch);
            }
        }
    }
}
