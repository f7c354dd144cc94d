package io.github.uncontended.tlc.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.engine.MemoryLayer;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.engine.TlaValue;
import io.github.uncontended.tlc.engine.Tlc;
import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import io.github.uncontended.tlc.util.Cli;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The load-buffering pass (issue 47.2). The memory layer has no load buffering (LB): a load reads
 * only writes already made. The JMM lets a thread's later store be seen before its earlier load
 * is satisfied when nothing orders the two, so a model the layer accepts may hide a violation
 * that needs LB. This pass finds the shape where that can happen: a thread loads a location
 * (plain or opaque) and later stores to another (a write that releases nothing) with nothing
 * ordering them (no volatile RMW, no volatile write then volatile read, in between; a release
 * store between is not enough, a later plain store may move above it).
 *
 * <p>How: one more TLC run of each accepted weak-strength model, on its own state space, where
 * the layer it parsed is wrapped ({@code lb/Memory.tla}, a resource: the layer's every operator,
 * the accesses also keeping per thread the loads nothing orders yet) and a generated root module
 * adds the invariant {@code TlcRunnerLbShapeAbsent}. TLC stops at the first state where a thread
 * made the shape; its counterexample names the store's step (the last) and the load's (where the
 * load entered the thread's record). The run explores every behaviour the model's own run did:
 * nothing found means no thread of any behaviour has the shape. Sound for the shape as defined;
 * a shape is necessary for LB to matter, not sufficient: the warning says where to look.
 *
 * <p>Which models: {@code --lb auto} (the default) those that ran on the layer this jar carries
 * (an outside user's) and carry no {@code lbExempt}; {@code all} every accepted weak model, exempt
 * or not (an exemption then shows with its reason); {@code require} as {@code all}, and the check
 * fails (exit 1) on an open shape with no {@code lbExempt} or a pass not run to its end
 * ({@link #failed}); {@code off} none. Its cost is one more run of each model it checks: nothing
 * for this repository's models under {@code auto}.
 */
public final class LoadBuffering {

    /**
     * Which accepted weak-memory models get the pass: {@code REQUIRE} is {@code ALL} whose open
     * shapes without an {@code lbExempt}, and passes not run to their end, fail the check (exit 1).
     */
    public enum When {
        AUTO, ALL, REQUIRE, OFF;

        static When of(String s) {
            for (When w : values()) {
                if (w.name().toLowerCase(Locale.ROOT).equals(s)) {
                    return w;
                }
            }
            return null;
        }
    }

    /** The invariant of the generated root module that the shape violates. */
    static final String INVARIANT = "TlcRunnerLbShapeAbsent";
    private static final String ROOT = "TlcRunnerLb";
    private static final Pattern PARSED_MEMORY = Pattern.compile("Parsing file (\\S+[/\\\\]Memory\\.tla)");
    private static final Pattern STRENGTH = Pattern.compile("\\bStrength\\s*(=|<-)\\s*\"weak\"");

    /** A model the pass checks, with the layer file its own run parsed and its exemption (or null). */
    record Candidate(Model model, Path layer, String exemption) {}

    /**
     * What the pass found for one model: {@code shapes}, each the thread and the two steps (empty:
     * no thread has the shape with another thread that could close it into a cycle: one that
     * writes the location loaded and one that reads the location stored, in some behaviour);
     * {@code error} why the pass did not run to its end, else null; {@code more} when it stopped at
     * {@link #MOST_SHAPES} shapes, so there may be more (an exemption covers the model, all of them).
     */
    record Finding(Model model, List<String> shapes, String exemption, String error, double seconds, boolean more) {

        Finding(Model model, List<String> shapes, String exemption, String error, double seconds) {
            this(model, shapes, exemption, error, seconds, false);
        }
    }

    /** The most shapes one model's pass names (one TLC run each); past it, it says there may be more. */
    static final int MOST_SHAPES = 8;

    private LoadBuffering() {}

    /** The models of {@code results} the pass checks under {@code when}. */
    static List<Candidate> candidates(List<RunResult> results, When when) throws IOException {
        List<Candidate> out = new ArrayList<>();
        if (when == When.OFF) {
            return out;
        }
        for (RunResult r : results) {
            Model m = r.model();
            if (!accepted(r) || r.log() == null || !Files.isRegularFile(r.log())) {
                continue;
            }
            String log = Files.readString(r.log());
            Matcher layer = PARSED_MEMORY.matcher(log);
            if (!layer.find() || !weak(m)) {
                continue;
            }
            String exemption = exemption(m);
            if (when != When.AUTO || MemoryLayer.parsedIn(log) && exemption == null) {
                out.add(new Candidate(m, Path.of(layer.group(1)), exemption));
            }
        }
        return out;
    }

    /** An exhaustive, non-litmus model that expects success and got it. */
    static boolean accepted(RunResult r) {
        Model m = r.model();
        return r.matches() && r.kind() == ResultKind.SUCCESS && m.expected() == ResultKind.SUCCESS && !m.witness()
                && m.litmus() == null && m.mode() == Model.Mode.EXHAUSTIVE;
    }

    /** Whether the model runs the layer's weak strength: its config, or its spec's INSTANCE, sets it. */
    static boolean weak(Model m) throws IOException {
        return STRENGTH.matcher(m.configText()).find() || Files.isRegularFile(m.specPath())
                && STRENGTH.matcher(Files.readString(m.specPath())).find();
    }

    /** The model's {@code lbExempt} reason, else its manifest's, else null. */
    static String exemption(Model m) throws IOException {
        JsonNode root = new ObjectMapper().readTree(m.manifest().toFile());
        for (JsonNode node : root.path("models")) {
            if (m.name().equals(node.path("name").asText()) && node.hasNonNull("lbExempt")) {
                return node.get("lbExempt").asText();
            }
        }
        return root.hasNonNull("lbExempt") ? root.get("lbExempt").asText() : null;
    }

    /** Runs the pass on every candidate, {@code jobs} at a time; the findings in candidate order. */
    static List<Finding> run(List<Candidate> candidates, Tlc tlc, Path out, int jobs) throws InterruptedException {
        List<Finding> findings = new ArrayList<>();
        if (candidates.isEmpty()) {
            return findings;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, candidates.size()));
        try {
            List<Future<Finding>> futures = new ArrayList<>();
            for (Candidate c : candidates) {
                futures.add(pool.submit(() -> pass(c, tlc, out)));
            }
            for (int i = 0; i < futures.size(); i++) {
                try {
                    findings.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    Candidate c = candidates.get(i);
                    findings.add(new Finding(c.model(), List.of(), c.exemption(), "the runner failed: " + e.getCause(), 0));
                }
            }
        } finally {
            Schedule.stop(pool);
        }
        return findings;
    }

    /**
     * One model's pass: the wrapped layer, the root module with the invariant, TLC. No shape: done,
     * one run. A shape: one run without the invariant records who reads and writes what (the
     * whole exploration), then the runs start again with only the shapes another thread could
     * close counting, each found one added to the wrapper's {@code LbKnown}, until TLC finds no
     * new one (or {@link #MOST_SHAPES}).
     */
    static Finding pass(Candidate c, Tlc tlc, Path out) throws IOException, InterruptedException {
        Model m = c.model();
        Path work = out.resolve("states").resolve("lb-" + m.name() + "-" + System.nanoTime()).toAbsolutePath();
        Path log = out.resolve("logs").resolve(m.name() + ".lb.log").toAbsolutePath();
        try {
            Path dir = Files.createDirectories(work.resolve("spec"));
            Set<Path> folders = new LinkedHashSet<>(List.of(m.dir(), m.specPath().getParent()));
            for (Path folder : folders) {
                try (Stream<Path> files = Files.list(folder)) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".tla")).toList()) {
                        if (!f.getFileName().toString().equals("Memory.tla")) {
                            Files.copy(f, dir.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        }
                    }
                }
            }
            Files.writeString(dir.resolve("MemoryCore.tla"), core(Files.readString(c.layer())));
            String module = m.specPath().getFileName().toString().replaceFirst("\\.tla$", "");
            Files.writeString(dir.resolve(ROOT + ".tla"), root(module));
            String config = Model.withoutTemporalProperties(m.configText(), m.name());
            Runs runs = new Runs(m, tlc, work, dir, log, config);
            Run first = runs.run(List.of(), null, true);
            if (first.error() != null || first.shape() == null) {
                return finding(c, List.of(), first.error(), runs.seconds);
            }
            Run all = runs.run(List.of(), null, false);
            if (all.error() != null) {
                return finding(c, List.of(first.shape()), "the run that records who reads and writes what: " + all.error(),
                        runs.seconds);
            }
            Set<List<String>> seen = accesses(all.output());
            List<Shape> shapes = new ArrayList<>();
            List<String> known = new ArrayList<>();
            while (true) {
                Run r = runs.run(known, seen, true);
                if (r.error() != null || r.shape() == null) {
                    return finding(c, shapes, r.error(), runs.seconds);
                }
                if (known.contains(r.shape().key())) {
                    return finding(c, shapes, "TLC found a known shape again; its log: " + log, runs.seconds);
                }
                shapes.add(r.shape());
                known.add(r.shape().key());
                if (shapes.size() == MOST_SHAPES) {
                    return new Finding(c.model(), shapes.stream().map(Shape::text).toList(), c.exemption(), null,
                            runs.seconds, true);
                }
            }
        } finally {
            Cli.deleteTree(work);
        }
    }

    /** One TLC run of the pass: the shape its counterexample shows, or none; or why it did not end. */
    record Run(Shape shape, String error, String output) {}

    /** The runs of one model's pass: the files they share, and their time together. */
    private static final class Runs {
        private final Model m;
        private final Tlc tlc;
        private final Path work;
        private final Path dir;
        private final Path log;
        private final String config;
        private final List<Path> library = new ArrayList<>();
        private int count;
        double seconds;

        Runs(Model m, Tlc tlc, Path work, Path dir, Path log, String config) {
            this.m = m;
            this.tlc = tlc;
            this.work = work;
            this.dir = dir;
            this.log = log;
            this.config = config;
            library.add(dir);
            library.add(m.dir().toAbsolutePath().getParent());
            library.addAll(m.library());
        }

        /** TLC on the wrapped model: {@code known} shapes left out, only closable ones when {@code seen} is given. */
        Run run(List<String> known, Set<List<String>> seen, boolean invariant) throws IOException, InterruptedException {
            Files.writeString(dir.resolve("Memory.tla"), wrapper(known, seen));
            Path cfg = dir.resolve(ROOT + ".cfg");
            Files.writeString(cfg, config + (invariant ? "INVARIANT " + INVARIANT + "\n" : ""));
            Path meta = work.resolve("meta-" + count++);
            Files.createDirectories(meta.resolve("tmp"));
            List<String> cmd = tlc.command("1", meta, cfg.toString(), library.toArray(Path[]::new));
            if (!m.checkDeadlock()) {
                cmd.add("-deadlock");
            }
            cmd.addAll(List.of("-seed", "1", "-lncheck", "final", dir.resolve(ROOT + ".tla").toString()));
            // The wrapped layer does more per state than the layer: twice the model's own limit.
            int limit = 2 * m.timeoutSeconds();
            Tlc.Exit exit = tlc.run(cmd, dir, log, limit);
            seconds += exit.seconds();
            if (exit.timedOut()) {
                return new Run(null, "killed after " + limit + " s (twice the model's timeoutSeconds)", "");
            }
            String output = Files.readString(log);
            TlcOutput.Parsed parsed = TlcOutput.parse(output, exit.code());
            if (parsed.kind() == ResultKind.SUCCESS) {
                return new Run(null, null, output);
            }
            Shape shape = invariant && parsed.kind() == ResultKind.SAFETY && INVARIANT.equals(parsed.property())
                    && !parsed.trace().isEmpty() ? describe(parsed.trace()) : null;
            if (shape == null) {
                return new Run(null, "TLC ended in " + parsed.kind().label() + (parsed.message() == null ? ""
                        : " (" + parsed.message().lines().findFirst().orElse("") + ")") + "; its log: " + log, output);
            }
            return new Run(shape, null, output);
        }
    }

    /** The finding of a pass whose filtered runs found {@code shapes}, each closable by another thread. */
    static Finding finding(Candidate c, List<Shape> shapes, String error, double seconds) {
        return new Finding(c.model(), shapes.stream().map(Shape::text).toList(), c.exemption(), error, seconds);
    }

    private static final Pattern ACCESS = Pattern.compile(
            "<<\"tlc-runner-lb-access\", \"((?:[^\"\\\\]|\\\\.)*)\", \"((?:[^\"\\\\]|\\\\.)*)\", \"([rw])\">>");

    /** Every {@code <<thread, location, r|w>>} the pass's run printed, each as ToString gave it. */
    static Set<List<String>> accesses(String log) {
        Set<List<String>> out = new java.util.HashSet<>();
        Matcher m = ACCESS.matcher(log);
        while (m.find()) {
            out.add(List.of(unescape(m.group(1)), unescape(m.group(2)), m.group(3)));
        }
        return out;
    }

    private static String unescape(String s) {
        return s.replace("\\\"", "\"").replace("\\\\", "\\");
    }

    /** The layer's text as module MemoryCore. */
    static String core(String layer) {
        return layer.replaceFirst("MODULE\\s+Memory\\b", "MODULE MemoryCore");
    }

    /**
     * The wrapper module (a resource): the layer's operators, the accesses recorded, {@code known}
     * shapes left out, and with {@code seen} (every {@code <<thread, location, r|w>>} of a whole
     * exploration) only the shapes another thread could close.
     */
    static String wrapper(List<String> known, Set<List<String>> seen) throws IOException {
        try (InputStream in = LoadBuffering.class.getResourceAsStream("lb/Memory.tla")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            text = text.replace("LbKnown == {}", "LbKnown == {" + String.join(", ", known) + "}");
            if (seen != null) {
                text = text.replace("LbFiltered == FALSE", "LbFiltered == TRUE").replace("LbSeen == {}", "LbSeen == {"
                        + String.join(", ", seen.stream().map(a -> "<<" + literal(a.get(0)) + ", " + literal(a.get(1))
                                + ", \"" + a.get(2) + "\">>").sorted().toList()) + "}");
            }
            return text;
        }
    }

    /** The root module TLC checks: the model's spec, and the invariant the shape violates. */
    static String root(String module) {
        return "---- MODULE " + ROOT + " ----\n"
                + "\\* Generated by tlc-runner's load-buffering pass: the model's spec, and the invariant its shape violates.\n"
                + "EXTENDS " + module + "\n"
                + INVARIANT + " == \\A tlcRunnerLbThread \\in DOMAIN mem : mem[tlcRunnerLbThread].shape = <<>>\n"
                + "====\n";
    }

    /**
     * A shape found: how the warning says it, its key in the wrapper's {@code LbKnown}, and its
     * thread and two locations as TLC prints them.
     */
    record Shape(String text, String key, String thread, String load, String store) {}

    /**
     * "thread consumer: ReadFlag (state 4) loads flag (plain), then WriteAck (state 6) stores ack
     * (plain)": the shape in the last state of the pass's counterexample, with the step that made
     * the load (the last one after which the thread's record holds it) and the step that stored;
     * null when the record cannot be read.
     */
    static Shape describe(List<TlcOutput.State> trace) {
        TlcOutput.State last = trace.get(trace.size() - 1);
        Map<String, String> records = TlaValue.entries(last.vars().getOrDefault("mem", ""));
        if (records == null) {
            return null;
        }
        for (Map.Entry<String, String> e : records.entrySet()) {
            Map<String, String> record = TlaValue.entries(e.getValue());
            Map<String, String> shape = record == null ? null : TlaValue.entries(record.getOrDefault("shape", "<<>>"));
            if (shape == null || shape.isEmpty()) {
                continue;
            }
            Map<String, String> load = TlaValue.entries(shape.get("load"));
            Map<String, String> store = TlaValue.entries(shape.get("store"));
            if (load == null || store == null) {
                return null;
            }
            String loadStep = "an earlier step";
            for (int i = trace.size() - 1; i > 0; i--) {
                if (holds(trace.get(i), e.getKey(), load) && !holds(trace.get(i - 1), e.getKey(), load)) {
                    loadStep = trace.get(i).action() + " (state " + trace.get(i).number() + ")";
                    break;
                }
            }
            String text = "thread " + unquote(shape.get("thread")) + ": " + loadStep + " loads " + unquote(load.get("loc"))
                    + " (" + unquote(load.get("mode")) + "), then " + last.action() + " (state " + last.number() + ") "
                    + ("rmw".equals(unquote(store.get("op"))) ? "writes " : "stores ") + unquote(store.get("loc")) + " ("
                    + unquote(store.get("mode")) + ")";
            String key = "<<" + String.join(", ", literal(shape.get("thread")), literal(load.get("loc")), load.get("mode"),
                    literal(store.get("loc")), store.get("mode")) + ">>";
            return new Shape(text, key, shape.get("thread"), load.get("loc"), store.get("loc"));
        }
        return null;
    }

    /** A printed value as the TLA+ string ToString gives for it: {@code "left"} becomes {@code "\"left\""}. */
    static String literal(String printed) {
        return "\"" + printed.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Whether thread {@code key}'s record in {@code s} holds {@code load} (pending or fenced). */
    private static boolean holds(TlcOutput.State s, String key, Map<String, String> load) {
        Map<String, String> records = TlaValue.entries(s.vars().getOrDefault("mem", ""));
        Map<String, String> record = records == null ? null : TlaValue.entries(records.getOrDefault(key, ""));
        if (record == null) {
            return false;
        }
        for (String set : new String[] {record.get("pending"), record.get("fenced")}) {
            if (set == null || !set.startsWith("{") || set.length() < 3) {
                continue;
            }
            for (String element : TlaValue.split(set.substring(1, set.length() - 1), ",")) {
                if (load.equals(TlaValue.entries(element.strip()))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String unquote(String s) {
        return s != null && s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    /**
     * Whether the findings fail the check under {@code when}: under {@code REQUIRE} only, a model
     * with an open shape and no exemption, or a pass that did not run to its end.
     */
    static boolean failed(List<Finding> findings, When when) {
        return when == When.REQUIRE
                && findings.stream().anyMatch(f -> f.error() != null || !f.shapes().isEmpty() && f.exemption() == null);
    }

    /** The pass's lines under the results table, and its one-line summary. */
    static void print(List<Finding> findings, PrintStream out) {
        print(findings, When.ALL, out);
    }

    /** As {@link #print(List, PrintStream)}; under {@code REQUIRE} the summary says whether the check passed it. */
    static void print(List<Finding> findings, When when, PrintStream out) {
        if (findings.isEmpty()) {
            if (when == When.REQUIRE) {
                out.println("load-buffering pass: no accepted weak-memory model among those checked (--lb require: nothing"
                        + " to require)");
                out.println();
            }
            return;
        }
        int shaped = 0;
        int exempt = 0;
        int errors = 0;
        for (Finding f : findings) {
            String more = "  (the pass stops at " + MOST_SHAPES + " shapes: there may be more)";
            if (!f.shapes().isEmpty() && f.exemption() != null) {
                exempt++;
                out.println("LB " + f.model().name() + " (exempt: " + f.exemption() + "):");
                f.shapes().forEach(s -> out.println("  " + s));
                if (f.more()) {
                    out.println(more);
                }
            } else if (!f.shapes().isEmpty()) {
                shaped++;
                out.println("WARNING load buffering, " + f.model().name() + ": a thread loads a location, then stores to"
                        + " another with nothing ordering the two, and other threads write the one and read the other;"
                        + " the layer has no load buffering, so a violation that needs the store seen before the load is"
                        + " satisfied would not show:");
                f.shapes().forEach(s -> out.println("  " + s));
                if (f.more()) {
                    out.println(more);
                }
                out.println("  make the load acquire or the store release, or say in the manifest why it cannot matter"
                        + " (\"lbExempt\": \"<reason>\")");
            }
            if (f.error() != null) {
                errors++;
                out.println("LB " + f.model().name() + ": the load-buffering pass did not run to its end: " + f.error());
            }
        }
        long without = findings.stream().filter(f -> f.shapes().isEmpty() && f.error() == null).count();
        out.println("load-buffering pass: " + findings.size() + " accepted weak-memory model"
                + (findings.size() == 1 ? "" : "s") + ", " + without + " without an open shape"
                + (shaped > 0 ? ", " + shaped + " with one (WARNING above)" : "")
                + (exempt > 0 ? ", " + exempt + " exempt with one" : "")
                + (errors > 0 ? ", " + errors + " not run to the end" : "")
                + (when != When.REQUIRE ? "" : failed(findings, when)
                        ? ": FAILED (--lb require: every open shape needs a reviewed lbExempt, and every pass its end)"
                        : ": passed (--lb require: every open shape has a reviewed lbExempt)"));
        out.println();
    }
}
