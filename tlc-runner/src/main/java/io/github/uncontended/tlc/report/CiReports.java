package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.engine.Engine;
import io.github.uncontended.tlc.engine.RunResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The results in the two forms CI systems read: JUnit XML ({@code --junit}) for test dashboards
 * and a Markdown table ({@code --summary}) for a job summary.
 */
public final class CiReports {

    private CiReports() {}

    /**
     * JUnit XML: one {@code <testsuite>} per manifest (named by its folder under the specs
     * folder, e.g. {@code sequencer/litmus}), one {@code <testcase>} per model (classname
     * {@code specs.sequencer.litmus}). A model that ended as pinned passes, its result in
     * {@code <system-out>}; a wrong result is a {@code <failure>} and a run that did not finish
     * (parse or config error, crash, timeout, stale PlusCal) an {@code <error>}, each with the
     * expectation, the violated property and the counterexample's path. Manifest errors are
     * {@code <error>} test cases of a suite {@code manifests}.
     */
    public static void junit(List<RunResult> results, List<String> errors, Path specs, Path out, Path file) throws IOException {
        Map<String, List<RunResult>> suites = new LinkedHashMap<>();
        for (RunResult r : results) {
            suites.computeIfAbsent(Report.relative(specs, r.model().dir()), k -> new ArrayList<>()).add(r);
        }
        long failures = results.stream().filter(r -> !r.matches() && r.kind().expectable()).count();
        long errorCount = results.stream().filter(r -> !r.matches() && !r.kind().expectable()).count() + errors.size();
        double total = results.stream().mapToDouble(RunResult::seconds).sum();
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuites name=\"tlc-runner\" tests=\"").append(results.size() + errors.size())
                .append("\" failures=\"").append(failures).append("\" errors=\"").append(errorCount)
                .append("\" time=\"").append(seconds(total)).append("\">\n");
        for (Map.Entry<String, List<RunResult>> suite : suites.entrySet()) {
            List<RunResult> rs = suite.getValue();
            x.append("  <testsuite name=\"").append(attr(suite.getKey())).append("\" tests=\"").append(rs.size())
                    .append("\" failures=\"").append(rs.stream().filter(r -> !r.matches() && r.kind().expectable()).count())
                    .append("\" errors=\"").append(rs.stream().filter(r -> !r.matches() && !r.kind().expectable()).count())
                    .append("\" skipped=\"0\" time=\"").append(seconds(rs.stream().mapToDouble(RunResult::seconds).sum()))
                    .append("\">\n");
            String classname = "specs." + suite.getKey().replace('/', '.');
            for (RunResult r : rs) {
                x.append("    <testcase name=\"").append(attr(r.model().name())).append("\" classname=\"")
                        .append(attr(classname)).append("\" time=\"").append(seconds(r.seconds())).append("\"");
                String details = details(r, out);
                if (r.matches()) {
                    x.append(">\n      <system-out>").append(text(details)).append("</system-out>\n    </testcase>\n");
                } else {
                    String tag = r.kind().expectable() ? "failure" : "error";
                    x.append(">\n      <").append(tag).append(" message=\"").append(attr(r.reason())).append("\" type=\"")
                            .append(attr(r.kind().label())).append("\">").append(text(details)).append("</").append(tag)
                            .append(">\n    </testcase>\n");
                }
            }
            x.append("  </testsuite>\n");
        }
        if (!errors.isEmpty()) {
            x.append("  <testsuite name=\"manifests\" tests=\"").append(errors.size()).append("\" failures=\"0\" errors=\"")
                    .append(errors.size()).append("\" skipped=\"0\" time=\"0\">\n");
            for (String e : errors) {
                // Named by the manifest, and the model when the error is one model's.
                String[] parts = e.split(": ", 3);
                String where = parts.length >= 2 && parts[1].startsWith("model ") ? parts[0] + ": " + parts[1] : parts[0];
                x.append("    <testcase name=\"").append(attr(where)).append("\" classname=\"manifests\" time=\"0\">\n")
                        .append("      <error message=\"").append(attr(e)).append("\" type=\"manifest\">").append(text(e))
                        .append("</error>\n    </testcase>\n");
            }
            x.append("  </testsuite>\n");
        }
        x.append("</testsuites>\n");
        write(file, x.toString());
    }

    /** What a test case says: expectation, what TLC found, the property, counts, counterexample, reason. */
    private static String details(RunResult r, Path out) {
        StringBuilder sb = new StringBuilder();
        sb.append("expected: ").append(r.model().expectation()).append('\n');
        sb.append("got: ").append(Report.gotLabel(r)).append('\n');
        if (r.property() != null) {
            sb.append("violated property: ").append(r.property()).append('\n');
        }
        if (r.simulatedWithoutViolation()) {
            sb.append("simulation: ").append(Engine.noViolation(r.engine().simulation()))
                    .append(": random behaviours, not a proof\n");
        }
        if (r.distinct() != null || r.total() != null) {
            sb.append("states: ").append(r.distinct()).append(" distinct, ").append(r.total()).append(" total\n");
        }
        if (r.engine() != null) {
            sb.append("engine: ").append(r.engine().kind().label()).append(" (").append(r.engine().detail()).append(")\n");
            if (r.engine().note() != null) {
                sb.append("note: ").append(r.engine().note()).append('\n');
            }
        }
        if (r.counterexample() != null) {
            sb.append("counterexample: ").append(Report.relative(out, r.counterexample())).append(" (table: ")
                    .append(Report.relative(out, CounterexampleViews.tableFile(r.counterexample()))).append(", swimlane: ")
                    .append(Report.relative(out, CounterexampleViews.htmlFile(r.counterexample()))).append(", explorer: ")
                    .append(Report.relative(out, Explorer.explorerFile(r.counterexample()))).append(")\n");
        }
        if (r.log() != null) {
            sb.append("TLC log: ").append(Report.relative(out, r.log())).append('\n');
        }
        if (!r.matches()) {
            sb.append("reason: ").append(r.reason()).append('\n');
        }
        return sb.toString();
    }

    /**
     * A Markdown results table: a heading with the totals, one row per model, then the
     * mismatches and manifest errors with their reasons. Paths are relative to {@code out}.
     */
    public static void markdown(List<RunResult> results, List<String> errors, Path out, Path file) throws IOException {
        long mismatched = results.stream().filter(r -> !r.matches()).count();
        StringBuilder md = new StringBuilder();
        md.append("### TLC model check: ").append(results.size()).append(" models, ")
                .append(results.size() - mismatched).append(" as pinned, ").append(mismatched).append(" mismatched")
                .append(errors.isEmpty() ? "" : ", " + errors.size() + " manifest errors").append("\n\n");
        md.append("| | model | expected | got | violated property | distinct | total | seconds | counterexample |\n");
        md.append("| --- | --- | --- | --- | --- | ---: | ---: | ---: | --- |\n");
        for (RunResult r : results) {
            md.append("| ").append(r.matches() ? "✅" : "❌").append(" | ").append(cell(r.model().name())).append(" | ")
                    .append(cell(r.model().expectation())).append(" | ").append(cell(Report.gotLabel(r))).append(" | ")
                    .append(r.property() == null ? "" : cell(r.property())).append(" | ").append(num(r.distinct()))
                    .append(" | ").append(num(r.total())).append(" | ")
                    .append(String.format(Locale.ROOT, "%.1f", r.seconds())).append(" | ")
                    .append(r.counterexample() == null ? "" : "`" + Report.relative(out,
                            CounterexampleViews.tableFile(r.counterexample())) + "`")
                    .append(" |\n");
        }
        List<String> notes = Report.notes(results).stream().filter(l -> !l.isEmpty()).toList();
        if (!notes.isEmpty()) {
            md.append('\n');
            notes.forEach(l -> md.append("- ").append(cell(l)).append('\n'));
        }
        if (mismatched > 0 || !errors.isEmpty()) {
            md.append('\n');
            for (RunResult r : results) {
                if (!r.matches()) {
                    md.append("- ❌ **").append(cell(r.model().name())).append("**: ").append(cell(r.reason())).append('\n');
                }
            }
            for (String e : errors) {
                md.append("- ❌ manifest: ").append(cell(e)).append('\n');
            }
        }
        write(file, md.toString());
    }

    private static void write(Path file, String text) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.writeString(file, text);
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }

    private static String num(Long n) {
        return n == null ? "" : String.valueOf(n);
    }

    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }

    private static String attr(String s) {
        return text(s).replace("\"", "&quot;").replace("\n", "&#10;");
    }

    /** XML text: escaped, and without the control characters XML 1.0 forbids. */
    private static String text(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                default -> sb.append(c < 0x20 && c != '\n' && c != '\t' && c != '\r' ? '?' : c);
            }
        }
        return sb.toString();
    }
}
