package io.github.uncontended.tlc.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.Wrapped;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Tlc#command(Model, String, Path, Wrapped, Path)} without TLC: which config and module TLC
 * is given (the model's own, a generated config, a wrapper's), whether deadlock is checked, and
 * which models run on the lighter JVM. A wrong command line checks another spec or property, or
 * none: the verdicts the scripted stand-in returns cannot show it.
 */
class TlcCommandTest {

    @TempDir
    Path dir;

    private Model model(Path specs, String name) throws Exception {
        ManifestLoader.Loaded loaded = new ManifestLoader(specs.toAbsolutePath()).load();
        return loaded.models().stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no model " + name + ": " + loaded.errors()));
    }

    private List<String> command(Model m, Wrapped wrapped, Path config) {
        return new Tlc(dir.resolve("tlc.jar")).command(m, "1", dir.resolve("meta"), wrapped, config);
    }

    private static String after(List<String> cmd, String flag) {
        return cmd.get(cmd.indexOf(flag) + 1);
    }

    @Test
    void theModelsOwnConfigAndSpecUnlessAConfigOrAWrapperIsGiven() throws Exception {
        Model pass = model(FixtureSpecs.copy(dir), "Pass");
        List<String> own = command(pass, null, null);
        assertEquals(pass.config(), after(own, "-config"));
        assertEquals(pass.spec(), own.get(own.size() - 1));
        Path generated = dir.resolve("generated.cfg");
        List<String> withConfig = command(pass, null, generated);
        assertEquals(generated.toString(), after(withConfig, "-config"));
        assertEquals(pass.spec(), withConfig.get(withConfig.size() - 1));
        Wrapped wrapped = new Wrapped(dir.resolve("Wrapper.tla"), dir.resolve("Wrapper.cfg"));
        List<String> inWrapper = command(pass, wrapped, generated);
        assertEquals(wrapped.config().toString(), after(inWrapper, "-config"), "the wrapper's config, not the model's");
        assertEquals(wrapped.module().toString(), inWrapper.get(inWrapper.size() - 1), "the wrapper's module is checked");
    }

    /**
     * A spec in a sub-folder ({@code sub/GridSub.tla}) runs in its own folder under its file name,
     * with its config's absolute path: given a path with a folder, SANY finds no module that a
     * library module INSTANCEs on TLA-Library (a memory model's broken sibling in
     * {@code memory/broken/} found no Memory); a spec in the manifest's folder is unchanged.
     */
    @Test
    void aSpecInASubFolderRunsInItsOwnFolder() throws Exception {
        Path specs = FixtureSpecs.copy(java.nio.file.Paths.get("src/test/resources/fixtures/distributed"),
                dir.resolve("distributed"));
        Model sub = model(specs, "GridSubFolder");
        List<String> cmd = command(sub, null, null);
        assertEquals("GridSub.tla", cmd.get(cmd.size() - 1));
        assertEquals(sub.dir().resolve("sub"), Tlc.workDir(sub));
        assertEquals(sub.dir().resolve("sub/GridSub.cfg").toAbsolutePath().normalize().toString(), after(cmd, "-config"));
        Model pass = model(FixtureSpecs.copy(dir), "Pass");
        assertEquals(pass.dir(), Tlc.workDir(pass));
        assertEquals(pass.spec(), Tlc.specArgument(pass));
    }

    /**
     * TLC looks for modules in every library folder: one path, the folders joined by the path
     * separator, and last the memory layer the runner carries.
     */
    @Test
    void theLibraryPropertyNamesEveryFolder() {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        String layer = java.io.File.pathSeparator + MemoryLayer.folder();
        assertEquals("-DTLA-Library=" + a.toAbsolutePath() + layer, Tlc.libraryProperty(a));
        assertEquals("-DTLA-Library=" + a.toAbsolutePath() + java.io.File.pathSeparator + b.toAbsolutePath() + layer,
                Tlc.libraryProperty(a, b));
    }

    @Test
    void deadlockIsLeftUncheckedOnlyWhereTheManifestSaysSo() throws Exception {
        Path specs = FixtureSpecs.copy(dir);
        assertFalse(command(model(specs, "Deadlock"), null, null).contains("-deadlock"));
        assertTrue(command(model(specs, "DeadlockIgnored"), null, null).contains("-deadlock"));
    }

    private Model pinning(String states) throws Exception {
        Path design = Files.createDirectories(dir.resolve("own/demo"));
        Files.writeString(design.resolve("A.tla"), "---- MODULE A ----\n====\n");
        Files.writeString(design.resolve("A.cfg"), "SPECIFICATION Spec\n");
        Files.writeString(design.resolve("manifest.json"), "{ \"design\": \"demo\", \"description\": \"d\", \"modules\": {},"
                + " \"models\": [{ \"name\": \"M\", \"spec\": \"A.tla\", \"config\": \"A.cfg\", \"description\": \"m\","
                + " \"mode\": \"exhaustive\", \"size\": \"deep\", \"expect\": { \"result\": \"success\" }, \"states\": "
                + states + " }] }");
        return model(dir.resolve("own"), "M");
    }

    @Test
    void onlyAModelThatPinsFewDistinctStatesRunsOnTheLighterJvm() throws Exception {
        String light = "-XX:TieredStopAtLevel=1";
        List<String> small = command(pinning("{ \"distinct\": 9999 }"), null, null);
        assertTrue(small.contains(light) && !small.contains("-XX:+UseParallelGC"), small.toString());
        for (String states : List.of("{ \"distinct\": 10000 }", "{ \"total\": 5 }")) {
            List<String> cmd = command(pinning(states), null, null);
            assertFalse(cmd.contains(light), states + ": " + cmd);
            assertTrue(cmd.contains("-XX:+UseParallelGC"), states + ": " + cmd);
        }
    }
}
