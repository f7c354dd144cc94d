package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model check's command line without TLC: which values each option takes and refuses (a
 * refusal is a usage error, exit 2, before any model runs), which options do not go together,
 * what {@code --simulate} overrides of a model's budget, and which output paths are found
 * unwritable before a run. Milliseconds a test.
 */
public class ModelCheckOptionsTest {

    @TempDir
    Path dir;

    private static CheckOptions parse(String... args) {
        return CheckOptions.parse(args);
    }

    private static String refused(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> CheckOptions.parse(args)).getMessage();
    }

    @Test
    void defaults() {
        CheckOptions o = parse();
        assertEquals(Paths.get("specs").toAbsolutePath().normalize(), o.specs());
        assertEquals("ci", o.size());
        assertEquals("1", o.workers());
        assertEquals(2, o.jobs());
        assertTrue(o.models().isEmpty());
        assertTrue(o.jcstress().isEmpty());
        assertNull(o.distributed());
        assertNull(o.simulate());
        assertNull(o.info());
        assertFalse(o.pin() || o.list() || o.eachProperty() || o.witnessesAlone());
        assertTrue(o.foldsWitnesses());
    }

    @Test
    void modelNamesAreSplitOnCommasAndBlanksDropped() {
        assertEquals(List.of("A", "B"), parse("--model", "A, ,B,").models());
        assertEquals(List.of("A", "B", "C"), parse("--model", "A", "--model", "B,C").models());
    }

    @Test
    void jcstressIsAClassPathWithoutEmptyEntries() {
        String sep = File.pathSeparator;
        List<Path> cp = parse("--jcstress", "a.jar" + sep + sep + "b.jar" + sep).jcstress();
        assertEquals(List.of(Paths.get("a.jar").toAbsolutePath().normalize(), Paths.get("b.jar").toAbsolutePath().normalize()),
                cp);
    }

    @Test
    void workersTakeAPositiveNumberOrAuto() {
        assertEquals("auto", parse("--workers", "auto").workers());
        assertEquals("12", parse("--workers", "12").workers());
        assertEquals("--workers takes a positive number or auto, not '0'", refused("--workers", "0"));
        assertEquals("--workers takes a positive number or auto, not 'all'", refused("--workers", "all"));
        assertFalse(parse("--workers", "2").foldsWitnesses(), "a witness is folded with one worker only");
    }

    @Test
    void jobsTakeAPositiveNumber() {
        assertEquals(3, parse("--jobs", "3").jobs());
        assertEquals(1, parse("--jobs", "1", "--list").jobs());
        assertEquals("--jobs takes a positive number, not '0'", refused("--jobs", "0"));
        assertEquals("--jobs takes a positive number, not '-1'", refused("--jobs", "-1"));
        assertEquals("--jobs needs a value", refused("--jobs"));
    }

    @Test
    void sizeTakesCiDeepOrAll() {
        assertEquals("deep", parse("--size", "deep").size());
        assertEquals("all", parse("--size", "all").size());
        assertEquals("--size takes ci, deep or all, not 'huge'", refused("--size", "huge"));
    }

    @Test
    void distributedTakesOneToNineHundredNinetyNineLocalWorkers() {
        Distributed.Setup d = parse("--distributed", "3").distributed();
        assertEquals(new Distributed.Setup(3, null, 0, Distributed.DEFAULT_CONNECT_TIMEOUT), d);
        assertEquals(999, parse("--distributed", "999").distributed().localWorkers());
        assertTrue(refused("--distributed", "0").startsWith("--distributed takes the number of local workers"));
        assertTrue(refused("--distributed", "1000").endsWith("not '1000'"));
        assertFalse(parse("--distributed", "1").foldsWitnesses());
    }

    @Test
    void serverTakesHostAndAPortFromOneTo65535() {
        assertEquals(new Distributed.Setup(0, "10.0.0.5", 10997, Distributed.DEFAULT_CONNECT_TIMEOUT),
                parse("--server", "10.0.0.5:10997").distributed());
        assertEquals(1, parse("--server", "h:1").distributed().port());
        assertEquals(65535, parse("--server", "h:65535").distributed().port());
        assertEquals("a:b", parse("--server", "a:b:7", "--distributed", "2").distributed().host());
        assertEquals(2, parse("--server", "a:b:7", "--distributed", "2").distributed().localWorkers());
        for (String bad : List.of("h", ":80", "h:", "h:0", "h:65536", "h:99999", "h:123456", "h:x")) {
            String why = refused("--server", bad);
            assertTrue(why.startsWith("--server takes HOST:PORT (the address workers reach this machine at, and the"
                    + " RMI registry's port, e.g. 10.0.0.5:" + Distributed.TLC_DEFAULT_PORT + "), not '" + bad + "'"), why);
        }
    }

    @Test
    void connectTimeoutGoesWithTheDistributedModeOnly() {
        assertEquals(5, parse("--distributed", "1", "--connect-timeout", "5").distributed().connectTimeoutSeconds());
        assertEquals(999999, parse("--server", "h:1", "--connect-timeout", "999999").distributed().connectTimeoutSeconds());
        assertEquals("--connect-timeout goes with --distributed or --server", refused("--connect-timeout", "5"));
        assertEquals("--connect-timeout takes seconds (1 or more), not '0'",
                refused("--distributed", "1", "--connect-timeout", "0"));
    }

    @Test
    void simulateTakesItsBudgetOnlyWhenOneFollows() {
        assertEquals(new CheckOptions.Simulate(null, null, null), parse("--simulate").simulate());
        CheckOptions o = parse("--simulate", "--model", "A");
        assertEquals(new CheckOptions.Simulate(null, null, null), o.simulate());
        assertEquals(List.of("A"), o.models());
        assertEquals(new CheckOptions.Simulate(5L, null, null), parse("--simulate", "traces=5").simulate());
        assertFalse(parse("--simulate").foldsWitnesses());
    }

    @Test
    void simulateKeysAreCheckedEachAlone() {
        assertEquals(new CheckOptions.Simulate(5L, 7, 0L), CheckCommand.parseSimulate(" traces = 5 ,, depth=7,seed=0"));
        assertEquals(new CheckOptions.Simulate(null, null, null), CheckCommand.parseSimulate(""));
        assertEquals(new CheckOptions.Simulate(1L, 1, null), CheckCommand.parseSimulate("traces=1,depth=1"));
        assertEquals(999999999, CheckCommand.parseSimulate("depth=999999999").depth());
        assertEquals(999999999999L, CheckCommand.parseSimulate("traces=999999999999").traces());
        for (String bad : List.of("traces=0", "depth=0", "depth=1234567890", "traces", "traces=", "seed=-1", "seed=x",
                "colour=red", "traces=1000000000000")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CheckCommand.parseSimulate(bad));
            assertEquals("--simulate takes traces=N,depth=D,seed=S (each optional, N and D positive, S >= 0), not '"
                    + bad + "'", e.getMessage());
        }
    }

    @Test
    void simulateOverridesEachKeyOfTheManifestsBudget() throws Exception {
        List<Model> models = new ManifestLoader(FixtureSpecs.copy(dir)).load().models();
        Model simulated = models.stream().filter(m -> m.name().equals("Simulated")).findFirst().orElseThrow();
        Model pass = models.stream().filter(m -> m.name().equals("Pass")).findFirst().orElseThrow();
        assertEquals(new Model.Simulation(50, 20, 7), new CheckOptions.Simulate(null, null, null).budget(simulated));
        assertEquals(new Model.Simulation(3, 4, 5), new CheckOptions.Simulate(3L, 4, 5L).budget(simulated));
        assertEquals(new Model.Simulation(3, 20, 7), new CheckOptions.Simulate(3L, null, null).budget(simulated));
        assertEquals(new Model.Simulation(50, 4, 7), new CheckOptions.Simulate(null, 4, null).budget(simulated));
        assertEquals(new Model.Simulation(50, 20, 0), new CheckOptions.Simulate(null, null, 0L).budget(simulated));
        // A model without a budget of its own: seed 1 unless given, none without traces and depth.
        assertEquals(new Model.Simulation(3, 4, 1), new CheckOptions.Simulate(3L, 4, null).budget(pass));
        assertEquals(new Model.Simulation(3, 4, 9), new CheckOptions.Simulate(3L, 4, 9L).budget(pass));
        assertNull(new CheckOptions.Simulate(3L, null, null).budget(pass));
        assertNull(new CheckOptions.Simulate(null, 4, null).budget(pass));
        assertNull(new CheckOptions.Simulate(null, null, 9L).budget(pass));
    }

    @Test
    void pinGoesWithOneProcessAndOneWorkerOnly() {
        assertTrue(parse("--pin").pin());
        assertTrue(parse("--pin", "--workers", "1").pin());
        assertFalse(parse("--pin").foldsWitnesses(), "--pin writes each witness's own counts");
        for (List<String> with : List.of(List.of("--workers", "2"), List.of("--workers", "auto"), List.of("--simulate"),
                List.of("--distributed", "1"), List.of("--server", "h:1"), List.of("--each-property"))) {
            String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("--pin"), with.stream())
                    .toArray(String[]::new);
            assertTrue(refused(args).startsWith("--pin writes the counts of one TLC process with one worker"), with.toString());
        }
    }

    @Test
    void eachPropertyGoesWithOneProcessOnly() {
        assertTrue(parse("--each-property").eachProperty());
        assertTrue(parse("--each-property", "--workers", "2").eachProperty());
        for (List<String> with : List.of(List.of("--simulate"), List.of("--distributed", "1"), List.of("--server", "h:1"))) {
            String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("--each-property"), with.stream())
                    .toArray(String[]::new);
            assertTrue(refused(args).startsWith("--each-property runs each model as its manifest says"), with.toString());
        }
    }

    @Test
    void simulateDoesNotGoWithTheDistributedMode() {
        assertTrue(refused("--simulate", "--distributed", "1").startsWith("--simulate does not go with --distributed"));
        assertTrue(refused("--server", "h:1", "--simulate").startsWith("--simulate does not go with --distributed"));
    }

    @Test
    void helpWinsOverVersionAndSchemaAndTheFirstOfThoseWins() {
        assertEquals("help", parse("--version", "-h").info());
        assertEquals("help", parse("--help", "--version").info());
        assertEquals("version", parse("--version", "--print-schema").info());
        assertEquals("schema", parse("--print-schema", "--version").info());
        assertEquals("unknown option '--frobnicate'", refused("--frobnicate"));
    }

    @Test
    void theOtherFlags() {
        CheckOptions o = parse("--list", "--witnesses", "--junit", "j.xml", "--summary", "s.md", "--tla-jar", "t.jar",
                "--out", "o", "--specs", "s");
        assertTrue(o.list() && o.witnessesAlone());
        assertFalse(o.foldsWitnesses(), "--witnesses runs each witness in a process of its own");
        assertEquals(Paths.get("j.xml").toAbsolutePath().normalize(), o.junit());
        assertEquals(Paths.get("s.md").toAbsolutePath().normalize(), o.summary());
        assertEquals(Paths.get("t.jar").toAbsolutePath().normalize(), o.tlaJar());
        assertEquals(Paths.get("o").toAbsolutePath().normalize(), o.out());
        assertEquals(Paths.get("s").toAbsolutePath().normalize(), o.specs());
    }

    @Test
    void unwritableNamesWhyAnOutputPathCannotBeWritten() throws Exception {
        assertNull(ModelCheck.unwritable(null));
        assertNull(ModelCheck.unwritable(dir.resolve("new/deeper/report.json")));
        assertTrue(Files.isDirectory(dir.resolve("new/deeper")), "its folder is made");
        Path existing = dir.resolve("existing.xml");
        Files.writeString(existing, "old");
        assertNull(ModelCheck.unwritable(existing));
        Path folder = dir.resolve("folder");
        Files.createDirectories(folder);
        assertEquals("it is a folder", ModelCheck.unwritable(folder));
        Path file = dir.resolve("a-file");
        Files.writeString(file, "");
        String why = ModelCheck.unwritable(file.resolve("junit.xml"));
        assertTrue(why != null && why.startsWith("its folder " + file.toAbsolutePath() + " cannot be made ("), why);
    }
    /** An unknown model's "did you mean": a name containing it (or contained), else the fewest edits, at most a third. */
    @Test
    void anUnknownModelGetsTheNearestName() throws Exception {
        List<Model> models = new ManifestLoader(FixtureSpecs.copy(dir)).load().models();
        assertEquals(" (did you mean Pass?)", ModelSelection.suggestion("Pas", models));
        assertEquals("", ModelSelection.suggestion("Psas", models), "two edits of four letters: too far");
        assertEquals(" (did you mean Safety?)", ModelSelection.suggestion("Safty", models));
        assertEquals("", ModelSelection.suggestion("Zzz", models));
        assertEquals(0, ModelSelection.edits("abc", "abc"));
        assertEquals(1, ModelSelection.edits("shardmemwek", "shardmemweak"));
        assertEquals(3, ModelSelection.edits("kitten", "sitting"));
    }

    @Test
    void aSimulationBudgetIsDigitsOnly() {
        for (String bad : List.of("depth=+5", "traces=+5", "seed=+5", "depth=x")) {
            String message = assertThrows(IllegalArgumentException.class, () -> CheckCommand.parseSimulate(bad), bad).getMessage();
            assertTrue(message.startsWith("--simulate takes"), bad + ": " + message);
        }
    }
}
