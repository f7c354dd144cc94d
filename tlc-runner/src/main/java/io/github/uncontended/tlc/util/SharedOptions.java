package io.github.uncontended.tlc.util;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options several subcommands take, each declared once (picocli mixins: a subcommand names
 * them with {@code @Mixin}), so that {@code --specs} or {@code --junit} reads and means the same
 * wherever it is accepted.
 */
public final class SharedOptions {

    private SharedOptions() {}

    /** {@code -h}, {@code --help}: the subcommand's options and exit codes. */
    public static final class Help {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help (options, exit codes) and exit")
        public boolean requested;
    }

    /** {@code --specs DIR}: the folder of spec folders. */
    public static final class Specs {
        @Option(names = "--specs", paramLabel = "DIR", defaultValue = "specs",
                description = "the folder holding <design>/manifest.json and <design>/<sub>/manifest.json (default: specs)")
        public Path dir;
    }

    /** {@code --model NAME}: one model, for the subcommands that look at one. */
    public static final class OneModel {
        @Option(names = "--model", paramLabel = "NAME", required = true, description = "the model, by name")
        public String name;
    }

    /** {@code --tla-jar JAR}: another TLC than the one the runner carries. */
    public static final class TlaJar {
        @Option(names = "--tla-jar", paramLabel = "JAR", description = "the TLC jar (default: the TLC this runner jar carries)")
        public Path jar;
    }

    /** {@code --junit FILE}, {@code --summary FILE}: the results in the forms CI systems read. */
    public static final class CiReports {
        @Option(names = "--junit", paramLabel = "FILE", description = "also write JUnit XML: one test case per model (for CI dashboards)")
        public Path junit;

        @Option(names = "--summary", paramLabel = "FILE",
                description = "also write a Markdown results table (e.g. $GITHUB_STEP_SUMMARY)")
        public Path summary;
    }
}
