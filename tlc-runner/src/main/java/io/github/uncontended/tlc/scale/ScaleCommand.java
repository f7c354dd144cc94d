package io.github.uncontended.tlc.scale;

import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tlc-runner scale}: the command line of {@link ScaleMeasure}. */
@CommandLine.Command(name = "scale", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", optionListHeading = "%nOptions:%n", exitCodeListHeading = "%nExit codes:%n",
        description = {"Measure the states per minute of one model on each engine.",
                "TLC with -workers 1 (w1), -workers 2 (w2), and the distributed mode with a TLCServer and 2 local"
                        + " TLCWorkers (d2), each for the same window; one line per engine: engine minutes generated"
                        + " distinct generated/min distinct/min done load-before load-after (docs/scale.md)."},
        exitCodeList = {
                "0:every engine reported counts",
                "1:an engine printed no count (its log is named)",
                "2:usage error: an unknown option or model, a bad window or engine (nothing was measured)"})
public final class ScaleCommand extends Command {

    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Specs specs;
    @Mixin
    SharedOptions.OneModel model;

    @Option(names = "--minutes", paramLabel = "M", defaultValue = "10", description = "the window per engine (default: 10)")
    int minutes;

    @Option(names = "--engines", paramLabel = "w1,w2,d2", defaultValue = "w1,w2,d2",
            description = "any of w1, w2, d2 (default: all)")
    String engines;

    @Option(names = "--logs", paramLabel = "DIR", defaultValue = "target/scale",
            description = "where each engine's TLC log is kept as <engine>.log (default: target/scale)")
    Path logs;

    @Override
    public Integer call() throws Exception {
        if (minutes < 1) {
            throw usage("--minutes must be at least 1, not " + minutes);
        }
        List<ScaleMeasure.Engine> which;
        try {
            which = ScaleMeasure.engines(engines);
        } catch (IllegalArgumentException x) {
            throw usage("--engines: " + x.getMessage());
        }
        return ScaleMeasure.run(specs.dir, model.name, minutes, which, logs, out, err);
    }
}
