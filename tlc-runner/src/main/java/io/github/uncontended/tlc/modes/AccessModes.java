package io.github.uncontended.tlc.modes;

import io.github.uncontended.tlc.manifest.JavaModes;
import io.github.uncontended.tlc.manifest.ManifestLoader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The access-mode check ({@code modes}; {@code make modes} in this repository, part of
 * {@code make check} and {@code make test}): every shared-memory access of the bound classes has
 * exactly the mode its spec step declares in the weak-memory model's {@code JavaMode} table, so
 * that the models TLC checks are the code that runs.
 *
 * <p>The binding is a manifest's {@code "java"} field, in any {@code manifest.json} under
 * {@code --specs} (at any depth). It ties steps to access sites of the bytecode, nothing else:
 * <pre>{@code
 * "java": {
 *   "spec": "PendingListMemory.tla",                   the module with JavaMode == [Step |-> "mode", ...]
 *                                                      (or a list of modules: a step two declare has one mode)
 *   "classes": ["io.github.uncontended.sequencer.AbstractSequencer", ...],
 *   "sites": {"AbstractSequencer.awaitSlot: laConsumed": "AwaitSlot",       a call of an accessor
 *             "AvailabilitySequencer.loNext: NEXT": "WaitForClaim",         an access, by what it goes through
 *             "AbstractSequencer.lvCursor: CURSOR": ["Guard", "ReadCursor"], one access, two steps
 *             "AbstractSequencer.toString: next": "unmodelled: diagnostics",
 *             "ShardedBuffer.*: shards[] load": "unmodelled: filled before the buffer is shared"},
 *   "user": ["WriteEvent", "ReadEvent"]                spec steps of user code: no access of these classes
 * }}</pre>
 * or a list of such bindings, each checked against its own modules (one folder, two implementations
 * whose steps share names but not modes). Every access that a public or protected method of the
 * classes reaches must be in a site's step; a site in code no such method reaches fails; a plain
 * load that a wait loop re-reads fails ({@link WaitLoops}). A {@code "peer"} binding (another
 * project's jar, or a JDK's modules: {@link ClassAccesses#load(String, List, Path, Map)}) has the
 * same sites, and answers for the methods they name.
 *
 * <p>A mismatch names the access ({@code File.java:line}, the call), both modes, and what TLC says
 * about the Java's mode: the sibling model of the manifest that weakens that step and the property
 * it violates, or that a model accepts it, on weak hardware or on x86-TSO only ({@link #explain}).
 *
 * <p>Exit status: 0 every access matches; 1 any mismatch, uncovered access, progress failure,
 * unreached site, unbound class, or a declared step no access implements; 2 usage or input error.
 */
public final class AccessModes {

    /** Which kind of binding: the code under review ({@code "java"}) or another project's ({@code "peer"}). */
    enum Kind { JAVA, PEER }

    /**
     * One binding of class files to a memory model.
     *
     * @param source where a peer's classes come from ({@code maven:g:a:v}, {@code jdk:N}); null for a java binding
     * @param sites site to its steps (one step, several, or one "unmodelled: reason")
     */
    record Binding(Kind kind, Path manifest, List<Path> specs, Map<String, String> javaMode, String source, List<String> classes,
            Map<String, List<String>> sites, Set<String> user, List<Sibling> siblings) {
        /** Where the classes were read from, for messages. */
        String origin() {
            return source != null ? source : "--classes";
        }
    }

    /** A model of the manifest that gives one step another mode, and what TLC must find. */
    record Sibling(String name, String step, String mode, String strength, String expected) {}

    /**
     * How advice is worded: with this repository's make targets and pages when the specs folder is
     * this repository's ({@code specs} beside its Makefile and runner), with the runner's own
     * commands anywhere else.
     */
    record Hints(Path specs, boolean repository) {
        static Hints of(Path specs) {
            Path root = specs.toAbsolutePath().normalize().getParent();
            return new Hints(specs, root != null && Files.isRegularFile(root.resolve("Makefile"))
                    && Files.isRegularFile(root.resolve("tlc-runner").resolve("pom.xml")));
        }

        /** How to see a model's counterexample. */
        String counterexample(String model) {
            return repository ? "make check MODEL=" + model + ", and docs/memory-model.md"
                    : "java -jar tlc-runner.jar check --specs " + specs + " --model " + model;
        }

        /** Where the minimal-modes table is. */
        String table() {
            return repository ? " (docs/memory-model.md, the minimal-modes table)" : "";
        }
    }

    /**
     * What {@link #explain} may know about the access besides its mode.
     *
     * @param call the VarHandle, Atomic* or Unsafe call, or null (a field or array access)
     * @param waitLoop the wait loop that re-reads the load ({@link WaitLoops.Finding#describe}), or null
     */
    record Context(Modes.Call call, String waitLoop, Hints hints) {
        static final Context NONE = new Context(null, null, new Hints(Paths.get("specs"), false));
    }


    private AccessModes() {}

    /** The exit codes, as {@code modes --help} lists them (picocli does not carry a mixin's list over). */
    public static final String EXIT_0 = "0:every access matches its model";
    public static final String EXIT_1 = "1:a mismatch: a mode, an access in no step, a site nothing reaches, a plain load"
            + " in a wait loop, an unbound class, a step no access implements";
    public static final String EXIT_2 = "2:usage or input error (a bad manifest, a missing class): nothing was checked";

    /** The options of {@code modes}, declared once for the runner's subcommand and for {@link #run(String[], PrintStream, PrintStream)}. */
    @Command(name = "modes", sortOptions = false, usageHelpAutoWidth = true,
            description = {"the access-mode check: each access of the bound classes and of the peers' class files has the"
                    + " mode its weak-memory model declares (options: `modes --help`)",
                    "",
                    "Reads the classes of each manifest's \"java\" binding (from --classes) and of its \"peer\" bindings; every"
                    + " access a public or protected method of the bound classes reaches must be in a bound step, and no wait"
                    + " loop may re-read a plain load (docs/runner.md, the modes section)."},
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = {EXIT_0, EXIT_1, EXIT_2})
    public static class Options {
        @Option(names = "--specs", paramLabel = "DIR", defaultValue = "specs",
                description = "the folder whose manifest.json files, at any depth, hold the bindings (default: specs)")
        Path specs;

        @Option(names = "--classes", paramLabel = "PATH", description = "the bound classes: folders or jars, separated by '"
                + "${sys:path.separator}'; required when a manifest has a \"java\" binding (this repository's Makefile passes"
                + " java-impl/target/classes)")
        String classes;

        @Option(names = "--out", paramLabel = "FILE", description = "also write the counts and problems as JSON")
        Path out;

        @Option(names = "--m2", paramLabel = "DIR", defaultValue = "${sys:user.home}/.m2/repository",
                description = "the local Maven repository holding the peers' jars (\"peer\" bindings with source maven:...;"
                        + " default: ~/.m2/repository)")
        Path m2;

        @Option(names = "--jdk", paramLabel = "N=HOME", description = "the JDK whose modules a \"peer\" binding with source"
                + " jdk:N reads (default: the running JDK if it is N, else one under /usr/lib/jvm)")
        Map<Integer, Path> jdks = new LinkedHashMap<>();

        @Option(names = "--no-peers", description = "only the \"java\" bindings (no \"peer\" binding is read)")
        boolean noPeers;

        @Option(names = "--write-mutants", paramLabel = "DIR", description = "instead of checking, write every one-step"
                + " weakening of every bound access as a rewritten class file (DIR/<mutant>/...) and DIR/mutants.tsv")
        Path writeMutants;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
        boolean help;

        /** The class path {@code --classes} names, without its empty entries; empty when not given. */
        List<Path> classPath() {
            return classes == null ? List.of() : Arrays.stream(classes.split(Pattern.quote(File.pathSeparator)))
                    .filter(s -> !s.isEmpty()).map(Paths::get).toList();
        }
    }

    /** {@code modes} on its own: the options parsed by picocli, then {@link #run(Options, PrintStream, PrintStream)}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        final PrintStream stdout = out;   // Options has a field "out" (--out)
        final class Standalone extends Options implements Callable<Integer> {
            @Override
            public Integer call() {
                return run(this, stdout, err);
            }
        }
        CommandLine cli = new CommandLine(new Standalone());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setExitCodeExceptionMapper(x -> 2);
        cli.setParameterExceptionHandler((x, a) -> {
            err.println("error: " + x.getMessage());
            err.println("`modes --help` lists the options");
            return 2;
        });
        return cli.execute(args);
    }

    /** Runs the check with parsed options; the exit status. */
    public static int run(Options o, PrintStream out, PrintStream err) {
        List<Path> classPath = o.classPath();
        try {
            List<Binding> all = bindings(o.specs);
            List<Binding> ours = all.stream().filter(b -> b.kind() == Kind.JAVA).toList();
            List<Binding> peers = o.noPeers ? List.of() : all.stream().filter(b -> b.kind() == Kind.PEER).toList();
            if (!ours.isEmpty() && classPath.isEmpty()) {
                err.println("error: --classes is required: the folders or jars of the classes the \"java\" bindings under "
                        + o.specs + " name (" + ours.get(0).classes().get(0) + ", ...)");
                return 2;
            }
            Hints hints = Hints.of(o.specs);
            if (o.writeMutants != null) {
                out.println(Mutants.write(ours, classPath, hints, o.writeMutants) + " mutants in " + o.writeMutants);
                return 0;
            }
            if (ours.isEmpty() && peers.isEmpty()) {
                err.println("error: no manifest.json under " + o.specs + " has a \"java\" binding" + (o.noPeers ? "" : " or a"
                        + " \"peer\" one"));
                return 2;
            }
            List<String> problems = new ArrayList<>();
            int checked = 0;
            for (Binding b : ours) {
                checked += tally(b, SiteCheck.check(b, ClassAccesses.load(classPath, b.classes()), hints), problems, out);
            }
            List<String> peerProblems = new ArrayList<>();
            int peerChecked = 0;
            for (Binding b : peers) {
                out.println();
                peerChecked += tally(b, SiteCheck.check(b, ClassAccesses.load(b.source(), b.classes(), o.m2, o.jdks), hints),
                        peerProblems, out);
            }
            problems.addAll(unbound(classPath, ours, sequentiallyConsistent(o.specs)));
            out.println();
            problems.forEach(p -> out.println("MISMATCH " + p));
            peerProblems.forEach(p -> out.println("MISMATCH (peer) " + p));
            out.println("access modes: " + checked + " accesses match their spec steps, " + problems.size() + " mismatched"
                    + (o.noPeers ? "" : "; peers: " + peerChecked + " sites of " + peers.size() + " bindings match their models'"
                    + " modes, " + peerProblems.size() + " mismatched"));
            if (o.out != null) {
                if (o.out.getParent() != null) {
                    Files.createDirectories(o.out.getParent());
                }
                List<String> written = new ArrayList<>(problems);
                peerProblems.forEach(p -> written.add("(peer) " + p));
                new ObjectMapper().writeValue(o.out.toFile(), Map.of("matched", checked, "mismatched", problems.size(),
                        "peerMatched", peerChecked, "peerMismatched", peerProblems.size(), "problems", written));
            }
            return problems.isEmpty() && peerProblems.isEmpty() ? 0 : 1;
        } catch (IOException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
    }

    /** Prints a binding's table, adds its problems to {@code problems}; how many of its rows matched a modelled step. */
    private static int tally(Binding b, List<SiteCheck.Row> rows, List<String> problems, PrintStream out) {
        SiteCheck.table(b, rows, out);
        int matched = 0;
        for (SiteCheck.Row r : rows) {
            if (r.problem() != null) {
                problems.add(r.problem());
            } else if (r.specMode() != null) {
                matched++;
            }
        }
        return matched;
    }

    /**
     * Every class in a class folder of {@code classPath} that makes a shared-memory access with
     * memory semantics (a VarHandle, atomic or Unsafe call, a volatile field, a fence) must be bound
     * by a {@code "java"} binding or listed in a {@code java.sequentiallyConsistent}: otherwise its
     * accesses are checked against no model, and a class added beside the bound ones would pass
     * unnoticed. A nested class is a class of its own: it is bound by its own name. Plain field and
     * array accesses of an unbound class are taken to be its own state (a lock's, an exception's).
     * Jars on the class path are libraries, not the code under review, and are not walked.
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
                        .map(f -> dir.relativize(f).toString().replace(File.separatorChar, '.').replaceFirst("\\.class$", ""))
                        .sorted().toList();
            }
            for (String name : names) {
                if (bound.contains(name)) {
                    continue;
                }
                ClassAccesses code = ClassAccesses.load(List.of(dir), List.of(name));
                List<ClassAccesses.Item> accesses = new ArrayList<>();
                for (String m : code.methods(name.substring(name.lastIndexOf('.') + 1), "*")) {
                    if (m.contains(".<init>(") || m.contains(".<clinit>(")) {
                        continue;
                    }
                    code.body(m).stream().filter(i -> i.type() != ClassAccesses.Type.CALL && (i.type() == ClassAccesses.Type.FENCE
                            || i.call() != null || i.mode().equals("volatile"))).forEach(accesses::add);
                }
                if (sequentiallyConsistent.containsKey(name)) {
                    seen.add(name);
                    for (ClassAccesses.Item a : accesses) {
                        if (!a.mode().equals("volatile")) {
                            problems.add(a.where(code.classes()) + " " + what(a) + " is " + a.mode() + ", but " + name + " is listed as"
                                    + " sequentially consistent (java.sequentiallyConsistent: every access volatile): make it"
                                    + " volatile, or bind the class to a weak-memory model that shows the weaker mode is enough");
                        }
                    }
                    continue;
                }
                if (!accesses.isEmpty()) {
                    ClassAccesses.Item first = accesses.get(0);
                    problems.add(name + " makes " + accesses.size() + " shared-memory access" + (accesses.size() == 1 ? "" : "es")
                            + " (first: " + first.where(code.classes()) + " " + what(first) + ", " + first.mode() + ") but no"
                            + " memory manifest binds it: add it to the java.classes of a manifest's binding, with a site for"
                            + " each access, so that each is checked against the model (or, if every access is volatile, to"
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

    private static String what(ClassAccesses.Item a) {
        return ClassAccesses.simple(a.owner()) + "." + a.method() + ": " + a.what();
    }

    /** Every {@code "java"} binding's {@code sequentiallyConsistent}: class to the SC spec and tests that cover it. */
    static Map<String, String> sequentiallyConsistent(Path specs) throws IOException {
        Map<String, String> out = new java.util.TreeMap<>();
        ObjectMapper json = new ObjectMapper();
        for (Path m : manifests(specs)) {
            for (JsonNode java : javaBindings(json.readTree(m.toFile()))) {
                java.path("sequentiallyConsistent").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
            }
        }
        return out;
    }

    /** The manifests under {@code specs}, at any depth, sorted. */
    static List<Path> manifests(Path specs) throws IOException {
        if (!Files.isDirectory(specs)) {
            throw new IOException("--specs " + specs + " is not a folder");
        }
        try (Stream<Path> walk = Files.walk(specs)) {
            return walk.filter(p -> p.getFileName().toString().equals(ManifestLoader.FILE_NAME)).sorted().toList();
        }
    }

    /** Every manifest's bindings: its "java" ones, then its "peer" ones. */
    static List<Binding> bindings(Path specs) throws IOException {
        List<Binding> out = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (Path m : manifests(specs)) {
            JsonNode root;
            try {
                root = json.readTree(m.toFile());
            } catch (IOException e) {
                throw new IOException(m + ": not JSON: " + e.getMessage().lines().findFirst().orElse(""));
            }
            for (JsonNode java : javaBindings(root)) {
                out.add(binding(Kind.JAVA, m, root, java));
            }
            JsonNode peer = root.get("peer");
            if (peer != null) {
                for (JsonNode one : peer.isArray() ? peer : List.of(peer)) {
                    out.add(binding(Kind.PEER, m, root, one));   // one per source, e.g. a JDK 17 and a JDK 25 version
                }
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

    private static Binding binding(Kind kind, Path manifest, JsonNode root, JsonNode node) throws IOException {
        String field = kind == Kind.JAVA ? "java" : "peer";
        String where = manifest + ": " + field;
        for (String gone : List.of("traces", "methods")) {
            if (node.has(gone)) {
                throw new IOException(where + "." + gone + ": the check no longer reads trace hooks or whole methods: bind each"
                        + " step at its access in " + field + ".sites (\"Class.method: NAME\": a call, or the field, VarHandle or"
                        + " array an access goes through)");
            }
        }
        Specs modules = specs(manifest, node, where);
        String source = null;
        if (kind == Kind.PEER) {
            source = node.path("source").asText("");
            if (source.isEmpty()) {
                throw new IOException(where + ".source is required (maven:group:artifact:version or jdk:N)");
            }
        }
        List<String> classes = new ArrayList<>();
        node.path("classes").forEach(c -> classes.add(c.asText()));
        if (classes.isEmpty()) {
            throw new IOException(where + ".classes: name the " + (kind == Kind.JAVA ? "implementation" : "peer's") + " classes");
        }
        Map<String, List<String>> sites = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.path("sites").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!SiteCheck.SITE.matcher(e.getKey()).matches()) {
                throw new IOException(where + ".sites: '" + e.getKey() + "' is not \"Class.method: name\" (or \"...: name#k\")");
            }
            List<String> steps = new ArrayList<>();
            if (e.getValue().isArray()) {
                e.getValue().forEach(s -> steps.add(s.asText()));
            } else {
                steps.add(e.getValue().asText());
            }
            if (steps.isEmpty() || steps.stream().anyMatch(String::isBlank)) {
                throw new IOException(where + ".sites: '" + e.getKey() + "' names no step");
            }
            boolean unmodelled = steps.get(0).startsWith("unmodelled:");
            if (steps.size() > 1 && steps.stream().anyMatch(s -> s.startsWith("unmodelled:"))) {
                throw new IOException(where + ".sites: '" + e.getKey() + "' mixes steps and \"unmodelled: ...\": an access"
                        + " is in steps, or in none");
            }
            if (e.getKey().contains(".*: ") && !unmodelled) {
                throw new IOException(where + ".sites: '" + e.getKey() + "' binds an access in every method of a class: it"
                        + " can only be \"unmodelled: <reason>\" (bind a spec step at its call site)");
            }
            for (String s : steps) {
                if (!s.startsWith("unmodelled:") && !modules.javaMode().containsKey(s)) {
                    throw new IOException(where + ".sites: '" + e.getKey() + "': " + s + " is not a step of the JavaMode of "
                            + names(modules.specs()));
                }
            }
            sites.put(e.getKey(), List.copyOf(steps));
        }
        if (sites.isEmpty()) {
            throw new IOException(where + ".sites: name the access sites and their spec steps");
        }
        Set<String> user = new LinkedHashSet<>();
        node.path("user").forEach(u -> user.add(u.asText()));
        for (String s : user) {
            if (!modules.javaMode().containsKey(s)) {
                throw new IOException(where + ".user: " + s + " is not a step of the JavaMode of " + names(modules.specs()));
            }
        }
        return new Binding(kind, manifest, modules.specs(), modules.javaMode(), source, classes, sites, user, siblings(root));
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

    /** The JavaMode table of a module: step -> mode ({@link JavaModes#parse}). */
    static Map<String, String> javaMode(Path spec, String where) throws IOException {
        Map<String, String> table = JavaModes.parse(Files.readString(spec));
        if (table == null) {
            throw new IOException(where + ".spec: " + spec + " has no JavaMode == [Step |-> \"mode\", ...] table");
        }
        return table;
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

    /** {@link #explain(Path, List, List, String, String, String, Modes.Kind, String, String, Context)} with nothing more known. */
    static String explain(Path manifest, List<Path> specs, List<Sibling> siblings, String step, String where, String what,
            Modes.Kind kind, String mode, String declared) {
        return explain(manifest, specs, siblings, step, where, what, kind, mode, declared, Context.NONE);
    }

    private static boolean weak(Sibling s) {
        return s.strength().equals("weak");
    }

    private static String strength(Sibling s) {
        return weak(s) ? "on weak hardware" : "on x86-TSO";
    }

    /**
     * Why a mode differs, and what TLC says about the Java's mode. Never proposes a mode Java does
     * not have (a plain read-modify-write, a plain strong CAS), a weak CAS unless a model that lets
     * it fail spuriously accepts it, a mode that only x86-TSO was shown to accept, or plain for a
     * load a wait loop re-reads.
     */
    static String explain(Path manifest, List<Path> specs, List<Sibling> siblings, String step, String where, String what,
            Modes.Kind kind, String mode, String declared, Context ctx) {
        String head = where + " " + step + ": " + what + " is " + mode + ", but " + names(specs) + " declares " + step + " " + declared;
        if (!Modes.modes(kind).contains(mode) || !Modes.modes(kind).contains(declared)) {
            return head + " (not the same kind of access)";
        }
        if (!Modes.weakerOrEqual(kind, mode, declared)) {
            return head + ". The Java is stronger than (or not comparable with) what the model checks: declare " + mode
                    + " in JavaMode." + step + " so that TLC checks the code that runs";
        }
        boolean spin = ctx.waitLoop() != null && kind == Modes.Kind.LOAD && mode.equals("plain");
        String progress = spin ? ". A plain load that the wait loop of " + ctx.waitLoop() + " re-reads may be hoisted out of"
                + " it (JLS 17.4), so the wait may never end: keep it at least opaque, whatever the models say (they check"
                + " safety only)" : "";
        // mode is of this kind (above): weakerOrEqual is false between it and a sibling's mode of another kind
        for (Sibling s : siblings) {
            if (s.step().equals(step) && !s.expected().equals("success") && Modes.weakerOrEqual(kind, mode, s.mode())) {
                return head + progress + ". TLC rejects " + s.mode() + " for " + step + " " + strength(s) + (s.mode().equals(mode)
                        ? "" : ", and " + mode + " is weaker still") + ": model " + s.name() + " finds " + s.expected()
                        + "; see its counterexample (" + ctx.hints().counterexample(s.name()) + ")";
            }
        }
        for (Sibling s : siblings) {
            if (s.step().equals(step) && s.expected().equals("success") && weak(s) && Modes.weakerOrEqual(kind, s.mode(), mode)) {
                String accepted = "TLC accepts " + described(kind, s.mode()) + " for " + step + " on weak hardware (model "
                        + s.name() + ")";
                String atomicity = atomicity(kind, s.mode(), ctx.call(), siblings, step);
                if (spin) {
                    return head + progress + ". (" + accepted + atomicity + ": that is safety only.)";
                }
                return head + ". " + accepted + atomicity + ", so " + mode + " is safe in the model: to weaken the Java,"
                        + " change JavaMode." + step + " to " + mode + ctx.hints().table() + " and re-pin the models";
            }
        }
        for (Sibling s : siblings) {
            if (s.step().equals(step) && s.expected().equals("success") && Modes.weakerOrEqual(kind, s.mode(), mode)) {
                Sibling rejects = siblings.stream().filter(x -> x.step().equals(step) && !x.expected().equals("success")
                        && weak(x) && Modes.modes(kind).contains(x.mode())).findFirst().orElse(null);
                return head + progress + ". TLC accepts " + described(kind, s.mode()) + " for " + step + " on x86-TSO only"
                        + " (model " + s.name() + "), which says nothing of weak hardware: " + (rejects == null
                        ? "no weak-memory model of " + manifest + " checks " + mode
                        : "there model " + rejects.name() + " rejects " + rejects.mode() + " (finds " + rejects.expected() + ")"
                                + (rejects.mode().equals(mode) ? "" : ", and none checks " + mode))
                        + (kind != Modes.Kind.RMW && s.mode().equals("plain") ? JIT : "")
                        + ". " + mode + " is not shown safe: keep " + declared + ", or add a sibling (constants WeakStep \""
                        + step + "\", WeakMode \"" + mode + "\", Strength \"weak\") to find out";
            }
        }
        return head + progress + ". No model of " + manifest + " checks " + step + " with " + mode + ": add a sibling (constants"
                + " WeakStep \"" + step + "\", WeakMode \"" + mode + "\") to find out";
    }

    /**
     * What an x86-TSO acceptance of a plain load or store does not say: the tso strength is the
     * hardware running each thread's accesses in program order, and C2 reorders plain accesses
     * before they run (jcstress's own x86_64 runs of BasicJMM_08 PlainInit and AdvancedJMM_12).
     */
    static final String JIT = "; nor of the JIT: the tso strength is x86 running each thread's accesses in program order,"
            + " and C2 may reorder plain accesses on x86 too (jcstress BasicJMM_08 PlainInit, AdvancedJMM_12)";

    /** A model's mode as Java has it: an unordered RMW is no Java mode, weakPlain is weakCompareAndSetPlain. */
    private static String described(Modes.Kind kind, String mode) {
        if (kind == Modes.Kind.RMW && mode.equals("plain")) {
            return "an unordered (plain) read-modify-write, which Java does not have,";
        }
        if (kind == Modes.Kind.RMW && mode.equals("weakPlain")) {
            return "weakPlain (weakCompareAndSetPlain, which may fail spuriously)";
        }
        return mode;
    }

    /**
     * Where a model accepts an unordered RMW for a step: atomicity is all it needs, and which RMW
     * Java offers for it. weakCompareAndSetPlain is named only if a weak-hardware model, where a
     * weak CAS may fail spuriously, accepts it for the step.
     */
    static String atomicity(Modes.Kind kind, String accepted, Modes.Call call, List<Sibling> siblings, String step) {
        if (kind != Modes.Kind.RMW || !accepted.equals("plain")) {
            return "";
        }
        String weakest = call == null ? "the strong forms of the call the Java makes" : String.join(" or ", Modes.weakestStrong(call));
        Sibling weakPlain = siblings.stream().filter(s -> s.step().equals(step) && s.expected().equals("success") && weak(s)
                && s.mode().equals("weakPlain")).findFirst().orElse(null);
        return " (atomicity is all " + step + " needs: any atomic RMW does; the weakest Java offers here is " + weakest
                + (weakPlain == null ? "; weakCompareAndSetPlain, which may fail spuriously, is checked by no model"
                : "; or weakCompareAndSetPlain, which may fail spuriously: model " + weakPlain.name() + " accepts it") + ")";
    }
}
