package io.github.uncontended.tlc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Finds every {@code manifest.json} under the specs folder (one or two levels down) and validates
 * it. A bad manifest or model yields one precise error line; the valid models of every manifest
 * are still returned, so one broken entry never hides the others.
 */
final class ManifestLoader {

    static final String FILE_NAME = "manifest.json";
    private static final Set<String> ROOT_FIELDS = Set.of("design", "description", "modules", "models", "library",
            "java");
    private static final Set<String> MODEL_FIELDS = Set.of("name", "spec", "config", "description", "mode",
            "size", "expect", "states", "simulate", "checkDeadlock", "timeoutSeconds", "litmus", "constants");
    private static final Set<String> LITMUS_FIELDS = Set.of("jcstress", "beyondSequentialConsistency", "outcomes",
            "notModelled", "source");
    private static final Set<String> EXPECT_FIELDS = Set.of("result", "property");
    private static final Set<String> STATES_FIELDS = Set.of("distinct", "total", "depth");
    private static final Set<String> SIMULATE_FIELDS = Set.of("traces", "depth", "seed");
    static final int DEFAULT_CI_TIMEOUT = 60;
    static final int DEFAULT_DEEP_TIMEOUT = 1800;

    record Loaded(List<Model> models, List<String> errors) {}

    private final ObjectMapper json = new ObjectMapper();
    private final Path root;

    ManifestLoader(Path root) {
        this.root = root;
    }

    Loaded load() throws IOException {
        if (!Files.isDirectory(root)) {
            throw new IOException("specs folder " + root + " does not exist");
        }
        List<Path> manifests;
        try (Stream<Path> walk = Files.walk(root, 3)) {
            manifests = walk.filter(p -> p.getFileName().toString().equals(FILE_NAME)).sorted().toList();
        }
        List<Model> models = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        Map<String, Path> names = new HashMap<>();
        for (Path manifest : manifests) {
            for (Model m : loadOne(manifest, errors)) {
                Path previous = names.putIfAbsent(m.name(), manifest);
                if (previous != null) {
                    errors.add(display(manifest) + ": model '" + m.name() + "': name already used in "
                            + display(previous) + " (names must be unique across manifests)");
                } else {
                    models.add(m);
                }
            }
        }
        return new Loaded(models, errors);
    }

    private List<Model> loadOne(Path manifest, List<String> errors) {
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
        unknownFields(rootNode, ROOT_FIELDS, where, errors);
        requireText(rootNode, "design", where, errors);
        requireText(rootNode, "description", where, errors);
        Path dir = manifest.getParent();
        List<Path> library = library(rootNode.get("library"), dir, where, errors);
        Set<String> listed = new LinkedHashSet<>();
        JsonNode modules = rootNode.get("modules");
        if (modules != null) {
            if (!modules.isObject()) {
                errors.add(where + ": \"modules\" must map each non-model .tla file to a one-line role");
            } else {
                for (Iterator<String> it = modules.fieldNames(); it.hasNext(); ) {
                    String file = it.next();
                    listed.add(file);
                    if (!Files.isRegularFile(dir.resolve(file))) {
                        errors.add(where + ": modules: '" + file + "' does not exist in " + display(dir));
                    }
                }
            }
        }
        JsonNode modelsNode = rootNode.get("models");
        if (modelsNode == null || !modelsNode.isArray() || modelsNode.isEmpty()) {
            errors.add(where + ": \"models\" must be a non-empty array");
            return List.of();
        }
        List<Model> models = new ArrayList<>();
        int index = 0;
        for (JsonNode node : modelsNode) {
            Model m = model(node, index++, manifest, library, errors);
            if (m != null) {
                models.add(m);
            }
            if (node.hasNonNull("spec")) {
                listed.add(node.get("spec").asText());
            }
        }
        orphans(dir, listed, where, errors);
        return models;
    }

    /** Extra module folders, relative to the manifest's folder: {@code "library": ["../../memory"]}. */
    private List<Path> library(JsonNode node, Path dir, String where, List<String> errors) {
        if (node == null) {
            return List.of();
        }
        List<Path> folders = new ArrayList<>();
        if (!node.isArray()) {
            errors.add(where + ": \"library\" must be an array of folders (relative to the manifest) holding modules the specs use");
            return List.of();
        }
        for (JsonNode f : node) {
            Path p = f.isTextual() ? dir.resolve(f.asText()).normalize() : null;
            if (p == null || !Files.isDirectory(p)) {
                errors.add(where + ": library: " + f + " is not a folder (relative to " + display(dir) + ")");
            } else {
                folders.add(p);
            }
        }
        return List.copyOf(folders);
    }

