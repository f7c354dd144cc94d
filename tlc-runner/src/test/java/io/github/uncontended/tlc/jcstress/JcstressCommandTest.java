package io.github.uncontended.tlc.jcstress;

import static io.github.uncontended.tlc.jcstress.Fixtures.RACY;
import static io.github.uncontended.tlc.jcstress.Fixtures.WRAP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.fixtures.CheckRun;
import io.github.uncontended.tlc.fixtures.CheckRun.Run;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tlc-runner jcstress} and {@code jcstress-mutants} up to the point where jcstress would start:
 * the selection, listed as jcstress lists it, and every way of giving nothing to run (exit 2). A jar
 * stands in for the jcstress jar: the fixture {@code TestList} (three real lines), jcstress itself by
 * its manifest's Class-Path.
 */
class JcstressCommandTest {

    static final String SLOT = "io.github.uncontended.sharded.SlotVisibilityTest";

    @TempDir
    Path dir;

    Path jar;

    @BeforeEach
    void jar() throws Exception {
        jar = dir.resolve("jcstress.jar");
        Path jcstressCore = Path.of(org.openjdk.jcstress.infra.runners.TestList.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, jcstressCore.toUri().toString());
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, m)) {
            out.putNextEntry(new JarEntry("META-INF/TestList"));
            out.write(Files.readAllBytes(Fixtures.resource("/jcstress/TestList")));
            out.closeEntry();
        }
    }

    private static Run run(String... args) {
        return CheckRun.runner(args);
    }

    /** The Makefile's two selections, as jcstress's -t would find them. */
    @Test
    void theSelectionIsJcstresssOwnListFilteredAsItsDashT() throws Exception {
        assertEquals(List.of(SLOT, WRAP), TestList.matching(List.of(jar), "^io\\.github\\.uncontended\\.(?!.*\\.broken\\.).*"));
        assertEquals(List.of(RACY), TestList.matching(List.of(jar), "^io\\.github\\.uncontended\\..*\\.broken\\..*"));
        assertEquals(List.of(WRAP), TestList.matching(List.of(jar), "Wrap"));
        assertEquals("^(io\\.github\\.uncontended\\.sharded\\.SlotVisibilityTest|io\\.github\\.uncontended\\.sharded\\.WrapAroundTest)$",
                JcstressCommand.exactly(List.of(SLOT, WRAP)));
    }

    @Test
    void nothingToRunIsAUsageErrorNamingIt() {
        Run none = run("jcstress", "--expect", "pass", "--tests", "NoSuchTest", "--jar", jar.toString(), "--out", dir.resolve("o").toString());
        assertEquals(2, none.exit(), none.stderr());
        assertEquals("error: no jcstress test matches 'NoSuchTest' in " + jar + "\n", none.stderr());
        Run expect = run("jcstress", "--expect", "maybe", "--tests", "Wrap", "--jar", jar.toString());
        assertEquals(2, expect.exit());
        assertTrue(expect.stderr().startsWith("error: --expect takes pass or fail, not 'maybe'\n"), expect.stderr());
        Run regex = run("jcstress", "--expect", "pass", "--tests", "(", "--jar", jar.toString());
        assertEquals(2, regex.exit());
        assertTrue(regex.stderr().startsWith("error: --tests is no regular expression: Unclosed group in '('"), regex.stderr());
        Run noJar = run("jcstress", "--expect", "pass", "--tests", "Wrap", "--jar", dir.resolve("none.jar").toString());
        assertEquals(2, noJar.exit());
        assertTrue(noJar.stderr().startsWith("error: " + dir.resolve("none.jar") + " is missing; build it with:"), noJar.stderr());
        Run stall = run("jcstress", "--expect", "pass", "--tests", "Wrap", "--jar", jar.toString(), "--stall", "0");
        assertEquals(2, stall.exit());
        assertTrue(stall.stderr().startsWith("error: --stall takes a number of seconds above 0, not 0"), stall.stderr());
        Run missing = run("jcstress", "--tests", "Wrap");
        assertEquals(2, missing.exit());
        assertTrue(missing.stderr().startsWith("error: --expect is required"), missing.stderr());
        assertTrue(!Files.exists(dir.resolve("o/console.txt")), "nothing ran");
    }

    @Test
    void mutantsRefuseWhatTheyCannotRun() {
        Run noJar = run("jcstress-mutants", "--jar", dir.resolve("none.jar").toString(), "--out", dir.resolve("m").toString());
        assertEquals(2, noJar.exit());
        assertTrue(noJar.stderr().startsWith("error: " + dir.resolve("none.jar") + " is missing"), noJar.stderr());
        Run noClasses = run("jcstress-mutants", "--jar", jar.toString(), "--classes", dir.resolve("none").toString());
        assertEquals(2, noClasses.exit());
        Run regex = run("jcstress-mutants", "--jar", jar.toString(), "--classes", dir.toString(), "--only", "[");
        assertEquals(2, regex.exit());
        assertTrue(regex.stderr().startsWith("error: --only is no regular expression:"), regex.stderr());
    }
}
