package io.github.uncontended.tlc.util;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * A subcommand of the runner: its options are picocli fields of the subclass, its work is
 * {@link #call()}, its output goes to {@link #out} and {@link #err} ({@link Cli#execute} sets
 * them; the process's own streams otherwise). A value the parser accepted but the command does
 * not ({@code --jobs 0}) is reported through {@link #usage}: exit 2, like a parse error.
 */
public abstract class Command implements Callable<Integer> {

    /** Where results and the help go. */
    protected PrintStream out = System.out;
    /** Where errors, warnings and progress go. */
    protected PrintStream err = System.err;

    @CommandLine.Spec
    protected CommandSpec spec;

    final void streams(PrintStream o, PrintStream e) {
        out = o;
        err = e;
    }

    /** A usage error naming {@code message}: throw it from {@link #call()} or a validation. */
    protected ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
