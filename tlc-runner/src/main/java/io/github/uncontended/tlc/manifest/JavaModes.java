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
     * One binding of a manifest: its classes (simple names), its modules' tables merged (the first
     * module's mode where two differ: {@code modes} reports that), the sites bound to each step
     * ({@code "Class.method: name"}, unmodelled ones left out) and its user steps.
     */
    public record Binding(List<String> classes, Map<String, String> modes, Map<String, List<String>> sites,
            Set<String> user) {}

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
                Map<String, String> modes = new LinkedHashMap<>();
                JsonNode spec = b.path("spec");
                for (JsonNode s : spec.isArray() ? spec : List.of(spec)) {
                    Path module = manifest.getParent().resolve(s.asText());
                    try {
                        Map<String, String> table = Files.isRegularFile(module) ? parse(Files.readString(module)) : null;
                        if (table != null) {
                            table.forEach(modes::putIfAbsent);
                        }
                    } catch (IOException e) {
                        // unreadable: nothing from this module
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
                out.add(new Binding(List.copyOf(classes), modes, sites, user));
            }
        }
        return out;
    }
}
