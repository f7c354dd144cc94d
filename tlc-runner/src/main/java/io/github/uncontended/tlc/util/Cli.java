package io.github.uncontended.tlc.util;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * What every tool of the runner shares: how a picocli command is run (its streams, the one form of
 * a usage error, exit 2 for anything that stopped it before it judged), and a folder's removal.
 *
 * <p>A usage error is one line, {@code error: <what>}, then the line that names the command's
 * help: the same words whichever parser found it (picocli, or a command's own check of a value).
 * Picocli's own phrasings of the common two are replaced by the runner's: "--jobs needs a value",
 * "unknown option '--frobnicate'".
 */
public final class Cli {

    private Cli() {}

    /** Removes a folder and everything in it; nothing when it does not exist. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /**
     * Runs {@code command} (a picocli {@code @Command}, possibly with subcommands) on {@code args}
     * and returns its exit code: the command's own, 0 after {@code --help}, 2 for a usage error
     * or an exception out of the command (its message printed as {@code error: ...}). Every
     * {@link Command} in the tree writes to {@code out} and {@code err}.
     */
    public static int execute(Object command, String[] args, PrintStream out, PrintStream err) {
        return commandLine(command, out, err).execute(args);
    }

    /** The command line {@link #execute} runs: streams, handlers and exit codes set. */
    public static CommandLine commandLine(Object command, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(command).setOverwrittenOptionsAllowed(true);   // the last one counts
        streams(cli, out, err);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setExitCodeExceptionMapper(x -> 2);
        cli.setParameterExceptionHandler((x, a) -> {
            err.println("error: " + message(x));
            CommandLine.UnmatchedArgumentException.printSuggestions(x, err);
            err.println(hint(x.getCommandLine()));
            return 2;
        });
        cli.setExecutionExceptionHandler((x, c, parsed) -> {
            err.println("error: " + (x.getMessage() != null ? x.getMessage() : x.toString()));
            return 2;
        });
        return cli;
    }

    private static void streams(CommandLine cli, PrintStream out, PrintStream err) {
        if (cli.getCommand() instanceof Command c) {
            c.streams(out, err);
        }
        cli.getSubcommands().values().forEach(sub -> streams(sub, out, err));
    }

    /** "`tlc-runner check --help` lists its options", or for the entry point, its subcommands. */
    static String hint(CommandLine cli) {
        String name = cli.getCommandSpec().qualifiedName();
        if (cli.getParent() == null && !cli.getSubcommands().isEmpty()) {
            return "`" + name + " --help` lists the subcommands";
        }
        return "`" + (name.startsWith("tlc-runner") ? name : "tlc-runner " + name) + " --help` lists its options";
    }

    /** {@code command}'s help, as {@code --help} prints it: its options and exit codes. */
    public static String usage(Object command) {
        return new CommandLine(command).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    /** A usage error in the runner's words: the two messages every tool gives alike, else picocli's. */
    public static String message(ParameterException x) {
        String text = x.getMessage() == null ? x.toString() : x.getMessage();
        if (x instanceof CommandLine.MissingParameterException missing && !missing.getMissing().isEmpty()) {
            ArgSpec arg = missing.getMissing().get(0);
            if (arg instanceof OptionSpec o) {
                return text.startsWith("Missing required option") ? o.longestName() + " is required"
                        : o.longestName() + " needs a value";
            }
            return "missing " + arg.paramLabel();
        }
        if (x instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            return first.startsWith("-") ? "unknown option '" + first + "'"
                    : !unmatched.getCommandLine().getSubcommands().isEmpty() ? "unknown subcommand '" + first + "'"
                    : "unexpected argument '" + first + "'";
        }
        return text;
    }

    /**
     * Parses {@code args} into {@code command}'s fields, no more: for the tests of an options record
     * and for callers that build one from arguments (a build plugin). A usage error is an
     * IllegalArgumentException carrying {@link #message}.
     */
    public static <T> T parse(T command, String... args) {
        try {
            new CommandLine(command).setOverwrittenOptionsAllowed(true).parseArgs(args);
            return command;
        } catch (ParameterException x) {
            throw new IllegalArgumentException(message(x), x);
        }
    }
}
