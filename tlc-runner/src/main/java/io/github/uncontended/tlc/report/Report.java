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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The results table on stdout and the JSON report: the two faces of one run. */
public final class Report {

    private static final String[] HEADER = {"model", "expected", "got", "violated property", "distinct", "total",
            "depth", "seconds", "verdict"};

    private Report() {}

    public static void table(List<RunResult> results, List<String> errors, PrintStream out) {
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
                out.println("MISMATCH " + r.model().name() + " (" + r.model().manifest().getParent().getFileName() + "/"
                        + r.model().spec() + "): " + r.reason());
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
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("reportVersion", REPORT_VERSION);
        root.put("runner", Version.current());
        root.put("generatedAt", Instant.now().toString());
        root.put("specs", relative(dir, specsRoot));
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        root.put("machine", machine);
        Map<String, Object> tlc = new LinkedHashMap<>();
        tlc.put("jar", tlaJar.getFileName().toString());
        tlc.put("workers", workers);
        tlc.put("fp", 1);
        if (distributed != null) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("localWorkers", distributed.localWorkers());
            d.put("server", distributed.fixedServer() ? distributed.host() + ":" + distributed.port() : null);
            d.put("connectTimeoutSeconds", distributed.connectTimeoutSeconds());
            tlc.put("distributed", d);
        }
        root.put("tlc", tlc);
        List<Map<String, Object>> models = new ArrayList<>();
        for (RunResult r : results) {
            Map<String, Object> m = new LinkedHashMap<>();
            Model model = r.model();
            m.put("name", model.name());
            m.put("manifest", relative(specsRoot, model.manifest()));
            m.put("spec", relative(specsRoot, model.specPath()));
            m.put("config", model.config());
            if (!model.constants().isEmpty()) {
                m.put("constants", model.constants());
            }
            m.put("mode", model.mode().name().toLowerCase(Locale.ROOT));
            m.put("size", model.size().name().toLowerCase(Locale.ROOT));
            Map<String, Object> expected = new LinkedHashMap<>();
            expected.put("result", model.witness() ? "reachable" : model.expected().label());
            expected.put("property", model.expectedProperty());
            if (model.pinned() != null) {
                expected.put("distinct", model.pinned().distinct());
                expected.put("total", model.pinned().total());
                expected.put("depth", model.pinned().depth());
            }
            m.put("expected", expected);
            Map<String, Object> got = new LinkedHashMap<>();
            got.put("result", gotLabel(r));
            got.put("property", r.property());
            got.put("message", r.message());
            got.put("distinct", r.distinct());
            got.put("total", r.total());
            got.put("depth", r.depth());
            got.put("traceLength", r.trace().size());
            m.put("got", got);
            if (r.engine() != null) {
                Map<String, Object> engine = new LinkedHashMap<>();
                engine.put("kind", r.engine().kind().label());
                engine.put("detail", r.engine().detail());
                if (r.engine().simulation() != null) {
                    Model.Simulation sim = r.engine().simulation();
                    engine.put("simulation", Map.of("traces", sim.traces(), "depth", sim.depth(), "seed", sim.seed()));
                    if (r.simulatedWithoutViolation()) {
                        engine.put("verdict", Engine.noViolation(sim));
                    }
                }
                engine.put("note", r.engine().note());
                m.put("engine", engine);
            }
            if (model.litmus() != null) {
                Map<String, Object> litmus = new LinkedHashMap<>();
                if (model.litmus().jcstress() != null) {
                    litmus.put("jcstress", model.litmus().jcstress());
                    litmus.put("beyondSequentialConsistency", model.litmus().beyondSequentialConsistency());
                } else {
                    litmus.put("publishedOutcomes", model.litmus().outcomes());
                    litmus.put("notModelled", model.litmus().notModelled());
                    litmus.put("source", model.litmus().source());
                }
                litmus.put("reachableOutcomes", r.outcomes());
                m.put("litmus", litmus);
            }
            m.put("seconds", Math.round(r.seconds() * 100) / 100.0);
            m.put("verdict", r.matches() ? "ok" : "mismatch");
            m.put("reason", r.reason());
            m.put("counterexample", relative(dir, r.counterexample()));
            if (r.counterexample() != null) {
                m.put("counterexampleTable", relative(dir, CounterexampleViews.tableFile(r.counterexample())));
                m.put("counterexampleHtml", relative(dir, CounterexampleViews.htmlFile(r.counterexample())));
                m.put("counterexampleExplorer", relative(dir, Explorer.explorerFile(r.counterexample())));
            }
            m.put("log", relative(dir, r.log()));
            models.add(m);
        }
        root.put("models", models);
        root.put("errors", errors);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("models", results.size());
        summary.put("matched", results.stream().filter(RunResult::matches).count());
        summary.put("mismatched", results.stream().filter(r -> !r.matches()).count());
        summary.put("manifestErrors", errors.size());
        root.put("summary", summary);
        Files.createDirectories(file.getParent());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
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
