package io.github.uncontended.tlc;

import io.github.uncontended.tlc.check.CheckCommand;
import io.github.uncontended.tlc.check.ModelCheck;
import io.github.uncontended.tlc.docs.DocsCommand;
import io.github.uncontended.tlc.jcstress.JcstressCommand;
import io.github.uncontended.tlc.modes.AccessModes;
import io.github.uncontended.tlc.report.SummaryCommand;
import io.github.uncontended.tlc.scale.ScaleCommand;
import io.github.uncontended.tlc.trace.TraceCommand;
import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.util.Command;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * The runner's one entry point ({@code java -jar tlc-runner.jar SUBCOMMAND ...}): each subcommand
 * is one tool, with its own {@code --help} (its options and its exit codes), each declared with
 * picocli in the tool's package. Options with no subcommand mean {@code check}, as before
 * subcommands existed ({@code java -jar tlc-runner.jar --specs specs}).
 *
 * <p>Exit codes, for every subcommand: 0 everything as expected; 1 a check failed (a model, a
 * trace, an access mode, a page out of step); 2 a usage error, nothing was checked.
 */
@CommandLine.Command(name = "tlc-runner", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", optionListHeading = "%nOptions:%n", commandListHeading = "%nCommands:%n",
        description = {"Model-checks TLA+ specs against the results their manifests pin, and the checks around it.",
                "Options without a subcommand mean `check`. `tlc-runner SUBCOMMAND --help` describes each."},
        footer = {"", "Exit codes: 0 everything as expected; 1 a check failed; 2 usage error (nothing was checked)."},
        subcommands = {CheckCommand.class, CheckCommand.ListModels.class, CheckCommand.PinCounts.class,
                CheckCommand.EachProperty.class, TraceCommand.class, Runner.ModesCommand.class, MutantsCommand.class,
                DocsCommand.class, SummaryCommand.class, JcstressCommand.class, JcstressMutantsCommand.class, ScaleCommand.class,
                ProbeCommand.class})
public final class Runner extends Command {

    @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    boolean help;

    @CommandLine.Option(names = "--version", description = "print the runner's version and exit")
    boolean version;

    @Override
    public Integer call() {
        if (version) {
            return ModelCheck.run(new String[] {"--version"}, out, err);
        }
        spec.commandLine().usage(out);
        return 0;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The exit code of {@code tlc-runner ARGS}, output to {@code o} and {@code e}; never exits the JVM. */
    public static int run(String[] args, PrintStream o, PrintStream e) {
        if (args.length > 0 && args[0].startsWith("-") && !List.of("-h", "--help", "--version").contains(args[0])) {
            List<String> check = new ArrayList<>(List.of("check"));   // no subcommand: check
            check.addAll(List.of(args));
            args = check.toArray(String[]::new);
        }
        return Cli.execute(new Runner(), args, o, e);
    }

    /**
     * {@code modes}: the access-mode check. Its options, help and exit codes are declared once, on
     * {@link AccessModes.Options}, mixed in here (a mixin, not a superclass: the options have an
     * {@code out} of their own, {@code --out}).
     */
    @CommandLine.Command(name = "modes", exitCodeListHeading = "%nExit codes:%n",
            exitCodeList = {AccessModes.EXIT_0, AccessModes.EXIT_1, AccessModes.EXIT_2})
    static final class ModesCommand extends Command {
        @CommandLine.Mixin
        AccessModes.Options options = new AccessModes.Options();

        @Override
        public Integer call() {
            return AccessModes.run(options, out, err);
        }
    }
}
