package io.github.uncontended.maven;

import io.github.uncontended.tlc.modes.AccessModes;
import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The access-mode check on the project's compiled classes, in the build's JVM: every shared
 * access of the classes a memory manifest's {@code "java"} binding names has the mode its
 * weak-memory model declares for the step the access is bound to, and no access of them is
 * outside every bound step; a weaker mode fails the build naming the access and the model that
 * rejects it. The runner's {@code modes} ({@code java -jar tlc-runner.jar modes --help}). It reads
 * the manifests' pinned results, it runs no TLC: {@code check} shows they hold.
 */
@Mojo(name = "modes", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ModesMojo extends RunnerMojo {

    /** The class files the bindings name. */
    @Parameter(property = "uncontended.classes", defaultValue = "${project.build.outputDirectory}")
    File classesDirectory;

    /** The counts and problems, as JSON. */
    @Parameter(property = "uncontended.modes.out", defaultValue = "${project.build.directory}/uncontended/access-modes.json")
    File report;

    /** The local Maven repository, where a "peer" binding (source maven:g:a:v) finds its jar. */
    @Parameter(defaultValue = "${settings.localRepository}", readonly = true)
    File localRepository;

    /** Skips this goal. */
    @Parameter(property = "uncontended.modes.skip", defaultValue = "false")
    boolean skipModes;

    @Override
    String goal() {
        return "modes";
    }

    @Override
    boolean skipGoal() {
        return skipModes;
    }

    @Override
    boolean summaryLine(String line) {
        return line.startsWith("access modes: ");
    }

    /** The command line this configuration is, as {@code tlc-runner modes} takes it. */
    List<String> arguments() {
        List<String> args = new ArrayList<>();
        path(args, "--specs", specsDirectory);
        path(args, "--classes", classesDirectory);
        path(args, "--out", report);
        path(args, "--m2", localRepository);
        return args;
    }

    @Override
    int run(PrintStream out, PrintStream err) {
        return AccessModes.run(arguments().toArray(String[]::new), out, err);
    }
}
