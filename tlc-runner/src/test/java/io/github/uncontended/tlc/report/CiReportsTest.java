package io.github.uncontended.tlc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Manifest errors in the CI reports: each a JUnit error test case, each a line of the summary. */
public class CiReportsTest {

    @Test
    void manifestErrorsAreErrorTestCases(@TempDir Path out) throws Exception {
        List<String> errors = List.of(
                "specs/demo/manifest.json: model 'A': size: must be one of [ci, deep] (got 'huge')",
                "specs/demo/manifest.json: \"design\" is required");
        CiReports.junit(List.of(), errors, out.resolve("specs"), out.resolve("junit.xml"));
        var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(out.resolve("junit.xml").toFile());
        assertEquals("2", doc.getDocumentElement().getAttribute("tests"));
        assertEquals("2", doc.getDocumentElement().getAttribute("errors"));
        var cases = doc.getElementsByTagName("testcase");
        assertEquals("specs/demo/manifest.json: model 'A'", ((org.w3c.dom.Element) cases.item(0)).getAttribute("name"));
        assertEquals("specs/demo/manifest.json", ((org.w3c.dom.Element) cases.item(1)).getAttribute("name"));
        assertTrue(cases.item(0).getTextContent().contains("size: must be one of [ci, deep] (got 'huge')"));

        CiReports.markdown(List.of(), errors, out, out.resolve("summary.md"));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.startsWith("### TLC model check: 0 models, 0 as pinned, 0 mismatched, 2 manifest errors"), md);
        assertTrue(md.contains("- ❌ manifest: specs/demo/manifest.json: \"design\" is required"), md);
    }

    /**
     * The attributes Jenkins' JUnit schema accepts: {@code skipped} on each {@code <testsuite>}, none on
     * {@code <testsuites>}; and the paths a test case names are relative to the XML file's folder.
     */
    @Test
    void skippedIsASuitesAttributeAndPathsAreRelativeToTheXml(@TempDir Path out) throws Exception {
        io.github.uncontended.tlc.manifest.Model pass = new io.github.uncontended.tlc.manifest.ManifestLoader(
                io.github.uncontended.tlc.fixtures.FixtureSpecs.copy(out)).load().models().stream()
                .filter(m -> m.name().equals("Pass")).findFirst().orElseThrow();
        Path log = out.resolve("model-check/logs/Pass.log");
        io.github.uncontended.tlc.engine.RunResult crashed = io.github.uncontended.tlc.engine.RunResult.failed(pass,
                io.github.uncontended.tlc.manifest.ResultKind.CRASH, "TLC crashed", 1.5, log);
        Path xml = out.resolve("junit/models.xml");
        CiReports.junit(List.of(crashed), List.of(), out.resolve("fixture-specs"), xml);
        var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        assertEquals("", doc.getDocumentElement().getAttribute("skipped"), "no skipped on <testsuites>");
        assertTrue(!doc.getDocumentElement().hasAttribute("skipped"));
        var suite = (org.w3c.dom.Element) doc.getElementsByTagName("testsuite").item(0);
        assertEquals("0", suite.getAttribute("skipped"));
        String body = doc.getElementsByTagName("error").item(0).getTextContent();
        assertTrue(body.contains("TLC log: ../model-check/logs/Pass.log"), body);
    }

    /** What XML cannot carry as is: markup characters are escaped by the writer, forbidden control characters replaced. */
    @Test
    void markupAndControlCharactersStayWellFormed(@TempDir Path out) throws Exception {
        String nasty = "specs/x/manifest.json: model 'B<&>\"': TLC said <<1, 2>> & \u0001 stopped";
        CiReports.junit(List.of(), List.of(nasty), out.resolve("specs"), out.resolve("junit.xml"));
        var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(out.resolve("junit.xml").toFile());
        var error = (org.w3c.dom.Element) doc.getElementsByTagName("error").item(0);
        assertEquals("specs/x/manifest.json: model 'B<&>\"': TLC said <<1, 2>> & ? stopped", error.getTextContent());
        assertEquals(error.getTextContent(), error.getAttribute("message"));
    }
}
