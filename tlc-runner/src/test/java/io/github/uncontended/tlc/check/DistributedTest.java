package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.engine.TlcProbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLC's distributed mode through the runner (--distributed, --server, --connect-timeout), with
 * real TLCServer and TLCWorker processes on the loopback interface, on the fixture models of
 * src/test/resources/fixtures/distributed. Every wait of the runner is bounded; so is each test,
 * and no TLC process may outlive it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public class DistributedTest {

    static final Path SPECS = Paths.get("src/test/resources/fixtures/distributed");

    @TempDir
    static Path out;
    static ModelCheckFixturesTest.Run all;
    static JsonNode report;

    /** The fixture models, one run, two local workers. */
    @BeforeAll
    static void runAllWithTwoLocalWorkers() throws Exception {
        all = ModelCheckFixturesTest.runner("--specs", SPECS.toString(), "--out", out.toString(), "--distributed", "2");
        report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    }

    @Test
    void twoLocalWorkersShareAModelAndMatchItsPinnedCount() throws Exception {
        assertEquals(0, all.exit(), all.stdout() + all.stderr());
        JsonNode grid = model("Grid");
        assertEquals("ok", grid.get("verdict").asText(), grid.toString());
        assertEquals(9261, grid.at("/got/distinct").asLong(), "the distinct states of one TLC process");
        assertEquals(grid.at("/expected/distinct").asLong(), grid.at("/got/distinct").asLong());
        assertEquals("distributed", grid.at("/engine/kind").asText());
        assertTrue(grid.at("/engine/detail").asText().endsWith("2 local TLCWorkers, 2 registered"), grid.toString());
        String server = Files.readString(out.resolve("logs/Grid.server.log"));
        assertEquals(2, Distributed.count(server, Distributed.WORKER_REGISTERED), "both workers registered");
        // Each worker computed successor states (the server's per-worker statistics, "Sent: N").
        List<String> stats = server.lines().filter(l -> l.startsWith("Worker: rmi://")).toList();
        assertEquals(2, stats.size(), server);
        assertTrue(stats.stream().noneMatch(l -> l.contains("Sent: 0 ")), stats.toString());
        for (int i = 1; i <= 2; i++) {
            assertTrue(Files.readString(out.resolve("logs/Grid.worker-" + i + ".log")).contains("Thank you"),
                    "worker " + i + " finished its work");
        }
        assertTrue(all.stdout().contains("DISTRIBUTED Grid: TLCServer 127.0.0.1:"), all.stdout());
        assertEquals(2, report.at("/tlc/distributed/localWorkers").asInt());
    }

    /** The server names no property and prints a truncated trace: one TLC process names it. */
    @Test
    void aViolationIsNamedAndShownByOneProcess() throws Exception {
        JsonNode corner = model("GridCorner");
        assertEquals("ok", corner.get("verdict").asText(), corner.toString());
        assertEquals("NotAllAtK", corner.at("/got/property").asText());
        assertEquals(9261, corner.at("/got/distinct").asLong(), "the pinned counts of one process, compared exactly");
        assertEquals(26459, corner.at("/got/total").asLong());
        assertEquals(61, corner.at("/got/traceLength").asInt(), "the whole behaviour, from the initial state");
        assertTrue(corner.at("/engine/note").asText().contains("one TLC process (-workers 1) checked the model again"));
        assertTrue(Files.readString(out.resolve("logs/GridCorner.server.log")).contains("The behavior up to this point is"));
        assertNotNull(corner.get("counterexample").textValue());
    }

    /**
     * The probe, the server and the workers read a spec in a sub-folder of its manifest
     * (specs/<design>/broken/), also one extending a module that INSTANCEs a module only
     * TLA-Library finds (a memory model's broken sibling in memory/broken/, INSTANCE Memory): run
     * from the manifest's folder under the path sub/X.tla, SANY found no such module.
     */
    @Test
    void aSpecInASubFolderIsDistributedToo() {
        for (String name : List.of("GridSubFolder", "GridSubFolderLib")) {
            JsonNode sub = model(name);
            assertEquals("ok", sub.get("verdict").asText(), sub.toString());
            assertEquals("distributed", sub.at("/engine/kind").asText(), sub.toString());
            assertTrue(sub.at("/engine/detail").asText().endsWith("2 local TLCWorkers, 2 registered"), sub.toString());
            assertEquals("NotAllAtK", sub.at("/got/property").asText(), sub.toString());
        }
    }

    @Test
    void aModelWithTemporalPropertiesRunsInOneProcessAndIsRefusedByName(@TempDir Path dir) {
        JsonNode temporal = model("GridTemporal");
        assertEquals("ok", temporal.get("verdict").asText());
        assertEquals("tlc", temporal.at("/engine/kind").asText());
        assertTrue(temporal.at("/engine/note").asText().contains("not distributed: its config checks temporal"
                + " properties (AllReachK), which TLC's distributed mode skips silently"), temporal.toString());
        assertTrue(all.stderr().contains("note: GridTemporal is checked in one TLC process"), all.stderr());
        ModelCheckFixturesTest.Run named = ModelCheckFixturesTest.runner("--specs", SPECS.toString(), "--out",
                dir.toString(), "--model", "GridTemporal", "--distributed", "2");
        assertEquals(2, named.exit(), named.stdout() + named.stderr());
        assertTrue(named.stderr().contains("error: --distributed cannot check GridTemporal: its config checks temporal"
                + " properties (AllReachK)"), named.stderr());
    }

    @Test
    void aWorkerThatNeverConnectsFailsWithinTheConnectTimeout(@TempDir Path dir) throws Exception {
        int port = Distributed.freePort();
        long start = System.nanoTime();
        ModelCheckFixturesTest.Run run = ModelCheckFixturesTest.runner("--specs", SPECS.toString(), "--out",
                dir.toString(), "--model", "Grid", "--server", "127.0.0.1:" + port, "--connect-timeout", "2");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(1, run.exit(), run.stdout() + run.stderr());
        assertTrue(run.stdout().contains("crash: no TLCWorker connected to the TLCServer at 127.0.0.1:" + port
                + " within 2 s (--connect-timeout); start workers with: java"), run.stdout());
        assertTrue(run.stdout().contains("-Dtlc2.tool.distributed.TLCServer.port=" + port), run.stdout());
        assertTrue(run.stderr().contains("Grid: TLCServer ready at 127.0.0.1:" + port + "; add workers with:"),
                run.stderr());
        assertTrue(seconds < 60, "bounded: " + seconds + " s");
        assertNoTlcLeft();
    }

    /** A worker killed before it could register: the run stops at once, says which worker, and leaves nothing running. */
    @Test
    void aFailingWorkerStopsTheRunWithAClearError(@TempDir Path dir) throws Exception {
        CompletableFuture<ModelCheckFixturesTest.Run> running = CompletableFuture.supplyAsync(() ->
                ModelCheckFixturesTest.runner("--specs", SPECS.toString(), "--out", dir.toString(), "--model", "Grid",
                        "--distributed", "2"));
        ProcessHandle worker = null;
        for (int i = 0; i < 600 && worker == null && !running.isDone(); i++) {
            worker = tlcProcesses().filter(p -> command(p).contains(Distributed.WORKER_CLASS)).findFirst().orElse(null);
            Thread.sleep(50);
        }
        assertNotNull(worker, "a TLCWorker was started");
        worker.destroyForcibly();
        ModelCheckFixturesTest.Run run = running.get(90, TimeUnit.SECONDS);
        assertEquals(1, run.exit(), run.stdout() + run.stderr());
        assertTrue(run.stdout().matches("(?s).*crash: TLCWorker [12] of 2 exited \\(code \\d+\\) before the model was"
                + " done: .*; the TLCServer and the other workers were stopped.*"), run.stdout());
        assertNoTlcLeft();
    }

    @Test
    void badDistributedOptionsAreUsageErrors() {
        for (String[] args : new String[][] {
                {"--distributed", "0"}, {"--distributed", "two"}, {"--server", "localhost"}, {"--server", "h:99999"},
                {"--connect-timeout", "5"}, {"--distributed", "2", "--connect-timeout", "0"},
                {"--distributed", "2", "--simulate", "traces=1,depth=1"}}) {
            ModelCheckFixturesTest.Run run = ModelCheckFixturesTest.runner(args);
            assertEquals(2, run.exit(), String.join(" ", args));
            assertTrue(run.stderr().startsWith("error: --"), String.join(" ", args) + ": " + run.stderr());
        }
    }

    @Test
    void theProbeSeparatesInvariantsActionAndTemporalProperties() {
        TlcProbe.Properties p = TlcProbe.Properties.parse("Parsing file x\n" + TlcProbe.PREFIX + "invariants: A\tB\n"
                + TlcProbe.PREFIX + "actions: line 4, col 1 to line 4, col 9 of module M\n" + TlcProbe.PREFIX + "temporal: \n");
        assertEquals(List.of("A", "B"), p.invariants());
        assertEquals(List.of("line 4, col 1 to line 4, col 9 of module M"), p.actions());
        assertEquals(List.of(), p.temporal());
        assertEquals(null, TlcProbe.Properties.parse("Semantic errors"), "no answer without the three lines");
    }

    private static void assertNoTlcLeft() throws InterruptedException {
        for (int i = 0; i < 50 && tlcProcesses().findAny().isPresent(); i++) {
            Thread.sleep(100);
        }
        assertFalse(tlcProcesses().findAny().isPresent(), "no TLCServer or TLCWorker outlives the runner");
    }

    private static java.util.stream.Stream<ProcessHandle> tlcProcesses() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> command(p).contains("tlc2.tool.distributed."));
    }

    private static String command(ProcessHandle p) {
        Optional<String[]> args = p.info().arguments();
        return p.info().command().orElse("") + " " + String.join(" ", args.orElse(new String[0]));
    }

    private static JsonNode model(String name) {
        for (JsonNode m : report.get("models")) {
            if (m.get("name").asText().equals(name)) {
                return m;
            }
        }
        throw new AssertionError("no model " + name + " in the report");
    }
}
