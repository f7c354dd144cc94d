package io.github.uncontended.tlc;

import static io.github.uncontended.tlc.fixtures.ScriptedTlc.invariantViolated;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.fixtures.ScriptedTlc;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The entry point's exit codes (issue 30, item 3): each subcommand hands its tool's code back
 * unchanged, 1 for a failed check and 2 for a usage error, never 0 for either. In process, with
 * the scripted stand-in for TLC where a model is checked; {@code RunnerJarIT} runs the built jar.
 */
public class RunnerExitCodesTest {

    @TempDir
    Path dir;

    /** The fixtures, copied for each test ({@link FixtureSpecs}: a mutant that pins writes the copy). */
    private String fixtures;

    @BeforeEach
    void copyFixtures() throws Exception {
        fixtures = FixtureSpecs.copy(dir).toString();
    }

    record Run(int exit, String stdout, String stderr) {}

    private static Run run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = Runner.run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Run(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private String jar(String output, int exit) {
        return ScriptedTlc.in(dir.resolve("tlc"), output, exit).toString();
    }

    @Test
    void checkHandsBackTheModelChecksCode() {
        String out = dir.resolve("out").toString();
        assertEquals(0, run("check", "--specs", fixtures, "--out", out, "--model", "Safety", "--tla-jar",
                jar(invariantViolated("XBelowTwo", 4, 4), 12)).exit());
        assertEquals(1, run("check", "--specs", fixtures, "--out", out, "--model", "Safety", "--tla-jar",
                jar(success(4, 4, null), 0)).exit());
        // Options without a subcommand mean check.
        assertEquals(1, run("--specs", fixtures, "--out", out, "--model", "Safety", "--tla-jar", jar(success(4, 4, null), 0)).exit());
        assertEquals(0, run("--specs", fixtures, "--out", out, "--model", "Safety", "--tla-jar",
                jar(invariantViolated("XBelowTwo", 4, 4), 12)).exit());
        assertEquals(2, run("--specs", fixtures, "--out", out, "--model", "Nope").exit());
    }

    @Test
    void listAndPinHandBackTheirCodes() throws Exception {
        Run list = run("list", "--specs", fixtures);
        assertEquals(0, list.exit(), list.stderr());
        assertTrue(list.stdout().contains("Pass "), list.stdout());
        Path broken = dir.resolve("specs/bad");
        Files.createDirectories(broken);
        Files.writeString(broken.resolve("manifest.json"), "not json");
        assertEquals(1, run("list", "--specs", dir.resolve("specs").toString()).exit());
        assertEquals(2, run("pin", "--specs", fixtures, "--workers", "2").exit());
        assertEquals(2, run("properties", "--specs", fixtures, "--simulate").exit());
    }

    /** A spec of a nested folder prints with its whole path under --specs (outer/inner/Adopted.tla, not inner/...). */
    @Test
    void nestedSpecPathsPrintWithTheirFolder() throws Exception {
        Path inner = dir.resolve("nested/outer/inner");
        Files.createDirectories(inner);
        try (java.util.stream.Stream<Path> files = Files.list(Path.of("src/test/resources/fixtures/adopter/demo"))) {
            for (Path f : files.toList()) {
                Files.copy(f, inner.resolve(f.getFileName()));
            }
        }
        Run list = run("list", "--specs", dir.resolve("nested").toString());
        assertEquals(0, list.exit(), list.stderr());
        assertTrue(list.stdout().contains(" outer/inner/Adopted.tla\n"), list.stdout());
    }

    @Test
    void traceHandsBackItsCodes() {
        assertEquals(2, run("trace").exit(), "no logs");
        Run failed = run("trace", "--specs", "../specs", "--out", dir.resolve("t").toString(), "--tla-jar",
                jar(success(1, 1, null), 0), "src/test/resources/fixtures/traces/unparsable.bad");
        assertEquals(1, failed.exit(), failed.stdout());
    }

    @Test
    void modesAndMutantsRefuseBadUsage() {
        assertEquals(2, run("modes", "--frobnicate").exit());
        Run mutants = run("mutants");
        assertEquals(2, mutants.exit());
        assertTrue(mutants.stderr().contains("mutants needs the output folder"), mutants.stderr());
        assertEquals(2, run("mutants", "--specs", "specs").exit());
    }

    @Test
    void mutantsDeclaresItsOptionsAndNamesAnUnknownOne() {
        String folder = dir.resolve("mutants").toString();
        Run help = run("mutants", folder, "--help");
        assertEquals(0, help.exit(), help.stderr());
        assertTrue(help.stdout().contains("--classes=PATH") && help.stdout().contains("Exit codes:"), help.stdout());
        Run unknown = run("mutants", folder, "--frobnicate");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.stderr().startsWith("error: unknown option '--frobnicate'"), unknown.stderr());
        Run option = run("mutants", "--specs", "specs");
        assertTrue(option.stderr().startsWith("error: mutants needs the output folder"), option.stderr());
    }

