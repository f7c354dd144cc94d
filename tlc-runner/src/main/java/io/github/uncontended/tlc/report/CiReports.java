package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.engine.Engine;
import io.github.uncontended.tlc.engine.RunResult;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

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
     * {@code <error>} test cases of a suite {@code manifests}. Paths in the test cases are relative
     * to the XML file's folder, where a CI system that archives the reports looks from. The
     * attributes are those of the JUnit schema CI systems validate against (Jenkins' among them):
     * {@code skipped} on each {@code <testsuite>}, not on {@code <testsuites>}.
     */
    public static void junit(List<RunResult> results, List<String> errors, Path specs, Path file) throws IOException {
        Path base = file.toAbsolutePath().getParent();
        Map<String, List<RunResult>> suites = new LinkedHashMap<>();
        for (RunResult r : results) {
            suites.computeIfAbsent(Report.relative(specs, r.model().dir()), k -> new ArrayList<>()).add(r);
        }
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(w);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("testsuites");
            x.writeAttribute("name", "tlc-runner");
            counts(x, results, errors.size(), false);
            for (Map.Entry<String, List<RunResult>> suite : suites.entrySet()) {
                List<RunResult> rs = suite.getValue();
                x.writeCharacters("\n  ");
                x.writeStartElement("testsuite");
                x.writeAttribute("name", clean(suite.getKey()));
                counts(x, rs, 0, true);
                String classname = "specs." + suite.getKey().replace('/', '.');
                for (RunResult r : rs) {
                    x.writeCharacters("\n    ");
                    x.writeStartElement("testcase");
                    x.writeAttribute("name", clean(r.model().name()));
                    x.writeAttribute("classname", clean(classname));
                    x.writeAttribute("time", seconds(r.seconds()));
                    x.writeCharacters("\n      ");
                    if (r.matches()) {
                        x.writeStartElement("system-out");
                    } else {
                        x.writeStartElement(r.kind().expectable() ? "failure" : "error");
                        x.writeAttribute("message", clean(r.reason()));
                        x.writeAttribute("type", clean(r.kind().label()));
                    }
                    x.writeCharacters(clean(details(r, base)));
                    x.writeEndElement();
                    x.writeCharacters("\n    ");
                    x.writeEndElement();
                }
                x.writeCharacters("\n  ");
                x.writeEndElement();
            }
            if (!errors.isEmpty()) {
                x.writeCharacters("\n  ");
                x.writeStartElement("testsuite");
                x.writeAttribute("name", "manifests");
                x.writeAttribute("tests", String.valueOf(errors.size()));
                x.writeAttribute("failures", "0");
                x.writeAttribute("errors", String.valueOf(errors.size()));
                x.writeAttribute("skipped", "0");
                x.writeAttribute("time", "0");
                for (String e : errors) {
                    // Named by the manifest, and the model when the error is one model's.
                    String[] parts = e.split(": ", 3);
                    String where = parts.length >= 2 && parts[1].startsWith("model ") ? parts[0] + ": " + parts[1] : parts[0];
                    x.writeCharacters("\n    ");
                    x.writeStartElement("testcase");
                    x.writeAttribute("name", clean(where));
                    x.writeAttribute("classname", "manifests");
                    x.writeAttribute("time", "0");
                    x.writeCharacters("\n      ");
                    x.writeStartElement("error");
                    x.writeAttribute("message", clean(e));
                    x.writeAttribute("type", "manifest");
                    x.writeCharacters(clean(e));
                    x.writeEndElement();
                    x.writeCharacters("\n    ");
                    x.writeEndElement();
                }
                x.writeCharacters("\n  ");
                x.writeEndElement();
            }
            x.writeCharacters("\n");
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * A suite's counts: tests (with {@code extraErrors} manifest errors), failures (wrong results),
     * errors (runs that did not finish), {@code skipped} for a {@code <testsuite>} (none is ever
     * skipped), time.
     */
    private static void counts(XMLStreamWriter x, List<RunResult> rs, int extraErrors, boolean suite)
            throws XMLStreamException {
        x.writeAttribute("tests", String.valueOf(rs.size() + extraErrors));
        x.writeAttribute("failures", String.valueOf(rs.stream().filter(r -> !r.matches() && r.kind().expectable()).count()));
        x.writeAttribute("errors", String.valueOf(rs.stream().filter(r -> !r.matches() && !r.kind().expectable()).count()
                + extraErrors));
        if (suite) {
            x.writeAttribute("skipped", "0");
        }
        x.writeAttribute("time", seconds(rs.stream().mapToDouble(RunResult::seconds).sum()));
    }

    /** What a test case says: expectation, what TLC found, the property, counts, counterexample, reason; paths relative to {@code base}. */
    private static String details(RunResult r, Path base) {
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
            sb.append("counterexample: ").append(Report.relative(base, r.counterexample())).append(" (table: ")
                    .append(Report.relative(base, CounterexampleViews.tableFile(r.counterexample()))).append(", swimlane: ")
                    .append(Report.relative(base, CounterexampleViews.htmlFile(r.counterexample()))).append(", explorer: ")
                    .append(Report.relative(base, Explorer.explorerFile(r.counterexample()))).append(")\n");
        }
        if (r.log() != null) {
            sb.append("TLC log: ").append(Report.relative(base, r.log())).append('\n');
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

    /** Without the control characters XML 1.0 forbids (the writer escapes the rest). */
    private static String clean(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            sb.append(c < 0x20 && c != '\n' && c != '\t' && c != '\r' ? '?' : c);
        }
        return sb.toString();
    }
}
