package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.ConfigFile;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.util.Cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code --each-property}: which of a model's properties its behaviours violate, each checked alone.
 *
 * <p>TLC stops at the first violation it finds, so a model's pinned result names one property,
 * and a broken sibling's header that says "every other property holds" is a claim nothing
 * checks. Here each invariant and each property of the model's config is checked in a TLC run of
 * its own (the config with every other INVARIANT and PROPERTY section removed), deadlock checking
 * off; when the model checks for deadlock, one more run with no property checks for it alone.
 * Each run ends in a verdict: {@code holds} (TLC searched the whole state graph; for a simulation
 * model, {@code not violated} within its budget), {@code VIOLATED} (safety or liveness, with the
 * counterexample's length), or, for the deadlock run, {@code no deadlock} or {@code DEADLOCK}; or it fails (an Assert, a parse or config error,
 * a crash, a timeout), which is reported as such, never as a verdict. A litmus model is refused:
 * its outcome set is its result.
 *
 * <p>Exit codes: 0 when every run ended in a verdict, 1 when a run failed. The pinned result is
 * checked too: a pinned violation whose property does not come out {@code VIOLATED} is a failure.
 */
public final class PropertyAudit {

    /** One run: {@code property} is "deadlock" for the deadlock-only run. */
    record Verdict(String property, String section, String verdict, ResultKind kind, String detail,
            Long distinct, Integer traceLength, double seconds) {

        boolean ended() {
            return kind == ResultKind.SUCCESS || kind == ResultKind.SAFETY || kind == ResultKind.LIVENESS
                    || kind == ResultKind.DEADLOCK;
        }
    }

    record Audit(Model model, List<Verdict> verdicts, String problem) {}

    private static final Pattern COMMENTS = Pattern.compile("(?s)\\(\\*.*?\\*\\)|\\\\\\*[^\\n]*");
    private static final Pattern PROPERTY_SECTIONS = Pattern.compile(
            "(?s)\\b(?:INVARIANTS?|PROPERT(?:Y|IES))\\b.*?(?=\\b(?:INIT|NEXT|SPECIFICATION|INVARIANTS?|PROPERT(?:Y|IES)"
                    + "|CONSTANTS?|SYMMETRY|VIEW|CONSTRAINTS?|ACTION_CONSTRAINTS?|CHECK_DEADLOCK|POSTCONDITION|ALIAS)\\b|$)");

    private PropertyAudit() {}

    /** {@code config} without its comments and its INVARIANT and PROPERTY sections, then {@code section name}. */
    static String onlyThis(String config, String section, String name) {
        String rest = PROPERTY_SECTIONS.matcher(COMMENTS.matcher(config).replaceAll(" ")).replaceAll("");
        return rest.strip() + "\n" + (section == null ? "" : section + " " + name + "\n");
    }