    @Test
    void summaryAndAFailingSubcommandHandBackTwo() {
        Run summary = run("summary", "java", "LABEL");
        assertEquals(2, summary.exit());
        assertTrue(summary.stderr().startsWith("error: summary java needs LABEL and JCDIR"), summary.stderr());
        Run thrown = run("probe", "--specs", dir.resolve("none").toString(), "--model", "Pass");
        assertEquals(2, thrown.exit(), "an exception out of a subcommand is a usage error: " + thrown.stderr());
        assertTrue(thrown.stderr().contains("does not exist"), thrown.stderr());
    }

    @Test
    void docsHandsBackItsCodes() throws Exception {
        assertEquals(2, run("docs", "--frobnicate").exit());
        Path page = dir.resolve("page.md");
        Files.writeString(page, "See [nowhere](missing.md).\n");
        Run broken = run("docs", page.toString());
        assertEquals(1, broken.exit(), broken.stdout() + broken.stderr());
        Files.writeString(page, "Nothing to check.\n");
        Run fine = run("docs", page.toString());
        assertEquals(0, fine.exit(), fine.stdout() + fine.stderr());
    }

    @Test
    void scaleAndProbeRefuseBadUsage() {
        Run minutes = run("scale", "--model", "Pass", "--minutes", "0");
        assertEquals(2, minutes.exit());
        assertTrue(minutes.stderr().contains("--minutes must be at least 1, not 0"), minutes.stderr());
        Run engines = run("scale", "--model", "Pass", "--engines", "w9");
        assertEquals(2, engines.exit());
        assertTrue(engines.stderr().startsWith("error: --engines: "), engines.stderr());
        Run oneMinute = run("scale", "--model", "Pass", "--minutes", "1", "--engines", "w9");
        assertEquals(2, oneMinute.exit());
        assertTrue(oneMinute.stderr().startsWith("error: --engines: "), "one minute is enough: " + oneMinute.stderr());
        assertEquals(2, run("scale").exit(), "--model is required");
        Run noModel = run("scale", "--specs", fixtures, "--model", "Nope", "--minutes", "1");
        assertEquals(2, noModel.exit(), "scale hands back the measurement's code: " + noModel.stderr());
        Run probe = run("probe", "--specs", fixtures, "--model", "Nope");
        assertEquals(2, probe.exit());
        assertTrue(probe.stderr().contains("error: no model Nope in"), probe.stderr());
    }

    /** Every subcommand's --help exits 0 and lists its options and its exit codes, 0, 1 and 2 each with its meaning. */
    @Test
    void everySubcommandsHelpListsItsExitCodes() {
        for (String sub : List.of("check", "list", "pin", "properties", "trace", "modes", "mutants", "docs", "summary",
                "jcstress", "jcstress-mutants", "scale", "probe")) {
            Run help = run(sub, "--help");
            assertEquals(0, help.exit(), sub + ": " + help.stderr());
            String text = help.stdout();
            assertTrue(text.startsWith("Usage: tlc-runner " + sub + " "), sub + ": " + text);
            assertTrue(text.contains("\nExit codes:\n  0   ") && text.contains("\n  1   ") && text.contains("\n  2   "),
                    sub + ": " + text);
            assertTrue(text.contains("-h, --help"), sub + ": " + text);
        }
    }

    @Test
    void unknownSubcommandsAndHelpAndVersion() {
        Run unknown = run("frobnicate");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.stderr().startsWith("error: unknown subcommand 'frobnicate'"), unknown.stderr());
        assertTrue(unknown.stderr().contains("`tlc-runner --help` lists the subcommands"), unknown.stderr());
        Run help = run();
        assertEquals(0, help.exit());
        assertTrue(help.stdout().contains("Exit codes: 0 everything as expected;"), help.stdout());
        Run dashHelp = run("--help");
        assertEquals(0, dashHelp.exit());
        assertEquals(help.stdout(), dashHelp.stdout(), "--help is the entry point's, not check's");
        assertEquals(help.stdout(), run("-h").stdout());
        Run version = run("--version");
        assertEquals(0, version.exit());
        assertTrue(version.stdout().startsWith("tlc-runner "), version.stdout());
        assertTrue(version.stdout().contains("\nmemory layer: Memory.tla, Program.tla from tlc-runner "), version.stdout());
    }
}