    private Model model(JsonNode node, int index, Path manifest, List<Path> library, List<String> errors) {
        String name = node.hasNonNull("name") ? node.get("name").asText() : null;
        String where = display(manifest) + ": model " + (name != null ? "'" + name + "'" : "#" + (index + 1));
        int before = errors.size();
        if (!node.isObject()) {
            errors.add(where + ": must be an object");
            return null;
        }
        unknownFields(node, MODEL_FIELDS, where, errors);
        for (String field : List.of("name", "spec", "config", "description", "mode", "size")) {
            requireText(node, field, where, errors);
        }
        if (name != null && !name.matches("[A-Za-z0-9_-]+")) {
            errors.add(where + ": name must use only letters, digits, '_' and '-'");
        }
        Path dir = manifest.getParent();
        String spec = text(node, "spec");
        String config = text(node, "config");
        if (spec != null && !spec.endsWith(".tla")) {
            errors.add(where + ": spec '" + spec + "' must be a .tla file");
        } else if (spec != null && !Files.isRegularFile(dir.resolve(spec))) {
            errors.add(where + ": spec file " + display(dir.resolve(spec)) + " does not exist");
        }
        ConfigFile cfg = null;
        if (config != null) {
            if (!Files.isRegularFile(dir.resolve(config))) {
                errors.add(where + ": config file " + display(dir.resolve(config)) + " does not exist");
            } else {
                try {
                    cfg = ConfigFile.read(dir.resolve(config));
                } catch (IOException e) {
                    errors.add(where + ": cannot read config " + config + ": " + e.getMessage());
                }
            }
        }
        Model.Mode mode = enumValue(node, "mode", Model.Mode.class, where, errors);
        Model.Size size = enumValue(node, "size", Model.Size.class, where, errors);

        ResultKind expected = null;
        String property = null;
        boolean witness = false;
        JsonNode expect = node.get("expect");
        if (expect == null || !expect.isObject()) {
            errors.add(where + ": \"expect\" is required: {\"result\": \"success\"} or {\"result\": \"safety\", \"property\": \"Name\"}");
        } else {
            unknownFields(expect, EXPECT_FIELDS, where + ": expect", errors);
            String result = text(expect, "result");
            witness = "reachable".equals(result);
            expected = witness ? ResultKind.SAFETY
                    : result == null ? null : ResultKind.ofLabel(result).filter(ResultKind::expectable).orElse(null);
            if (expected == null) {
                errors.add(where + ": expect.result must be one of success, safety, liveness, deadlock, assertion,"
                        + " reachable (got " + (result == null ? "nothing" : "'" + result + "'") + ")");
            }
            property = text(expect, "property");
            if (expected != null && expected.namesProperty() && property == null) {
                errors.add(where + ": expect.property is required for an expected " + (witness ? "reachable"
                        : expected + " violation") + ": name the " + (witness ? "witness invariant" : "property")
                        + " TLC must report");
            } else if (witness && cfg != null && !cfg.invariants().contains(property)) {
                errors.add(where + ": the witness '" + property + "' of an expected reachable must be an INVARIANT in " + config
                        + " (it says the case never happens; TLC must find a state where it does)");
            } else if (expected != null && !expected.namesProperty() && property != null) {
                errors.add(where + ": expect.property only goes with safety or liveness, not " + expected);
            } else if (expected == ResultKind.SAFETY && cfg != null
                    && !cfg.invariants().contains(property) && !cfg.properties().contains(property)) {
                errors.add(where + ": expected safety property '" + property + "' is neither an INVARIANT nor a PROPERTY in " + config);
            } else if (expected == ResultKind.LIVENESS && cfg != null && !cfg.properties().equals(List.of(property))) {
                errors.add(where + ": a model expected to violate liveness property '" + property
                        + "' must list exactly that one PROPERTY in " + config + " (it lists " + cfg.properties()
                        + "); TLC does not say which temporal property failed");
            }
        }

        Model.StateCounts pinned = null;
        JsonNode states = node.get("states");
        if (states != null) {
            if (!states.isObject()) {
                errors.add(where + ": \"states\" must be an object {\"distinct\": N, \"total\": N}");
            } else {
                unknownFields(states, STATES_FIELDS, where + ": states", errors);
                pinned = new Model.StateCounts(count(states, "distinct", where, errors),
                        count(states, "total", where, errors), count(states, "depth", where, errors));
            }
        }
        Model.Simulation simulation = null;
        JsonNode simulate = node.get("simulate");
        if (mode == Model.Mode.SIMULATE) {
            if (simulate == null || !simulate.isObject()) {
                errors.add(where + ": a simulate model needs \"simulate\": {\"traces\": N, \"depth\": D, \"seed\": S}");
            } else {
                unknownFields(simulate, SIMULATE_FIELDS, where + ": simulate", errors);
                Long traces = count(simulate, "traces", where, errors);
                Long depth = count(simulate, "depth", where, errors);
                Long seed = count(simulate, "seed", where, errors);
                if (traces == null || depth == null || traces < 1 || depth < 1) {
                    errors.add(where + ": simulate.traces and simulate.depth must be positive");
                } else {
                    simulation = new Model.Simulation(traces, depth.intValue(), seed == null ? 1 : seed);
                }
            }
            if (pinned != null) {
                errors.add(where + ": a simulate model has no reproducible state counts: drop \"states\"");
            }
        } else if (mode == Model.Mode.EXHAUSTIVE) {
            if (simulate != null) {
                errors.add(where + ": \"simulate\" only goes with mode simulate");
            }
            if (size == Model.Size.CI && (pinned == null || pinned.distinct() == null || pinned.total() == null)) {
                errors.add(where + ": an exhaustive ci model must pin states.distinct and states.total"
                        + " (from a run with -workers 1 -fp 1 -seed 1)");
            }
        }
        boolean checkDeadlock = true;
        JsonNode deadlock = node.get("checkDeadlock");
        if (deadlock != null) {
            if (!deadlock.isBoolean()) {
                errors.add(where + ": checkDeadlock must be true or false");
            } else {
                checkDeadlock = deadlock.booleanValue();
            }
        }
        int timeout = size == Model.Size.DEEP ? DEFAULT_DEEP_TIMEOUT : DEFAULT_CI_TIMEOUT;
        JsonNode timeoutNode = node.get("timeoutSeconds");
        if (timeoutNode != null) {
            if (!timeoutNode.canConvertToInt() || !timeoutNode.isIntegralNumber() || timeoutNode.intValue() < 1) {
                errors.add(where + ": timeoutSeconds must be a positive whole number");
            } else {
                timeout = timeoutNode.intValue();
            }
        }
        Model.Litmus litmus = litmus(node.get("litmus"), mode, where, errors);
        Map<String, String> constants = constants(node.get("constants"), cfg, config, where, errors);
        if (errors.size() != before) {
            return null;
        }
        return new Model(name, manifest, dir, spec, config, text(node, "description"), mode, size, expected,
                property, pinned, simulation, checkDeadlock, timeout, cfg.properties(), litmus, constants, library,
                witness);
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
        if (!node.isObject()) {
            errors.add(where + ": \"constants\" must map constant names to strings, numbers or booleans");
            return Map.of();
        }
        Map<String, String> out = new java.util.TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (!e.getKey().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                errors.add(where + ": constants: '" + e.getKey() + "' is not a TLA+ identifier");
            } else if (cfg != null && cfg.assigned().contains(e.getKey())) {
                errors.add(where + ": constants: " + e.getKey() + " is also assigned in " + config
                        + " (assign it in one place: drop it from the config)");
            } else if (v.isTextual() && !v.asText().contains("\"") && !v.asText().contains("\\")) {
                out.put(e.getKey(), "\"" + v.asText() + "\"");
            } else if (v.isIntegralNumber()) {
                out.put(e.getKey(), v.asText());
            } else if (v.isBoolean()) {
                out.put(e.getKey(), v.booleanValue() ? "TRUE" : "FALSE");
            } else {
                errors.add(where + ": constants: " + e.getKey() + " must be a string (without quotes or backslashes),"
                        + " a whole number or a boolean, not " + v);
            }
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    private static Model.Litmus litmus(JsonNode node, Model.Mode mode, String where, List<String> errors) {
        if (node == null) {
            return null;
        }
        if (!node.isObject()) {
            errors.add(where + ": \"litmus\" must be {\"jcstress\": \"fully.qualified.TestClass\"} or"
                    + " {\"outcomes\": [...], \"source\": \"...\"}");
            return null;
        }
        unknownFields(node, LITMUS_FIELDS, where + ": litmus", errors);
        String test = text(node, "jcstress");
        JsonNode published = node.get("outcomes");
        if (published != null) {
            return publishedLitmus(node, test, mode, where, errors);
        }
        if (test == null || !test.matches("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+")) {
            errors.add(where + ": litmus.jcstress must name a jcstress test class (fully qualified)");
        }
        if (mode != Model.Mode.EXHAUSTIVE) {
            errors.add(where + ": a litmus model must be exhaustive: its outcome set is every reachable outcome");
        }
        java.util.Map<String, String> beyond = new java.util.TreeMap<>();
        JsonNode weak = node.get("beyondSequentialConsistency");
        if (weak != null) {
            if (!weak.isObject()) {
                errors.add(where + ": litmus.beyondSequentialConsistency maps an outcome to the reason the JMM allows it");
            } else {
                for (Iterator<Map.Entry<String, JsonNode>> it = weak.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                        errors.add(where + ": litmus.beyondSequentialConsistency['" + e.getKey() + "'] needs a reason");
                    } else {
                        beyond.put(e.getKey(), e.getValue().asText());
                    }
                }
            }
        }
        if (node.has("notModelled") || node.has("source")) {
            errors.add(where + ": litmus.notModelled and litmus.source go with a published outcome set (\"outcomes\")");
        }
        return test == null ? null : new Model.Litmus(test, java.util.Collections.unmodifiableMap(beyond), null,
                Map.of(), null);
    }

