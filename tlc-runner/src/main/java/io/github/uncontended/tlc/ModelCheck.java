package io.github.uncontended.tlc;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

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
              --tla-jar JAR      TLC jar (default: the one beside this runner, in lib/)
              --jcstress CP      jcstress jar (or class path) holding the tests litmus models are tied to
              --junit FILE       also write JUnit XML: one test case per model (for CI dashboards)
              --summary FILE     also write a Markdown results table (e.g. $GITHUB_STEP_SUMMARY)
              --list             list the selected models and exit
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
            boolean list, List<Path> jcstress, Path junit, Path summary, String info) {}

    private ModelCheck() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
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
                case "version" -> out.println("tlc-runner " + version());
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
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--specs" -> specs = Paths.get(value(args, ++i, a));
                case "--out" -> out = Paths.get(value(args, ++i, a));
                case "--size" -> {
                    size = value(args, ++i, a);
                    if (!List.of("ci", "deep", "all").contains(size)) {
                        throw new IllegalArgumentException("--size takes ci, deep or all, not '" + size + "'");
                    }
                }
                case "--model" -> Arrays.stream(value(args, ++i, a).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).forEach(models::add);
                case "--workers" -> {
                    workers = value(args, ++i, a);
                    if (!workers.equals("auto") && !workers.matches("[1-9]\\d*")) {
                        throw new IllegalArgumentException("--workers takes a positive number or auto, not '" + workers + "'");
                    }
                }
                case "--jobs" -> {
                    String j = value(args, ++i, a);
                    if (!j.matches("[1-9]\\d*")) {
                        throw new IllegalArgumentException("--jobs takes a positive number, not '" + j + "'");
                    }
                    jobs = Integer.parseInt(j);
                }
                case "--tla-jar" -> jar = Paths.get(value(args, ++i, a));
                case "--list" -> list = true;
                case "--jcstress" -> jcstress = Arrays.stream(value(args, ++i, a).split(java.io.File.pathSeparator))
                        .filter(s -> !s.isEmpty()).map(Paths::get).toList();
                case "--junit" -> junit = Paths.get(value(args, ++i, a));
                case "--summary" -> summary = Paths.get(value(args, ++i, a));
                case "-h", "--help" -> info = "help";
                case "--version" -> info = info == null ? "version" : info;
                case "--print-schema" -> info = info == null ? "schema" : info;
                default -> throw new IllegalArgumentException("unknown option '" + a + "'");
            }
        }
        // Absolute from here on: TLC runs in each spec's folder, where a relative path means something else.
        return new Options(abs(specs), abs(out), size, List.copyOf(models), workers, jobs, abs(jar), list,
                jcstress.stream().map(ModelCheck::abs).toList(), abs(junit), abs(summary), info);
    }

    private static Path abs(Path p) {
        return p == null ? null : p.toAbsolutePath().normalize();
    }

    /** The runner's version, from its jar's manifest ("dev" when run from classes). */
    static String version() {
        String v = ModelCheck.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    static int run(Options o, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        ManifestLoader.Loaded loaded = new ManifestLoader(o.specs()).load();
        List<Model> selected;
        if (!o.models().isEmpty()) {
            selected = new ArrayList<>();
            for (String name : o.models()) {
                Model m = loaded.models().stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
                if (m == null) {
                    err.println("error: unknown model '" + name + "'" + suggestion(name, loaded.models())
                            + "; `make list-models` lists them");
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
        Tlc tlc = new Tlc(o.tlaJar() != null ? o.tlaJar() : Tlc.locateJar());
        if (!Files.isRegularFile(tlc.jar())) {
            err.println("error: TLC jar " + tlc.jar() + " does not exist");
            return 2;
        }
        Files.createDirectories(o.out());
        for (Path p : o.jcstress()) {
            if (!Files.exists(p)) {
                err.println("error: jcstress class path entry " + p + " does not exist (build: mvn -pl jcstress-tests -am package -DskipTests)");
                return 2;
            }
        }
        List<RunResult> results;
        try (JcstressOutcomes jcstress = o.jcstress().isEmpty() ? null : new JcstressOutcomes(o.jcstress())) {
            results = checkAll(selected, o, tlc, jcstress, err);
        }
        Path cexDir = o.out().resolve("counterexamples");
        deleteTree(cexDir);
        List<RunResult> written = new ArrayList<>();
        for (RunResult r : results) {
            if (!r.trace().isEmpty()) {
                Path file = cexDir.resolve(r.model().name() + ".txt");
                Files.createDirectories(cexDir);
                RunResult shown = r.withTrace(MemoryPicture.project(r.trace()));
                Files.writeString(file, Counterexample.render(r.model(), shown, o.specs()));
                String raw = file.getFileName().toString();
                Files.writeString(CounterexampleViews.tableFile(file), CounterexampleViews.markdown(r.model(), shown, raw));
                Files.writeString(CounterexampleViews.htmlFile(file), CounterexampleViews.html(r.model(), shown, raw));
                r = r.withCounterexample(file);
            }
            written.add(r);
        }
        Report.table(written, loaded.errors(), out);
        Path json = o.out().resolve("report.json");
        Report.json(written, loaded.errors(), o.workers(), tlc.jar(), o.specs(), json);
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

    private static List<RunResult> checkAll(List<Model> models, Options o, Tlc tlc, JcstressOutcomes jcstress,
            PrintStream err) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(o.jobs(), Math.max(1, models.size())));
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<RunResult>> futures = new ArrayList<>();
            for (Model m : models) {
                futures.add(pool.submit(() -> {
                    RunResult r = check(m, o, tlc, jcstress);
                    err.printf(Locale.ROOT, "[%d/%d] %-32s %-14s %6.1fs %s%n", done.incrementAndGet(), models.size(),
                            m.name(), r.kind().label(), r.seconds(), r.matches() ? "ok" : "MISMATCH");
                    return r;
                }));
            }
            List<RunResult> results = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    results.add(RunResult.failed(models.get(i), ResultKind.CRASH,
                            "the runner failed: " + cause, 0, null));
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    static RunResult check(Model m, Options o, Tlc tlc, JcstressOutcomes jcstress)
            throws IOException, InterruptedException {
        Path states = o.out().resolve("states").resolve(m.name() + "-" + System.nanoTime()).toAbsolutePath();
        Path log = o.out().resolve("logs").resolve(m.name() + ".log").toAbsolutePath();
        try {
            RunResult stale = PlusCal.check(m, tlc, states.resolve("pcal")).orElse(null);
            if (stale != null) {
                return stale;
            }
            Files.createDirectories(states.resolve("tmp"));
            String config = configText(m);
            Litmus.Wrapped wrapped = m.litmus() == null ? null : Litmus.wrap(m, config, states.resolve("litmus"));
            Path derived = null;
            if (wrapped == null && !m.constants().isEmpty()) {
                derived = states.resolve("config").resolve(m.config());
                Files.createDirectories(derived.getParent());
                Files.writeString(derived, config);
            }
            Tlc.Exit exit = tlc.run(tlc.command(m, o.workers(), states, wrapped, derived), m.dir(), log,
                    m.timeoutSeconds());
            if (exit.timedOut()) {
                return RunResult.failed(m, ResultKind.TIMEOUT, "killed after " + m.timeoutSeconds()
                        + " s (timeoutSeconds); make the model smaller, or size it \"deep\"", exit.seconds(), log);
            }
            String output = Files.readString(log);
            RunResult judged = RunResult.judge(m, TlcOutput.parse(output, exit.code()), exit.seconds(),
                    o.workers().equals("1"), log);
            if (m.litmus() == null) {
                return judged;
            }
            if (m.litmus().outcomes() != null) {
                return judged.withOutcomes(Litmus.outcomes(output),
                        Litmus.comparePublished(m.litmus(), Litmus.outcomes(output)).orElse(null));
            }
            return tieToJcstress(m, judged, Litmus.outcomes(output), jcstress);
        } finally {
            deleteTree(states);
        }
    }

    /**
     * The model's config, with the constants its manifest entry assigns appended (the loader has
     * made sure the config does not assign them too).
     */
    static String configText(Model m) throws IOException {
        String text = Files.readString(m.configPath());
        if (m.constants().isEmpty()) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text).append("\n\\* assigned by ").append(m.manifest().getFileName())
                .append(", model ").append(m.name()).append('\n').append("CONSTANTS\n");
        m.constants().forEach((k, v) -> sb.append("    ").append(k).append(" = ").append(v).append('\n'));
        return sb.toString();
    }

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

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
