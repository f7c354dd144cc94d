package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.nio.file.Path;
import java.nio.file.Paths;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code tlc-runner summary}: the command line of {@link TestSummary}. */
@CommandLine.Command(name = "summary", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", parameterListHeading = "%nParameters:%n", optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        description = {"Print the closing lines of a test run, from its reports.", "Run in the repository's folder:",
                "  summary [all]                every kind of test; saves the counts to target/test-summary.counts",
                "  summary java LABEL JCDIR     after the Java tests on another JDK: its JUnit reports and the jcstress"
                        + " results in JCDIR, then the total with the saved counts"},
        exitCodeList = {
                "0:every record was read (the verdicts are the steps' own)",
                "1:not used: the summary judges nothing",
                "2:usage error, or a record is missing or unreadable: a step that should have written it did not run"
                        + " to the end"})
public final class SummaryCommand extends Command {

    private final Path root;

    @Mixin
    SharedOptions.Help help;

    @Parameters(index = "0", arity = "0..1", paramLabel = "all|java", defaultValue = "all",
            description = "all (the default), or java for another JDK's Java tests")
    String which;

    @Parameters(index = "1", arity = "0..1", paramLabel = "LABEL", description = "with java: the run's name, e.g. \"JDK 25\"")
    String label;

    @Parameters(index = "2", arity = "0..1", paramLabel = "JCDIR", description = "with java: the jcstress results folder")
    Path jcstress;

    public SummaryCommand() {
        this(Paths.get(""));
    }

    SummaryCommand(Path root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        switch (which) {
            case "all" -> {
                if (label != null) {
                    throw usage("summary all takes no more arguments, not '" + label + "'");
                }
                return TestSummary.summarize(root, null, null, out, err);
            }
            case "java" -> {
                if (label == null || jcstress == null) {
                    throw usage("summary java needs LABEL and JCDIR: summary java \"JDK 25\" target/jcstress-jdk25");
                }
                return TestSummary.summarize(root, label, jcstress, out, err);
            }
            default -> throw usage("summary takes all or java, not '" + which + "'");
        }
    }
}
