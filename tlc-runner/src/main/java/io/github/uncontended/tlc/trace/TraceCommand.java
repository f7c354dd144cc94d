package io.github.uncontended.tlc.trace;

import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tlc-runner trace}: the command line of the trace validation ({@link TraceCheck}). */
@CommandLine.Command(name = "trace", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", parameterListHeading = "%nParameters:%n", optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        description = {"Validate recorded execution traces against their specs.",
                "For each log, TLC looks for a behaviour of the log's trace spec that replays it, and the verdict is"
                        + " compared with the log's `expect` line."},
        exitCodeList = {
                "0:every log ended as it expects (accepted, or a broken variant's rejected)",
                "1:a log did not, a log was unreadable, or TLC failed (crash, parse error, timeout)",
                "2:usage error: an unknown option, no log given (nothing was checked)"})
public final class TraceCommand extends Command {

    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Specs specs;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/trace-check",
            description = "reports and TLC logs (default: target/trace-check)")
    Path outDir;

    @Option(names = "--timeout", paramLabel = "S", defaultValue = "120", description = "seconds per TLC run (default: 120)")
    int timeout;

    @Mixin
    SharedOptions.TlaJar tlaJar;

    @Parameters(paramLabel = "LOG|DIR", arity = "0..*",
            description = "trace logs; a folder stands for every *.trace file below it")
    List<Path> inputs = new ArrayList<>();

    @Override
    public Integer call() {
        if (inputs.isEmpty()) {
            throw usage("no trace logs given");
        }
        return TraceCheck.check(specs.dir, outDir, timeout, tlaJar.jar, inputs, out, err);
    }
}
