package io.github.uncontended.tlc;

import io.github.uncontended.tlc.modes.AccessModes;
import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code tlc-runner mutants}: every one-step weakening of every access, written as rewritten class
 * files. The access-mode tool writes them; this command only declares its options.
 */
@CommandLine.Command(name = "mutants", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", parameterListHeading = "%nParameters:%n", optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        description = {"Write every one-step weakening of every bound access as a rewritten class file.",
                "Into DIR/<mutant>/..., and DIR/mutants.tsv, for jcstress to run on them."},
        exitCodeList = {
                "0:the mutants were written",
                "1:not used: writing mutants judges nothing",
                "2:usage or I/O error: no DIR, an unknown option, an unreadable binding or class (nothing was written)"})
final class MutantsCommand extends Command {

    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Specs specs;

    @Option(names = "--classes", paramLabel = "PATH", description = "the implementations' classes: folders or jars,"
            + " ':'-separated (default: the access-mode check's)")
    String classes;

    @Parameters(paramLabel = "DIR", arity = "0..1", description = "the folder the mutants are written to")
    Path dir;

    @Override
    public Integer call() {
        if (dir == null) {
            err.println("error: mutants needs the output folder: mutants DIR [--specs S --classes C]");
            return 2;
        }
        List<String> args = new ArrayList<>(List.of("--specs", specs.dir.toString(), "--write-mutants", dir.toString()));
        if (classes != null) {
            args.addAll(List.of("--classes", classes));
        }
        return AccessModes.run(args.toArray(String[]::new), out, err);
    }
}
