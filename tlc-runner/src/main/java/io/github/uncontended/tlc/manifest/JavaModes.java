package io.github.uncontended.tlc.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code JavaMode == [Step |-> "mode", ...]} table of a weak-memory module, and the bindings of
 * a manifest that name such modules ({@code java} in a memory manifest, {@code peer} in a peer's):
 * each binding's steps with their modes, and the Java sites bound to each step. One reader for the
 * access-mode check ({@code modes}), the contracts' {@code steps} ({@link Contracts}) and the
 * design pages' promises tables ({@link Promises}).
 */
public final class JavaModes {

    private static final Pattern TABLE = Pattern.compile("(?s)JavaMode\\s*==\\s*\\[(.*?)\\]");
    private static final Pattern ENTRY = Pattern.compile("(\\w+)\\s*\\|->\\s*\"(\\w+)\"");

    private JavaModes() {}

    /** The table of a module's text, step to mode in the order written; null when it has none. */
    public static Map<String, String> parse(String module) {
        Matcher table = TABLE.matcher(module.replaceAll("\\\\\\*[^\\n]*", ""));   // without \* comments
        if (!table.find()) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        Matcher e = ENTRY.matcher(table.group(1));
        while (e.find()) {
            out.put(e.group(1), e.group(2));
        }
        return out;
    }

    /**
     * One binding of a manifest: its classes (simple names), the table of each module it names (by
     * file name, in order), the sites bound to each step ({@code "Class.method: name"}, unmodelled
     * ones left out) and its user steps.
     */
    public record Binding(List<String> classes, Map<String, Map<String, String>> tables, Map<String, List<String>> sites,
            Set<String> user) {

        /** The steps of the tables of the modules in {@code used} (file names), step to mode, the first module's first. */
        public Map<String, String> modes(Set<String> used) {
            Map<String, String> out = new LinkedHashMap<>();
            tables.forEach((module, table) -> {
                if (used.contains(module)) {
                    table.forEach(out::putIfAbsent);
                }
            });
            return out;
        }
    }

    /**
     * The bindings of a manifest ({@code java}, {@code peer}: an object or a list), read from the
     * modules they name relative to the manifest; a module that is missing or has no table adds
     * nothing (the access-mode check and the schema report those).
     */
    public static List<Binding> bindings(Path manifest, JsonNode root) {
        List<Binding> out = new ArrayList<>();
        for (String field : List.of("java", "peer")) {
            JsonNode node = root.get(field);
            if (node == null) {
                continue;
            }
            for (JsonNode b : node.isArray() ? node : List.of(node)) {
                Map<String, Map<String, String>> tables = new LinkedHashMap<>();
                JsonNode spec = b.path("spec");
                for (JsonNode s : spec.isArray() ? spec : List.of(spec)) {
                    Map<String, String> table = read(manifest.getParent().resolve(s.asText()));
                    if (table != null) {
                        tables.put(Path.of(s.asText()).getFileName().toString(), table);
                    }
                }
                List<String> classes = new ArrayList<>();
                b.path("classes").forEach(c -> classes.add(c.asText().substring(c.asText().lastIndexOf('.') + 1)));
                Map<String, List<String>> sites = new LinkedHashMap<>();
                b.path("sites").fields().forEachRemaining(e -> {
                    JsonNode v = e.getValue();
                    for (JsonNode step : v.isArray() ? v : List.of(v)) {
                        if (!step.asText().startsWith("unmodelled")) {
                            sites.computeIfAbsent(step.asText(), k -> new ArrayList<>()).add(e.getKey());
                        }
                    }
                });
                Set<String> user = new LinkedHashSet<>();
                b.path("user").forEach(u -> user.add(u.asText()));
                out.add(new Binding(List.copyOf(classes), tables, sites, user));
            }
        }
        return out;
    }

    private static final Pattern USES = Pattern.compile("(?m)^EXTENDS\\s+((?:\\w+\\s*,\\s*)*\\w+)|\\bINSTANCE\\s+(\\w+)");

    /**
     * The modules a model's spec reaches in its folder (file names): the spec itself and, through
     * {@code EXTENDS} and {@code INSTANCE}, every module of the folder it uses, transitively; the
     * bindings' tables a model checks are theirs.
     */
    public static Set<String> modules(Path dir, String spec) {
        Set<String> out = new LinkedHashSet<>();
        List<String> todo = new ArrayList<>(List.of(Path.of(spec).getFileName().toString()));
        while (!todo.isEmpty()) {
            String module = todo.remove(todo.size() - 1);
            Path file = dir.resolve(module);
            if (!out.add(module) || !Files.isRegularFile(file)) {
                continue;
            }
            try {
                Matcher m = USES.matcher(Files.readString(file).replaceAll("\\\\\\*[^\\n]*", ""));
                while (m.find()) {
                    String names = m.group(1) != null ? m.group(1) : m.group(2);
                    for (String n : names.split("[\\s,]+")) {
                        if (!n.isEmpty() && Files.isRegularFile(dir.resolve(n + ".tla"))) {
                            todo.add(n + ".tla");
                        }
                    }
                }
            } catch (IOException e) {
                // unreadable: the model's run reports it
            }
        }
        return out;
    }

    private static Map<String, String> read(Path module) {
        try {
            return Files.isRegularFile(module) ? parse(Files.readString(module)) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
