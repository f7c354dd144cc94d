package io.github.uncontended.tlc.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds every {@code manifest.json} under the specs folder (one or two levels down) and validates
 * it: first against the JSON Schema ({@link ManifestSchema}: fields, types, required fields,
 * which fields go together), then the rules a schema cannot state: files exist, the expected
 * property is in the config, names are unique across manifests, a constant is assigned in one
 * place, no orphan module, every memory manifest covers the structural cases of its design
 * ({@link #coverage}), and every design and peer manifest maps its public contract, clause by
 * clause, to properties its models check ({@link Contracts}). A bad manifest or model yields
 * one precise error line (file, model, field); the valid models of every manifest are still
 * returned, so one broken entry never hides the others.
 */
public final class ManifestLoader {

    public static final String FILE_NAME = "manifest.json";
    static final int DEFAULT_CI_TIMEOUT = 60;
    static final int DEFAULT_DEEP_TIMEOUT = 1800;

    /**
     * The valid models, the errors (each stops its model or fails the run), and the warnings: what
     * a spec folder copied away from its repository loses and the run does without (a Java source
     * a view links to, a library folder, whose modules TLC then looks for elsewhere).
     */
    public record Loaded(List<Model> models, List<String> errors, List<String> warnings) {
        public Loaded(List<Model> models, List<String> errors) {
            this(models, errors, List.of());
        }
    }

    private final ObjectMapper json = new ObjectMapper();
    private final Path root;
    private final List<String> warnings = new ArrayList<>();

    public ManifestLoader(Path root) {
        this.root = root;
    }

    public Loaded load() throws IOException {
        if (!Files.isDirectory(root)) {
            throw new IOException("specs folder " + root + " does not exist");
        }
        List<Path> manifests;
        try (Stream<Path> walk = Files.walk(root, 3)) {
            manifests = walk.filter(p -> p.getFileName().toString().equals(FILE_NAME)).sorted().toList();
        }
        List<Model> models = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        warnings.clear();
        Map<String, Path> names = new HashMap<>();
        Map<Path, JsonNode> roots = new LinkedHashMap<>();
        for (Path manifest : manifests) {
            for (Model m : loadOne(manifest, roots, errors)) {
                Path previous = names.putIfAbsent(m.name(), manifest);
                if (previous != null) {
                    errors.add(display(manifest) + ": model '" + m.name() + "': name already used in "
                            + display(previous) + " (names must be unique across manifests)");
                } else {
                    models.add(m);
                }
            }
        }
        coverage(roots, errors);
        new Contracts(root, roots, errors, warnings, this::display).check();
        return new Loaded(models, errors, List.copyOf(warnings));
    }

    private List<Model> loadOne(Path manifest, Map<Path, JsonNode> roots, List<String> errors) {
        String where = display(manifest);
        JsonNode rootNode;
        try {
            rootNode = json.readTree(manifest.toFile());
        } catch (JsonProcessingException e) {
            errors.add(where + ": not valid JSON at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
            return List.of();
        } catch (IOException e) {
            errors.add(where + ": cannot read: " + e.getMessage());
            return List.of();
        }
        if (rootNode == null || !rootNode.isObject()) {
            errors.add(where + ": the top level must be an object with \"design\", \"description\", \"modules\" and \"models\"");
            return List.of();
        }
        roots.put(manifest.toAbsolutePath().normalize(), rootNode);
        JsonNode modelsNode = rootNode.get("models");
        Set<Integer> invalid = new HashSet<>();
        for (ManifestSchema.Problem p : ManifestSchema.validate(rootNode)) {
            String at = where;
            if (p.model() >= 0) {
                invalid.add(p.model());
                JsonNode m = modelsNode.get(p.model());
                String name = m != null && m.hasNonNull("name") && m.get("name").isTextual() ? m.get("name").asText() : null;
                at += ": model " + (name != null ? "'" + name + "'" : "#" + (p.model() + 1));
            }
            errors.add(at + (p.field().isEmpty() ? "" : ": " + p.field()) + ": " + p.message());
        }
        Path dir = manifest.getParent();
        List<Path> library = library(rootNode.get("library"), dir, where, errors);
        com.fasterxml.jackson.databind.node.ArrayNode users = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        JsonNode javaNode = rootNode.path("java");
        (javaNode.isArray() ? javaNode : users.arrayNode().add(javaNode)).forEach(b -> b.path("user").forEach(users::add));
        Views views = views(rootNode.get("views"), users, dir, where, errors);
        Set<String> listed = new LinkedHashSet<>();
        JsonNode modules = rootNode.get("modules");
        if (modules != null && modules.isObject()) {
            for (Iterator<String> it = modules.fieldNames(); it.hasNext(); ) {
                String file = it.next();
                listed.add(file);
                if (!Files.isRegularFile(dir.resolve(file))) {
                    errors.add(where + ": modules: '" + file + "' does not exist in " + display(dir));
                }
            }
        }
        if (modelsNode == null || !modelsNode.isArray()) {
            return List.of();
        }
        List<Model> models = new ArrayList<>();
        for (int index = 0; index < modelsNode.size(); index++) {
            JsonNode node = modelsNode.get(index);
            if (node.hasNonNull("spec")) {
                listed.add(node.get("spec").asText());
            }
            if (!invalid.contains(index)) {
                Model m = model(node, manifest, library, views, errors);
                if (m != null) {
                    models.add(m);
                }
            }
        }
        orphans(dir, listed, where, errors);
        return models;
    }

    /**
     * The manifest's {@code "views"} (the schema has checked its shape). What it names must exist,
     * or a typo would silently leave the counterexamples as they were: each program counter a word
     * of a module in the manifest's folder (or below), each CAS or artifact action defined there,
     * each CAS's variables used there, each Java source a file.
     */
    private Views views(JsonNode node, JsonNode userSteps, Path dir, String where, List<String> errors) {
        Set<String> user = new LinkedHashSet<>();
        userSteps.forEach(s -> user.add(s.asText()));
        if (node == null || !node.isObject()) {
            return user.isEmpty() ? Views.NONE : new Views(Map.of(), Map.of(), Map.of(), Map.of(), user, Set.of());
        }
        String modules = modulesText(dir);
        Map<String, String> threads = new LinkedHashMap<>();
        Map<String, Views.Cas> cas = new LinkedHashMap<>();
        Map<String, String> artifacts = new LinkedHashMap<>();
        Map<String, List<Path>> sources = new LinkedHashMap<>();
        node.path("threads").fields().forEachRemaining(e -> {
            String variable = e.getKey().replaceAll("^\\w+!", "").replaceAll("\\[.*$", "");
            if (!Pattern.compile("\\b" + Pattern.quote(variable) + "\\b").matcher(modules).find()) {
                errors.add(where + ": views.threads: no module in " + display(dir) + " uses a variable '" + variable + "'");
            }
            threads.put(e.getKey(), e.getValue().asText());
        });
        node.path("cas").fields().forEachRemaining(e -> {
            Views.Cas c = new Views.Cas(e.getValue().path("target").asText(), e.getValue().path("expected").asText());
            defined(e.getKey().substring(e.getKey().indexOf('!') + 1), "views.cas", modules, dir, where, errors);
            for (String v : new String[] {c.variable(), c.index(), c.expected()}) {
                if (v != null && !Pattern.compile("\\b" + v + "\\b").matcher(modules).find()) {
                    errors.add(where + ": views.cas." + e.getKey() + ": no module in " + display(dir) + " uses a variable '" + v + "'");
                }
            }
            cas.put(e.getKey(), c);
        });
        Set<String> shared = new LinkedHashSet<>();
        for (JsonNode v : node.path("shared")) {
            if (!Pattern.compile("\\b" + Pattern.quote(v.asText()) + "\\b").matcher(modules).find()) {
                errors.add(where + ": views.shared: no module in " + display(dir) + " uses a variable '" + v.asText() + "'");
            }
            shared.add(v.asText());
        }
        node.path("artifacts").fields().forEachRemaining(e -> {
            defined(e.getKey(), "views.artifacts", modules, dir, where, errors);
            artifacts.put(e.getKey(), e.getValue().asText());
        });
        node.path("java").fields().forEachRemaining(e -> {
            List<Path> files = new ArrayList<>();
            for (JsonNode f : e.getValue()) {
                Path p = dir.resolve(f.asText()).normalize();
                if (!Files.isRegularFile(p)) {
                    // A spec folder copied out of its repository keeps its models: the view loses the link.
                    warnings.add(where + ": views.java." + e.getKey() + ": " + f.asText() + " is not a file (relative to "
                            + display(dir) + "): the counterexample views of " + e.getKey() + " link no Java");
                } else {
                    files.add(p);
                }
            }
            if (!Pattern.compile("MODULE\\s+" + Pattern.quote(e.getKey()) + "\\s").matcher(modules).find()) {
                errors.add(where + ": views.java: no module " + e.getKey() + " in " + display(dir) + " or below");
            }
            sources.put(e.getKey(), List.copyOf(files));
        });
        return new Views(threads, cas, artifacts, sources, user, shared);
    }

    private void defined(String action, String field, String modules, Path dir, String where, List<String> errors) {
        if (!Pattern.compile("(?m)^" + Pattern.quote(action) + "(\\([^)]*\\))?\\s*==").matcher(modules).find()) {
            errors.add(where + ": " + field + ": no module in " + display(dir) + " defines an action '" + action + "'");
        }
    }

    /** The text of every module in a manifest's folder and its sub-folders. */
    static String modulesText(Path dir) {
        StringBuilder all = new StringBuilder();
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".tla")).sorted().toList()) {
                all.append(Files.readString(f)).append('\n');
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return all.toString();
    }

    /** Extra module folders, relative to the manifest's folder: {@code "library": ["../../memory"]}. */
    private List<Path> library(JsonNode node, Path dir, String where, List<String> errors) {
        if (node == null || !node.isArray()) {
            return List.of(); // the schema has reported anything but an array
        }
        List<Path> folders = new ArrayList<>();
        for (JsonNode f : node) {
            Path p = f.isTextual() ? dir.resolve(f.asText()).normalize() : null;
            if (p != null && !Files.isDirectory(p)) {
                // A spec folder copied out of its repository: TLC looks for the modules in the model's
                // folder, its parent, and last the memory layer the runner carries.
                warnings.add(where + ": library: " + f + " is not a folder (relative to " + display(dir) + "): TLC looks"
                        + " for its modules in the model's folder, its parent and the memory layer the runner carries"
                        + " (Memory.tla, Program.tla)");
            } else if (p != null) {
                folders.add(p);
            }
        }
        return List.copyOf(folders);
    }

    /**
     * A model the schema has accepted (types, required and allowed fields are right): the rules
     * that need the files, then the Model.
     */
    private Model model(JsonNode node, Path manifest, List<Path> library, Views views, List<String> errors) {
        String name = node.get("name").asText();
        String where = display(manifest) + ": model '" + name + "'";
        int before = errors.size();
        Path dir = manifest.getParent();
        String spec = node.get("spec").asText();
        String config = node.get("config").asText();
        if (!Files.isRegularFile(dir.resolve(spec))) {
            errors.add(where + ": spec file " + display(dir.resolve(spec)) + " does not exist");
        }
        ConfigFile cfg = null;
        if (!Files.isRegularFile(dir.resolve(config))) {
            errors.add(where + ": config file " + display(dir.resolve(config)) + " does not exist");
        } else {
            try {
                cfg = ConfigFile.read(dir.resolve(config));
            } catch (IOException e) {
                errors.add(where + ": cannot read config " + config + ": " + e.getMessage());
            }
        }
        Model.Mode mode = Model.Mode.valueOf(node.get("mode").asText().toUpperCase(Locale.ROOT));
        Model.Size size = Model.Size.valueOf(node.get("size").asText().toUpperCase(Locale.ROOT));

        JsonNode expect = node.get("expect");
        String result = expect.get("result").asText();
        boolean witness = "reachable".equals(result);
        ResultKind expected = witness ? ResultKind.SAFETY : ResultKind.ofLabel(result).orElseThrow();
        String property = text(expect, "property");
        if (cfg != null && witness && !cfg.invariants().contains(property)) {
            errors.add(where + ": the witness '" + property + "' of an expected reachable must be an INVARIANT in " + config
                    + " (it says the case never happens; TLC must find a state where it does)");
        } else if (cfg != null && expected == ResultKind.SAFETY && !witness
                && !cfg.invariants().contains(property) && !cfg.properties().contains(property)) {
            errors.add(where + ": expected safety property '" + property + "' is neither an INVARIANT nor a PROPERTY in " + config);
        } else if (cfg != null && expected == ResultKind.LIVENESS && !cfg.properties().equals(List.of(property))) {
            errors.add(where + ": a model expected to violate liveness property '" + property
                    + "' must list exactly that one PROPERTY in " + config + " (it lists " + cfg.properties()
                    + "); TLC does not say which temporal property failed");
        }

        JsonNode states = node.get("states");
        Model.StateCounts pinned = states == null ? null
                : new Model.StateCounts(count(states, "distinct"), count(states, "total"), count(states, "depth"));
        JsonNode simulate = node.get("simulate");
        Model.Simulation simulation = mode != Model.Mode.SIMULATE ? null : new Model.Simulation(
                count(simulate, "traces"), count(simulate, "depth").intValue(),
                simulate.has("seed") ? count(simulate, "seed") : 1);
        boolean checkDeadlock = !node.has("checkDeadlock") || node.get("checkDeadlock").booleanValue();
        int timeout = node.has("timeoutSeconds") ? node.get("timeoutSeconds").intValue()
                : size == Model.Size.DEEP ? DEFAULT_DEEP_TIMEOUT : DEFAULT_CI_TIMEOUT;
        Model.Litmus litmus = litmus(node.get("litmus"), where, errors);
        Map<String, String> constants = constants(node.get("constants"), cfg, config, where, errors);
        boolean ownRun = node.has("ownRun") && node.get("ownRun").booleanValue();
        if (ownRun && !witness) {
            errors.add(where + ": ownRun: only a witness (expect.result reachable) can be checked inside another model's"
                    + " run, so only a witness may ask for a run of its own");
        }
        if (errors.size() != before) {
            return null;
        }
        return new Model(name, manifest, dir, spec, config, text(node, "description"), mode, size, expected,
                property, pinned, simulation, checkDeadlock, timeout, cfg.properties(), litmus, constants, library,
                witness, ownRun, views);
    }

    /**
     * Constants the manifest assigns on top of the config, so that one config serves several
     * models (a litmus test in several access modes, a design under each memory strength, a
     * sibling with one access weakened): a JSON string becomes a TLA+ string, a number a number,
     * a boolean TRUE or FALSE. A constant the config assigns too is an error: one place decides.
     */
    private static Map<String, String> constants(JsonNode node, ConfigFile cfg, String config, String where,
            List<String> errors) {
        if (node == null) {
            return Map.of();
        }
        Map<String, String> out = new java.util.TreeMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            JsonNode v = e.getValue();
            if (cfg != null && cfg.assigned().contains(e.getKey())) {
                errors.add(where + ": constants: " + e.getKey() + " is also assigned in " + config
                        + " (assign it in one place: drop it from the config)");
            } else if (v.isTextual()) {
                out.put(e.getKey(), "\"" + v.asText() + "\"");
            } else if (v.isBoolean()) {
                out.put(e.getKey(), v.booleanValue() ? "TRUE" : "FALSE");
            } else {
                out.put(e.getKey(), v.asText());
            }
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /**
     * A litmus model, tied to a jcstress test, to a published outcome set or to a catalogue's
     * grading (the schema has checked which fields go together). Left for here: every notModelled
     * outcome is published (or graded allowed), and no outcome is graded both ways.
     */
    private static Model.Litmus litmus(JsonNode node, String where, List<String> errors) {
        if (node == null) {
            return null;
        }
        if (node.has("allowed") || node.has("forbidden")) {
            return graded(node, where, errors);
        }
        if (!node.has("outcomes")) {
            return new Model.Litmus(node.get("jcstress").asText(), reasons(node.get("beyondSequentialConsistency")), null,
                    Map.of(), null);
        }
        java.util.SortedSet<String> outcomes = new java.util.TreeSet<>();
        node.get("outcomes").forEach(o -> outcomes.add(o.asText()));
        Map<String, String> notModelled = reasons(node.get("notModelled"));
        for (String outcome : notModelled.keySet()) {
            if (!outcomes.contains(outcome)) {
                errors.add(where + ": litmus.notModelled['" + outcome + "'] is not a published outcome");
            }
        }
        return new Model.Litmus(null, Map.of(), java.util.Collections.unmodifiableSortedSet(outcomes), notModelled,
                node.get("source").asText());
    }

    /** A catalogue's grading: outcomes it allows, outcomes it forbids, the rest free. */
    private static Model.Litmus graded(JsonNode node, String where, List<String> errors) {
        java.util.SortedSet<String> allowed = strings(node.get("allowed"));
        java.util.SortedSet<String> forbidden = strings(node.get("forbidden"));
        for (String outcome : allowed) {
            if (forbidden.contains(outcome)) {
                errors.add(where + ": litmus: [" + outcome + "] is graded both allowed and forbidden");
            }
        }
        Map<String, String> notModelled = reasons(node.get("notModelled"));
        for (String outcome : notModelled.keySet()) {
            if (!allowed.contains(outcome)) {
                errors.add(where + ": litmus.notModelled['" + outcome + "'] is not an outcome the catalogue allows");
            }
        }
        return new Model.Litmus(null, Map.of(), null, notModelled, node.get("source").asText(),
                java.util.Collections.unmodifiableSortedSet(allowed), java.util.Collections.unmodifiableSortedSet(forbidden));
    }

    /** An array of strings as a sorted set; empty when absent. */
    private static java.util.SortedSet<String> strings(JsonNode node) {
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        if (node != null) {
            node.forEach(o -> out.add(o.asText()));
        }
        return out;
    }

    /** An object of outcome to reason, in outcome order; empty when absent. */
    private static Map<String, String> reasons(JsonNode node) {
        Map<String, String> out = new java.util.TreeMap<>();
        if (node != null) {
            node.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /**
     * The structural-coverage rule (issue 25): every weak-memory model of a design reaches the
     * structural cases of its sequentially consistent models, or says why not.
     *
     * <p>A design's manifest lists its {@code structuralCases}: case name to the witness run of that
     * manifest that reaches it (a model expecting {@code reachable}) and a one-line description. A
     * memory manifest ({@code <design>/memory/manifest.json} whose design lists structural cases,
     * or any manifest with {@code covers}) declares {@code covers}: the design folder it covers ({@code ".."}) and, for every structural
     * case of that design, the models of its own manifest expecting {@code reachable} (the memory
     * spec's witness of the same case), or {@code {"abstracted": "<model>", "reason": "..."}} naming
     * the exhaustive model that compares the abstracted and the full version. Every gap is one line
     * naming the manifest, the case and what to add. The schema has checked the shapes; what is left
     * here needs the other manifests.
     */
    private void coverage(Map<Path, JsonNode> roots, List<String> errors) {
        for (Map.Entry<Path, JsonNode> e : roots.entrySet()) {
            JsonNode cases = e.getValue().get("structuralCases");
            if (cases == null || !cases.isObject()) {
                continue;
            }
            String where = display(e.getKey());
            for (Map.Entry<String, JsonNode> c : cases.properties()) {
                String witness = text(c.getValue(), "witness");
                if (witness == null) {
                    continue; // the schema has said so
                }
                JsonNode m = modelNamed(e.getValue(), witness);
                if (m == null) {
                    errors.add(where + ": structuralCases." + c.getKey() + ".witness: no model '" + witness
                            + "' in this manifest: name the witness run (expect.result reachable) that reaches the case");
                } else if (!"reachable".equals(m.path("expect").path("result").asText())) {
                    errors.add(where + ": structuralCases." + c.getKey() + ".witness: model '" + witness + "' expects "
                            + m.path("expect").path("result").asText() + ", not reachable: name the witness run that reaches the case");
                }
            }
        }
        for (Map.Entry<Path, JsonNode> e : roots.entrySet()) {
            Path manifest = e.getKey();
            JsonNode node = e.getValue();
            String where = display(manifest);
            JsonNode covers = node.get("covers");
            if (covers == null) {
                // Opt-in: required only where the design above lists structural cases (a folder of one's own named memory/ is not bound by it).
                JsonNode design = roots.get(manifest.getParent().getParent().resolve(FILE_NAME).toAbsolutePath().normalize());
                if (isMemoryManifest(manifest) && design != null && design.has("structuralCases")) {
                    errors.add(where + ": \"covers\" is required in a design's memory manifest: add \"covers\": {\"design\": \"..\","
                            + " \"cases\": {...}}, mapping each of the structuralCases of ../manifest.json to a model of this manifest"
                            + " expecting reachable (docs/runner.md#structural-coverage-memory-models-reach-the-designs-cases)");
                }
                continue;
            }
            String design = text(covers, "design");
            JsonNode mapped = covers.get("cases");
            if (!covers.isObject() || design == null || mapped == null || !mapped.isObject()) {
                continue; // the schema has said so
            }
            Path designManifest = manifest.getParent().resolve(design).resolve(FILE_NAME).toAbsolutePath().normalize();
            JsonNode designRoot = roots.get(designManifest);
            if (designRoot == null) {
                if (!Files.isRegularFile(designManifest)) {
                    errors.add(where + ": covers.design: no " + FILE_NAME + " in " + display(designManifest.getParent())
                            + " (the design folder, relative to this manifest: \"..\")");
                }
                continue; // unreadable: reported with that manifest
            }
            String designWhere = display(designManifest);
            JsonNode cases = designRoot.get("structuralCases");
            if (cases == null || !cases.isObject() || cases.isEmpty()) {
                errors.add(where + ": covers.design: " + designWhere + " lists no structuralCases: add them there"
                        + " (case name to {\"witness\": \"<a reachable model of that manifest>\", \"description\": \"...\"})");
                continue;
            }
            for (Map.Entry<String, JsonNode> c : cases.properties()) {
                if (!mapped.has(c.getKey())) {
                    errors.add(where + ": covers.cases: structural case '" + c.getKey() + "' of " + designWhere + " ("
                            + c.getValue().path("description").asText() + ") is not mapped: add \"" + c.getKey()
                            + "\": \"<a model of this manifest expecting reachable, the memory spec's witness of the case>\","
                            + " or \"" + c.getKey() + "\": {\"abstracted\": \"<the model comparing the abstracted and the full version>\","
                            + " \"reason\": \"...\"}");
                }
            }
            for (Map.Entry<String, JsonNode> c : mapped.properties()) {
                String at = where + ": covers.cases." + c.getKey();
                JsonNode value = c.getValue();
                if (!cases.has(c.getKey())) {
                    List<String> known = new ArrayList<>();
                    cases.fieldNames().forEachRemaining(known::add);
                    errors.add(at + ": not a structural case of " + designWhere + " (its cases: " + String.join(", ", known) + ")");
                } else if (value.isTextual() || value.isArray()) {
                    Iterable<JsonNode> models = value.isArray() ? value : List.of(value);
                    for (JsonNode n : models) {
                        String name = n.asText();
                        JsonNode m = modelNamed(node, name);
                        if (m == null) {
                            errors.add(at + ": no model '" + name + "' in this manifest" + elsewhere(roots, manifest, name)
                                    + ": map the case to a witness run of this manifest (expect.result reachable)");
                        } else if (!"reachable".equals(m.path("expect").path("result").asText())) {
                            errors.add(at + ": model '" + name + "' expects " + m.path("expect").path("result").asText()
                                    + ", not reachable: map the case to a witness run (expect.result reachable) whose"
                                    + " invariant is the memory spec's witness of the case");
                        }
                    }
                } else if (value.isObject() && text(value, "abstracted") != null) {
                    String name = text(value, "abstracted");
                    JsonNode m = null;
                    for (JsonNode r : roots.values()) {
                        m = m != null ? m : modelNamed(r, name);
                    }
                    if (m == null) {
                        errors.add(at + ".abstracted: no model '" + name + "' in any manifest: name the pinned model"
                                + " that compares the abstracted and the full version");
                    } else if (!"exhaustive".equals(m.path("mode").asText())) {
                        errors.add(at + ".abstracted: model '" + name + "' is a simulation: the comparison must be"
                                + " an exhaustive, pinned model");
                    }
                }
            }
        }
    }

    /** {@code <specs>/<design>/memory/manifest.json}: a design's weak-memory models. */
    private boolean isMemoryManifest(Path manifest) {
        Path rel = root.toAbsolutePath().normalize().relativize(manifest);
        return rel.getNameCount() == 3 && rel.getName(1).toString().equals("memory");
    }

    private static JsonNode modelNamed(JsonNode root, String name) {
        JsonNode models = root.get("models");
        if (models != null && models.isArray()) {
            for (JsonNode m : models) {
                if (name.equals(m.path("name").asText(null))) {
                    return m;
                }
            }
        }
        return null;
    }

    /** " (it is in specs/x/manifest.json)" when another manifest has the model, else "". */
    private String elsewhere(Map<Path, JsonNode> roots, Path self, String name) {
        for (Map.Entry<Path, JsonNode> e : roots.entrySet()) {
            if (!e.getKey().equals(self) && modelNamed(e.getValue(), name) != null) {
                return " (it is in " + display(e.getKey()) + ")";
            }
        }
        return "";
    }

    /**
     * Every module in the manifest's folder and in its sub-folders without a manifest of their own
     * ({@code broken/}, {@code trace/}) must be a model's spec or listed under "modules", by its
     * path relative to the manifest's folder ({@code broken/GuardOffByOne.tla}).
     */
    private void orphans(Path dir, Set<String> listed, String where, List<String> errors) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".tla")).sorted().toList()) {
                if (ownedByAnotherManifest(dir, p.getParent())) {
                    continue;
                }
                String file = dir.relativize(p).toString().replace(java.io.File.separatorChar, '/');
                if (!listed.contains(file) && !file.contains("_TTrace_")) {
                    errors.add(where + ": " + file + " is neither a model's spec nor listed under \"modules\""
                            + " (every module needs a role, or it is an orphan)");
                }
            }
        } catch (IOException e) {
            errors.add(where + ": cannot list " + display(dir) + ": " + e.getMessage());
        }
    }

    /** Whether {@code folder}, below the manifest's {@code dir}, or a folder between them has a manifest of its own. */
    private static boolean ownedByAnotherManifest(Path dir, Path folder) {
        for (Path f = folder; f != null && !f.equals(dir); f = f.getParent()) {
            if (Files.isRegularFile(f.resolve(FILE_NAME))) {
                return true;
            }
        }
        return false;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() && !value.asText().isBlank() ? value.asText() : null;
    }

    private static Long count(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null ? null : value.longValue();
    }

    private String display(Path p) {
        Path base = root.toAbsolutePath().getParent();
        Path abs = p.toAbsolutePath();
        return base != null && abs.startsWith(base) ? base.relativize(abs).toString() : p.toString();
    }
}
