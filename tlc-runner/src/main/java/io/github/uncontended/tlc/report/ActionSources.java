package io.github.uncontended.tlc.report;

import io.github.uncontended.tlc.manifest.Model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a counterexample's actions are written: the line of the spec that defines each (from
 * TLC's location, "line 112, col 5 of module ShardedBuffer"), and the Java method whose Javadoc
 * names it as its spec action (the manifest's {@code views.java} lists the sources per module:
 * {@code Spec action CasTail: ...} or {@code Spec actions Claim, then LoadCache, ...}, on the
 * comment before the method). Links are relative to the folder of the page that shows them.
 */
final class ActionSources {

    /** A place in a source: the file, its line (1-based), and what to call it. */
    record Place(Path file, int line, String name) {}

    private static final Pattern LOCATION = Pattern.compile("line (\\d+), col \\d+ of module (\\w+)");
    private static final Pattern SPEC_ACTION = Pattern.compile("Spec actions? ([^:.(]*)");
    private static final Pattern ACTION_NAME = Pattern.compile("\\b[A-Z][a-z]\\w*\\b");
    private static final Pattern MEMBER = Pattern.compile("(\\w+)\\s*\\(");

    private final Model model;
    private final Map<String, Map<String, List<Place>>> javaByModule = new HashMap<>();

    ActionSources(Model model) {
        this.model = model;
    }

    /** The spec's definition of the step's action, or null when TLC gave no location or the module is not found. */
    Place spec(String action, String location) {
        Matcher m = location == null ? null : LOCATION.matcher(location);
        if (m == null || !m.find()) {
            return null;
        }
        Path module = module(m.group(2));
        int line = module == null ? -1 : definition(module, action, Integer.parseInt(m.group(1)));
        return line < 0 ? null : new Place(module, line, action);
    }

    /**
     * The line that defines the action ({@code CasTail(p) ==}): TLC locates the action's body,
     * which starts on that line or a few below it; -1 when no definition is found there (TLC's
     * generic {@code Action} of an unnamed disjunct of Next, say), so no link points at a wrong line.
     */
    private static int definition(Path module, String action, int body) {
        String name = action == null ? "" : action.replaceFirst("\\(.*$", "").strip();
        try {
            List<String> lines = Files.readAllLines(module);
            for (int i = Math.min(body, lines.size()); i >= 1 && i > body - 15; i--) {
                if (lines.get(i - 1).matches(Pattern.quote(name) + "\\s*(\\(.*)?==.*")) {
                    return i;
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    /** The Java methods whose Javadoc names the action, for the module TLC located it in; empty when none does. */
    List<Place> java(String action, String location) {
        Matcher m = location == null ? null : LOCATION.matcher(location);
        if (m == null || !m.find() || action == null) {
            return List.of();
        }
        return javaByModule.computeIfAbsent(m.group(2), this::index).getOrDefault(action, List.of());
    }

    /** The module's file: in the model's folder or one below it (broken/), its parent, or the manifest's library. */
    private Path module(String name) {
        List<Path> roots = new ArrayList<>();
        roots.add(model.dir());
        if (model.dir().getParent() != null) {
            roots.add(model.dir().getParent());
        }
        roots.addAll(model.library());
        for (Path root : roots) {
            Path direct = root.resolve(name + ".tla");
            if (Files.isRegularFile(direct)) {
                return direct;
            }
        }
        try (var sub = Files.list(model.dir())) {
            return sub.filter(Files::isDirectory).map(d -> d.resolve(name + ".tla")).filter(Files::isRegularFile)
                    .sorted().findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** Action name to the methods that say they take it, over the module's Java sources. */
    private Map<String, List<Place>> index(String module) {
        Map<String, List<Place>> out = new LinkedHashMap<>();
        for (Path file : model.views().java().getOrDefault(module, List.of())) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + " (views.java of " + model.manifest() + ")", e);
            }
            String type = file.getFileName().toString().replaceFirst("\\.java$", "");
            List<String> pending = new ArrayList<>();
            boolean inComment = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.startsWith("/**")) {
                    inComment = true;
                    pending.clear();
                }
                if (inComment) {
                    Matcher a = SPEC_ACTION.matcher(line);
                    while (a.find()) {
                        Matcher n = ACTION_NAME.matcher(a.group(1));
                        while (n.find()) {
                            pending.add(n.group());
                        }
                    }
                    if (line.contains("*/")) {
                        inComment = false;
                    }
                    continue;
                }
                if (pending.isEmpty() || line.isEmpty() || line.startsWith("@")) {
                    continue;
                }
                Matcher member = MEMBER.matcher(line);
                String name = member.find() ? member.group(1) : null;
                for (String action : pending) {
                    out.computeIfAbsent(action, k -> new ArrayList<>())
                            .add(new Place(file, i + 1, name == null ? type : type + "." + name));
                }
                pending.clear();
            }
        }
        return out;
    }

    /** A Markdown link to a place, relative to {@code from} (the folder of the page). */
    static String markdown(Place p, Path from) {
        return "[" + p.name() + "](" + relative(from, p.file()) + "#L" + p.line() + ")";
    }

    static String relative(Path from, Path file) {
        return from.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString()
                .replace('\\', '/');
    }
}
