package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.util.Version;
import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.engine.Engine;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The results table on stdout and the JSON report: the two faces of one run. */
public final class Report {

    private static final String[] HEADER = {"model", "expected", "got", "violated property", "distinct", "total",
            "depth", "seconds", "verdict"};

    private Report() {}

    /** The results table, then its notes, each mismatch with its reason, each manifest error, the totals. */
    public static void table(List<RunResult> results, List<String> errors, Path specs, PrintStream out) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (RunResult r : results) {
            rows.add(new String[] {r.model().name(), r.model().expectation(), gotLabel(r),
                    r.property() == null ? "-" : r.property(), num(r.distinct()), num(r.total()), num(r.depth()),
                    String.format(Locale.ROOT, "%.1f", r.seconds()), r.matches() ? "ok" : "MISMATCH"});
        }
        int[] width = new int[HEADER.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean right = i >= 4 && i <= 7;
                String cell = right ? pad(row[i], width[i], true) : pad(row[i], width[i], false);
                sb.append(i == 0 ? "" : "  ").append(cell);
            }
            out.println(sb.toString().stripTrailing());
        }
        long mismatches = results.stream().filter(r -> !r.matches()).count();
        out.println();
        notes(results).forEach(out::println);
        for (RunResult r : results) {
            if (!r.matches()) {
                out.println("MISMATCH " + r.model().name() + " (" + relative(specs, r.model().specPath()) + "): " + r.reason());
            }
        }
        for (String e : errors) {
            out.println("ERROR " + e);
        }
        out.println(results.size() + " models: " + (results.size() - mismatches) + " as expected, " + mismatches
                + " mismatched" + (errors.isEmpty() ? "" : "; " + errors.size() + " manifest errors"));
    }

    /**
     * What the table cannot say in a cell: a simulation that found nothing found nothing within
     * its budget (and proved nothing), which models TLC's distributed mode checked, and why a
     * model was checked otherwise than asked. One line each, "SIMULATED", "DISTRIBUTED", "NOTE".
     */
    static List<String> notes(List<RunResult> results) {
        List<String> lines = new ArrayList<>();
        for (RunResult r : results) {
            Engine e = r.engine();
            if (r.simulatedWithoutViolation()) {
                lines.add("SIMULATED " + r.model().name() + ": " + Engine.noViolation(e.simulation())
                        + (r.total() == null ? "" : ", " + r.total() + " states generated")
                        + ": random behaviours, not every behaviour; this is no proof that the model is correct");
            }
            if (e != null && e.kind() == Engine.Kind.DISTRIBUTED) {
                lines.add("DISTRIBUTED " + r.model().name() + ": " + e.detail()
                        + (e.note() == null && r.kind() == ResultKind.SUCCESS ? "; only the distinct states are compared (TLC's distributed mode counts"
                                + " states generated and the depth its own way)" : ""));
            }
            if (e != null && e.note() != null) {
                lines.add("NOTE " + r.model().name() + ": " + e.note());
            }
        }
        if (!lines.isEmpty()) {
            lines.add("");
        }
        return lines;
    }

    /**
     * Version of report.json's shape: 2 added this field, {@code runner}, {@code specs}, the
     * manifest of each model and made every path relative (1 had no version field); 3 added each
     * model's {@code engine} (one TLC process, distributed, simulation, with its budget) and
     * reports a simulation that found nothing as {@code "no violation"}, not {@code "success"}.
     */
    public static final int REPORT_VERSION = 3;

    /**
     * report.json. Paths are relative: {@code specs} to the report's folder, each model's
     * {@code manifest} and {@code spec} to {@code specs}, {@code counterexample} and {@code log} to
     * the report's folder.
     */
    public static void json(List<RunResult> results, List<String> errors, String workers, Distributed.Setup distributed,
            Path tlaJar, Path specs, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path specsRoot = specs.toAbsolutePath();
        ReportJson.Machine machine = new ReportJson.Machine(Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        ReportJson.Tlc tlc = new ReportJson.Tlc(tlaJar.getFileName().toString(), workers, 1, distributed == null ? null
                : new ReportJson.Distributed(distributed.localWorkers(),
                        distributed.fixedServer() ? distributed.host() + ":" + distributed.port() : null,
                        distributed.connectTimeoutSeconds()));
        List<ReportJson.ModelEntry> models = new ArrayList<>();
        for (RunResult r : results) {
            models.add(entry(r, dir, specsRoot));
        }
        ReportJson.Summary summary = new ReportJson.Summary(results.size(), results.stream().filter(RunResult::matches).count(),
                results.stream().filter(r -> !r.matches()).count(), errors.size());
        ReportJson.File report = new ReportJson.File(REPORT_VERSION, Version.current(), Instant.now().toString(),
                relative(dir, specsRoot), machine, tlc, models, errors, summary);
        Files.createDirectories(file.getParent());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), report);
    }

    private static ReportJson.ModelEntry entry(RunResult r, Path dir, Path specsRoot) {
        Model model = r.model();
        Model.StateCounts pin = model.pinned();
        ReportJson.Expected expected = new ReportJson.Expected(model.witness() ? "reachable" : model.expected().label(),
                model.expectedProperty(), pin == null ? null : new ReportJson.Pinned(pin.distinct(), pin.total(), pin.depth()));
        ReportJson.Got got = new ReportJson.Got(gotLabel(r), r.property(), r.message(), r.distinct(), r.total(), r.depth(),
                r.trace().size());
        ReportJson.Engine engine = null;
        if (r.engine() != null) {
            Model.Simulation sim = r.engine().simulation();
            engine = new ReportJson.Engine(r.engine().kind().label(), r.engine().detail(),
                    sim == null ? null : new ReportJson.Simulation(sim.traces(), sim.depth(), sim.seed()),
                    sim != null && r.simulatedWithoutViolation() ? Engine.noViolation(sim) : null, r.engine().note());
        }
        ReportJson.Litmus litmus = null;
        if (model.litmus() != null) {
            Model.Litmus l = model.litmus();
            litmus = l.jcstress() != null
                    ? new ReportJson.Litmus(l.jcstress(), l.beyondSequentialConsistency(), null, null, null, null, null,
                            r.outcomes())
                    : new ReportJson.Litmus(null, null, l.outcomes(), l.notModelled(), l.source(), l.allowed(),
                            l.forbidden(), r.outcomes());
        }
        Path cex = r.counterexample();
        return new ReportJson.ModelEntry(model.name(), relative(specsRoot, model.manifest()), relative(specsRoot,
                model.specPath()), model.config(), model.constants(), model.mode().name().toLowerCase(Locale.ROOT),
                model.size().name().toLowerCase(Locale.ROOT), expected, got, engine, litmus,
                Math.round(r.seconds() * 100) / 100.0, r.matches() ? "ok" : "mismatch", r.reason(), relative(dir, cex),
                cex == null ? null : relative(dir, CounterexampleViews.tableFile(cex)),
                cex == null ? null : relative(dir, CounterexampleViews.htmlFile(cex)),
                cex == null ? null : relative(dir, Explorer.explorerFile(cex)), relative(dir, r.log()));
    }

    /** {@code p} relative to {@code base}, with '/' separators; null stays null. */
    public static String relative(Path base, Path p) {
        if (p == null) {
            return null;
        }
        return base.toAbsolutePath().normalize().relativize(p.toAbsolutePath().normalize()).toString()
                .replace(java.io.File.separatorChar, '/');
    }

    /**
     * What TLC found; a witness found is "reached", not a "safety" violation; a simulation that
     * found nothing is "no violation" (within its budget), never "success".
     */
    public static String gotLabel(RunResult r) {
        return r.model().witness() && r.kind() == ResultKind.SAFETY ? "reached"
                : r.simulatedWithoutViolation() ? "no violation" : r.kind().label();
    }

    private static String num(Long n) {
        return n == null ? "-" : String.valueOf(n);
    }

    private static String pad(String s, int w, boolean right) {
        String fill = " ".repeat(Math.max(0, w - s.length()));
        return right ? fill + s : s + fill;
    }
}
