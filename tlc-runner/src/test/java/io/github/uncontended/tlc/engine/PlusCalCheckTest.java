package io.github.uncontended.tlc.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PlusCal#check} without TLC's translator: a stand-in for {@code pcal.trans} (a jar of its
 * own) prints a scripted log, exits with a scripted code and rewrites the spec with a scripted
 * translation. Checks that a translation that fails, a module with no translation block and a
 * stale translation (a line changed, missing or added) each fail with their one-line cause, and
 * that a current translation or a module without an algorithm passes.
 */
class PlusCalCheckTest {

    private static final String TRANS = """
            package pcal;

            import java.nio.file.*;

            public class trans {
                public static void main(String[] args) throws Exception {
                    Path home = Paths.get(trans.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getParent();
                    Files.writeString(home.resolve("args"), String.join(" ", args));
                    System.out.print(Files.readString(home.resolve("log")));
                    if (Files.exists(home.resolve("spec"))) {
                        Files.copy(home.resolve("spec"), Paths.get(args[args.length - 1]), StandardCopyOption.REPLACE_EXISTING);
                    }
                    System.exit(Integer.parseInt(Files.readString(home.resolve("exit")).strip()));
                }
            }
            """;

    private static final String HEAD = "---- MODULE A ----\nEXTENDS Naturals\n(* --algorithm A\nvariable x = 0;\n"
            + "begin\n  Step: x := 1;\nend algorithm; *)\n";

    private static final String TRANSLATED = HEAD + "\\* BEGIN TRANSLATION\nVARIABLES x, pc\n\nInit == x = 0\n"
            + "Next == x' = 1\n\\* END TRANSLATION\n====\n";

    @TempDir
    static Path home;
    static Path jar;

    @TempDir
    Path dir;
    Model model;
    Path scratch;

