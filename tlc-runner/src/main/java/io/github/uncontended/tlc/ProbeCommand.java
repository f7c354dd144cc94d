package io.github.uncontended.tlc;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.engine.TlcProbe;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;

/** {@code tlc-runner probe}: TLC's own reading of a model's config. */
@CommandLine.Command(name = "probe", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", optionListHeading = "%nOptions:%n", exitCodeListHeading = "%nExit codes:%n",
        description = {"Print how TLC reads a model's config.",
                "Which names are invariants, action properties (checked step by step) and temporal properties (checked"
                        + " on the state graph; TLC's distributed mode skips them)."},
        exitCodeList = {
                "0:TLC read the spec and config",
                "1:it could not (its message is printed)",
                "2:usage error: an unknown option or model, a missing specs folder (nothing was read)"})
final class ProbeCommand extends Command {

    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Specs specs;
    @Mixin
    SharedOptions.OneModel model;

    @Override
    public Integer call() throws Exception {
        Model m = new ManifestLoader(specs.dir).load().models().stream().filter(x -> x.name().equals(model.name))
                .findFirst().orElse(null);
        if (m == null) {
            err.println("error: no model " + model.name + " in " + specs.dir + " (list them: tlc-runner list --specs "
                    + specs.dir + ")");
            return 2;
        }
        Path scratch = Files.createTempDirectory("tlc-probe");
        try {
            Path config = scratch.resolve("TlcRunner_" + m.name() + ".cfg");
            Files.writeString(config, m.configText());
            Object answer = Distributed.probe(new Tlc(Tlc.locateJar()), m, config, scratch.resolve("run"));
            if (answer instanceof TlcProbe.Properties p) {
                out.println("invariants: " + String.join(" ", p.invariants()));
                out.println("actions:    " + String.join(" ", p.actions()));
                out.println("temporal:   " + String.join(" ", p.temporal()));
                return 0;
            }
            err.println("error: " + m.name() + ": " + answer);
            return 1;
        } finally {
            Cli.deleteTree(scratch);
        }
    }
}
