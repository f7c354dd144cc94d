package io.github.uncontended.tlc.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A design's contract as a reviewer reads it: each clause of its manifest's {@code contracts}, with
 * the memory strength each of its models checks and, for the clause's {@code steps}, the mode the
 * weak-memory models declare for each ({@code JavaMode}) and the Java sites bound to it. Read from
 * the manifests as they are (the loader has validated them: {@link Contracts}); what cannot be
 * resolved is left for the loader to report (a model of no manifest has strength "?", a step no
 * binding declares no mode).
 */
public final class Promises {

    /** A model of a clause and the memory it checks: sc, tso or weak ({@code Strength}; sc when unset). */
    public record ModelRef(String name, String strength) {}

    /**
     * A step of a clause: its mode in each binding that declares it, with that binding's sites for
     * it ({@code "Class.method: name"}), and whether it is the user's code (a {@code user} step).
     */
    public record Step(String name, Map<String, List<String>> modes, boolean user) {}

    /** One clause; {@code property}, {@code models} and {@code steps} empty or null when {@code notModelled}. */
    public record Clause(List<String> methods, String text, String property, List<ModelRef> models, String scope,
            List<Step> steps, String notModelled) {}

    /** A design's contract: its manifest, its API classes (simple names) and clauses in the order written. */
    public record Contract(Path manifest, String api, Set<String> classes, List<Clause> clauses) {}

    private Promises() {}

    /**
     * The contract of the manifest in {@code specs/design}, every model looked up in the manifests
     * under {@code specs}.
     *
     * @throws IOException when there is no such manifest or it has no contracts (the message says which)
     */
    public static Contract read(Path specs, String design) throws IOException {
        Path manifest = specs.resolve(design).resolve(ManifestLoader.FILE_NAME).normalize();
        if (!Files.isRegularFile(manifest)) {
            throw new IOException("no manifest " + manifest + " (a design is a folder of " + specs + " with a "
                    + ManifestLoader.FILE_NAME + ")");
        }
        ObjectMapper json = new ObjectMapper();
        Map<Path, JsonNode> roots = new LinkedHashMap<>();
        List<Path> manifests;
        try (Stream<Path> walk = Files.walk(specs, 3)) {
            manifests = walk.filter(p -> p.getFileName().toString().equals(ManifestLoader.FILE_NAME)).sorted().toList();
        }
        for (Path m : manifests) {
            try {
                roots.put(m.normalize(), json.readTree(m.toFile()));
            } catch (IOException e) {
                // the loader reports it; its models are unknown here
            }
        }
        JsonNode root = roots.get(manifest);
        JsonNode contracts = root == null ? null : root.get("contracts");
        if (contracts == null || !contracts.path("clauses").isArray()) {
            throw new IOException(manifest + " has no contracts (docs/runner.md#contracts-every-promise-mapped-to-a-property)");
        }
        Map<String, Path> modelManifest = new HashMap<>();
        Map<String, String> modelSpec = new HashMap<>();
        Map<String, String> strength = new HashMap<>();
        roots.forEach((path, r) -> r.path("models").forEach(m -> {
            String name = m.path("name").asText();
            modelManifest.putIfAbsent(name, path);
            modelSpec.putIfAbsent(name, m.path("spec").asText());
            strength.putIfAbsent(name, m.path("constants").path("Strength").asText("sc"));
        }));
        Map<Path, List<JavaModes.Binding>> bindings = new HashMap<>();
        List<Clause> clauses = new ArrayList<>();
        for (JsonNode c : contracts.get("clauses")) {
            List<String> methods = new ArrayList<>();
            JsonNode method = c.path("method");
            (method.isArray() ? method : List.of(method)).forEach(m -> methods.add(m.asText().replace(" ", "")));
            List<ModelRef> models = new ArrayList<>();
            Map<Path, Set<String>> used = new LinkedHashMap<>();   // manifest -> the modules its models of the clause reach
            c.path("models").forEach(m -> {
                models.add(new ModelRef(m.asText(), strength.getOrDefault(m.asText(), "?")));
                Path at = modelManifest.get(m.asText());
                if (at != null) {
                    used.computeIfAbsent(at, k -> new LinkedHashSet<>())
                            .addAll(JavaModes.modules(at.getParent(), modelSpec.get(m.asText())));
                }
            });
            List<Step> steps = new ArrayList<>();
            for (JsonNode s : c.path("steps")) {
                Map<String, List<String>> modes = new LinkedHashMap<>();
                boolean user = false;
                for (Map.Entry<Path, Set<String>> m : used.entrySet()) {
                    for (JavaModes.Binding b : bindings.computeIfAbsent(m.getKey(), k -> JavaModes.bindings(k, roots.get(k)))) {
                        String mode = b.modes(m.getValue()).get(s.asText());
                        if (mode != null) {
                            List<String> sites = modes.computeIfAbsent(mode, k -> new ArrayList<>());
                            b.sites().getOrDefault(s.asText(), List.of()).stream().filter(x -> !sites.contains(x)).forEach(sites::add);
                            user |= b.user().contains(s.asText());
                        }
                    }
                }
                steps.add(new Step(s.asText(), modes, user));
            }
            clauses.add(new Clause(List.copyOf(methods), c.path("clause").asText(), c.path("property").asText(null),
                    List.copyOf(models), c.path("scope").asText(null), List.copyOf(steps), c.path("notModelled").asText(null)));
        }
        Set<String> classes = new LinkedHashSet<>();
        contracts.path("classes").forEach(c -> classes.add(c.asText().substring(c.asText().lastIndexOf('.') + 1)
                .replace('$', '.')));
        return new Contract(manifest, contracts.path("api").asText(), classes, List.copyOf(clauses));
    }
}
