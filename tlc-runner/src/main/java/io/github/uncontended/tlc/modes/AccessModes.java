package io.github.uncontended.tlc.modes;

import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.manifest.ManifestLoader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The access-mode check ({@code make modes}, part of {@code make check} and {@code make test}):
 * every shared-memory access of the implementations must have exactly the mode its spec step
 * declares in the weak-memory model's {@code JavaMode} table, so that the models TLC checks are
 * the code that runs.
 *
 * <p>The binding comes from the {@code "java"} field of each {@code specs/<design>/memory/manifest.json}:
 * <pre>{@code
 * "java": {
 *   "spec": "PendingListMemory.tla",                       the module with JavaMode == [Step |-> "mode", ...]
 *                                                          (or a list of modules, each with its table: a step
 *                                                          two of them declare must have one mode)
 *   "classes": ["io.github.uncontended.sequencer.AbstractSequencer", ...],
 *   "traces": {"LoadSeq": ["LoadSlotSeq", "ConsumerLoadSeq"]},   trace actions that are not spec steps' names
 *   "methods": {"AbstractSequencer.waitFor": "ConsumerWait",     untraced entry points, and their step
 *               "AbstractSequencer.claimed": "unmodelled: monitoring"},
 *   "user": ["WriteEvent", "ReadEvent"]                    spec steps of user code: no Java of ours
 * }}</pre>
 * or a list of such bindings, each checked against its own modules (one folder, two implementations
 * whose steps share names but not modes). A mismatch names the access ({@code File.java:line}, the call), both modes, and what TLC says
 * about the Java's mode: the sibling model of the manifest that weakens that step, with the
 * property it violates, or that the model accepts it.
 *
 * <p>Exit status: 0 every access matches; 1 any mismatch, unclassified access, or a declared
 * step no access implements; 2 usage or I/O error.
 */
public final class AccessModes {

    static final String USAGE = """
            usage: java -jar tlc-runner.jar modes [options]
              --specs DIR       folder holding <design>/memory/manifest.json (default: specs)
              --classes PATH    the implementations' classes: folders or jars, ':'-separated
                                (default: java-impl/target/classes)
              --out FILE        also write the counts as JSON (for the test summary)
              --m2 DIR          the local Maven repository holding the peers' jars ("peer" bindings
                                with source maven:...; default: ~/.m2/repository)
              --jdk N=HOME      the JDK whose modules a "peer" binding with source jdk:N reads
                                (default: the running JDK if it is N, else one under /usr/lib/jvm)
              --no-peers        only our own implementations (no "peer" bindings)
              --write-mutants DIR  instead of checking, write every one-step weakening of every
                                access as a rewritten class file (DIR/<mutant>/...) and
                                DIR/mutants.tsv (make jcstress-mutants runs jcstress on them)""";

    private static final Pattern JAVA_MODE = Pattern.compile("(?s)JavaMode\\s*==\\s*\\[(.*?)\\]");
    private static final Pattern ENTRY = Pattern.compile("(\\w+)\\s*\\|->\\s*\"(\\w+)\"");

    /** One design's binding of Java to its memory model. */
    record Binding(Path manifest, List<Path> specs, Map<String, String> javaMode, List<String> classes,
            Map<String, List<String>> traces, Map<String, String> methods, Set<String> user, List<Sibling> siblings) {}

    /** A model of the manifest that gives one step another mode, and what TLC must find. */
    record Sibling(String name, String step, String mode, String strength, String expected) {}

    /** One line of the result: an access in a step, and the verdict. */
    record Row(String step, JavaAccesses.Access access, String specMode, String problem) {}

