package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.check.ModelCheckVerdictsTest.Run;

import static io.github.uncontended.tlc.fixtures.ScriptedTlc.invariantViolated;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.msg;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.state;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.success;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.fixtures.ScriptedTlc;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --distributed} with a scripted TLCServer and TLCWorker ({@link ScriptedTlc#distributed})
 * instead of TLC's: which models go to the server, with which config, and how the server's ending
 * becomes a verdict. DistributedTest checks the same paths with real TLC in about a minute; these
 * take a second or two each, so PIT runs them on every mutant of the distributed branch.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
public class DistributedScriptedTest {

    @TempDir
    Path dir;
    Path fixtures;

    /** The server's first words: it runs (7000), and a worker registered with it (7001). */
    private static final String READY = msg(7000, 0, "TLC Server 2.18 ready on 127.0.0.1")
            + msg(7001, 0, "TLCServer: Worker rmi://127.0.0.1 registered.");

    @BeforeEach
    void fixtures() throws Exception {
        fixtures = FixtureSpecs.copy(dir);
    }

    private Path tlc() {
        return dir.resolve("tlc");
    }

    private Run run(String... args) throws Exception {
        return ModelCheckVerdictsTest.run(dir, fixtures, args);
    }

    /** A model the server can check goes to it, with the config that carries the manifest's constants. */
    @Test
    void aDistributableModelIsCheckedOnTheServerWithItsManifestsConstants() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY + success(2, 1, null));
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1");
        assertEquals(0, r.exit(), r.printed());
        JsonNode m = r.model("ConstantsAssigned");
        assertEquals("ok", m.get("verdict").asText(), m.toString());
        assertEquals("distributed", m.at("/engine/kind").asText(), m.toString());
        assertTrue(m.at("/engine/detail").asText().endsWith("1 local TLCWorker, 1 registered"), m.toString());
        assertEquals(0, ScriptedTlc.runs(tlc()), "no TLC process");
        assertEquals(1, ScriptedTlc.distributedRuns(tlc())[0], "one TLCServer");
        String config = ScriptedTlc.serverConfig(tlc(), 1);
        assertTrue(config.contains("CONSTANTS\n    N = 2\n"), "the server's config assigns the manifest's N:\n" + config);
        assertFalse(ScriptedTlc.serverArgs(tlc(), 1).contains("-deadlock"), "deadlocks checked, as the manifest says");
        String[] props = ScriptedTlc.serverProperties(tlc(), 1).split("\n");
        assertTrue(Integer.parseInt(props[0]) > 0, "a free port of its own, not 0: " + props[0]);
        assertEquals("127.0.0.1", props[1], "a server of local workers listens on the loopback interface");
    }

    /** A model that checks no deadlock gives its server -deadlock, as one TLC process gets it. */
    @Test
    void aModelThatChecksNoDeadlockGivesItsServerDeadlock() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "InRange", "", "", READY + success(1, 1, null));
        Run r = run("--model", "DeadlockIgnored", "--distributed", "1");
        assertEquals("distributed", r.model("DeadlockIgnored").at("/engine/kind").asText(), r.printed());
        assertTrue(ScriptedTlc.serverArgs(tlc(), 1).contains("-deadlock"), ScriptedTlc.serverArgs(tlc(), 1));
    }

    /** The server's count of distinct states is compared with the pin; its other counts are its own. */
    @Test
    void aServerWhoseDistinctCountDriftedIsAMismatch() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY + success(2, 3, null));
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1");
        assertEquals(1, r.exit(), r.printed());
        JsonNode m = r.model("ConstantsAssigned");
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertTrue(m.get("reason").asText().contains("distinct"), m.toString());
    }

    /**
     * The server names no violated property: one TLC process (-workers 1) checks the model again,
     * names it, and its counts and counterexample are the ones reported.
     */
    @Test
    void aViolationOnTheServerIsNamedByOneProcess() throws Exception {
        ScriptedTlc.in(tlc(), invariantViolated("XBelowTwo", 4, 4), 12);
        ScriptedTlc.distributed(tlc(), "InRange XBelowTwo", "", "", READY
                + msg(2121, 1, "The behavior up to this point is:") + state(1, "/\\ x = 1") + state(2, "/\\ x = 2"));
        Run r = run("--model", "Safety", "--distributed", "1");
        assertEquals(0, r.exit(), r.printed());
        JsonNode m = r.model("Safety");
        assertEquals("ok", m.get("verdict").asText(), m.toString());
        assertEquals("XBelowTwo", m.at("/got/property").asText(), m.toString());
        assertEquals(3, m.at("/got/traceLength").asInt(), "the one process's whole trace: " + m);
        assertTrue(m.at("/engine/note").asText().contains("one TLC process (-workers 1) checked the model again"),
                m.toString());
        assertArrayEquals(new int[] {1, ScriptedTlc.distributedRuns(tlc())[1]}, ScriptedTlc.distributedRuns(tlc()));
        assertEquals(1, ScriptedTlc.runs(tlc()), "one TLC process after the server");
        assertTrue(ScriptedTlc.args(tlc(), 1).contains("-workers\n1"), ScriptedTlc.args(tlc(), 1));
    }

    /** A server that stops without a verdict or a trace is a crash, never ok. */
    @Test
    void aServerThatEndsWithoutAResultIsACrash() throws Exception {
        ScriptedTlc.in(tlc(), success(2, 1, null), 0);
        ScriptedTlc.distributed(tlc(), "", "", "", READY + "java.lang.OutOfMemoryError: Java heap space\n");
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1");
        assertEquals(1, r.exit(), r.printed());
        JsonNode m = r.model("ConstantsAssigned");
        assertEquals("crash", m.at("/got/result").asText(), m.toString());
        assertTrue(m.at("/got/message").asText().startsWith("the TLCServer ended without a result (exit 0): "
                + "java.lang.OutOfMemoryError"), m.toString());
        assertEquals(0, ScriptedTlc.runs(tlc()), "no TLC process hides the server's failure");
    }

    /** A config with a temporal property, which the server would skip silently, is checked in one process. */
    @Test
    void aModelWithATemporalPropertyIsCheckedInOneProcess() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        ScriptedTlc.distributed(tlc(), "InRange", "XNeverDecreases", "XReachesThree", READY + success(19, 12, null));
        Run named = run("--model", "Pass", "--distributed", "1");
        assertEquals(2, named.exit(), named.printed());
        assertEquals("error: --distributed cannot check Pass: its config checks temporal properties (XReachesThree),"
                + " which TLC's distributed mode skips silently", named.stderr().strip());
        Run all = run("--model", "Pass,ConstantsAssigned", "--distributed", "1");
        assertEquals(2, all.exit(), all.printed());
        assertEquals(0, ScriptedTlc.distributedRuns(tlc())[0], "no TLCServer when a named model is refused");
        // TLC names a conjunct of a property by its location: counted, and said whose it is.
        ScriptedTlc.distributed(tlc(), "InRange", "", "XReachesThree Conjunct1", READY);
        assertEquals("error: --distributed cannot check Pass: its config checks temporal properties (XReachesThree, and"
                + " 1 temporal conjunct of XNeverDecreases), which TLC's distributed mode skips silently",
                run("--model", "Pass", "--distributed", "1").stderr().strip());
        ScriptedTlc.distributed(tlc(), "InRange", "XNeverDecreases XReachesThree", "Conjunct1 Conjunct2", READY);
        assertEquals("error: --distributed cannot check Pass: its config checks temporal properties (2 temporal"
                + " conjuncts of its properties), which TLC's distributed mode skips silently",
                run("--model", "Pass", "--distributed", "1").stderr().strip());
    }
    // ---- the waits of a distributed run: each is bounded, and each ends in a failure, never ok

    /** A run that failed: exit 1, the model's verdict {@code result} with {@code message}, and no TLC process left. */
    private static void failed(Run r, String model, String result, String message) {
        assertEquals(1, r.exit(), r.printed());
        JsonNode m = r.model(model);
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertEquals(result, m.at("/got/result").asText(), m.toString());
        assertTrue(m.at("/got/message").asText().matches(message), m.at("/got/message").asText());
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.info().commandLine().orElse("?")).filter(c -> c.contains("tlc2.tool.distributed")).toList(),
                "no TLCServer or TLCWorker outlives the run");
    }

    @Test
    void noWorkerWithinTheConnectTimeoutIsACrash() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", msg(7000, 0, "TLC Server ready"));
        ScriptedTlc.serverSleeps(tlc(), 10);
        ScriptedTlc.worker(tlc(), "connecting", 10, 0);
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "1");
        failed(r, "ConstantsAssigned", "crash", "no TLCWorker connected to the TLCServer at 127\\.0\\.0\\.1:\\d+ within 1 s"
                + " \\(--connect-timeout\\); worker logs: ConstantsAssigned\\.worker-1\\.log");
    }

    @Test
    void fewerLocalWorkersThanAskedIsACrash() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY);
        ScriptedTlc.serverSleeps(tlc(), 10);
        ScriptedTlc.worker(tlc(), "connecting", 10, 0);
        Run r = run("--model", "ConstantsAssigned", "--distributed", "2", "--connect-timeout", "1");
        failed(r, "ConstantsAssigned", "crash", "only 1 of 2 local TLCWorkers connected within 1 s \\(--connect-timeout\\);"
                + " worker logs: ConstantsAssigned\\.worker-1\\.log, ConstantsAssigned\\.worker-2\\.log");
        assertTrue(r.model("ConstantsAssigned").at("/engine/detail").asText().endsWith(", 2 local TLCWorkers, 1 registered"),
                r.model("ConstantsAssigned").toString());
        assertEquals(2, ScriptedTlc.distributedRuns(tlc())[1], "two workers started, once each");
    }

    @Test
    void everyWorkerLostIsACrash() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY + msg(7002, 0, "TLCServer: Worker rmi://127.0.0.1 deregistered."));
        ScriptedTlc.serverSleeps(tlc(), 10);
        ScriptedTlc.worker(tlc(), "working", 10, 0);
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "1");
        failed(r, "ConstantsAssigned", "crash", "every TLCWorker was lost \\(1 registered, all disconnected\\) and none"
                + " connected again within 1 s \\(--connect-timeout\\)");
    }

    @Test
    void aWorkerThatExitsBeforeTheModelIsDoneIsACrash() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY);
        ScriptedTlc.serverSleeps(tlc(), 10);
        ScriptedTlc.worker(tlc(), "starting\nError: the server is gone\nbye", 0, 3);
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "20");
        failed(r, "ConstantsAssigned", "crash", "TLCWorker 1 of 1 exited \\(code 3\\) before the model was done: Error: the"
                + " server is gone \\(ConstantsAssigned\\.worker-1\\.log\\); the TLCServer and the other workers were stopped");
        ScriptedTlc.worker(tlc(), "starting\njava.rmi.ConnectException: refused\nbye", 0, 3);
        failed(run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "20"), "ConstantsAssigned",
                "crash", "TLCWorker 1 of 1 exited \\(code 3\\) before the model was done: java\\.rmi\\.ConnectException: refused .*");
        ScriptedTlc.worker(tlc(), "starting\nbye\n\n", 0, 3);
        failed(run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "20"), "ConstantsAssigned",
                "crash", "TLCWorker 1 of 1 exited \\(code 3\\) before the model was done: bye \\(.*");
    }

    @Test
    void aServerPastTheModelsTimeoutIsKilledAndTimedOut() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY);
        ScriptedTlc.serverSleeps(tlc(), 10);
        ScriptedTlc.worker(tlc(), "working", 10, 0);
        Run r = run("--model", "Timeout", "--distributed", "1", "--connect-timeout", "20");
        failed(r, "Timeout", "timeout", "killed after 3 s \\(timeoutSeconds\\); make the model smaller, or size it \"deep\"");
    }

    /** A taken port is tried again on another (three servers in all); a port the user fixed is not. */
    @Test
    void aTakenPortIsACrashAfterThreeServers() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", "java.rmi.server.ExportException: Port already in use: 4\n");
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1");
        failed(r, "ConstantsAssigned", "crash", "port \\d+ is in use: the TLCServer could not open its RMI registry there");
        assertEquals(3, ScriptedTlc.distributedRuns(tlc())[0], "three servers, each on a free port");
        int port = io.github.uncontended.tlc.engine.Distributed.freePort();
        Run fixed = run("--model", "ConstantsAssigned", "--server", "127.0.0.1:" + port, "--distributed", "1");
        failed(fixed, "ConstantsAssigned", "crash", "port " + port + " is in use: .*");
        assertEquals(4, ScriptedTlc.distributedRuns(tlc())[0], "one server on the user's port");
    }
    // ---- waits that end well: each is no failure

    /** A worker that finished ("Thank you") while the server is still closing is no failure. */
    @Test
    void aWorkerThatFinishedWhileTheServerRunsIsNoFailure() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY);
        ScriptedTlc.serverSleeps(tlc(), 2);
        ScriptedTlc.serverThen(tlc(), success(2, 1, null));
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "1");
        assertEquals(0, r.exit(), r.printed());
        assertEquals("ok", r.model("ConstantsAssigned").get("verdict").asText(), r.printed());
        assertEquals(1, ScriptedTlc.distributedRuns(tlc())[1], "one worker, started once");
    }

    /** A worker that exits after the server printed its closing message (7000's last words) is no failure. */
    @Test
    void aWorkerThatExitsAfterTheServerEndedIsNoFailure() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY + success(2, 1, null) + msg(2186, 0, "Finished in 01s at (2026-11-29)"));
        ScriptedTlc.serverSleeps(tlc(), 2);
        ScriptedTlc.worker(tlc(), "lost the server while it closed", 0, 0);
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "20");
        assertEquals(0, r.exit(), r.printed());
        assertEquals("ok", r.model("ConstantsAssigned").get("verdict").asText(), r.printed());
    }

    /** A worker that registers a second after the server is ready, within the connect timeout. */
    @Test
    void aLateRegistrationWithinTheConnectTimeoutIsNoFailure() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", msg(7000, 0, "TLC Server ready"));
        ScriptedTlc.serverSleeps(tlc(), 1);
        ScriptedTlc.serverThen(tlc(), msg(7001, 0, "registered") + success(2, 1, null));
        ScriptedTlc.worker(tlc(), "working", 5, 0);
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "4");
        assertEquals(0, r.exit(), r.printed());
    }

    /** Every worker lost, and a new one registered within the connect timeout. */
    @Test
    void aLostWorkerReplacedWithinTheConnectTimeoutIsNoFailure() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", READY + msg(7002, 0, "deregistered"));
        ScriptedTlc.serverSleeps(tlc(), 1);
        ScriptedTlc.serverThen(tlc(), msg(7001, 0, "registered") + success(2, 1, null));
        ScriptedTlc.worker(tlc(), "working", 5, 0);
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "4");
        assertEquals(0, r.exit(), r.printed());
    }

    /** A server that never got ready (its spec or config did not load): one TLC process says why. */
    @Test
    void aServerThatNeverGotReadyIsCheckedInOneProcess() throws Exception {
        ScriptedTlc.in(tlc(), success(2, 1, null), 0);
        ScriptedTlc.distributed(tlc(), "", "", "", "Parse error in Unconfigured.tla\n");
        ScriptedTlc.serverSleeps(tlc(), 1);
        Run r = run("--model", "ConstantsAssigned", "--distributed", "1", "--connect-timeout", "20");
        assertEquals(0, r.exit(), r.printed());
        // Nothing was distributed: the engine is the one process's, and the note says why.
        assertEquals("tlc", r.model("ConstantsAssigned").at("/engine/kind").asText(), r.printed());
        assertTrue(r.model("ConstantsAssigned").at("/engine/note").asText().startsWith("not distributed: the TLCServer"
                + " never got ready (Parse error in Unconfigured.tla), "), r.printed());
        assertEquals(1, ScriptedTlc.runs(tlc()), "one TLC process");
        assertEquals(0, ScriptedTlc.distributedRuns(tlc())[1], "no worker for a server that never got ready");
    }

    /** --server without local workers: the server waits for workers from other machines, and says how to start one. */
    @Test
    void aServerForOtherMachinesSaysHowToStartAWorker() throws Exception {
        ScriptedTlc.in(tlc(), "no TLC process may run", 255);
        ScriptedTlc.distributed(tlc(), "", "", "", msg(7000, 0, "TLC Server ready"));
        ScriptedTlc.serverSleeps(tlc(), 10);
        int port = io.github.uncontended.tlc.engine.Distributed.freePort();
        Run r = run("--model", "ConstantsAssigned", "--server", "localhost:" + port, "--connect-timeout", "1");
        String worker = "java -XX:+UseParallelGC --add-opens java.rmi/sun.rmi.server=ALL-UNNAMED --add-opens"
                + " java.rmi/sun.rmi.transport=ALL-UNNAMED -Djava.rmi.server.hostname=<this machine's address>"
                + " -Dtlc2.tool.distributed.TLCServer.port=" + port + " -Dtlc2.tool.distributed.TLCWorker.threadCount="
                + Runtime.getRuntime().availableProcessors() + " -cp tlc.jar tlc2.tool.distributed.TLCWorker localhost";
        failed(r, "ConstantsAssigned", "crash", java.util.regex.Pattern.quote("no TLCWorker connected to the TLCServer at localhost:"
                + port + " within 1 s (--connect-timeout); start workers with: " + worker));
        assertTrue(r.stderr().contains("ConstantsAssigned: TLCServer ready at localhost:" + port + "; add workers with: "
                + worker), r.stderr());
        assertEquals(port + "\nlocalhost\n", ScriptedTlc.serverProperties(tlc(), 1), "the user's port, advertised as the user's host");
        assertEquals(0, ScriptedTlc.distributedRuns(tlc())[1], "no local worker");
    }
}
