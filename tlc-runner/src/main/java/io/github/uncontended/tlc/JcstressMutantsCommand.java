package io.github.uncontended.tlc;

import io.github.uncontended.tlc.jcstress.JcstressCommand;
import io.github.uncontended.tlc.jcstress.MutantRuns;
import io.github.uncontended.tlc.modes.AccessModes;
import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tlc-runner jcstress-mutants}: every access-mode mutant through its design's jcstress suite
 * ({@code make jcstress-mutants}). Two tools in turn: the access-mode tool writes the mutants (as
 * {@code tlc-runner mutants} does), then {@link MutantRuns} runs jcstress on each. The jcstress jar
 * and the implementations' classes are copied into OUT first: a build during the (long) run must not
 * change what it runs.
 */
@CommandLine.Command(name = "jcstress-mutants", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", optionListHeading = "%nOptions:%n", exitCodeListHeading = "%nExit codes:%n",
        description = {"Run each design's jcstress suite against every access-mode mutant: what this machine can show.",
                "A mutant is caught when jcstress reports a test of its design FAILED. Writes OUT/mutants.tsv (mutant,"
                        + " design, steps, caught|missed, failed tests, seconds), OUT/<mutant>/ (jcstress's console and"
                        + " report), OUT/classes/ (the mutants). A measurement, not a gate."},
        exitCodeList = {
                "0:every selected mutant ran to the end, whatever it found",
                "1:a mutant's run was stopped (a stall, the budget), could not run or did not finish (it is named)",
                "2:usage error: an unknown option, no jcstress jar or classes, a bad regex (nothing ran)"})
final class JcstressMutantsCommand extends Command {

    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Specs specs;
    @Mixin
    JcstressCommand.Jcstress jcstress;

    @Option(names = "--classes", paramLabel = "DIR", defaultValue = "java-impl/target/classes",
            description = "the implementations' classes (default: java-impl/target/classes)")
    Path classes;

    @Option(names = "--out", paramLabel = "OUT", defaultValue = "target/jcstress-mutants",
            description = "results folder (default: target/jcstress-mutants)")
    Path results;

    @Option(names = "--only", paramLabel = "REGEX", defaultValue = ".",
            description = "the mutants whose name the regex finds (default: all)")
    String only;

    @Option(names = "--jvm-args", paramLabel = "ARGS", defaultValue = "",
            description = "jcstress's -jvmArgs: the forks run only this VM configuration instead of jcstress's four"
                    + " (default: none, all four)")
    String jvmArgs;

    @Option(names = "--budget-per-mutant", paramLabel = "S", defaultValue = "3600",
            description = "seconds for one mutant's run (default: 3600)")
    long budget;

    @Option(names = "--stall", paramLabel = "S", description = "stop a run when no fork has reported for S seconds"
            + " (default by mode: sanity 120, quick 240, default 600, else 1200)")
    Long stall;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!Files.isRegularFile(jcstress.jar)) {
            throw usage(jcstress.jar + " is missing; build it with: make build");
        }
        if (!Files.isDirectory(classes)) {
            throw usage(classes + " is missing; build it with: make build");
        }
        Pattern selection;
        try {
            selection = Pattern.compile(only);
        } catch (PatternSyntaxException x) {
            throw usage("--only is no regular expression: " + x.getDescription() + " in '" + only + "'");
        }
        if (budget <= 0 || (stall != null && stall <= 0)) {
            throw usage("--budget-per-mutant and --stall take a number of seconds above 0");
        }
        Files.createDirectories(results);
        Path jar = results.resolve("jcstress.jar");
        Files.copy(jcstress.jar, jar, StandardCopyOption.REPLACE_EXISTING);
        Path impl = results.resolve("impl-classes");
        Cli.deleteTree(impl);   // copying into what an earlier run left would keep its classes
        copyTree(classes, impl);
        Path mutants = results.resolve("classes");
        int written = AccessModes.run(new String[] {"--specs", specs.dir.toString(), "--write-mutants", mutants.toString(),
                "--classes", impl.toString()}, out, err);
        if (written != 0) {
            return written;
        }
        long stallLimit = stall != null ? stall : JcstressCommand.Limits.of(jcstress.mode).stall();
        return MutantRuns.run(mutants, selection, new MutantRuns.Settings(jar, jcstress.mode, jvmArgs, budget, stallLimit),
                results, out, err);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