    @BeforeAll
    static void compile() throws IOException {
        Path src = home.resolve("src/pcal/trans.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, TRANS);
        Path classes = Files.createDirectories(home.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), src.toString()));
        jar = home.resolve("pcal.jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            j.putNextEntry(new JarEntry("pcal/trans.class"));
            j.write(Files.readAllBytes(classes.resolve("pcal/trans.class")));
            j.closeEntry();
        }
    }

    @BeforeEach
    void scripted() throws IOException {
        for (String f : new String[] {"log", "exit", "spec", "args"}) {
            Files.deleteIfExists(home.resolve(f));
        }
        Path design = Files.createDirectories(dir.resolve("specs/demo"));
        Files.writeString(design.resolve("A.cfg"), "SPECIFICATION Spec\n");
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": [{ \"name\": \"A\", \"spec\": \"A.tla\", \"config\": \"A.cfg\", \"description\": \"d\","
                + " \"mode\": \"exhaustive\", \"size\": \"ci\", \"expect\": { \"result\": \"success\" },"
                + " \"states\": { \"distinct\": 1, \"total\": 1 } }] }");
        Files.writeString(design.resolve("A.tla"), TRANSLATED);
        ManifestLoader.Loaded loaded = new ManifestLoader(dir.resolve("specs")).load();
        assertEquals(java.util.List.of(), loaded.errors());
        model = loaded.models().get(0);
        scratch = dir.resolve("scratch");
    }

    /** pcal.trans prints {@code log}, rewrites the spec to {@code spec} (unless null) and exits {@code exit}. */
    private Optional<RunResult> check(String committed, String log, String spec, int exit) throws Exception {
        Files.writeString(model.specPath(), committed);
        Files.writeString(home.resolve("log"), log);
        Files.writeString(home.resolve("exit"), Integer.toString(exit));
        if (spec != null) {
            Files.writeString(home.resolve("spec"), spec);
        }
        return PlusCal.check(model, new Tlc(jar), scratch);
    }

    private String fix() {
        return "; run: java -cp " + jar + " pcal.trans -nocfg " + model.specPath();
    }

    private static void assertFailed(ResultKind kind, String reason, Optional<RunResult> r) {
        assertTrue(r.isPresent(), "expected a failure: " + reason);
        assertEquals(kind, r.get().kind());
        assertFalse(r.get().matches());
        assertEquals(reason, r.get().message());
        assertEquals(kind + ": " + reason, r.get().reason());
    }

    @Test
    void aModuleWithoutAnAlgorithmIsNotTranslated() throws Exception {
        assertEquals(Optional.empty(), check("---- MODULE A ----\nVARIABLE x\n====\n", "", null, 1));
        assertFalse(Files.exists(home.resolve("args")), "pcal.trans did not run");
    }

    @Test
    void aCurrentTranslationPasses() throws Exception {
        assertEquals(Optional.empty(), check(TRANSLATED, "Translation completed.\n",
                TRANSLATED.replace("BEGIN TRANSLATION", "BEGIN TRANSLATION (chksum(pcal) = \"d1\")")
                        .replace("Init == x = 0", "Init == x = 0   "), 0));
        assertEquals("-nocfg A.tla", Files.readString(home.resolve("args")));
        assertEquals(TRANSLATED, Files.readString(model.specPath()), "the committed spec is not rewritten");
    }

    @Test
    void aTranslationThatFailsNamesTheTranslatorsError() throws Exception {
        assertFailed(ResultKind.PLUSCAL_ERROR, "A.tla: the PlusCal algorithm does not translate: Unrecoverable error:",
                check(TRANSLATED, "pcal.trans Version 1.11\n  Unrecoverable error:  \n -- Missing `begin'\n", TRANSLATED, 1));
        assertFailed(ResultKind.PLUSCAL_ERROR, "A.tla: the PlusCal algorithm does not translate: Parse error at line 6",
                check(TRANSLATED, "pcal.trans Version 1.11\nParse error at line 6\n", TRANSLATED, 255));
        assertFailed(ResultKind.PLUSCAL_ERROR, "A.tla: the PlusCal algorithm does not translate: Unrecoverable exception",
                check(TRANSLATED, "pcal.trans Version 1.11\nUnrecoverable exception\n", TRANSLATED, 1));
        assertFailed(ResultKind.PLUSCAL_ERROR, "A.tla: the PlusCal algorithm does not translate: pcal.trans exited with 3",
                check(TRANSLATED, "pcal.trans Version 1.11\n", TRANSLATED, 3));
    }

    @Test
    void aModuleWithoutATranslationBlockIsStale() throws Exception {
        assertFailed(ResultKind.PLUSCAL_STALE, "A.tla has a PlusCal algorithm but no BEGIN/END TRANSLATION block" + fix(),
                check(HEAD + "====\n", "", TRANSLATED, 0));
    }

    @Test
    void aStaleTranslationNamesItsFirstDifferentLine() throws Exception {
        assertFailed(ResultKind.PLUSCAL_STALE, "A.tla: the committed translation is stale (translation line 3 is"
                + " 'Init == x = 0', pcal.trans gives 'Init == x = 1')" + fix(),
                check(TRANSLATED, "", TRANSLATED.replace("Init == x = 0", "Init == x = 1"), 0));
    }

    @Test
    void aTranslationLineMissingOrAddedIsStale() throws Exception {
        String longer = TRANSLATED.replace("Next == x' = 1\n", "Next == x' = 1\nSpec == Init /\\ [][Next]_x\n");
        assertFailed(ResultKind.PLUSCAL_STALE, "A.tla: the committed translation is stale (translation line 5 is"
                + " '<end>', pcal.trans gives 'Spec == Init /\\ [][Next]_x')" + fix(), check(TRANSLATED, "", longer, 0));
        assertFailed(ResultKind.PLUSCAL_STALE, "A.tla: the committed translation is stale (translation line 5 is"
                + " 'Spec == Init /\\ [][Next]_x', pcal.trans gives '<end>')" + fix(), check(longer, "", TRANSLATED, 0));
    }
}