    private AccessModes() {}

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Path specs = Paths.get("specs");
        List<Path> classPath = List.of(Paths.get("java-impl", "target", "classes"));
        Path json = null;
        Path mutants = null;
        Path m2 = Paths.get(System.getProperty("user.home"), ".m2", "repository");
        Map<Integer, Path> jdks = new LinkedHashMap<>();
        boolean peers = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--m2" -> m2 = Paths.get(Cli.value(args, ++i));
                case "--no-peers" -> peers = false;
                case "--jdk" -> {
                    String v = Cli.value(args, ++i);
                    int eq = v.indexOf('=');
                    if (eq < 1 || !v.substring(0, eq).matches("\\d+")) {
                        err.println("error: --jdk takes N=HOME, e.g. --jdk 25=/usr/lib/jvm/temurin-25-jdk-amd64\n" + USAGE);
                        return 2;
                    }
                    jdks.put(Integer.parseInt(v.substring(0, eq)), Paths.get(v.substring(eq + 1)));
                }
                case "--write-mutants" -> mutants = Paths.get(Cli.value(args, ++i));
                case "--specs" -> specs = Paths.get(Cli.value(args, ++i));
                case "--out" -> json = Paths.get(Cli.value(args, ++i));
                case "--classes" -> classPath = Arrays.stream(Cli.value(args, ++i).split(java.io.File.pathSeparator))
                        .filter(s -> !s.isEmpty()).map(Paths::get).toList();
                case "-h", "--help" -> {
                    out.println(USAGE);
                    return 0;
                }
                default -> {
                    err.println("error: unknown option '" + args[i] + "'\n" + USAGE);
                    return 2;
                }
            }
        }
        try {
            if (mutants != null) {
                out.println(Mutants.write(specs, classPath, mutants) + " mutants in " + mutants);
                return 0;
            }
            List<Binding> bindings = bindings(specs);
            if (bindings.isEmpty()) {
                err.println("error: no specs/*/memory/manifest.json with a \"java\" binding under " + specs);
                return 2;
            }
            List<String> problems = new ArrayList<>();
            int checked = 0;
            for (Binding b : bindings) {
                List<Row> rows = check(b, JavaAccesses.load(classPath, b.classes()));
                table(b, rows, out);
                for (Row r : rows) {
                    if (r.problem() != null) {
                        problems.add(r.problem());
                    } else if (r.specMode() != null) {
                        checked++;
                    }
                }
            }
            List<String> peerProblems = new ArrayList<>();
            int peerChecked = 0;
            int peerBindings = 0;
            if (peers) {
                for (PeerModes.Binding b : PeerModes.bindings(specs)) {
                    peerBindings++;
                    out.println();
                    List<PeerModes.Row> rows = PeerModes.check(b, PeerAccesses.load(b.source(), b.classes(), m2, jdks));
                    PeerModes.table(b, rows, out);
                    for (PeerModes.Row r : rows) {
                        if (r.problem() != null) {
                            peerProblems.add(r.problem());
                        } else if (r.specMode() != null) {
                            peerChecked++;
                        }
                    }
                }
            }
            problems.addAll(unbound(classPath, bindings, sequentiallyConsistent(specs)));
            out.println();
            problems.forEach(p -> out.println("MISMATCH " + p));
            peerProblems.forEach(p -> out.println("MISMATCH (peer) " + p));
            out.println("access modes: " + checked + " accesses match their spec steps, " + problems.size() + " mismatched"
                    + (peers ? "; peers: " + peerChecked + " sites of " + peerBindings + " bindings match their models' modes, "
                    + peerProblems.size() + " mismatched" : ""));
            if (json != null) {
                if (json.getParent() != null) {
                    Files.createDirectories(json.getParent());
                }
                List<String> all = new ArrayList<>(problems);
                peerProblems.forEach(p -> all.add("(peer) " + p));
                new ObjectMapper().writeValue(json.toFile(), Map.of("matched", checked, "mismatched", problems.size(),
                        "peerMatched", peerChecked, "peerMismatched", peerProblems.size(), "problems", all));
            }
            return problems.isEmpty() && peerProblems.isEmpty() ? 0 : 1;
        } catch (IOException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
    }

    /**
     * Every class in a class folder of {@code classPath} that makes a shared-memory access (a
     * VarHandle, an atomic, a volatile field) must be bound by some memory manifest: otherwise
     * its accesses are checked against no model, and a class added beside the bound ones (or
     * dropped from a binding whose steps another class still covers) would pass unnoticed.
     * Jars on the class path are libraries, not ours, and are not walked.
     */
    static List<String> unbound(List<Path> classPath, List<Binding> bindings, Map<String, String> sequentiallyConsistent)
            throws IOException {
        Set<String> bound = new java.util.HashSet<>();
        bindings.forEach(b -> bound.addAll(b.classes()));
        List<String> problems = new ArrayList<>();
        Set<String> seen = new java.util.HashSet<>();
        for (Path dir : classPath) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<String> names;
            try (Stream<Path> walk = Files.walk(dir)) {
                names = walk.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().equals("package-info.class")
                                && !f.getFileName().toString().equals("module-info.class"))
                        .map(f -> dir.relativize(f).toString().replace(java.io.File.separatorChar, '.').replaceFirst("\\.class$", ""))
                        .sorted().toList();
            }
            for (String name : names) {
                String outer = name.replaceFirst("\\$.*$", "");
                if (bound.contains(name) || bound.contains(outer)) {
                    continue;
                }
                List<JavaAccesses.Access> accesses = JavaAccesses.load(List.of(dir), List.of(name)).classify(Map.of());
                if (sequentiallyConsistent.containsKey(name)) {
                    seen.add(name);
                    for (JavaAccesses.Access a : accesses) {
                        if (!a.mode().equals("volatile")) {
                            problems.add(a.where() + " " + a.what() + " is " + a.mode() + ", but " + name + " is listed as"
                                    + " sequentially consistent (java.sequentiallyConsistent: every access volatile): make it"
                                    + " volatile, or bind the class to a weak-memory model that shows the weaker mode is enough");
                        }
                    }
                    continue;
                }
                if (!accesses.isEmpty()) {
                    JavaAccesses.Access first = accesses.get(0);
                    problems.add(name + " makes " + accesses.size() + " shared-memory access" + (accesses.size() == 1 ? "" : "es")
                            + " (first: " + first.where() + " " + first.what() + ", " + first.mode() + ") but no memory manifest"
                            + " binds it: add it to the java.classes of the design's specs/<design>/memory/manifest.json,"
                            + " so that each access is checked against the model (or, if every access is volatile, to"
                            + " its java.sequentiallyConsistent with the SC spec that covers it)");
                }
            }
        }
        boolean walked = classPath.stream().anyMatch(Files::isDirectory);
        for (String name : sequentiallyConsistent.keySet()) {
            if (walked && !seen.contains(name)) {
                problems.add(name + " is listed in a java.sequentiallyConsistent but is not among the classes of "
                        + classPath + ": remove or rename the entry");
            }
        }
        return problems;
    }

    /** Every memory manifest's {@code java.sequentiallyConsistent}: class to the SC spec and tests that cover it. */
    static Map<String, String> sequentiallyConsistent(Path specs) throws IOException {
        Map<String, String> out = new java.util.TreeMap<>();
        ObjectMapper json = new ObjectMapper();
        for (Path m : manifests(specs, 3)) {
            for (JsonNode java : javaBindings(json.readTree(m.toFile()))) {
                java.path("sequentiallyConsistent").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
            }
        }
        return out;
    }

    /** The manifests under {@code specs}, at most {@code depth} folders down, sorted. */
    static List<Path> manifests(Path specs, int depth) throws IOException {
        try (Stream<Path> walk = Files.walk(specs, depth)) {
            return walk.filter(p -> p.getFileName().toString().equals(ManifestLoader.FILE_NAME)).sorted().toList();
        }
    }

    /** Every memory manifest's binding. */
    static List<Binding> bindings(Path specs) throws IOException {
        List<Binding> out = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (Path m : manifests(specs, 3)) {
            JsonNode root = json.readTree(m.toFile());
            for (JsonNode java : javaBindings(root)) {
                out.add(binding(m, root, java));
            }
        }
        return out;
    }

    /**
     * A manifest's {@code "java"}: one binding, or a list of them where one folder models two
     * implementations whose steps share names but not modes (the slot-sequence and the
     * element-flag shards both have a LoadHead, plain in one and acquire in the other); each
     * binding's classes are checked against its own modules only.
     */
    public static List<JsonNode> javaBindings(JsonNode root) {
        JsonNode java = root.get("java");
        if (java == null) {
            return List.of();
        }
        List<JsonNode> out = new ArrayList<>();
        if (java.isArray()) {
            java.forEach(out::add);
        } else {
            out.add(java);
        }
        return out;
    }

    private static Binding binding(Path manifest, JsonNode root, JsonNode java) throws IOException {
        String where = manifest + ": java";
        Specs modules = specs(manifest, java, where);
        List<Path> specs = modules.specs();
        Map<String, String> javaMode = modules.javaMode();
        List<String> classes = new ArrayList<>();
        java.path("classes").forEach(c -> classes.add(c.asText()));
        if (classes.isEmpty()) {
            throw new IOException(where + ".classes: name the implementation classes");
        }
        Map<String, List<String>> traces = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = java.path("traces").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> t = it.next();
            List<String> steps = new ArrayList<>();
            t.getValue().forEach(s -> steps.add(s.asText()));
            traces.put(t.getKey(), steps);
        }
        Map<String, String> methods = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = java.path("methods").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> t = it.next();
            methods.put(t.getKey(), t.getValue().asText());
        }
        Set<String> user = new LinkedHashSet<>();
        java.path("user").forEach(u -> user.add(u.asText()));
        for (String s : user) {
            if (!javaMode.containsKey(s)) {
                throw new IOException(where + ".user: " + s + " is not a step of the JavaMode of " + names(specs));
            }
        }
        return new Binding(manifest, specs, javaMode, classes, traces, methods, user, siblings(root));
    }

    /** The modules a binding names and their JavaMode tables, merged. */
    record Specs(List<Path> specs, Map<String, String> javaMode) {}

    /**
     * The binding's {@code "spec"} (one module or a list, relative to the manifest) and their
     * JavaMode tables merged: a step two of them declare must have one mode in both.
     */
    static Specs specs(Path manifest, JsonNode binding, String where) throws IOException {
        List<String> specNames = new ArrayList<>();
        JsonNode specNode = binding.get("spec");
        if (specNode != null && specNode.isArray()) {
            specNode.forEach(n -> specNames.add(n.asText()));
        } else {
            specNames.add(text(binding, "spec", where));
        }
        List<Path> specs = new ArrayList<>();
        Map<String, String> javaMode = new LinkedHashMap<>();
        Map<String, Path> declaredIn = new LinkedHashMap<>();
        for (String name : specNames) {
            Path spec = manifest.getParent().resolve(name);
            if (!Files.isRegularFile(spec)) {
                throw new IOException(where + ".spec: " + spec + " does not exist");
            }
            specs.add(spec);
            for (Map.Entry<String, String> e : javaMode(spec, where).entrySet()) {
                String before = javaMode.put(e.getKey(), e.getValue());
                if (before != null && !before.equals(e.getValue())) {
                    throw new IOException(where + ".spec: step " + e.getKey() + " is " + before + " in "
                            + declaredIn.get(e.getKey()).getFileName() + " but " + e.getValue() + " in " + spec.getFileName()
                            + ": one step, one mode");
                }
                declaredIn.putIfAbsent(e.getKey(), spec);
            }
        }
        return new Specs(specs, javaMode);
    }

    /** The JavaMode table of a module: step -> mode. */
    static Map<String, String> javaMode(Path spec, String where) throws IOException {
        Matcher table = JAVA_MODE.matcher(Files.readString(spec).replaceAll("\\\\\\*[^\\n]*", ""));   // without \\* comments
        if (!table.find()) {
            throw new IOException(where + ".spec: " + spec + " has no JavaMode == [Step |-> \"mode\", ...] table");
        }
        Map<String, String> out = new LinkedHashMap<>();
        Matcher e = ENTRY.matcher(table.group(1));
        while (e.find()) {
            out.put(e.group(1), e.group(2));
        }
        return out;
    }

    /** The models of a manifest that weaken one step (constants WeakStep, WeakMode), and what TLC must find. */
    static List<Sibling> siblings(JsonNode root) {
        List<Sibling> siblings = new ArrayList<>();
        for (JsonNode m : root.path("models")) {
            JsonNode c = m.path("constants");
            if (c.has("WeakStep") && !c.get("WeakStep").asText().equals("none")) {
                JsonNode ex = m.path("expect");
                String expected = ex.path("result").asText() + (ex.has("property") ? "(" + ex.get("property").asText() + ")" : "");
                siblings.add(new Sibling(m.path("name").asText(), c.get("WeakStep").asText(), c.path("WeakMode").asText(),
                        c.path("Strength").asText(), expected));
            }
        }
        return siblings;
    }

    /** The modules' file names, for messages: "ShardMemory.tla" or "ShardMemory.tla + HandoverMemory.tla". */
    static String names(List<Path> specs) {
        return String.join(" + ", specs.stream().map(p -> p.getFileName().toString()).toList());
    }

    private static String text(JsonNode node, String field, String where) throws IOException {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw new IOException(where + "." + field + " is required");
        }
        return v.asText();
    }

    /** Checks one design's classes against its binding. */
    static List<Row> check(Binding b, JavaAccesses java) {
        for (String m : b.methods().keySet()) {
            if (!java.methodNames().contains(m)) {
                throw new IllegalArgumentException(b.manifest() + ": java.methods: no method " + m + " in "
                        + b.classes());
            }
        }
        List<Row> rows = new ArrayList<>();
        Set<String> implemented = new LinkedHashSet<>();
        for (JavaAccesses.Access a : java.classify(b.methods())) {
            if (a.step() == null) {
                rows.add(new Row(null, a, null, a.where() + " " + a.what() + " (" + a.mode() + " " + kind(a)
                        + ") is in no traced step and no bound method: trace it as the spec step it is, or bind"
                        + " its method in " + b.manifest() + " (java.methods)"));
                continue;
            }
            if (a.step().startsWith("unmodelled:")) {
                rows.add(new Row(a.step(), a, null, null));
                continue;
            }
            List<String> steps = b.traces().getOrDefault(a.step(), List.of(a.step()));
            for (String step : steps) {
                String declared = b.javaMode().get(step);
                if (declared == null) {
                    rows.add(new Row(step, a, null, a.where() + " " + a.what() + ": step " + step + " is not in "
                            + names(b.specs()) + "'s JavaMode table (map the trace action in java.traces)"));
                    continue;
                }
                implemented.add(step);
                rows.add(new Row(step, a, declared, a.mode().equals(declared) ? null : explain(b, step, a, declared)));
            }
        }
        for (String step : b.javaMode().keySet()) {
            if (!implemented.contains(step) && !b.user().contains(step)) {
                rows.add(new Row(step, null, b.javaMode().get(step), names(b.specs()) + " declares step " + step
                        + " (" + b.javaMode().get(step) + "), but no access of " + b.classes() + " implements it"));
            }
        }
        return rows;
    }

    private static String kind(JavaAccesses.Access a) {
        return a.kind().name().toLowerCase(Locale.ROOT);
    }

    /** Why a mode differs, and what TLC says about the Java's mode. */
    static String explain(Binding b, String step, JavaAccesses.Access a, String declared) {
        return explain(b.manifest(), b.specs(), b.siblings(), step, a.where(), a.what(), a.kind(), a.mode(), declared);
    }

    /** The same, for any access: where it is, what it is, its kind and mode. */
    static String explain(Path manifest, List<Path> specs, List<Sibling> siblings, String step, String where, String what,
            Modes.Kind kind, String mode, String declared) {
        String head = where + " " + step + ": " + what + " is " + mode + ", but "
                + names(specs) + " declares " + step + " " + declared;
        if (!Modes.modes(kind).contains(mode) || !Modes.modes(kind).contains(declared)) {
            return head + " (not the same kind of access)";
        }
        if (!Modes.weakerOrEqual(kind, mode, declared)) {
            return head + ". The Java is stronger than (or not comparable with) what the model checks: declare "
                    + mode + " in JavaMode." + step + " so that TLC checks the code that runs";
        }
        // mode is of this kind (above): weakerOrEqual is false between it and a sibling's mode of another kind
        for (Sibling s : siblings) {
            if (s.step().equals(step) && !s.expected().equals("success") && Modes.weakerOrEqual(kind, mode, s.mode())) {
                return head + ". TLC rejects " + s.mode() + " for " + step + (s.mode().equals(mode) ? "" : ", and "
                        + mode + " is weaker still") + ": model " + s.name() + " (" + s.strength() + " memory) finds "
                        + s.expected() + "; see its counterexample (make check MODEL=" + s.name() + ") and docs/memory-model.md";
            }
        }
        for (Sibling s : siblings) {
            if (s.step().equals(step) && s.expected().equals("success") && Modes.weakerOrEqual(kind, s.mode(), mode)) {
                return head + ". TLC accepts " + s.mode() + " for " + step + " (model " + s.name() + "), so "
                        + mode + " is safe in the model: to weaken the Java, change JavaMode." + step
                        + " to " + mode + " (docs/memory-model.md, the minimal-modes table) and re-pin the models";
            }
        }
        return head + ". No model of " + manifest + " checks " + step + " with " + mode
                + ": add a sibling (constants WeakStep \"" + step + "\", WeakMode \"" + mode + "\") to find out";
    }

    private static void table(Binding b, List<Row> rows, PrintStream out) {
        out.println("== " + String.join(" + ", b.specs().stream().map(Path::toString).toList()) + " (" + String.join(", ", b.classes().stream()
                .map(c -> c.substring(c.lastIndexOf('.') + 1)).toList()) + ")");
        out.printf(Locale.ROOT, "%-18s %-10s %-10s %-26s %s%n", "step", "spec", "java", "where", "access");
        for (Row r : rows) {
            JavaAccesses.Access a = r.access();
            out.printf(Locale.ROOT, "%-18s %-10s %-10s %-26s %s%s%n", r.step() == null ? "?" : r.step().startsWith("unmodelled:")
                    ? "(unmodelled)" : r.step(), r.specMode() == null ? "-" : r.specMode(), a == null ? "-" : a.mode(),
                    a == null ? "-" : a.where(), a == null ? "(none)" : a.what(), r.problem() == null ? "" : "   MISMATCH");
        }
    }
}
