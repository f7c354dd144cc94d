package io.github.uncontended.tlc.engine;

import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;

import tlc2.output.EC;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * TLC's own distributed mode, as the TLC 2.18 jar ships it ({@code tlc2.tool.distributed}):
 * one {@code TLCServer} holds the state queue, the fingerprint set and the trace, and
 * {@code TLCWorker}s, on this machine or others, compute successor states and check the
 * invariants and action properties over Java RMI. What this class knows about it was measured
 * with that jar (docs/scale.md):
 *
 * <ul>
 *   <li>The server takes TLC's options {@code -config -tool -deadlock -fp -metadir -checkpoint
 *       -recover -fpmem -fpbits -maxSetSize -terse -nowarning} (no {@code -workers}, {@code -seed}
 *       or {@code -lncheck}); its RMI registry listens on the port of the system property
 *       {@code tlc2.tool.distributed.TLCServer.port} (default 10997), its remote objects on
 *       ephemeral ports. A worker is {@code TLCWorker HOST} with the same port property and
 *       {@code tlc2.tool.distributed.TLCWorker.threadCount} (default: its cores); it fetches the
 *       modules and the config from the server, by file name.</li>
 *   <li>The server does not wait for a number of workers: it starts handing out states to the
 *       first one that registers (message 7001) once its initial states are computed (7000).
 *       With no worker, or once every worker is lost (7002), it waits forever, printing progress
 *       once a minute. A worker that fails to start prints "Failed to start worker" and exits 0.
 *       Hence every wait here is bounded: the connect timeout, the model's timeout.</li>
 *   <li>A complete search ends in message 2193 ("No error has been found") with the same
 *       distinct-state count as one TLC process; states generated and the depth are counted
 *       differently ({@link RunResult.Counts#DISTINCT_OF_SUCCESS}).</li>
 *   <li>A violated invariant or action property, a deadlock or an evaluation error in a worker
 *       ends in "The behavior up to this point is" (2121) and a two-state trace whose first state
 *       is mislabelled as the initial one; the violated property is named nowhere, and the server
 *       exits 0. The runner then checks the model again in one process to name the property and
 *       show the whole counterexample ({@link #run} returns no result).</li>
 *   <li>Temporal properties are skipped silently (a violated liveness property ends in "No error
 *       has been found"); {@link TlcProbe} finds them, and such models are not distributed.</li>
 * </ul>
 */
public final class Distributed {

    static final String SERVER_CLASS = "tlc2.tool.distributed.TLCServer";
    public static final String WORKER_CLASS = "tlc2.tool.distributed.TLCWorker";
    static final String PORT_PROPERTY = "tlc2.tool.distributed.TLCServer.port";
    static final String THREADS_PROPERTY = "tlc2.tool.distributed.TLCWorker.threadCount";
    public static final int TLC_DEFAULT_PORT = 10997;
    public static final int DEFAULT_CONNECT_TIMEOUT = 60;
    static final String LOOPBACK = "127.0.0.1";
    /** After the server is done, how long its workers may take to exit before they are killed. */
    static final int WORKER_EXIT_SECONDS = 3;

    // TLC 2.18's -tool message codes this class waits for, by their names in tlc2.output.EC
    static final int SERVER_READY = EC.TLC_DISTRIBUTED_SERVER_RUNNING;
    public static final int WORKER_REGISTERED = EC.TLC_DISTRIBUTED_WORKER_REGISTERED;
    static final int WORKER_DEREGISTERED = EC.TLC_DISTRIBUTED_WORKER_DEREGISTERED;
    static final int NO_ERROR_FOUND = EC.TLC_SUCCESS;
    static final int TRACE_FOLLOWS = EC.TLC_BEHAVIOR_UP_TO_THIS_POINT;
    static final int FINISHED = EC.TLC_FINISHED;
    private static final String PORT_TAKEN = "port ";

    /**
     * {@code --distributed N}: N local workers (1 thread each) on the loopback interface, a free
     * port per model. {@code --server HOST:PORT}: the server's registry on that port, advertised
     * as HOST, for workers on other machines (plus N local ones). {@code connectTimeoutSeconds}:
     * how long the server may wait for its first worker (and each local one, and a new one once
     * all are lost).
     */
    public record Setup(int localWorkers, String host, int port, int connectTimeoutSeconds) {

        public boolean fixedServer() {
            return host != null;
        }
    }

    /**
     * How a distributed run ended: a final {@code result}, or none when TLC found a violation
     * or stopped on an error it does not name (the caller checks the model in one process).
     */
    /**
     * A distributed run's outcome: its result, or null when one TLC process must check the model;
     * then {@code notReady} says why the server did not (it never got ready; {@code engine} is
     * null), or is null when the server ran and reported a violation or an error it does not name.
     */
    public record Run(RunResult result, double seconds, Engine engine, Path serverLog, String notReady) {
        Run(RunResult result, double seconds, Engine engine, Path serverLog) {
            this(result, seconds, engine, serverLog, null);
        }
    }

    private Distributed() {}

    /**
     * The command of a worker for the server at {@code serverHost}:{@code port}: {@code advertise}
     * is the address the server calls the worker back on (this machine's, as the server sees it).
     * The --add-opens let TLC name the worker by its RMI port instead of port 0 in its messages.
     */
    static List<String> workerCommand(String java, String jar, String serverHost, int port, int threads,
            String advertise, String tmp) {
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:+UseParallelGC",
                "--add-opens", "java.rmi/sun.rmi.server=ALL-UNNAMED",
                "--add-opens", "java.rmi/sun.rmi.transport=ALL-UNNAMED"));
        if (tmp != null) {
            cmd.add("-Djava.io.tmpdir=" + tmp); // the worker writes the modules it fetches there
        }
        cmd.addAll(List.of("-Djava.rmi.server.hostname=" + advertise, "-D" + PORT_PROPERTY + "=" + port,
                "-D" + THREADS_PROPERTY + "=" + threads, "-cp", jar, WORKER_CLASS, serverHost));
        return cmd;
    }

    /** The command a user runs on another machine to add a worker (docs/runner.md), for {@code setup}. */
    static String remoteWorkerCommand(Setup setup, Path jar) {
        return String.join(" ", workerCommand("java", jar.getFileName().toString(), setup.host(), setup.port(),
                Runtime.getRuntime().availableProcessors(), "<this machine's address>", null));
    }

    /**
     * Asks TLC (through {@link TlcProbe}, in a JVM of its own, in {@link Tlc#workDir}) which of
     * the config's properties are invariants, action properties and temporal properties.
     *
     * @return the probe's answer, or the reason it has none (a parse or config error)
     */
    public static Object probe(Tlc tlc, Model m, Path config, Path scratch) throws IOException, InterruptedException {
        scratch = scratch.toAbsolutePath();
        Files.createDirectories(scratch);
        String classpath = runnerClasspath() + File.pathSeparator + tlc.jar();
        List<String> cmd = List.of(tlc.java().toString(), "-XX:+UseParallelGC", "-Djava.io.tmpdir=" + scratch,
                Tlc.libraryProperty(Tlc.library(m)), "-cp", classpath, TlcProbe.class.getName(), Tlc.specArgument(m),
                config.toAbsolutePath().toString());
        Path log = scratch.resolve("probe.log");
        Tlc.Exit exit = tlc.run(cmd, Tlc.workDir(m), log, 180);
        String output = Files.readString(log, StandardCharsets.UTF_8);
        TlcProbe.Properties p = TlcProbe.Properties.parse(output);
        if (exit.code() == 0 && p != null) {
            return p;
        }
        String last = output.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("no output");
        return exit.timedOut() ? "TLC took more than 180 s to read the spec and config" : last.strip();
    }

    /** Where the runner's own classes are (its jar, or target/classes): the probe runs from there. */
    private static String runnerClasspath() {
        try {
            return Paths.get(TlcProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the runner's classes", e);
        }
    }

    /**
     * Why TLC's distributed mode cannot check {@code m} as its manifest asks, or null when it
     * can; {@code probe} is {@link #probe}'s answer (null when not asked: not exhaustive).
     */
    public static String unsupported(Model m, Object probe) {
        if (m.mode() == Model.Mode.SIMULATE) {
            return "it is a simulation (TLC's distributed mode searches breadth-first only)";
        }
        if (m.litmus() != null) {
            return "it is a litmus model (its outcomes would be printed by the workers, not the server)";
        }
        if (m.expected() == ResultKind.LIVENESS) {
            return "it expects a liveness violation, and TLC's distributed mode checks no temporal property";
        }
        if (probe instanceof String error) {
            return "TLC could not read its spec and config: " + error;
        }
        TlcProbe.Properties p = (TlcProbe.Properties) probe;
        if (p != null && !p.temporal().isEmpty()) {
            List<String> named = p.temporal().stream().filter(m.configProperties()::contains).toList();
            long conjuncts = p.temporal().size() - named.size();
            String which = String.join(", ", named)
                    + (conjuncts == 0 ? "" : (named.isEmpty() ? "" : ", and ") + conjuncts + " temporal conjunct"
                            + (conjuncts == 1 ? "" : "s") + " of " + others(m, p));
            return "its config checks temporal properties (" + which + "), which TLC's distributed mode skips"
                    + " silently";
        }
        return null;
    }

    /** The config's properties that are neither action properties nor named temporal ones (a refinement). */
    private static String others(Model m, TlcProbe.Properties p) {
        List<String> rest = m.configProperties().stream()
                .filter(n -> !p.temporal().contains(n) && !p.actions().contains(n)).toList();
        return rest.isEmpty() ? "its properties" : String.join(", ", rest);
    }

    /**
     * Checks {@code m} on a TLCServer with {@code config} (the model's own config, or one with
     * the manifest's constants) and the setup's workers. The server's output goes to
     * {@code serverLog}, worker {@code i}'s beside it ({@code <model>.worker-i.log}).
     */
    public static Run run(Model m, Setup setup, Tlc tlc, Path states, Path config, Path serverLog, java.io.PrintStream err)
            throws IOException, InterruptedException {
        // The workers fetch the config from the server by file name, searching the spec's folder
        // first: a generated config named like the model's own would silently be swapped for it
        // (measured). So it gets a name of its own, in a folder on the server's TLA-Library.
        // Absolute: the server and the workers run in the spec's folder (Tlc.workDir), not ours.
        states = states.toAbsolutePath();
        serverLog = serverLog.toAbsolutePath();
        Path configDir = states.resolve("config");
        Files.createDirectories(configDir);
        Path cfg = configDir.resolve("TlcRunner_" + m.name() + ".cfg");
        Files.copy(config, cfg);
        for (int attempt = 1; ; attempt++) {
            int port = setup.port() != 0 ? setup.port() : freePort();
            Run run = attempt(m, setup, tlc, states.resolve("run-" + attempt), cfg, port, serverLog, err);
            boolean portTaken = run.result() != null && run.result().message() != null
                    && run.result().message().startsWith(PORT_TAKEN);
            if (!portTaken || setup.port() != 0 || attempt == 3) {
                return run;
            }
        }
    }

    private static Run attempt(Model m, Setup setup, Tlc tlc, Path states, Path cfg, int port, Path serverLog,
            java.io.PrintStream err) throws IOException, InterruptedException {
        String host = setup.fixedServer() ? setup.host() : LOOPBACK;
        Files.createDirectories(states.resolve("tmp"));
        Files.createDirectories(serverLog.getParent());
        Path[] library = Tlc.library(m);
        Path[] withConfig = java.util.Arrays.copyOf(library, library.length + 1);
        withConfig[library.length] = cfg.getParent();
        List<String> server = new ArrayList<>(List.of(tlc.java().toString(), "-XX:+UseParallelGC",
                "-Djava.io.tmpdir=" + states.resolve("tmp"), Tlc.libraryProperty(withConfig),
                "-Djava.rmi.server.hostname=" + host, "-D" + PORT_PROPERTY + "=" + port, "-cp", tlc.jar().toString(),
                SERVER_CLASS, "-tool", "-fp", "1", "-metadir", states.resolve("server").toString()));
        if (!m.checkDeadlock()) {
            server.add("-deadlock");
        }
        // Run in the spec's own folder under its file name when it is in a sub-folder (Tlc.specArgument).
        server.addAll(List.of("-config", cfg.toAbsolutePath().toString(), Tlc.specArgument(m)));
        String where = host + ":" + port;
        long start = System.nanoTime();
        Process srv = new ProcessBuilder(server).directory(Tlc.workDir(m).toFile()).redirectErrorStream(true)
                .redirectOutput(serverLog.toFile()).start();
        List<Process> workers = new ArrayList<>();
        List<Path> workerLogs = new ArrayList<>();
        String failure = null;
        ResultKind failureKind = ResultKind.CRASH;
        int registered = 0;
        long readyAt = -1;
        long allLostAt = -1;
        try {
            while (srv.isAlive()) {
                String out = Files.readString(serverLog, StandardCharsets.UTF_8);
                double elapsed = seconds(start);
                if (readyAt < 0 && count(out, SERVER_READY) > 0) {
                    readyAt = System.nanoTime();
                    for (int i = 1; i <= setup.localWorkers(); i++) {
                        Path tmp = states.resolve("worker-" + i);
                        Files.createDirectories(tmp);
                        Path wlog = workerLog(serverLog, m, i);
                        workerLogs.add(wlog);
                        workers.add(new ProcessBuilder(workerCommand(tlc.java().toString(), tlc.jar().toString(),
                                host, port, 1, LOOPBACK, tmp.toString())).directory(Tlc.workDir(m).toFile())
                                .redirectErrorStream(true).redirectOutput(wlog.toFile()).start());
                    }
                    if (setup.fixedServer()) {
                        err.printf(Locale.ROOT, "%s: TLCServer ready at %s; add workers with: %s%n", m.name(),
                                where, remoteWorkerCommand(new Setup(0, setup.host(), port, 0), tlc.jar()));
                    }
                }
                registered = count(out, WORKER_REGISTERED);
                int live = registered - count(out, WORKER_DEREGISTERED);
                if (elapsed > m.timeoutSeconds()) {
                    failureKind = ResultKind.TIMEOUT;
                    failure = "killed after " + m.timeoutSeconds() + " s (timeoutSeconds); make the model smaller,"
                            + " or size it \"deep\"";
                    break;
                }
                if (readyAt >= 0) {
                    double sinceReady = seconds(readyAt);
                    String died = diedEarly(workers, workerLogs);
                    // A worker still fetching the spec when the server is done fails: the server
                    // printed its closing message before it closed its RMI objects.
                    if (died != null && !ended(serverLog)) {
                        failure = died + "; the TLCServer and the other workers were stopped";
                        break;
                    }
                    int timeout = setup.connectTimeoutSeconds();
                    if (registered == 0 && sinceReady > timeout) {
                        failure = "no TLCWorker connected to the TLCServer at " + where + " within " + timeout
                                + " s (--connect-timeout)" + (setup.localWorkers() > 0
                                ? "; worker logs: " + names(workerLogs)
                                : "; start workers with: " + remoteWorkerCommand(new Setup(0, host, port, 0), tlc.jar()));
                        break;
                    }
                    if (registered < setup.localWorkers() && sinceReady > timeout) {
                        failure = "only " + registered + " of " + setup.localWorkers() + " local TLCWorkers connected"
                                + " within " + timeout + " s (--connect-timeout); worker logs: " + names(workerLogs);
                        break;
                    }
                    if (registered > 0 && live <= 0) {
                        allLostAt = allLostAt < 0 ? System.nanoTime() : allLostAt;
                        if (seconds(allLostAt) > timeout) {
                            failure = "every TLCWorker was lost (" + registered + " registered, all disconnected) and"
                                    + " none connected again within " + timeout + " s (--connect-timeout)";
                            break;
                        }
                    } else {
                        allLostAt = -1;
                    }
                }
                Thread.sleep(100);
            }
        } finally {
            if (srv.isAlive()) {
                Tlc.kill(srv);
            }
            for (Process w : workers) {
                if (!w.waitFor(failure == null ? WORKER_EXIT_SECONDS : 0, TimeUnit.SECONDS)) {
                    Tlc.kill(w);
                }
            }
        }
        double seconds = seconds(start);
        String output = Files.readString(serverLog, StandardCharsets.UTF_8);
        registered = count(output, WORKER_REGISTERED);
        Engine engine = new Engine(Engine.Kind.DISTRIBUTED, "TLCServer " + where + ", " + setup.localWorkers()
                + " local TLCWorker" + (setup.localWorkers() == 1 ? "" : "s") + ", " + registered + " registered",
                null, null);
        if (failure != null) {
            return new Run(RunResult.failed(m, failureKind, failure, seconds, serverLog, engine), seconds, engine,
                    serverLog);
        }
        if (output.contains("Port already in use")) {
            return new Run(RunResult.failed(m, ResultKind.CRASH, PORT_TAKEN + port + " is in use: the TLCServer"
                    + " could not open its RMI registry there", seconds, serverLog, engine), seconds, engine, serverLog);
        }
        if (count(output, NO_ERROR_FOUND) > 0) {
            TlcOutput.Parsed parsed = TlcOutput.parse(output, 0);
            if (parsed.kind() == ResultKind.SUCCESS) {
                return new Run(RunResult.judge(m, parsed, seconds, RunResult.Counts.DISTINCT_OF_SUCCESS, engine,
                        serverLog), seconds, engine, serverLog);
            }
        }
        String last = output.lines().filter(l -> !l.isBlank() && !l.startsWith("@!@!@")).reduce((a, b) -> b)
                .orElse("no output");
        if (count(output, SERVER_READY) == 0) {
            // The spec or config did not load in the server: nothing was distributed, and one TLC
            // process says why (its engine, not this one, is the report's).
            return new Run(null, seconds, null, serverLog, "the TLCServer never got ready (" + last.strip() + ")");
        }
        if (count(output, TRACE_FOLLOWS) > 0) {
            // A violation or an error the server does not name: one TLC process names it.
            return new Run(null, seconds, engine, serverLog, null);
        }
        return new Run(RunResult.failed(m, ResultKind.CRASH, "the TLCServer ended without a result (exit "
                + srv.exitValue() + "): " + last.strip(), seconds, serverLog, engine), seconds, engine, serverLog);
    }

    /** {@code <model>.worker-<i>.log} beside the server's log. */
    static Path workerLog(Path serverLog, Model m, int i) {
        return serverLog.resolveSibling(m.name() + ".worker-" + i + ".log");
    }

    /**
     * The first local worker that exited without finishing its work ("Thank you", TLC's last
     * words of a worker the server released), said as an error; null if none.
     */
    private static String diedEarly(List<Process> workers, List<Path> logs) throws IOException {
        for (int i = 0; i < workers.size(); i++) {
            Process w = workers.get(i);
            if (!w.isAlive()) {
                String log = Files.readString(logs.get(i), StandardCharsets.UTF_8);
                if (!log.contains("Thank you")) {
                    String why = log.lines().filter(l -> l.startsWith("Error") || l.contains("Exception"))
                            .findFirst().orElse(log.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b)
                                    .orElse("no output"));
                    return "TLCWorker " + (i + 1) + " of " + workers.size() + " exited (code " + w.exitValue()
                            + ") before the model was done: " + why.strip() + " (" + logs.get(i).getFileName() + ")";
                }
            }
        }
        return null;
    }

    /** The server printed its closing message: it ended with a result of its own. */
    private static boolean ended(Path serverLog) throws IOException {
        return count(Files.readString(serverLog, StandardCharsets.UTF_8), FINISHED) > 0;
    }

    private static String names(List<Path> logs) {
        return String.join(", ", logs.stream().map(p -> p.getFileName().toString()).toList());
    }

    /** How many -tool messages with {@code code} {@code output} holds. */
    public static int count(String output, int code) {
        String marker = "@!@!@STARTMSG " + code + ":";
        int n = 0;
        for (int i = output.indexOf(marker); i >= 0; i = output.indexOf(marker, i + marker.length())) {
            n++;
        }
        return n;
    }

    /** A port nothing listens on now (the server binds it a moment later; {@link #run} retries a taken one). */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
