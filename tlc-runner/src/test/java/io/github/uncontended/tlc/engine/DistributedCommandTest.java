package io.github.uncontended.tlc.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The TLCWorker command lines the runner starts, and prints for other machines, and the property
 * probe's answer as the runner reads it, without a process.
 */
class DistributedCommandTest {

    /** A local worker gets a scratch folder of its own for the modules it fetches; a remote one keeps its default. */
    @Test
    void aLocalWorkerWritesItsModulesIntoItsScratchFolder() {
        List<String> local = Distributed.workerCommand("/jdk/bin/java", "/lib/tlc.jar", "127.0.0.1", 4242, 1,
                "127.0.0.1", "/tmp/worker-1");
        assertEquals(List.of("/jdk/bin/java", "-XX:+UseParallelGC", "--add-opens", "java.rmi/sun.rmi.server=ALL-UNNAMED",
                "--add-opens", "java.rmi/sun.rmi.transport=ALL-UNNAMED", "-Djava.io.tmpdir=/tmp/worker-1",
                "-Djava.rmi.server.hostname=127.0.0.1", "-Dtlc2.tool.distributed.TLCServer.port=4242",
                "-Dtlc2.tool.distributed.TLCWorker.threadCount=1", "-cp", "/lib/tlc.jar",
                "tlc2.tool.distributed.TLCWorker", "127.0.0.1"), local);
        List<String> remote = Distributed.workerCommand("java", "tlc.jar", "server.example", 4242, 8, "me", null);
        assertEquals(List.of("java", "-XX:+UseParallelGC", "--add-opens", "java.rmi/sun.rmi.server=ALL-UNNAMED",
                "--add-opens", "java.rmi/sun.rmi.transport=ALL-UNNAMED", "-Djava.rmi.server.hostname=me",
                "-Dtlc2.tool.distributed.TLCServer.port=4242", "-Dtlc2.tool.distributed.TLCWorker.threadCount=8",
                "-cp", "tlc.jar", "tlc2.tool.distributed.TLCWorker", "server.example"), remote);
    }

    /** What a user runs on another machine: the jar's file name, that machine's cores, its own address to fill in. */
    @Test
    void theRemoteCommandNamesTheServersAddressAndTheJarsFileName() {
        String command = Distributed.remoteWorkerCommand(new Distributed.Setup(0, "server.example", 4242, 0),
                Path.of("/opt/tla/tla2tools.jar"));
        assertEquals("java -XX:+UseParallelGC --add-opens java.rmi/sun.rmi.server=ALL-UNNAMED --add-opens"
                + " java.rmi/sun.rmi.transport=ALL-UNNAMED -Djava.rmi.server.hostname=<this machine's address>"
                + " -Dtlc2.tool.distributed.TLCServer.port=4242 -Dtlc2.tool.distributed.TLCWorker.threadCount="
                + Runtime.getRuntime().availableProcessors() + " -cp tla2tools.jar tlc2.tool.distributed.TLCWorker"
                + " server.example", command);
    }
    /** The probe's three lines, each needed: without one, the runner has no answer (and does not distribute). */
    @Test
    void theProbesAnswerNeedsAllThreeLines() {
        String inv = TlcProbe.PREFIX + "invariants: Inv\tTypeOK\n";
        String act = TlcProbe.PREFIX + "actions: \n";
        String temp = TlcProbe.PREFIX + "temporal: Live\n";
        assertEquals(new TlcProbe.Properties(List.of("Inv", "TypeOK"), List.of(), List.of("Live")),
                TlcProbe.Properties.parse("Parsing file M.tla\n" + inv + act + temp));
        assertEquals(null, TlcProbe.Properties.parse(act + temp));
        assertEquals(null, TlcProbe.Properties.parse(inv + temp));
        assertEquals(null, TlcProbe.Properties.parse(inv + act));
        assertEquals(null, TlcProbe.Properties.parse("error: Unknown operator\n"));
    }
}
