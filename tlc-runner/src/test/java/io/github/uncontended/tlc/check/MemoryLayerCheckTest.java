package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.engine.MemoryLayer;
import io.github.uncontended.tlc.fixtures.CheckRun;
import io.github.uncontended.tlc.fixtures.CheckRun.Run;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory layer the runner carries, with real TLC (issue 47.1): an outside user's weak-memory
 * model instances Memory by name with no copy (fixtures/weak-adopter) and is checked; a folder's
 * own Memory.tla still wins; the run says which layer it supplied, and to which models.
 */
public class MemoryLayerCheckTest {

    @TempDir
    Path dir;

    private Run check(Path specs, String... extra) {
        return CheckRun.check(specs, dir.resolve("out"), extra);
    }

    @Test
    void aSpecAnywhereInstancesTheLayerByName() throws Exception {
        Path specs = FixtureSpecs.copy(dir, "weak-adopter");
        Run run = check(specs);
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        assertTrue(run.stdout().contains("3 models: 3 as expected, 0 mismatched"), run.stdout());
        assertTrue(run.stdout().contains("memory layer: " + MemoryLayer.version()
                + ", for 3 models: HandoffWeak, HandoffWeakPlainFlag, HandoffTsoPlain"), run.stdout());
        String log = Files.readString(dir.resolve("out/logs/HandoffWeak.log"));
        assertTrue(log.contains("Parsing file " + MemoryLayer.folder().resolve("Memory.tla")), log);
    }

    @Test
    void aFoldersOwnMemoryModuleWins() throws Exception {
        Path specs = FixtureSpecs.copy(dir, "weak-adopter");
        Path folder = specs.resolve("handoff");
        Files.writeString(folder.resolve("Memory.tla"), MemoryLayer.text("Memory.tla"));
        Path manifest = folder.resolve("manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"modules\": {}",
                "\"modules\": {\"Memory.tla\": \"this folder's own copy of the layer\"}"));
        Run run = check(specs, "--model", "HandoffWeak");
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        assertFalse(run.stdout().contains("memory layer:"), run.stdout());
        String log = Files.readString(dir.resolve("out/logs/HandoffWeak.log"));
        assertTrue(log.contains("Parsing file " + folder.resolve("Memory.tla").toAbsolutePath().normalize()), log);
        assertFalse(MemoryLayer.parsedIn(log), log);
    }

    @Test
    void versionNamesTheLayer() {
        Run run = check(dir, "--version");
        assertEquals(0, run.exit());
        assertTrue(run.stdout().contains("memory layer: " + MemoryLayer.version()), run.stdout());
    }
}
