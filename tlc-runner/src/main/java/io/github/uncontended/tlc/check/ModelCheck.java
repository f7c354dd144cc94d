package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Distributed;
import io.github.uncontended.tlc.engine.Engine;
import io.github.uncontended.tlc.engine.PlusCal;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.JcstressOutcomes;
import io.github.uncontended.tlc.manifest.Litmus;
import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.ManifestSchema;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.manifest.Wrapped;
import io.github.uncontended.tlc.report.CiReports;
import io.github.uncontended.tlc.report.Counterexample;
import io.github.uncontended.tlc.report.CounterexampleViews;
import io.github.uncontended.tlc.report.Explorer;
import io.github.uncontended.tlc.report.MemoryPicture;
import io.github.uncontended.tlc.report.Report;
import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.util.Version;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code make check}: runs the models of every {@code specs/&#42;/manifest.json} with TLC and
 * compares each result with what the manifest pins. Exit status: see {@link #USAGE}.
 */
public final class ModelCheck {

    static final String USAGE = """
            usage: java -jar tlc-runner.jar [options]

            Model-checks every model of every <design>/manifest.json (and <design>/<sub>/manifest.json)
            under --specs with TLC and compares each result with what its manifest pins.
            Relative paths are resolved against the current directory.

            options:
              --specs DIR        folder holding <design>/manifest.json (default: specs)
              --out DIR          report.json, logs/ and counterexamples/ (default: target/model-check)
              --size ci|deep|all which models to run (default: ci)
              --model NAME[,..]  run only these models, whatever their size
              --workers N|auto   TLC workers (default: 1, which makes state counts reproducible)
              --jobs N           models checked at once (default: 2, each TLC with its own workers)
              --distributed N    check each exhaustive model on TLC's distributed mode: a TLCServer and N
                                 local TLCWorker processes (1 thread each) on 127.0.0.1, a free port per model;
                                 models it cannot check (temporal properties, simulations, litmus models)
                                 run in one process, and a model named by --model is refused (exit 2)
              --server HOST:PORT the TLCServer's RMI registry on PORT, advertised as HOST, for TLCWorkers on
                                 other machines (the command to start one is printed); with --distributed N,
                                 N local workers too; models are checked one at a time
              --connect-timeout S  with --distributed or --server: fail a model when no worker (or not every
                                 local one) connected S s after the server was ready, or every worker was
                                 lost for S s (default: 60)
              --simulate [traces=N,depth=D,seed=S]
                                 random simulation instead of a breadth-first search, for the safety
                                 properties: each key overrides the model's manifest budget ("simulate");
                                 a run that finds nothing reports "no violation within budget", not success
              --tla-jar JAR      TLC jar (default: the TLC this runner jar carries)
              --jcstress CP      jcstress jar (or class path) holding the tests litmus models are tied to
              --junit FILE       also write JUnit XML: one test case per model (for CI dashboards)
              --summary FILE     also write a Markdown results table (e.g. $GITHUB_STEP_SUMMARY)
              --witnesses        of the selected models, run only the witnesses (expect reachable), each in a TLC
                                 process of its own: their pinned counts and their counterexamples. Without it,
                                 a witness whose model is selected too is checked inside that model's run (one
                                 worker, no --pin): reached or not, in state N of a shortest behaviour
              --list             list the selected models and exit
              --pin              after the run, write the measured state counts into the manifest of each
                                 model that ended as pinned except for its counts (new models: pin
                                 "states": {"distinct": 0, "total": 0} first); prints each edit
              --each-property    instead of judging the selected models, check each invariant and property of
                                 each alone (and deadlock, where the model checks it) and print which are
                                 violated; OUT/properties.json. Exit 1 when a run ended in no verdict (an
                                 error, a timeout) or a model's pinned violation did not come out violated
              --print-schema     print the JSON Schema of manifest.json and exit
              --version          print the runner's version and exit
              -h, --help         print this help and exit

            exit codes:
              0  every selected model ended as its manifest pins, and every manifest is valid
              1  a model did not end as pinned (wrong result, other property, state-count drift,
                 parse or config error, crash, timeout), a manifest is invalid, or no model was
                 found; every model still runs and is reported before the exit
              2  usage error: unknown option or model, missing specs folder, TLC jar or jcstress jar""";

    /** {@code info}: "help", "version" or "schema" to print that and exit, else null. Paths are absolute. */
    record Options(Path specs, Path out, String size, List<String> models, String workers, int jobs, Path tlaJar,
            boolean list, List<Path> jcstress, Path junit, Path summary, String info, Distributed.Setup distributed,
            Simulate simulate, boolean eachProperty, boolean pin, boolean witnessesAlone) {

        /**
         * Whether a witness may be checked inside its model's run: TLC's registers are a worker's
         * own (one worker), and --pin writes the counts of each witness's own run.
         */
        boolean foldsWitnesses() {
            return !witnessesAlone && "1".equals(workers) && distributed == null && simulate == null && !pin;
        }
    }

    /** {@code --simulate}: each field set overrides the model's manifest budget; null: not given. */
    record Simulate(Long traces, Integer depth, Long seed) {

        /** The model's budget with these overrides, or null when traces or depth is still missing. */
        Model.Simulation budget(Model m) {
            Model.Simulation own = m.simulation();
            Long t = traces != null ? traces : own != null ? Long.valueOf(own.traces()) : null;
            Integer d = depth != null ? depth : own != null ? Integer.valueOf(own.depth()) : null;
            long sd = seed != null ? seed : own != null ? own.seed() : 1;
            return t == null || d == null ? null : new Model.Simulation(t, d, sd);
        }
    }

    private ModelCheck() {}

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("`java -jar tlc-runner.jar --help` lists the options");
            return 2;
        }
        if (options.info() != null) {
            switch (options.info()) {
                case "help" -> out.println(USAGE);
                case "version" -> out.println("tlc-runner " + Version.current());
                default -> out.print(ManifestSchema.text());
            }
            return 0;
        }
        try {
            return run(options, out, err);
        } catch (IOException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted");
            return 2;
        }
    }

    static Options parse(String[] args) {
        Path specs = Paths.get("specs");
        Path out = Paths.get("target", "model-check");
        Path junit = null;
        Path summary = null;
        String info = null;
        String size = "ci";
        List<String> models = new ArrayList<>();
        String workers = "1";
        int jobs = 2;
        Path jar = null;
        boolean list = false;
        List<Path> jcstress = List.of();
        Integer localWorkers = null;
        String serverHost = null;
        int serverPort = 0;
        Integer connectTimeout = null;
        Simulate simulate = null;
        boolean eachProperty = false;
        boolean pin = false;
        boolean witnessesAlone = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--specs" -> specs = Paths.get(Cli.value(args, ++i));
                case "--out" -> out = Paths.get(Cli.value(args, ++i));
                case "--size" -> {
                    size = Cli.value(args, ++i);
                    if (!List.of("ci", "deep", "all").contains(size)) {
                        throw new IllegalArgumentException("--size takes ci, deep or all, not '" + size + "'");
                    }
                }
                case "--model" -> Arrays.stream(Cli.value(args, ++i).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).forEach(models::add);
                case "--workers" -> {
                    workers = Cli.value(args, ++i);
                    if (!workers.equals("auto") && !workers.matches("[1-9]\\d*")) {
                        throw new IllegalArgumentException("--workers takes a positive number or auto, not '" + workers + "'");
                    }
                }
                case "--jobs" -> {
                    String j = Cli.value(args, ++i);
                    if (!j.matches("[1-9]\\d*")) {
                        throw new IllegalArgumentException("--jobs takes a positive number, not '" + j + "'");
                    }
                    jobs = Integer.parseInt(j);
                }
                case "--distributed" -> {
                    String n = Cli.value(args, ++i);
                    if (!n.matches("[1-9]\\d{0,2}")) {
                        throw new IllegalArgumentException("--distributed takes the number of local workers (1 or more), not '"
                                + n + "'");
                    }
                    localWorkers = Integer.parseInt(n);
                }
                case "--server" -> {
                    String hp = Cli.value(args, ++i);
                    int colon = hp.lastIndexOf(':');
                    String port = colon < 0 ? "" : hp.substring(colon + 1);
                    if (colon <= 0 || !port.matches("\\d{1,5}") || Integer.parseInt(port) < 1
                            || Integer.parseInt(port) > 65535) {
                        throw new IllegalArgumentException("--server takes HOST:PORT (the address workers reach this"
                                + " machine at, and the RMI registry's port, e.g. 10.0.0.5:" + Distributed.TLC_DEFAULT_PORT
                                + "), not '" + hp + "'");
                    }
                    serverHost = hp.substring(0, colon);
                    serverPort = Integer.parseInt(port);
                }
                case "--connect-timeout" -> {
                    String t = Cli.value(args, ++i);
                    if (!t.matches("[1-9]\\d{0,5}")) {
                        throw new IllegalArgumentException("--connect-timeout takes seconds (1 or more), not '" + t + "'");
                    }
                    connectTimeout = Integer.parseInt(t);
                }
                case "--simulate" -> {
                    boolean given = i + 1 < args.length && !args[i + 1].startsWith("--");
                    simulate = parseSimulate(given ? args[++i] : "");
                }
                case "--tla-jar" -> jar = Paths.get(Cli.value(args, ++i));
                case "--list" -> list = true;
                case "--each-property" -> eachProperty = true;
                case "--pin" -> pin = true;
                case "--witnesses" -> witnessesAlone = true;
                case "--jcstress" -> jcstress = Arrays.stream(Cli.value(args, ++i).split(java.io.File.pathSeparator))
                        .filter(s -> !s.isEmpty()).map(Paths::get).toList();
                case "--junit" -> junit = Paths.get(Cli.value(args, ++i));
                case "--summary" -> summary = Paths.get(Cli.value(args, ++i));
                case "-h", "--help" -> info = "help";
                case "--version" -> info = info == null ? "version" : info;
                case "--print-schema" -> info = info == null ? "schema" : info;
                default -> throw new IllegalArgumentException("unknown option '" + a + "'");
            }
        }
        if (pin && (simulate != null || localWorkers != null || serverHost != null || eachProperty
                || !workers.equals("1"))) {
            throw new IllegalArgumentException("--pin writes the counts of one TLC process with one worker, the only"
                    + " reproducible ones: it does not go with --workers other than 1, --simulate, --distributed,"
                    + " --server or --each-property");
        }
        if (eachProperty && (simulate != null || localWorkers != null || serverHost != null)) {
            throw new IllegalArgumentException("--each-property runs each model as its manifest says, in one TLC"
                    + " process: it does not go with --simulate, --distributed or --server");
        }
        Distributed.Setup distributed = null;
        if (localWorkers != null || serverHost != null) {
            if (simulate != null) {
                throw new IllegalArgumentException("--simulate does not go with --distributed or --server: TLC's"
                        + " distributed mode searches breadth-first only");
            }
            distributed = new Distributed.Setup(localWorkers == null ? 0 : localWorkers, serverHost, serverPort,
                    connectTimeout == null ? Distributed.DEFAULT_CONNECT_TIMEOUT : connectTimeout);
        } else if (connectTimeout != null) {
            throw new IllegalArgumentException("--connect-timeout goes with --distributed or --server");
        }
        // Absolute from here on: TLC runs in each spec's folder, where a relative path means something else.
        return new Options(abs(specs), abs(out), size, List.copyOf(models), workers, jobs, abs(jar), list,
                jcstress.stream().map(ModelCheck::abs).toList(), abs(junit), abs(summary), info, distributed, simulate,
                eachProperty, pin, witnessesAlone);
    }

    /** {@code traces=N,depth=D,seed=S}, every key optional; "" for none. */
    static Simulate parseSimulate(String spec) {
        Long traces = null;
        Integer depth = null;
        Long seed = null;
        for (String part : spec.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] kv = part.strip().split("=", 2);
            String v = kv.length == 2 ? kv[1].strip() : "";
            boolean number = v.matches("\\d{1,12}");
            switch (kv[0].strip()) {
                case "traces" -> traces = number && Long.parseLong(v) > 0 ? Long.parseLong(v) : bad(part);
                case "depth" -> depth = number && v.length() < 10 && Integer.parseInt(v) > 0 ? Integer.parseInt(v) : bad(part);
                case "seed" -> seed = number ? Long.parseLong(v) : bad(part);
                default -> bad(part);
            }
        }
        return new Simulate(traces, depth, seed);
    }

    private static <T> T bad(String part) {
        throw new IllegalArgumentException("--simulate takes traces=N,depth=D,seed=S (each optional, N and D positive,"
                + " S >= 0), not '" + part + "'");
    }

    private static Path abs(Path p) {
        return p == null ? null : p.toAbsolutePath().normalize();
    }

    /** The runner's version, from its jar's manifest ("dev" when run from classes). */
    static int run(Options o, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        ManifestLoader.Loaded loaded = new ManifestLoader(o.specs()).load();
        List<Model> selected;
        if (!o.models().isEmpty()) {
            selected = new ArrayList<>();
            for (String name : o.models()) {
                Model m = loaded.models().stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
                if (m == null) {
                    err.println("error: unknown model '" + name + "'" + suggestion(name, loaded.models())
                            + "; `--list` lists them (in this repository: make list-models)");
                    loaded.errors().forEach(e -> err.println("ERROR " + e));
                    return 2;
                }
                selected.add(m);
            }
        } else {
            selected = loaded.models().stream()
                    .filter(m -> o.size().equals("all") || m.size().name().toLowerCase(Locale.ROOT).equals(o.size()))
                    .toList();
        }
        if (o.witnessesAlone()) {
            selected = selected.stream().filter(Model::witness).toList();
        }
        if (o.list()) {
            for (Model m : selected) {
                out.printf("%-32s %-4s %-10s %-40s %s/%s%n", m.name(), m.size().name().toLowerCase(Locale.ROOT),
                        m.mode().name().toLowerCase(Locale.ROOT), m.expectation(),
                        m.dir().getFileName(), m.spec());
            }
            loaded.errors().forEach(e -> out.println("ERROR " + e));
            return loaded.errors().isEmpty() ? 0 : 1;
        }
        if (selected.isEmpty() && loaded.errors().isEmpty()) {
            err.println("error: no " + o.size() + " models under " + o.specs() + " (is there a <design>/manifest.json?)");
            return 1;
        }
        if (o.simulate() != null) {
            List<String> refused = new ArrayList<>();
            List<Model> simulated = new ArrayList<>();
            for (Model m : selected) {
                Model.Simulation budget = o.simulate().budget(m);
                String why = m.litmus() != null
                        ? "a litmus model's outcome set is every reachable outcome: it must be searched exhaustively"
                        : m.expected() == ResultKind.LIVENESS
                                ? "it expects a liveness violation, and a simulation is judged on safety properties only"
                                : budget == null ? "it has no budget: give --simulate traces=N,depth=D, or \"simulate\""
                                        + " in its manifest entry" : null;
                if (why != null) {
                    refused.add(m.name() + ": " + why);
                } else {
                    simulated.add(m.simulated(budget));
                }
            }
            if (!refused.isEmpty()) {
                refused.forEach(r -> err.println("error: --simulate cannot check " + r));
                return 2;
            }
            selected = simulated;
        }
        Tlc tlc = new Tlc(o.tlaJar() != null ? o.tlaJar() : Tlc.locateJar());
        if (!Files.isRegularFile(tlc.jar())) {
            err.println("error: TLC jar " + tlc.jar() + " does not exist");
            return 2;
        }
        // Every output path is tried before any model runs: exit 2 means nothing ran.
        for (Path p : new Path[] {o.out().resolve("report.json"), o.junit(), o.summary()}) {
            String why = unwritable(p);
            if (why != null) {
                err.println("error: cannot write " + p + ": " + why);
                return 2;
            }
        }
        Files.createDirectories(o.out());
        if (o.eachProperty()) {
            if (!loaded.errors().isEmpty()) {
                loaded.errors().forEach(e -> err.println("ERROR " + e));
                return 1;
            }
            return PropertyAudit.run(selected, tlc, o.out(), out, err);
        }
        Map<String, String> inOneProcess = Map.of();
        if (o.distributed() != null) {
            inOneProcess = notDistributable(selected, o, tlc);
            if (!o.models().isEmpty() && !inOneProcess.isEmpty()) {
                inOneProcess.forEach((n, why) -> err.println("error: --distributed cannot check " + n + ": " + why));
                return 2;
            }
            inOneProcess.forEach((n, why) -> err.println("note: " + n + " is checked in one TLC process: " + why));
        }
        for (Path p : o.jcstress()) {
            if (!Files.exists(p)) {
                err.println("error: jcstress class path entry " + p + " does not exist (build: mvn -pl jcstress-tests -am package -DskipTests)");
                return 2;
            }
        }
        List<RunResult> results;
        try (JcstressOutcomes jcstress = o.jcstress().isEmpty() ? null : new JcstressOutcomes(o.jcstress())) {
            results = checkAll(selected, o.foldsWitnesses() ? WitnessFold.plan(selected) : Map.of(), o, tlc,
                    jcstress, inOneProcess, err);
        }
        Path cexDir = o.out().resolve("counterexamples");
        Cli.deleteTree(cexDir);
        List<RunResult> written = new ArrayList<>();
        for (RunResult r : results) {
            if (!r.trace().isEmpty()) {
                Path file = cexDir.resolve(r.model().name() + ".txt");
                Files.createDirectories(cexDir);
                RunResult shown = r.withTrace(MemoryPicture.project(r.trace()));
                Files.writeString(file, Counterexample.render(r.model(), shown, o.specs()));
                Files.writeString(CounterexampleViews.tableFile(file), CounterexampleViews.markdown(r.model(), shown, file));
                Files.writeString(CounterexampleViews.htmlFile(file), CounterexampleViews.html(r.model(), shown, file));
                Files.writeString(Explorer.explorerFile(file), Explorer.html(r.model(), shown, file));
                r = r.withCounterexample(file);
            }
            written.add(r);
        }
        if (o.pin()) {
            List<RunResult> pinned = new ArrayList<>();
            for (Pin.Edit e : Pin.pin(written)) {
                out.println("PINNED " + e.model() + " (" + e.manifest() + "): " + counts(e.before()) + " -> " + counts(e.after()));
            }
            for (RunResult r : written) {
                pinned.add(Pin.pinnable(r) ? r.pinnedNow() : r);
            }
            written = pinned;
        }
        Report.table(written, loaded.errors(), out);
        Path json = o.out().resolve("report.json");
        Report.json(written, loaded.errors(), o.workers(), o.distributed(), tlc.jar(), o.specs(), json);
        if (o.junit() != null) {
            CiReports.junit(written, loaded.errors(), o.specs(), o.out(), o.junit());
        }
        if (o.summary() != null) {
            CiReports.markdown(written, loaded.errors(), o.out(), o.summary());
        }
        out.println("report: " + json + (written.stream().anyMatch(r -> r.counterexample() != null)
                ? "; counterexamples: " + cexDir : "")
                + (o.junit() != null ? "; JUnit XML: " + o.junit() : "")
                + (o.summary() != null ? "; summary: " + o.summary() : ""));
        boolean ok = loaded.errors().isEmpty() && written.stream().allMatch(RunResult::matches);
        return ok ? 0 : 1;
    }

    /**
     * The selected models TLC's distributed mode cannot check as their manifests ask, each with
     * the reason (see {@link Distributed#unsupported}): TLC is asked which properties are temporal.
     */
    private static Map<String, String> notDistributable(List<Model> models, Options o, Tlc tlc)
            throws IOException, InterruptedException {
        Map<String, String> reasons = new java.util.TreeMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(o.jobs(), Math.max(1, models.size())));
        try {
            Map<String, Future<String>> asked = new java.util.LinkedHashMap<>();
            for (Model m : models) {
                asked.put(m.name(), pool.submit(() -> {
                    if (m.mode() != Model.Mode.EXHAUSTIVE || m.litmus() != null || m.expected() == ResultKind.LIVENESS) {
                        return Distributed.unsupported(m, null);
                    }
                    Path scratch = o.out().resolve("states").resolve("probe-" + m.name() + "-" + System.nanoTime());
                    try {
                        Path config = scratch.resolve("config").resolve(m.config());
                        Files.createDirectories(config.getParent());
                        Files.writeString(config, m.configText());
                        return Distributed.unsupported(m, Distributed.probe(tlc, m, config, scratch));
                    } finally {
                        Cli.deleteTree(scratch);
                    }
                }));
            }
            for (Map.Entry<String, Future<String>> e : asked.entrySet()) {
                try {
                    String why = e.getValue().get();
                    if (why != null) {
                        reasons.put(e.getKey(), why);
                    }
                } catch (ExecutionException ex) {
                    reasons.put(e.getKey(), "the runner could not ask TLC about its properties: " + ex.getCause());
                }
            }
        } finally {
            stop(pool);
        }
        return reasons;
    }

    /**
     * Checks {@code models}, {@code jobs} at a time; a model named in {@code folded} checks those
     * witnesses in its own run ({@link WitnessFold}), and they get no run of their own. The
     * results come in the order of {@code models}.
     */
    private static List<RunResult> checkAll(List<Model> models, Map<String, List<Model>> folded, Options o, Tlc tlc,
            JcstressOutcomes jcstress, Map<String, String> inOneProcess, PrintStream err) throws InterruptedException {
        java.util.Set<String> inside = new java.util.HashSet<>();
        folded.values().forEach(ws -> ws.forEach(w -> inside.add(w.name())));
        List<Model> runs = models.stream().filter(m -> !inside.contains(m.name())).toList();
        // A fixed server port hosts one model at a time.
        int jobs = o.distributed() != null && o.distributed().fixedServer() ? 1 : o.jobs();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, Math.max(1, runs.size())));
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<List<RunResult>>> futures = new ArrayList<>();
            for (Model m : runs) {
                List<Model> witnesses = folded.getOrDefault(m.name(), List.of());
                futures.add(pool.submit(() -> {
                    RunResult r = check(m, witnesses, o, tlc, jcstress, inOneProcess.get(m.name()), err);
                    List<RunResult> all = new ArrayList<>(List.of(r));
                    if (!witnesses.isEmpty()) {
                        all.addAll(WitnessFold.judge(r, witnesses, r.log() != null && Files.isRegularFile(r.log())
                                ? Files.readString(r.log()) : ""));
                    }
                    for (RunResult x : all) {
                        err.printf(Locale.ROOT, "[%d/%d] %-32s %-14s %6.1fs %s%n", done.incrementAndGet(), models.size(),
                                x.model().name(), Report.gotLabel(x), x.seconds(), x.matches() ? "ok" : "MISMATCH");
                    }
                    return all;
                }));
            }
            Map<String, RunResult> byName = new java.util.HashMap<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    futures.get(i).get().forEach(r -> byName.put(r.model().name(), r));
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    Model m = runs.get(i);
                    byName.put(m.name(), RunResult.failed(m, ResultKind.CRASH, "the runner failed: " + cause, 0, null));
                    for (Model w : folded.getOrDefault(m.name(), List.of())) {
                        byName.put(w.name(), RunResult.failed(w, ResultKind.CRASH, "not judged: it is checked inside "
                                + m.name() + "'s run, and the runner failed on that one: " + cause, 0, null));
                    }
                }
            }
            return models.stream().map(m -> byName.get(m.name())).toList();
        } finally {
            stop(pool);
        }
    }

    private static String counts(Model.StateCounts c) {
        return "distinct " + c.distinct() + (c.total() != null ? ", total " + c.total() : "")
                + (c.depth() != null ? ", depth " + c.depth() : "");
    }

    /** Why {@code file} cannot be written (its folder cannot be made, or is not writable), or null. */
    static String unwritable(Path file) {
        if (file == null) {
            return null;
        }
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            return "its folder " + dir + " cannot be made (" + e.getMessage() + ")";
        }
        if (!Files.isWritable(dir) || (Files.exists(file) && (!Files.isWritable(file) || Files.isDirectory(file)))) {
            return Files.isDirectory(file) ? "it is a folder" : "not writable";
        }
        return null;
    }

    /**
     * Checks one model: in TLC's distributed mode when it is on and {@code notDistributed} (the
     * reason the mode cannot check this model) is null, else in one TLC process (breadth-first,
     * or a simulation for a simulate model). Its run records the states that show the cases of
     * {@code witnesses} ({@link WitnessFold}; empty for none), for the caller to judge from its log.
     */
    static RunResult check(Model m, List<Model> witnesses, Options o, Tlc tlc, JcstressOutcomes jcstress,
            String notDistributed, PrintStream err) throws IOException, InterruptedException {
        Path states = o.out().resolve("states").resolve(m.name() + "-" + System.nanoTime()).toAbsolutePath();
        Path log = o.out().resolve("logs").resolve(m.name() + ".log").toAbsolutePath();
        try {
            RunResult stale = PlusCal.check(m, tlc, states.resolve("pcal")).orElse(null);
            if (stale != null) {
                return stale;
            }
            Files.createDirectories(states.resolve("tmp"));
            String config = m.configText();
            Wrapped wrapped = m.litmus() != null ? Litmus.wrap(m, config, states.resolve("litmus"))
                    : !witnesses.isEmpty() ? WitnessFold.wrap(m, witnesses, config, states.resolve("witnesses")) : null;
            Path derived = null;
            if (wrapped == null && (!m.constants().isEmpty() || m.stopsAtAnInvariant() && !m.configProperties().isEmpty())) {
                derived = states.resolve("config").resolve(m.config());
                Files.createDirectories(derived.getParent());
                Files.writeString(derived, config);
            }
            if (o.distributed() != null && notDistributed == null && wrapped == null
                    && m.mode() == Model.Mode.EXHAUSTIVE) {
                Path server = o.out().resolve("logs").resolve(m.name() + ".server.log").toAbsolutePath();
                Distributed.Run d = Distributed.run(m, o.distributed(), tlc, states.resolve("distributed"),
                        derived != null ? derived : m.configPath(), server, err);
                if (d.result() != null) {
                    return d.result();
                }
                // TLC's distributed server names no violated property and prints a truncated trace:
                // one process, one worker (reproducible counts) names it and shows the behaviour.
                RunResult single = oneProcess(m, "1", states.resolve("single"), wrapped, derived, log, tlc);
                return single.plusSeconds(d.seconds()).withEngine(d.engine().withNote("the TLCServer reported a"
                        + " violation or an error without naming it (" + Report.relative(o.out(), server)
                        + "); one TLC process (-workers 1) checked the model again to name it and show the"
                        + " whole behaviour: the counts and the counterexample are that run's"));
            }
            // A simulation uses one worker: its seed then names exactly the behaviours tried.
            String workers = m.mode() == Model.Mode.SIMULATE ? "1" : o.workers();
            RunResult judged = oneProcess(m, workers, states, wrapped, derived, log, tlc);
            if (judged.kind() == ResultKind.CRASH && judged.message() != null
                    && judged.message().startsWith(TlcOutput.NO_COUNTEREXAMPLE)) {
                // TLC 2.18 sometimes throws while it rebuilds a liveness counterexample (issue 28): a
                // transient bug of TLC's, so the model is checked once more, and the report says so.
                Path first = log.resolveSibling(m.name() + ".first.log");
                Files.move(log, first, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                RunResult again = oneProcess(m, workers, states.resolve("again"), wrapped,
                        derived, log, tlc);
                String note = "retried once: the first run crashed (" + judged.message() + "; its log: "
                        + Report.relative(o.out(), first) + ")";
                judged = again.plusSeconds(judged.seconds()).withEngine(again.engine() == null ? null
                        : again.engine().withNote(note));
            }
            if (o.distributed() != null && notDistributed != null && judged.engine() != null) {
                judged = judged.withEngine(judged.engine().withNote("not distributed: " + notDistributed));
            }
            if (m.litmus() == null || judged.kind() == ResultKind.TIMEOUT) {
                return judged;
            }
            String output = Files.readString(log);
            if (m.litmus().outcomes() != null) {
                return judged.withOutcomes(Litmus.outcomes(output),
                        Litmus.comparePublished(m.litmus(), Litmus.outcomes(output)).orElse(null));
            }
            if (m.litmus().graded()) {
                return judged.withOutcomes(Litmus.outcomes(output),
                        Litmus.compareGraded(m.litmus(), Litmus.outcomes(output)).orElse(null));
            }
            return tieToJcstress(m, judged, Litmus.outcomes(output), jcstress);
        } finally {
            Cli.deleteTree(states);
        }
    }

    /** One TLC process on {@code m}: breadth-first with {@code workers}, or the model's simulation. */
    private static RunResult oneProcess(Model m, String workers, Path states, Wrapped wrapped, Path derived,
            Path log, Tlc tlc) throws IOException, InterruptedException {
        Files.createDirectories(states.resolve("tmp"));
        Engine engine = m.mode() == Model.Mode.SIMULATE ? Engine.simulation(m.simulation()) : Engine.tlc(workers);
        Tlc.Exit exit = tlc.run(tlc.command(m, workers, states, wrapped, derived), m.dir(), log, m.timeoutSeconds());
        if (exit.timedOut()) {
            return RunResult.failed(m, ResultKind.TIMEOUT, "killed after " + m.timeoutSeconds()
                    + " s (timeoutSeconds); make the model smaller, or size it \"deep\"", exit.seconds(), log, engine);
        }
        RunResult.Counts counts = m.mode() == Model.Mode.SIMULATE ? RunResult.Counts.NONE
                : workers.equals("1") ? RunResult.Counts.ALL : RunResult.Counts.SUCCESS_ONLY;
        return RunResult.judge(m, TlcOutput.parse(Files.readString(log), exit.code()), exit.seconds(), counts, engine,
                log);
    }

    /**
     * The model's config, with the constants its manifest entry assigns appended (the loader has
     * made sure the config does not assign them too).
     */
    private static RunResult tieToJcstress(Model m, RunResult judged, java.util.SortedSet<String> reachable,
            JcstressOutcomes jcstress) {
        if (jcstress == null) {
            return judged.withOutcomes(reachable, "litmus model of " + m.litmus().jcstress()
                    + ", but no --jcstress class path was given to compare with");
        }
        try {
            return judged.withOutcomes(reachable,
                    Litmus.compare(m.litmus(), reachable, jcstress.declared(m.litmus().jcstress())).orElse(null));
        } catch (ReflectiveOperationException | LinkageError e) {
            return judged.withOutcomes(reachable, "cannot read the outcomes of " + m.litmus().jcstress() + ": " + e.getMessage());
        }
    }

    private static String suggestion(String name, List<Model> models) {
        String lower = name.toLowerCase(Locale.ROOT);
        return models.stream().map(Model::name)
                .filter(n -> n.toLowerCase(Locale.ROOT).contains(lower) || lower.contains(n.toLowerCase(Locale.ROOT)))
                .findFirst().map(n -> " (did you mean " + n + "?)").orElse("");
    }


    /**
     * Stops the pool's runs (each kills its TLC when interrupted) and waits, at most 30 s, for them
     * to end, keeping an interrupt for the caller: nothing writes into the output folder after the
     * check has returned.
     */
    private static void stop(java.util.concurrent.ExecutorService pool) {
        pool.shutdownNow();
        boolean interrupted = Thread.interrupted();
        try {
            pool.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
