package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.Engine;
import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.manifest.Model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --pin}: writes the state counts TLC measured into the manifests, for models whose run
 * ended as pinned in every other respect (the expected result and property) and whose counts
 * drifted or are placeholders. Only one TLC process with one worker counts reproducibly, so
 * only such runs are pinned. The manifest's text is edited in place, the model's
 * {@code "states"} object only: its layout and every other line stay as they are.
 */
public final class Pin {

    /** One manifest edit: the model, the counts before and after. */
    record Edit(Path manifest, String model, Model.StateCounts before, Model.StateCounts after) {}

    private Pin() {}

    /** The runs that may be pinned: right result and property, counts drifted, one worker. */
    static boolean pinnable(RunResult r) {
        return r.reason() != null && r.reason().startsWith("state counts drifted") && r.distinct() != null
                && r.engine() != null && r.engine().kind() == Engine.Kind.TLC && "-workers 1".equals(r.engine().detail());
    }

    /** Rewrites each pinnable run's counts in its manifest; returns the edits made. */
    static List<Edit> pin(List<RunResult> results) throws IOException {
        Map<Path, String> texts = new LinkedHashMap<>();
        List<Edit> edits = new ArrayList<>();
        for (RunResult r : results) {
            if (!pinnable(r)) {
                continue;
            }
            Path manifest = r.model().manifest();
            String text = texts.computeIfAbsent(manifest, p -> {
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Model.StateCounts before = r.model().pinned();
            Model.StateCounts after = new Model.StateCounts(r.distinct(), before.total() == null ? null : r.total(),
                    before.depth() == null ? null : r.depth());
            texts.put(manifest, replace(text, r.model().name(), after));
            edits.add(new Edit(manifest, r.model().name(), before, after));
        }
        for (Map.Entry<Path, String> e : texts.entrySet()) {
            Files.writeString(e.getKey(), e.getValue());
        }
        return edits;
    }

    private static final Pattern STATES = Pattern.compile("(\"states\"\\s*:\\s*\\{)([^{}]*)(\\})");

    /** The manifest's text with the counts of model {@code name} replaced. */
    static String replace(String text, String name, Model.StateCounts after) {
        Matcher entry = Pattern.compile("\"name\"\\s*:\\s*\"" + Pattern.quote(name) + "\"").matcher(text);
        if (!entry.find()) {
            throw new IllegalArgumentException("no model named " + name + " in the manifest");
        }
        int start = entry.end();
        Matcher next = Pattern.compile("\"name\"\\s*:\\s*\"").matcher(text);
        int end = next.find(start) ? next.start() : text.length();
        Matcher s = STATES.matcher(text).region(start, end);
        if (!s.find()) {
            throw new IllegalArgumentException("model " + name + " pins no \"states\" object");
        }
        String body = s.group(2);
        body = value(body, "distinct", after.distinct());
        body = value(body, "total", after.total());
        body = value(body, "depth", after.depth());
        return text.substring(0, s.start(2)) + body + text.substring(s.end(2));
    }

    private static String value(String body, String key, Long v) {
        if (v == null) {
            return body;
        }
        return body.replaceFirst("(\"" + key + "\"\\s*:\\s*)-?\\d+", "$1" + v);
    }
}