    /** A litmus model checked against a published outcome set (a memory model's litmus test). */
    private static Model.Litmus publishedLitmus(JsonNode node, String test, Model.Mode mode, String where,
            List<String> errors) {
        if (test != null || node.has("beyondSequentialConsistency")) {
            errors.add(where + ": litmus: a published outcome set (\"outcomes\") replaces the jcstress tie; drop"
                    + " \"jcstress\" and \"beyondSequentialConsistency\"");
        }
        if (mode != Model.Mode.EXHAUSTIVE) {
            errors.add(where + ": a litmus model must be exhaustive: its outcome set is every reachable outcome");
        }
        java.util.SortedSet<String> outcomes = new java.util.TreeSet<>();
        JsonNode published = node.get("outcomes");
        if (!published.isArray() || published.isEmpty()) {
            errors.add(where + ": litmus.outcomes must be a non-empty array of the outcomes the published model allows");
        } else {
            for (JsonNode o : published) {
                if (!o.isTextual() || !outcomes.add(o.asText())) {
                    errors.add(where + ": litmus.outcomes: " + o + " is not a string, or is listed twice");
                }
            }
        }
        String source = text(node, "source");
        if (source == null) {
            errors.add(where + ": litmus.source is required with a published outcome set: cite where it comes from");
        }
        Map<String, String> notModelled = new java.util.TreeMap<>();
        JsonNode omitted = node.get("notModelled");
        if (omitted != null) {
            if (!omitted.isObject()) {
                errors.add(where + ": litmus.notModelled maps a published outcome the layer leaves out to the reason");
            } else {
                for (Iterator<Map.Entry<String, JsonNode>> it = omitted.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                        errors.add(where + ": litmus.notModelled['" + e.getKey() + "'] needs a reason");
                    } else if (!outcomes.contains(e.getKey())) {
                        errors.add(where + ": litmus.notModelled['" + e.getKey() + "'] is not a published outcome");
                    } else {
                        notModelled.put(e.getKey(), e.getValue().asText());
                    }
                }
            }
        }
        return new Model.Litmus(null, Map.of(), java.util.Collections.unmodifiableSortedSet(outcomes),
                java.util.Collections.unmodifiableMap(notModelled), source);
    }

    private void orphans(Path dir, Set<String> listed, String where, List<String> errors) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".tla")).sorted().toList()) {
                String file = p.getFileName().toString();
                if (!listed.contains(file) && !file.contains("_TTrace_")) {
                    errors.add(where + ": " + file + " is neither a model's spec nor listed under \"modules\""
                            + " (every module needs a role, or it is an orphan)");
                }
            }
        } catch (IOException e) {
            errors.add(where + ": cannot list " + display(dir) + ": " + e.getMessage());
        }
    }

    private static void unknownFields(JsonNode node, Set<String> known, String where, List<String> errors) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!known.contains(field)) {
                errors.add(where + ": unknown field \"" + field + "\" (known: " + String.join(", ", new TreeSet<>(known)) + ")");
            }
        }
    }

    private static void requireText(JsonNode node, String field, String where, List<String> errors) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            errors.add(where + ": \"" + field + "\" is required (a non-empty string)");
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() && !value.asText().isBlank() ? value.asText() : null;
    }

    private static Long count(JsonNode node, String field, String where, List<String> errors) {
        JsonNode value = node.get(field);
        if (value == null) {
            return null;
        }
        if (!value.isIntegralNumber() || value.longValue() < 0) {
            errors.add(where + ": " + field + " must be a whole number >= 0");
            return null;
        }
        return value.longValue();
    }

    private static <E extends Enum<E>> E enumValue(JsonNode node, String field, Class<E> type, String where,
            List<String> errors) {
        String value = text(node, field);
        if (value == null) {
            return null;
        }
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> allowed = Stream.of(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT)).toList();
            errors.add(where + ": " + field + " must be one of " + allowed + " (got '" + value + "')");
            return null;
        }
    }

    private String display(Path p) {
        Path base = root.toAbsolutePath().getParent();
        Path abs = p.toAbsolutePath();
        return base != null && abs.startsWith(base) ? base.relativize(abs).toString() : p.toString();
    }
}
