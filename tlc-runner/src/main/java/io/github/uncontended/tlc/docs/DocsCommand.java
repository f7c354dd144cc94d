package io.github.uncontended.tlc.docs;

import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tlc-runner docs}: the command line of {@link DocsCheck}. */
@CommandLine.Command(name = "docs", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", parameterListHeading = "%nParameters:%n", optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        description = {"Keep Markdown pages in step with the counterexamples, the code, the durations and their links.",
                "Embedded counterexample tables, promises tables, `File.java:NN` references, quoted durations, relative"
                        + " links and their anchors, step references, exercises that do not show their answers; with"
                        + " --records and --index, no ticket number and the page budget on the pages that teach."},
        exitCodeList = {
                "0:every page is in step (with --update: was brought in step)",
                "1:something is out of step, or could not be repaired",
                "2:usage error: an unknown option, no page, an option without its partner (nothing was checked)"})
public final class DocsCommand extends Command {

    private final Path workingDir;

    @Mixin
    SharedOptions.Help help;

    @Option(names = "--update", description = "rewrite embedded counterexamples, promises tables and moved line references"
            + " in place")
    boolean update;

    @Option(names = "--counterexamples", paramLabel = "DIR", defaultValue = "target/model-check/counterexamples",
            description = "the tables the model check wrote (default: target/model-check/counterexamples)")
    Path cex;

    @Option(names = "--sources", paramLabel = "DIR[,DIR..]",
            description = "where File.java references are looked up (default: every */src)")
    String sources;

    @Option(names = "--durations", paramLabel = "FILE", description = "the one table of measured durations (command,"
            + " duration, machine, date): every duration a page quotes for one of its commands must be its figure")
    Path durations;

    @Option(names = "--makefile", paramLabel = "FILE", description = "with --durations: check the Makefile's help text"
            + " (@echo lines) too")
    Path makefile;

    @Option(names = "--exercises", paramLabel = "FILE", description = "the learning page whose exercises must not show"
            + " their answers (needs --answers)")
    Path exercises;

    @Option(names = "--answers", paramLabel = "FILE", description = "the answers page: \"## 1. `Ex01` (`Model`): ...\" headings")
    Path answers;

    @Option(names = "--records", paramLabel = "DIR", description = "the run records (docs/records): they may name this"
            + " project's tickets; every other page may not (\"issue 16\"), and, with --index, stays within the page budget")
    Path records;

    @Option(names = "--index", paramLabel = "FILE", description = "the docs index (docs/README.md): it states the page"
            + " budget (\"Page budget: N words\") and links every page of its folder, directly or through a page it links")
    Path index;

    @Mixin
    SharedOptions.Specs specs;

    @Parameters(paramLabel = "PAGE.md", arity = "0..*", description = "the pages to check")
    List<Path> pages = new ArrayList<>();

    public DocsCommand() {
        this(Paths.get("."));
    }

    DocsCommand(Path workingDir) {
        this.workingDir = workingDir;
    }

    @Override
    public Integer call() throws IOException {
        if (pages.isEmpty()) {
            throw usage("no page to check");
        }
        if ((exercises == null) != (answers == null)) {
            throw usage("--exercises and --answers go together");
        }
        if (makefile != null && durations == null) {
            throw usage("--makefile needs --durations");
        }
        if (index != null && records == null) {
            throw usage("--index needs --records (the page budget holds for the pages that teach, not the records)");
        }
        List<Path> roots = sources == null ? null : Stream.of(sources.split(",")).map(Paths::get).toList();
        return DocsCheck.check(new DocsCheck.Settings(update, cex, roots, durations, makefile, exercises, answers,
                specs.dir, records, index, pages), out, workingDir);
    }
}
