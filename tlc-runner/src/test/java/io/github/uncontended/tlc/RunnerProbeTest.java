package io.github.uncontended.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tlc-runner probe} on two fixture models: what TLC's parser (not a model check: about a
 * second, no state is explored) reads from a good config, 0; a spec it cannot parse, its message
 * and 1; and that the probe leaves no scratch folder behind. Each model is renamed in the copy of
 * the fixtures, so that this test's scratch folders are told from any other's.
 */
class RunnerProbeTest {

    @TempDir
    Path dir;

    record Run(int exit, String stdout, String stderr) {}

    private static Run run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = Runner.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Run(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    /** The fixtures, with model {@code from} renamed {@code to}. */
    private String fixturesRenaming(String from, String to) throws Exception {
        Path specs = FixtureSpecs.copy(dir);
        Path manifest = specs.resolve("kinds/manifest.json");
        String text = Files.readString(manifest);
        assertTrue(text.contains("\"name\": \"" + from + "\","), from);
        Files.writeString(manifest, text.replace("\"name\": \"" + from + "\",", "\"name\": \"" + to + "\","));
        return specs.toString();
    }

    /** Scratch folders of the probe of {@code model} left in the temporary folder. */
    private static long leftBehind(String model) throws Exception {
        Path tmp = Paths.get(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> dirs = Files.list(tmp)) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("tlc-probe"))
                    .filter(d -> Files.exists(d.resolve("TlcRunner_" + model + ".cfg"))).count();
        }
    }

    @Test
    void theProbeListsWhatTlcReadsAsInvariantsActionsAndTemporalProperties() throws Exception {
        String name = "ProbedSafety" + ProcessHandle.current().pid() + System.nanoTime();
        Run r = run("probe", "--specs", fixturesRenaming("Safety", name), "--model", name);
        assertEquals(0, r.exit(), r.stderr());
        assertEquals("invariants: InRange XBelowTwo\nactions:    \ntemporal:   \n", r.stdout().replace("\r\n", "\n"));
        assertEquals("", r.stderr());
        assertEquals(0, leftBehind(name), "the probe's scratch folder is deleted");
    }

    @Test
    void aSpecTlcCannotParseIsAFailedProbe() throws Exception {
        String name = "ProbedParseError" + ProcessHandle.current().pid() + System.nanoTime();
        Run r = run("probe", "--specs", fixturesRenaming("ParseError", name), "--model", name);
        assertEquals(1, r.exit(), r.stdout() + r.stderr());
        assertEquals("error: " + name + ": error: Parsing or semantic analysis failed.\n", r.stderr().replace("\r\n", "\n"));
        assertEquals("", r.stdout());
    }
}
