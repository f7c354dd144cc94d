package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --pin}: measured counts written into the manifest, only there, only when the rest matches. */
public class PinTest {

    private static String run(Path specs, Path out, int expectedExit, String... extra) {
        List<String> args = new ArrayList<>(List.of("--specs", specs.toString(), "--out", out.toString()));
        args.addAll(List.of(extra));
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = ModelCheck.run(args.toArray(String[]::new), new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        String printed = o.toString(StandardCharsets.UTF_8) + e.toString(StandardCharsets.UTF_8);
        assertEquals(expectedExit, exit, printed);
        return printed;
    }

    private static Path copyKinds(Path dir) throws Exception {
        Path from = ModelCheckFixturesTest.SPECS.resolve("kinds");
        Path to = dir.resolve("specs/kinds");
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return dir.resolve("specs");
    }

    @Test
    void aDriftedModelIsPinnedAndOnlyItsCountsChange(@TempDir Path dir) throws Exception {
        Path specs = copyKinds(dir);
        Path manifest = specs.resolve("kinds/manifest.json");
        List<String> before = Files.readAllLines(manifest);
        String printed = run(specs, dir.resolve("out"), 0, "--model", "Drift", "--pin");
        assertTrue(printed.contains("PINNED Drift (" + manifest + "): distinct 13"), printed);
        List<String> after = Files.readAllLines(manifest);
        assertEquals(before.size(), after.size());
        int changed = 0;
        for (int i = 0; i < before.size(); i++) {
            if (!before.get(i).equals(after.get(i))) {
                changed++;
                assertTrue(after.get(i).contains("12"), after.get(i));
            }
        }
        assertEquals(1, changed, "one count changed: distinct 13 -> 12");
        run(specs, dir.resolve("out2"), 0, "--model", "Drift");
    }

    @Test
    void aWrongResultIsNeverPinned(@TempDir Path dir) throws Exception {
        Path specs = copyKinds(dir);
        Path manifest = specs.resolve("kinds/manifest.json");
        String before = Files.readString(manifest);
        String printed = run(specs, dir.resolve("out"), 1, "--model", "ExpectedSafetyButPasses,WrongProperty", "--pin");
        assertTrue(!printed.contains("PINNED"), printed);
        assertEquals(before, Files.readString(manifest));
    }

    @Test
    void pinNeedsOneWorker(@TempDir Path dir) throws Exception {
        String printed = run(copyKinds(dir), dir.resolve("out"), 2, "--model", "Drift", "--pin", "--workers", "2");
        assertTrue(printed.contains("--pin writes the counts of one TLC process with one worker"), printed);
    }
}
