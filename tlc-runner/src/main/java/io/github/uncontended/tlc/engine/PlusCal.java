package io.github.uncontended.tlc.engine;

import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Guards the TLA+ translation committed in a PlusCal module: the algorithm is re-translated in a
 * scratch copy and the two translations compared. A stale translation would mean TLC checks
 * something other than the algorithm a reader sees.
 */
public final class PlusCal {

    private PlusCal() {}

    static boolean hasAlgorithm(String text) {
        return text.contains("--algorithm") || text.contains("--fair algorithm");
    }

    /** A failure (stale or untranslatable) with its one-line cause, or empty when the translation is current. */
    public static Optional<RunResult> check(Model model, Tlc tlc, Path scratch) throws IOException, InterruptedException {
        String committed = Files.readString(model.specPath());
        if (!hasAlgorithm(committed)) {
            return Optional.empty();
        }
        Files.createDirectories(scratch);
        Files.writeString(scratch.resolve(model.spec()), committed);
        Path log = scratch.resolve("pcal.log");
        Tlc.Exit exit = tlc.translate(scratch, model.spec(), log);
        String fix = "java -cp " + tlc.jar() + " pcal.trans -nocfg " + model.specPath();
        if (exit.code() != 0) {
            String why = Files.readAllLines(log).stream().filter(l -> l.contains("rror") || l.contains("Unrecoverable"))
                    .findFirst().orElse("pcal.trans exited with " + exit.code());
            return Optional.of(RunResult.failed(model, ResultKind.PLUSCAL_ERROR,
                    model.spec() + ": the PlusCal algorithm does not translate: " + why.strip(), exit.seconds(), log));
        }
        List<String> fresh = translation(Files.readString(scratch.resolve(model.spec())));
        List<String> mine = translation(committed);
        if (mine == null) {
            return Optional.of(RunResult.failed(model, ResultKind.PLUSCAL_STALE, model.spec()
                    + " has a PlusCal algorithm but no BEGIN/END TRANSLATION block; run: " + fix, exit.seconds(), log));
        }
        for (int i = 0; i < Math.max(fresh.size(), mine.size()); i++) {
            String a = i < mine.size() ? mine.get(i) : "<end>";
            String b = i < fresh.size() ? fresh.get(i) : "<end>";
            if (!a.equals(b)) {
                return Optional.of(RunResult.failed(model, ResultKind.PLUSCAL_STALE, model.spec()
                        + ": the committed translation is stale (translation line " + (i + 1) + " is '" + a.strip()
                        + "', pcal.trans gives '" + b.strip() + "'); run: " + fix, exit.seconds(), log));
            }
        }
        return Optional.empty();
    }

    /** The lines strictly between the BEGIN and END TRANSLATION markers (the markers carry checksums). */
    private static List<String> translation(String text) {
        List<String> out = null;
        for (String line : text.split("\\R")) {
            if (line.contains("BEGIN TRANSLATION")) {
                out = new ArrayList<>();
            } else if (line.contains("END TRANSLATION")) {
                return out;
            } else if (out != null) {
                out.add(line.stripTrailing());
            }
        }
        return null;
    }
}
