package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.MemoryLayer;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.manifest.JcstressOutcomes;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.ManifestSchema;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.report.CiReports;
import io.github.uncontended.tlc.report.Report;
import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.util.Version;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code tlc-runner check}: runs the selected models of every {@code <design>/manifest.json} with
 * TLC and compares each result with what the manifest pins. This class only orchestrates: the
 * command line is {@link CheckCommand}'s, which models {@link ModelSelection}'s, the runs
 * {@link Schedule}'s and {@link ModelRun}'s, the counterexample views {@link CounterexampleFiles}',
 * the reports the report package's. Exit codes: {@link CheckCommand}'s help lists them.
 *
 * <p>{@link #run(CheckOptions, PrintStream, PrintStream)} is the whole check for a caller in the
 * same JVM: it never exits the JVM, and returns the exit code.
 */
public final class ModelCheck {

    private ModelCheck() {}

    /** {@code tlc-runner check ARGS}: parse, check, the exit code; usage errors print and return 2. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.execute(new CheckCommand(), args, out, err);
    }

    /** The check {@code o} asks for: 0 all as pinned, 1 a model or a manifest failed, 2 nothing ran. */
    public static int run(CheckOptions o, PrintStream out, PrintStream err) {
        if (o.info() != null) {
            switch (o.info()) {
                case "help" -> Cli.commandLine(new CheckCommand(), out, err).usage(out);
                case "version" -> {
                    out.println("tlc-runner " + Version.current());
                    out.println("memory layer: " + MemoryLayer.version());
                }
                default -> out.print(ManifestSchema.text());
            }
            return 0;
        }
        try {
            return check(o, out, err);
        } catch (IOException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted");
            return 2;
        }
    }

    private static int check(CheckOptions o, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        ManifestLoader.Loaded loaded = new ManifestLoader(o.specs()).load();
        loaded.warnings().forEach(w -> err.println("warning: " + w));
        ModelSelection.Selected selection = ModelSelection.select(loaded.models(), o);
        if (selection.refused()) {
            selection.usageErrors().forEach(e -> err.println("error: " + e));
            loaded.errors().forEach(e -> err.println("ERROR " + e));
            return 2;
        }
        List<Model> selected = selection.models();
        if (o.list()) {
            for (Model m : selected) {
                out.printf("%-32s %-4s %-10s %-40s %s%n", m.name(), m.size().name().toLowerCase(Locale.ROOT),
                        m.mode().name().toLowerCase(Locale.ROOT), m.expectation(), Report.relative(o.specs(), m.specPath()));
            }
            loaded.errors().forEach(e -> out.println("ERROR " + e));
            return loaded.errors().isEmpty() ? 0 : 1;
        }
        if (selected.isEmpty() && loaded.errors().isEmpty()) {
            err.println("error: no " + o.size() + " models under " + o.specs() + " (is there a <design>/manifest.json?)");
            return 1;
        }
        Tlc tlc = new Tlc(o.tlaJar() != null ? o.tlaJar() : Tlc.locateJar());
        if (!Files.isRegularFile(tlc.jar())) {
            err.println("error: TLC jar " + tlc.jar() + " does not exist");
            return 2;
        }
        // Every output path is tried before any model runs: exit 2 means nothing ran.
        for (Path p : new Path[] {o.out().resolve("report.json"), o.junit(), o.summary()}) {
            String why = unwritable(p);
            if (why != null) {
                err.println("error: cannot write " + p + ": " + why);
                return 2;
            }
        }
        for (Path p : o.jcstress()) {
            if (!Files.exists(p)) {
                err.println("error: jcstress class path entry " + p + " does not exist (build it first: the jar of the"
                        + " jcstress tests the litmus models name)");
                return 2;
            }
        }
        Files.createDirectories(o.out());
        if (o.eachProperty()) {
            if (!loaded.errors().isEmpty()) {
                loaded.errors().forEach(e -> err.println("ERROR " + e));
                return 1;
            }
            return PropertyAudit.run(selected, tlc, o.out(), out, err);
        }
        Map<String, String> inOneProcess = Map.of();
        if (o.distributed() != null) {
            inOneProcess = Schedule.notDistributable(selected, o, tlc);
            if (!o.models().isEmpty() && !inOneProcess.isEmpty()) {
                inOneProcess.forEach((n, why) -> err.println("error: --distributed cannot check " + n + ": " + why));
                return 2;
            }
            inOneProcess.forEach((n, why) -> err.println("note: " + n + " is checked in one TLC process: " + why));
        }
        List<RunResult> results;
        try (JcstressOutcomes jcstress = o.jcstress().isEmpty() ? null : new JcstressOutcomes(o.jcstress())) {
            results = Schedule.checkAll(selected, o.foldsWitnesses() ? WitnessFold.plan(selected) : Map.of(), o, tlc,
                    jcstress, inOneProcess, err);
        }
        List<LoadBuffering.Finding> loadBuffering = LoadBuffering.run(
                LoadBuffering.candidates(results, o.loadBuffering()), tlc, o.out(), o.jobs());
        List<String> onLayer = onTheJarsLayer(results);
        if (!onLayer.isEmpty()) {
            out.println("memory layer: " + MemoryLayer.version() + ", for " + onLayer.size() + " model"
                    + (onLayer.size() == 1 ? "" : "s") + ": " + String.join(", ", onLayer));
        }
        List<RunResult> written = CounterexampleFiles.write(results, o.out(), o.specs());
        if (o.pin()) {
            List<RunResult> pinned = new ArrayList<>();
            for (Pin.Edit e : Pin.pin(written)) {
                out.println("PINNED " + e.model() + " (" + e.manifest() + "): " + counts(e.before()) + " -> " + counts(e.after()));
            }
            for (RunResult r : written) {
                pinned.add(Pin.pinnable(r) ? r.pinnedNow() : r);
            }
            written = pinned;
        }
        Report.table(written, loaded.errors(), o.specs(), out);
        LoadBuffering.print(loadBuffering, o.loadBuffering(), out);
        Path json = o.out().resolve("report.json");
        Report.json(written, loaded.errors(), o.workers(), o.distributed(), tlc.jar(), o.specs(), json);
        if (o.junit() != null) {
            CiReports.junit(written, loaded.errors(), o.specs(), o.junit());
        }
        if (o.summary() != null) {
            CiReports.markdown(written, loaded.errors(), o.out(), o.summary());
        }
        out.println("report: " + json + (written.stream().anyMatch(r -> r.counterexample() != null)
                ? "; counterexamples: " + CounterexampleFiles.folder(o.out()) : "")
                + (o.junit() != null ? "; JUnit XML: " + o.junit() : "")
                + (o.summary() != null ? "; summary: " + o.summary() : ""));
        boolean ok = loaded.errors().isEmpty() && written.stream().allMatch(RunResult::matches)
                && !LoadBuffering.failed(loadBuffering, o.loadBuffering());
        return ok ? 0 : 1;
    }

    /** The models whose TLC parsed the memory layer this jar carries (their logs say so), in run order. */
    static List<String> onTheJarsLayer(List<RunResult> results) throws IOException {
        List<String> names = new ArrayList<>();
        for (RunResult r : results) {
            if (r.log() != null && Files.isRegularFile(r.log()) && MemoryLayer.parsedIn(Files.readString(r.log()))) {
                names.add(r.model().name());
            }
        }
        return names;
    }

    private static String counts(Model.StateCounts c) {
        return "distinct " + c.distinct() + (c.total() != null ? ", total " + c.total() : "")
                + (c.depth() != null ? ", depth " + c.depth() : "");
    }

    /** Why {@code file} cannot be written (its folder cannot be made, or is not writable), or null. */
    static String unwritable(Path file) {
        if (file == null) {
            return null;
        }
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            return "its folder " + dir + " cannot be made (" + e.getMessage() + ")";
        }
        if (!Files.isWritable(dir) || (Files.exists(file) && (!Files.isWritable(file) || Files.isDirectory(file)))) {
            return Files.isDirectory(file) ? "it is a folder" : "not writable";
        }
        return null;
    }
}
