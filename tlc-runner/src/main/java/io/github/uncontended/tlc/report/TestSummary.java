package io.github.uncontended.tlc.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.jcstress.Caught;
import io.github.uncontended.tlc.jcstress.JcstressConsole;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

/**
 * The closing lines of a test run ({@code .ci/test-summary.sh}): what ran, per kind, and the total
 * as "N passed, N failed, N skipped". Counts come from the run's own records: Surefire and
 * Failsafe XML reports, jcstress's console (the tests its RUN RESULTS calls OK, read by the jcstress
 * driver's reader) and the record of caught broken variants ({@code target/jcstress-broken/caught.tsv}),
 * the runner's JSON reports.
 *
 * <pre>
 *   TestSummary              after make test, in the repository's root: every kind; also saves the
 *                            counts to target/test-summary.counts
 *   TestSummary java LABEL JCDIR
 *                            after make test-java on another JDK: its JUnit reports and the jcstress
 *                            results in JCDIR, then the total with the saved counts
 * </pre>
 * Exit status: 0 when it could read every record (the verdicts are the steps' own), 2 when a
 * record is missing or unreadable: a step that should have written it did not run to the end.
 */
public final class TestSummary {

    /** JUnit counts: tests, failures, errors, skipped. */
    record JUnit(int tests, int failures, int errors, int skipped) {
        JUnit plus(JUnit o) {
            return new JUnit(tests + o.tests, failures + o.failures, errors + o.errors, skipped + o.skipped);
        }

        int passed() {
            return tests - failures - errors - skipped;
        }
    }

    private TestSummary() {}

    public static void main(String[] args) {
        System.exit(run(Paths.get(""), args, System.out, System.err));
    }

    /** {@code tlc-runner summary ARGS} in {@code root}: parse, summarize, the exit code ({@link SummaryCommand}'s help lists them). */
    public static int run(Path root, String[] args, PrintStream out, PrintStream err) {
        return io.github.uncontended.tlc.util.Cli.execute(new SummaryCommand(root), args, out, err);
    }

    /** Either summary, an unreadable record an error (exit 2). */
    static int summarize(Path root, String label, Path jcdir, PrintStream out, PrintStream err) {
        try {
            return label == null ? all(root, out) : java(root, label, root.resolve(jcdir), out);
        } catch (IOException | RuntimeException e) {
            err.println("error: test summary: " + e.getMessage());
            return 2;
        }
    }

    private static int java(Path root, String label, Path jcdir, PrintStream out) throws IOException {
        JUnit j = junit(root, List.of("java-impl", "lincheck-tests", "jcstress-tests", "benchmarks"));
        int jcOk = jcstressPassed(jcdir);
        out.println("test summary, " + label + ": JUnit (unit, Lincheck) " + j.passed() + "/" + j.tests() + " passed ("
                + j.skipped() + " skipped); jcstress " + jcOk + " passed");
        Path saved = root.resolve("target/test-summary.counts");
        String[] c = Files.readString(saved).strip().split("\\s+");
        out.println((Integer.parseInt(c[0]) + j.passed() + jcOk) + " passed, " + (Integer.parseInt(c[1]) + j.failures()
                + j.errors()) + " failed, " + (Integer.parseInt(c[2]) + j.skipped()) + " skipped");
        return 0;
    }

    private static int all(Path root, PrintStream out) throws IOException {
        List<String> modules = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path d : dirs) {
                modules.add(d.getFileName().toString());
            }
        }
        modules.sort(null);
        JUnit j = junit(root, modules);
        int jcOk = jcstressPassed(root.resolve("target/jcstress"));
        int jcBroken = Caught.read(root.resolve("target/jcstress-broken")).size();
        ObjectMapper json = new ObjectMapper();
        JsonNode report = json.readTree(root.resolve("target/model-check/report.json").toFile()).path("summary");
        int models = report.path("models").asInt();
        int matched = report.path("matched").asInt();
        JsonNode modes = json.readTree(root.resolve("target/access-modes.json").toFile());
        int modesOk = modes.path("matched").asInt();
        int modesBad = modes.path("mismatched").asInt();
        int peerOk = modes.path("peerMatched").asInt();
        int peerBad = modes.path("peerMismatched").asInt();
        JsonNode traces = json.readTree(root.resolve("target/trace-check/summary.json").toFile());
        int traced = traces.path("traces").asInt();
        int tracedOk = traces.path("asExpected").asInt();
        out.println("test summary: JUnit (runner, unit, Lincheck) " + j.passed() + "/" + j.tests() + " passed (" + j.skipped()
                + " skipped); jcstress " + jcOk + " passed and " + jcBroken + " broken variants caught; TLC models " + matched
                + "/" + models + " as pinned; access modes " + modesOk + " matching their models (" + modesBad
                + " mismatched), peers' " + peerOk + " (" + peerBad + " mismatched); recorded traces " + tracedOk + "/"
                + traced + " judged as expected; design pages in step with the code and the counterexamples");
        int passed = j.passed() + jcOk + jcBroken + matched + modesOk + peerOk + tracedOk;
        int failed = j.failures() + j.errors() + models - matched + modesBad + peerBad + traced - tracedOk;
        Path steps = root.resolve("target/step-times.tsv");
        if (Files.exists(steps)) {
            List<String> parts = new ArrayList<>();
            for (String line : Files.readAllLines(steps)) {
                String[] f = line.split("\t");
                if (f.length >= 3) {
                    int s = Integer.parseInt(f[1].strip());
                    parts.add(String.format(Locale.ROOT, "%s %d:%02d/%s", f[0], s / 60, s % 60, f[2].strip()));
                }
            }
            out.println("steps (min:s, budget in min): " + String.join(", ", parts));
        }
        Files.createDirectories(root.resolve("target"));
        Files.writeString(root.resolve("target/test-summary.counts"), passed + " " + failed + " " + j.skipped() + "\n");
        out.println(passed + " passed, " + failed + " failed, " + j.skipped() + " skipped");
        return 0;
    }

    /** The totals of the Surefire and Failsafe reports of the given modules (folders under root). */
    static JUnit junit(Path root, List<String> modules) throws IOException {
        JUnit sum = new JUnit(0, 0, 0, 0);
        for (String m : modules) {
            for (String kind : List.of("surefire-reports", "failsafe-reports")) {
                Path dir = root.resolve(m).resolve("target").resolve(kind);
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "TEST-*.xml")) {
                    for (Path f : files) {
                        sum = sum.plus(suite(f));
                    }
                }
            }
        }
        return sum;
    }

    private static JUnit suite(Path file) throws IOException {
        try {
            Element e = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile()).getDocumentElement();
            return new JUnit(number(e, "tests"), number(e, "failures"), number(e, "errors"), number(e, "skipped"));
        } catch (javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException ex) {
            throw new IOException(file + ": " + ex.getMessage(), ex);
        }
    }

    private static int number(Element e, String attribute) {
        String v = e.getAttribute(attribute);
        return v.isEmpty() ? 0 : Integer.parseInt(v);
    }

    /**
     * The jcstress tests that passed in a results folder: those its console's RUN RESULTS calls OK,
     * read by the driver's own reader ({@link JcstressConsole}); none when the run did not finish.
     */
    private static int jcstressPassed(Path dir) throws IOException {
        return JcstressConsole.read(dir.resolve("console.txt")).passed().size();
    }
}