    static Audit audit(Model m, Tlc tlc, Path work, PrintStream err) throws IOException, InterruptedException {
        if (m.litmus() != null) {
            return new Audit(m, List.of(), "a litmus model: its result is its outcome set, not a property");
        }
        String config = m.configText();
        ConfigFile parsed = ConfigFile.read(m.configPath());
        List<String[]> runs = new ArrayList<>();
        parsed.invariants().forEach(p -> runs.add(new String[] {"INVARIANT", p}));
        parsed.properties().forEach(p -> runs.add(new String[] {"PROPERTY", p}));
        if (m.checkDeadlock()) {
            runs.add(new String[] {null, "deadlock"});
        }
        if (runs.isEmpty()) {
            return new Audit(m, List.of(), "its config checks no invariant, no property and no deadlock");
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (String[] run : runs) {
            Path dir = work.resolve(m.name() + "-" + verdicts.size());
            Files.createDirectories(dir.resolve("tmp"));
            Path cfg = dir.resolve(m.config());
            Files.createDirectories(cfg.getParent()); // a config in a sub-folder: "broken/X.cfg"
            Files.writeString(cfg, onlyThis(config, run[0], run[1]));
            // The model's own TLC command line (its simulation budget, seed and -lncheck), with
            // deadlock checking off for a property's run: the deadlock has a run of its own.
            List<String> cmd = tlc.command(m, "1", dir, null, cfg);
            if (run[0] != null && !cmd.contains("-deadlock")) {
                cmd.add(cmd.size() - 1, "-deadlock");
            }
            Path log = dir.resolve("tlc.log");
            Tlc.Exit exit = tlc.run(cmd, Tlc.workDir(m), log, m.timeoutSeconds());
            Verdict v;
            if (exit.timedOut()) {
                v = new Verdict(run[1], run[0], "FAILED", ResultKind.TIMEOUT, "killed after " + m.timeoutSeconds()
                        + " s (the model's timeoutSeconds)", null, null, exit.seconds());
            } else {
                TlcOutput.Parsed p = TlcOutput.parse(Files.readString(log), exit.code());
                Integer length = p.trace().isEmpty() ? null : p.trace().size();
                String verdict = switch (p.kind()) {
                    case SUCCESS -> run[0] == null ? "no deadlock" : m.simulation() != null ? "not violated" : "holds";
                    case SAFETY, LIVENESS -> "VIOLATED";
                    case DEADLOCK -> "DEADLOCK";
                    default -> "FAILED";
                };
                String detail = switch (p.kind()) {
                    case SUCCESS -> m.simulation() != null ? "within " + m.simulation().traces() + " traces of depth "
                            + m.simulation().depth() : "the whole state graph";
                    case SAFETY, LIVENESS -> p.kind().label() + (p.property() != null && !p.property().equals(run[1])
                            ? " of " + p.property() : "") + ", " + length + " states";
                    case DEADLOCK -> "reached in " + length + " states";
                    default -> p.kind().label() + (p.message() == null ? "" : ": " + firstLine(p.message()));
                };
                v = new Verdict(run[1], run[0], verdict, p.kind(), detail, p.distinct(), length, exit.seconds());
            }
            err.printf(Locale.ROOT, "  %-32s %-30s %-12s %6.1fs%n", m.name(), v.property(), v.verdict(), v.seconds());
            verdicts.add(v);
            Cli.deleteTree(dir);
        }
        String problem = null;
        if (verdicts.stream().anyMatch(v -> !v.ended())) {
            problem = "a run did not end in a verdict";
        } else if (m.expected().namesProperty() && !m.witness() && verdicts.stream()
                .noneMatch(v -> v.property().equals(m.expectedProperty()) && v.verdict().equals("VIOLATED"))) {
            problem = "its manifest pins " + m.expectation() + ", but checked alone " + m.expectedProperty()
                    + " is not violated";
        }
        return new Audit(m, verdicts, problem);
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }

    /** Audits each model in turn, prints a table per model and writes {@code out/properties.json}. */
    static int run(List<Model> models, Tlc tlc, Path out, PrintStream stdout, PrintStream err)
            throws IOException, InterruptedException {
        Path work = out.resolve("each-property").toAbsolutePath();
        List<Audit> audits = new ArrayList<>();
        for (Model m : models) {
            audits.add(audit(m, tlc, work, err));
        }
        Cli.deleteTree(work);
        boolean ok = true;
        List<Map<String, Object>> json = new ArrayList<>();
        for (Audit a : audits) {
            Model m = a.model();
            stdout.printf("%s (%s/%s, %s; pinned: %s)%n", m.name(), m.dir().getFileName(), m.spec(), m.config(),
                    m.expectation());
            for (Verdict v : a.verdicts()) {
                stdout.printf(Locale.ROOT, "  %-30s %-12s %s%n", v.property(), v.verdict(), v.detail());
            }
            List<String> violated = a.verdicts().stream().filter(v -> v.verdict().equals("VIOLATED"))
                    .map(Verdict::property).toList();
            if (a.problem() != null) {
                ok = false;
                stdout.println("  ERROR " + a.problem());
            } else {
                stdout.println("  violated: " + (violated.isEmpty() ? "none" : String.join(", ", violated)));
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("model", m.name());
            entry.put("pinned", m.expectation());
            entry.put("violated", violated);
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Verdict v : a.verdicts()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("property", v.property());
                row.put("section", v.section() == null ? "deadlock" : v.section().toLowerCase(Locale.ROOT));
                row.put("verdict", v.verdict());
                row.put("result", v.kind().label());
                row.put("detail", v.detail());
                row.put("distinct", v.distinct());
                row.put("traceLength", v.traceLength());
                row.put("seconds", Math.round(v.seconds() * 10) / 10.0);
                rows.add(row);
            }
            entry.put("properties", rows);
            if (a.problem() != null) {
                entry.put("error", a.problem());
            }
            json.add(entry);
        }
        Files.createDirectories(out);
        Path file = out.resolve("properties.json");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
        stdout.println("properties: " + file);
        return ok ? 0 : 1;
    }
}
