package io.github.uncontended.tlc.modes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The access-mode check over peers (part of {@link AccessModes}, {@code make modes}): each site
 * a {@code "peer"} binding names in another project's class files has the mode its model's
 * {@code JavaMode} table declares for its step, every memory access the named methods reach is
 * covered by a site, and every step of the table is implemented by a site (or is user code). A
 * peer upgrade that changes a mode, or adds an access to a modelled method, fails the check and
 * names the model.
 *
 * <pre>{@code
 * "peer": {
 *   "spec": "DisruptorMemory.tla",
 *   "source": "maven:com.lmax:disruptor:4.0.0",        or "jdk:25"
 *   "classes": ["com.lmax.disruptor.MultiProducerSequencer", "com.lmax.disruptor.Sequence", ...],
 *   "sites": {"MultiProducerSequencer.next: getAndAdd": "Claim",
 *             "MultiProducerSequencer.next: gatingSequences load": "unmodelled: the gating set is fixed before start"},
 *   "user": ["WriteEvent", "ReadEvent"]
 * }}</pre>
 */
public final class PeerModes {

    private static final Pattern SITE = Pattern.compile("([\\w$]+)\\.([\\w$<>]+|\\*): (.+?)(?:#(\\d+))?");

    /** One peer manifest's binding. */
    record Binding(Path manifest, List<Path> specs, Map<String, String> javaMode, String source, List<String> classes,
            Map<String, String> sites, Set<String> user, List<AccessModes.Sibling> siblings) {}

    /** One line of the result: a site, its step, the mode read and the one declared, and the problem if any. */
    record Row(String site, String step, String where, String what, String javaMode, String specMode, String problem) {}

    private PeerModes() {}

    /** Every manifest under {@code specs} with a "peer" binding. */
    static List<Binding> bindings(Path specs) throws IOException {
        List<Binding> out = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (Path m : AccessModes.manifests(specs, 4)) {
            JsonNode root = json.readTree(m.toFile());
            JsonNode peer = root.get("peer");
            if (peer != null && peer.isArray()) {
                for (JsonNode one : peer) {
                    out.add(binding(m, root, one));   // one per source, e.g. a JDK 17 and a JDK 25 version
                }
            } else if (peer != null) {
                out.add(binding(m, root, peer));
            }
        }
        return out;
    }

