package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.engine.MemoryLayer;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A design's spec folder checks wherever it is copied (issue 47.7, "take this design's specs and
 * play with them"): {@code cp -r specs/session /tmp/x && tlc-runner check --specs /tmp/x}. Its
 * links to the Java ({@code views.java}) and its {@code library} folder ({@code ../../memory}) no
 * longer exist: each is one warning, the views are unlinked, and TLC finds the memory layer the
 * runner carries instead; the model ends as its manifest pins.
 */
public class SpecFolderTravelsTest {

    @Test
    void aDesignFolderCopiedAwayStillChecks(@TempDir Path dir) throws Exception {
        Path copy = FixtureSpecs.copy(Paths.get("../specs/session"), dir.resolve("x"));
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = ModelCheck.run(new String[] {"--specs", copy.toString(), "--out", dir.resolve("out").toString(),
                "--model", "SessMemAcquireLoadPlain"}, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        String out = o.toString(StandardCharsets.UTF_8);
        String err = e.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, out + err);
        assertTrue(out.contains("1 models: 1 as expected, 0 mismatched"), out);
        assertTrue(err.contains("warning: x/memory/manifest.json: library: \"../../memory\" is not a folder"), err);
        assertTrue(err.contains("warning: x/memory/manifest.json: views.java."), err);
        assertTrue(!err.contains("ERROR"), err);
        assertTrue(out.contains("memory layer: " + MemoryLayer.version() + ", for 1 model: SessMemAcquireLoadPlain"), out);
        assertTrue(Files.isRegularFile(dir.resolve("out/counterexamples/SessMemAcquireLoadPlain.md")), "its views, unlinked");
    }
}
