package io.github.uncontended.tlc.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/**
 * The memory layer the runner carries (issue 47.1): the same text as specs/memory, its one source;
 * written where TLC finds it, last on the library path; recognised in a TLC log.
 */
public class MemoryLayerTest {

    private static final Path SOURCE = Paths.get("../specs/memory");

    @Test
    void theJarCarriesSpecsMemorysModulesAsTheyAre() throws Exception {
        for (String module : MemoryLayer.MODULES) {
            assertEquals(Files.readString(SOURCE.resolve(module)), MemoryLayer.text(module), module);
            assertEquals(Files.readString(SOURCE.resolve(module)), Files.readString(MemoryLayer.folder().resolve(module)));
        }
        assertTrue(MemoryLayer.digest().matches("[0-9a-f]{12}"), MemoryLayer.digest());
        assertTrue(MemoryLayer.folder().getFileName().toString().startsWith(MemoryLayer.FOLDER_PREFIX + MemoryLayer.digest()));
        assertTrue(MemoryLayer.version().startsWith("Memory.tla, Program.tla from tlc-runner "), MemoryLayer.version());
        assertTrue(MemoryLayer.version().endsWith("(sha256 " + MemoryLayer.digest() + ")"), MemoryLayer.version());
    }

    /** Last on TLA-Library: a spec's folder, its parent and a manifest's library come first and win. */
    @Test
    void theLayerIsLastOnTheLibraryPath() {
        String property = Tlc.libraryProperty(Paths.get("/a"), Paths.get("/b"));
        assertEquals("-DTLA-Library=/a" + File.pathSeparator + "/b" + File.pathSeparator + MemoryLayer.folder(), property);
        assertEquals("-DTLA-Library=" + MemoryLayer.folder(), Tlc.libraryProperty());
    }

    @Test
    void aLogSaysWhetherTlcParsedTheLayer() {
        String bundled = "Parsing file /x/y/Spec.tla\nParsing file " + MemoryLayer.folder().resolve("Memory.tla") + "\n";
        assertTrue(MemoryLayer.parsedIn(bundled));
        assertTrue(MemoryLayer.parsedIn("Parsing file /tmp/" + MemoryLayer.FOLDER_PREFIX + "0123456789ab-77/Program.tla\n"));
        assertFalse(MemoryLayer.parsedIn("Parsing file /work/specs/memory/Memory.tla\n"), "the repository's own");
        assertFalse(MemoryLayer.parsedIn("Parsing file /tmp/" + MemoryLayer.FOLDER_PREFIX + "0123456789ab-77/Other.tla\n"));
    }
}
