package io.github.uncontended.maven;

import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What both goals share: the specs folder, the skip flag, and one run of a runner subcommand in
 * Maven's JVM, its output through the Maven log and its exit code as the build's verdict. The
 * runner's exit codes have one meaning each, and so do the exceptions: 0 passes; 1 (a verdict
 * failed: a model did not end as pinned, an access has the wrong mode) is a
 * {@link MojoFailureException}; 2 (nothing was checked: a usage or input error) and anything
 * else a {@link MojoExecutionException}. Either carries the lines the runner printed about what
 * failed, so the build's error names it.
 */
abstract class RunnerMojo extends AbstractMojo {

    /**
     * The folder of spec folders: every {@code manifest.json} under it. The default is the
     * runner's own ({@code --specs specs}), so one layout serves the plugin and {@code java -jar}.
     */
    @Parameter(property = "uncontended.specs", defaultValue = "${project.basedir}/specs", required = true)
    File specsDirectory;

    /** Skips both goals. */
    @Parameter(property = "uncontended.skip", defaultValue = "false")
    boolean skip;

    /** The goal's name, for messages. */
    abstract String goal();

    /** Whether this goal's own skip flag is set. */
    abstract boolean skipGoal();

    /**
     * Runs the subcommand, printing to {@code out} and {@code err}; its exit code.
     *
     * @throws MojoExecutionException when the configuration cannot be passed to the runner
     */
    abstract int run(PrintStream out, PrintStream err) throws MojoExecutionException;

    /** Whether a line the runner printed on its standard output names a failure, for the exception. */
    boolean failureLine(String line) {
        return line.startsWith("MISMATCH ") || line.startsWith("ERROR ");
    }

    /** Whether a line is the run's closing summary (the counts), added last to a failure's message. */
    abstract boolean summaryLine(String line);

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip || skipGoal()) {
            getLog().info("uncontended:" + goal() + " skipped");
            return;
        }
        List<String> failures = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        int exit;
        try (PrintStream out = stream(line -> {
                getLog().info(line);
                if (failureLine(line)) {
                    failures.add(line);
                } else if (summaryLine(line)) {
                    summary.add(line);
                }
            });
             PrintStream err = stream(line -> {
                 // The runner's standard error carries its progress lines too: only errors are errors.
                 if (line.startsWith("error") || line.startsWith("ERROR")) {
                     getLog().error(line);
                     failures.add(line);
                 } else if (line.startsWith("warning")) {
                     getLog().warn(line);
                 } else {
                     getLog().info(line);
                 }
             })) {
            exit = run(out, err);
        } catch (RuntimeException e) {
            throw new MojoExecutionException("uncontended:" + goal() + " failed: " + e, e);
        }
        failures.addAll(summary);
        String lines = failures.isEmpty() ? " (the runner's output is above)" : ":\n" + String.join("\n", failures);
        if (exit == 1) {
            throw new MojoFailureException("uncontended:" + goal() + " failed (exit 1)" + lines);
        }
        if (exit != 0) {
            throw new MojoExecutionException("uncontended:" + goal() + " checked nothing (exit " + exit + ")" + lines);
        }
    }

    private static PrintStream stream(java.util.function.Consumer<String> lines) {
        return new PrintStream(new LogLines(lines), true, StandardCharsets.UTF_8);
    }

    /** {@code --option value} for a path, absolute (Maven's working folder need not be the project's). */
    static void path(List<String> args, String option, File value) {
        if (value != null) {
            args.add(option);
            args.add(value.getAbsolutePath());
        }
    }
}