    private static Binding binding(Path manifest, JsonNode root, JsonNode peer) throws IOException {
        String where = manifest + ": peer";
        AccessModes.Specs modules = AccessModes.specs(manifest, peer, where);
        List<Path> specs = modules.specs();
        Map<String, String> javaMode = modules.javaMode();
        String source = peer.path("source").asText("");
        if (source.isEmpty()) {
            throw new IOException(where + ".source is required (maven:group:artifact:version or jdk:N)");
        }
        List<String> classes = new ArrayList<>();
        peer.path("classes").forEach(c -> classes.add(c.asText()));
        if (classes.isEmpty()) {
            throw new IOException(where + ".classes: name the peer's classes");
        }
        Map<String, String> sites = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = peer.path("sites").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!SITE.matcher(e.getKey()).matches()) {
                throw new IOException(where + ".sites: '" + e.getKey() + "' is not \"Class.method: name\" (or \"...: name#k\")");
            }
            if (e.getKey().contains(".*: ") && !e.getValue().asText().startsWith("unmodelled: ")) {
                throw new IOException(where + ".sites: '" + e.getKey() + "' binds an access in every method of a class: it"
                        + " can only be \"unmodelled: <reason>\" (bind a spec step at its call site)");
            }
            sites.put(e.getKey(), e.getValue().asText());
        }
        if (sites.isEmpty()) {
            throw new IOException(where + ".sites: name the peer's call sites and their spec steps");
        }
        Set<String> user = new LinkedHashSet<>();
        peer.path("user").forEach(u -> user.add(u.asText()));
        for (String s : user) {
            if (!javaMode.containsKey(s)) {
                throw new IOException(where + ".user: " + s + " is not a step of the JavaMode of " + AccessModes.names(specs));
            }
        }
        return new Binding(manifest, specs, javaMode, source, classes, sites, user, AccessModes.siblings(root));
    }

    /** Checks one peer binding against the peer's classes. */
    static List<Row> check(Binding b, PeerAccesses code) {
        List<Row> rows = new ArrayList<>();
        Set<String> implemented = new LinkedHashSet<>();
        Set<PeerAccesses.Item> siteItems = new LinkedHashSet<>();   // the instructions the sites name
        Set<String> entries = new LinkedHashSet<>();
        Map<String, List<PeerAccesses.Item>> resolved = new LinkedHashMap<>();
        Set<PeerAccesses.Item> unmodelled = new LinkedHashSet<>();   // accesses a site declares unmodelled
        for (Map.Entry<String, String> s : b.sites().entrySet()) {
            Matcher m = SITE.matcher(s.getKey());
            if (!m.matches()) {
                throw new IllegalStateException(s.getKey());
            }
            String cls = m.group(1);
            String method = m.group(2);
            String name = m.group(3);
            int nth = m.group(4) == null ? 0 : Integer.parseInt(m.group(4));
            String step = s.getValue();
            List<String> methods = code.methods(cls, method);
            if (methods.isEmpty()) {
                rows.add(new Row(s.getKey(), step, "-", "-", "-", "-", s.getKey() + ": no method " + cls + "." + method
                        + " in " + b.classes() + " (" + b.source() + ")"));
                continue;
            }
            if (!method.equals("*")) {
                entries.addAll(methods);   // a wildcard site ("Class.*: name") binds an access wherever it is, and adds no entry
            }
            List<PeerAccesses.Item> found = new ArrayList<>();
            Set<String> names = new LinkedHashSet<>();
            for (String k : methods) {
                for (PeerAccesses.Item i : code.body(k)) {
                    names.add(i.what());
                    if (i.what().equals(name)) {
                        found.add(i);
                    }
                }
            }
            if (nth > 0) {
                found = found.size() >= nth ? List.of(found.get(nth - 1)) : List.of();
            }
            if (found.isEmpty()) {
                rows.add(new Row(s.getKey(), step, "-", "-", "-", "-", s.getKey() + ": " + cls + "." + method + " has "
                        + (nth > 0 ? "fewer than " + nth + " of " : "no call or access named ") + name + " in " + b.source()
                        + " (it has: " + String.join(", ", names) + ")"));
                continue;
            }
            if (nth == 0 && found.size() > 1 && b.sites().keySet().stream().anyMatch(k -> k.startsWith(cls + "." + method + ": "
                    + name + "#"))) {
                rows.add(new Row(s.getKey(), step, "-", "-", "-", "-", s.getKey() + " matches " + found.size() + " places in "
                        + cls + "." + method + ", and other sites number them (" + name + "#k): write " + s.getKey() + "#1"));
                continue;
            }
            siteItems.addAll(found);
            resolved.put(s.getKey(), found);
            if (step.startsWith("unmodelled:")) {
                found.stream().filter(i -> i.type() != PeerAccesses.Type.CALL).forEach(unmodelled::add);
            }
        }
        for (Map.Entry<String, List<PeerAccesses.Item>> r : resolved.entrySet()) {
            Map.Entry<String, String> s = Map.entry(r.getKey(), b.sites().get(r.getKey()));
            String step = s.getValue();
            if (r.getKey().contains(".*: ")) {
                rows.add(new Row(s.getKey(), step, r.getValue().size() + " places", "-", r.getValue().get(0).mode(), null, null));
                continue;
            }
            for (PeerAccesses.Item i : r.getValue()) {
                List<PeerAccesses.Item> reached;
                if (i.type() == PeerAccesses.Type.CALL) {
                    if (i.target() == null && b.user().contains(step)) {
                        rows.add(new Row(s.getKey(), step, i.where(code.classes()), "the user's code", "user", null, null));
                        continue;
                    }
                    if (i.target() == null && step.startsWith("unmodelled:")) {
                        rows.add(new Row(s.getKey(), step, i.where(code.classes()), "-", "-", null, null));
                        continue;
                    }
                    if (i.target() == null) {
                        rows.add(new Row(s.getKey(), step, i.where(code.classes()), i.what(), "-", "-", s.getKey() + ": the call of "
                                + PeerAccesses.simple(i.callOwner()) + "." + i.what() + " leaves the binding's classes: list the"
                                + " class that implements it in peer.classes"));
                        continue;
                    }
                    // An accessor's own bookkeeping (a buffer's address and bounds check), bound as
                    // unmodelled where it is, does not count against the one access the call makes.
                    reached = code.reach(i.target()).stream().filter(x -> !unmodelled.contains(x)).toList();
                } else {
                    reached = List.of(i);
                }
                if (step.startsWith("unmodelled:")) {
                    rows.add(new Row(s.getKey(), step, i.where(code.classes()), "-", reached.size() == 1
                            ? reached.get(0).mode() : reached.size() + " accesses", null, null));
                    continue;
                }
                String declared = b.javaMode().get(step);
                if (declared == null) {
                    rows.add(new Row(s.getKey(), step, i.where(code.classes()), i.what(), describe(reached), "-", s.getKey()
                            + ": step " + step + " is not in " + AccessModes.names(b.specs()) + "'s JavaMode table"));
                    continue;
                }
                implemented.add(step);
                if (reached.size() != 1 || reached.get(0).type() != PeerAccesses.Type.ACCESS) {
                    rows.add(new Row(s.getKey(), step, i.where(code.classes()), i.what(), describe(reached), declared, s.getKey()
                            + " reaches " + (reached.isEmpty() ? "no memory access" : reached.size() + " accesses ("
                            + describe(reached) + ")") + ": bind the sites inside " + i.what() + " instead"));
                    continue;
                }
                PeerAccesses.Item a = reached.get(0);
                String reachedAccess = PeerAccesses.simple(a.owner()) + "." + a.method() + ": " + a.what();
                String what = i.type() == PeerAccesses.Type.CALL ? i.what() + " -> " + reachedAccess : a.what();
                String problem = a.mode().equals(declared) ? null : AccessModes.explain(b.manifest(), b.specs(), b.siblings(),
                        step, i.where(code.classes()), PeerAccesses.simple(i.owner()) + "." + i.method() + ": " + what,
                        a.kind(), a.mode(), declared);
                rows.add(new Row(s.getKey(), step, i.where(code.classes()),
                        i.type() == PeerAccesses.Type.CALL ? reachedAccess : "-", a.mode(), declared, problem));
            }
        }
        Map<PeerAccesses.Item, PeerAccesses.Uncovered> shortest = new LinkedHashMap<>();   // each access once, by its shortest path
        for (String e : entries) {
            for (PeerAccesses.Uncovered u : code.uncovered(e, siteItems)) {
                PeerAccesses.Uncovered before = shortest.get(u.access());
                if (before == null || u.via().length() < before.via().length()) {
                    shortest.put(u.access(), u);
                }
            }
        }
        {
            for (PeerAccesses.Uncovered u : shortest.values()) {
                {
                    PeerAccesses.Item r = u.access();
                    String what = PeerAccesses.simple(r.owner()) + "." + r.method() + ": " + r.what();
                    rows.add(new Row("-", "?", r.where(code.classes()), what + (u.via().isEmpty() ? "" : " via " + u.via()),
                            r.mode(), "-", r.where(code.classes()) + " " + what + " (" + r.mode() + ")"
                            + (u.via().isEmpty() ? "" : ", reached via " + u.via() + ",")
                            + " is in a modelled method but no site of " + b.manifest() + " covers it: bind "
                            + (u.via().isEmpty() ? "it" : "it, or the call that reaches it,")
                            + " to its spec step, or \"unmodelled: <why>\""));
                }
            }
        }
        for (String step : b.javaMode().keySet()) {
            if (!implemented.contains(step) && !b.user().contains(step)) {
                rows.add(new Row("-", step, "-", "-", "-", b.javaMode().get(step), AccessModes.names(b.specs())
                        + " declares step " + step + " (" + b.javaMode().get(step) + "), but no site of " + b.manifest()
                        + " implements it"));
            }
        }
        return rows;
    }

    private static String describe(List<PeerAccesses.Item> reached) {
        List<String> out = new ArrayList<>();
        for (PeerAccesses.Item r : reached) {
            out.add(PeerAccesses.simple(r.owner()) + "." + r.method() + ": " + r.what() + " " + r.mode());
        }
        return String.join("; ", out);
    }

    static void table(Binding b, List<Row> rows, PrintStream out) {
        out.println("== " + AccessModes.names(b.specs()) + " (peer " + b.source() + ", " + b.manifest().getParent() + ")");
        out.printf(Locale.ROOT, "%-18s %-10s %-10s %-30s %s%n", "step", "spec", "java", "where", "site -> access");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-18s %-10s %-10s %-30s %s%s%n", r.step().startsWith("unmodelled:") ? "(unmodelled)" : r.step(),
                    r.specMode() == null ? "-" : r.specMode(), r.javaMode() == null ? "-" : abbreviate(r.javaMode()), r.where(),
                    r.site().equals("-") ? r.what() : r.site() + (r.what().equals("-") ? "" : " -> " + r.what()),
                    r.problem() == null ? "" : "   MISMATCH");
        }
    }

    private static String abbreviate(String mode) {
        return mode.length() > 10 ? mode.substring(0, 10) : mode;
    }
}
