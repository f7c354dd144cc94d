package io.github.uncontended.maven;

import io.github.uncontended.tlc.check.CheckOptions;
import io.github.uncontended.tlc.check.ModelCheck;
import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Model-checks the project's specs with TLC, in the build's JVM (TLC itself runs in JVMs of its
 * own), and fails the build unless every selected model ends as its manifest pins: the runner's
 * {@code check} ({@code java -jar tlc-runner.jar check --help} lists what it does and its exit
 * codes). The memory layer is the runner's: a spec may {@code INSTANCE Memory} by name.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends RunnerMojo {

    /** Which models run: {@code ci}, {@code deep} or {@code all} (the manifests' "size"). */
    @Parameter(property = "uncontended.size", defaultValue = "ci")
    String size;

    /** Only these models, whatever their size (comma-separated on the command line); empty: the size's. */
    @Parameter(property = "uncontended.models")
    List<String> models;

    /** report.json, TLC's logs and the readable counterexamples. */
    @Parameter(property = "uncontended.out", defaultValue = "${project.build.directory}/uncontended/model-check")
    File outputDirectory;

    /** JUnit XML, one test case per model, for CI dashboards. */
    @Parameter(property = "uncontended.junit", defaultValue = "${project.build.directory}/uncontended/model-check.xml")
    File junitReport;

    /** The results table as Markdown (a CI job's summary). */
    @Parameter(property = "uncontended.summary", defaultValue = "${project.build.directory}/uncontended/model-check.md")
    File summaryReport;

    /** Skips this goal. */
    @Parameter(property = "uncontended.check.skip", defaultValue = "false")
    boolean skipCheck;

    @Override
    String goal() {
        return "check";
    }

    @Override
    boolean skipGoal() {
        return skipCheck;
    }

    @Override
    boolean summaryLine(String line) {
        return line.matches("\\d+ models?: .*") || line.startsWith("load-buffering pass:");
    }

    /** The command line this configuration is, as {@code tlc-runner check} takes it. */
    List<String> arguments() {
        List<String> args = new ArrayList<>();
        path(args, "--specs", specsDirectory);
        path(args, "--out", outputDirectory);
        args.add("--size");
        args.add(size);
        if (models != null && !models.isEmpty()) {
            args.add("--model");
            args.add(String.join(",", models));
        }
        path(args, "--junit", junitReport);
        path(args, "--summary", summaryReport);
        return args;
    }

    @Override
    int run(PrintStream out, PrintStream err) throws MojoExecutionException {
        CheckOptions options;
        try {
            options = CheckOptions.parse(arguments().toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("uncontended:check: " + e.getMessage() + " (the configuration, as the runner's"
                    + " options: " + String.join(" ", arguments()) + ")", e);
        }
        return ModelCheck.run(options, out, err);
    }
}
