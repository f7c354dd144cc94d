package io.github.uncontended.tlc.modes;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The check of one binding's sites against the class files ({@link AccessModes}): each site has
 * the mode its model's {@code JavaMode} table declares for its step, every step of the table is
 * implemented by a site (or is user code), and every memory access is covered by a site.
 *
 * <p>What "every access" means depends on the binding. A {@code "java"} binding (the code under
 * review) answers for all of its classes: every access that a public or protected method of them
 * reaches must be covered by a site, a site in a method that no such method reaches is an error
 * (it would bind code that never runs), and a plain load that a wait loop re-reads fails for
 * progress ({@link WaitLoops}), as does a table that declares plain for such a load. A
 * {@code "peer"} binding answers for the methods its sites name: every access they reach must be
 * covered (another project's other methods are not modelled).
 */
final class SiteCheck {

    static final Pattern SITE = Pattern.compile("([\\w$]+)\\.([\\w$<>]+|\\*): (.+?)(?:#(\\d+))?");

    /** An access as the check prints it: the field, VarHandle, atomic or array it goes through, then what it does. */
    private static final Pattern THROUGH = Pattern.compile("([\\w$]+)(?:\\[\\] (?:load|store)| (?:load|store)|\\.[\\w$]+)(?: \\+ .*)?");

    /**
     * One line of the result.
     *
     * @param site the site, or "-" for an access no site covers and a step no site implements
     * @param step the spec step, "unmodelled: ...", or "?"
     * @param where {@code File.java:line} of the access (for a call site, of the access the call reaches)
     * @param what the access the site reaches through a call, or "-"
     * @param access the access the row is about, or null
     * @param waitLoop the wait loop that re-reads the access (a load), or null
     */
    record Row(String site, String step, String where, String what, String javaMode, String specMode, String problem,
            ClassAccesses.Item access, String waitLoop) {
        Row(String site, String step, String where, String what, String javaMode, String specMode, String problem,
                ClassAccesses.Item access) {
            this(site, step, where, what, javaMode, specMode, problem, access, null);
        }
    }

    private SiteCheck() {}

    /** The field, VarHandle, atomic or array an access goes through ({@code NEXT} of {@code NEXT.getOpaque}), or null. */
    static String through(ClassAccesses.Item i) {
        if (i.type() != ClassAccesses.Type.ACCESS) {
            return null;
        }
        Matcher m = THROUGH.matcher(i.what());
        return m.matches() ? m.group(1) : null;
    }

    /**
     * The items of {@code methods} a site's name picks: those printed as the name (a call, or an
     * access as the check prints it); when none is, the accesses through the field, VarHandle or
     * array of that name, whatever their mode ({@code "loNext: NEXT"}: a weakened mode is then a
     * mode mismatch, not a site that names nothing).
     */
    static List<ClassAccesses.Item> pick(ClassAccesses code, List<String> methods, String name) {
        List<ClassAccesses.Item> exact = new ArrayList<>();
        List<ClassAccesses.Item> through = new ArrayList<>();
        for (String k : methods) {
            for (ClassAccesses.Item i : code.body(k)) {
                if (i.what().equals(name)) {
                    exact.add(i);
                } else if (name.equals(through(i))) {
                    through.add(i);
                }
            }
        }
        return exact.isEmpty() ? through : exact;
    }

    /** Checks one binding against its classes; {@code hints} words the advice. */
    static List<Row> check(AccessModes.Binding b, ClassAccesses code, AccessModes.Hints hints) {
        boolean ours = b.kind() == AccessModes.Kind.JAVA;
        List<Row> rows = new ArrayList<>();
        Set<String> implemented = new LinkedHashSet<>();
        Set<ClassAccesses.Item> siteItems = new LinkedHashSet<>();   // the instructions the sites name
        Set<String> entries = new LinkedHashSet<>();
        Map<String, List<ClassAccesses.Item>> resolved = new LinkedHashMap<>();
        Map<String, List<String>> siteMethods = new LinkedHashMap<>();
        Set<ClassAccesses.Item> unmodelled = new LinkedHashSet<>();   // accesses a site declares unmodelled
        for (Map.Entry<String, List<String>> s : b.sites().entrySet()) {
            Matcher m = SITE.matcher(s.getKey());
            if (!m.matches()) {
                throw new IllegalStateException(s.getKey());
            }
            String cls = m.group(1);
            String method = m.group(2);
            String name = m.group(3);
            int nth = m.group(4) == null ? 0 : Integer.parseInt(m.group(4));
            String steps = String.join(", ", s.getValue());
            List<String> methods = code.methods(cls, method);
            if (methods.isEmpty()) {
                rows.add(new Row(s.getKey(), steps, "-", "-", "-", "-", s.getKey() + ": no method " + cls + "." + method
                        + " in " + b.classes() + " (" + b.origin() + ")", null));
                continue;
            }
            if (!method.equals("*")) {
                entries.addAll(methods);   // a wildcard site ("Class.*: name") binds an access wherever it is, and adds no entry
                siteMethods.put(s.getKey(), methods);
            }
            List<ClassAccesses.Item> found = pick(code, methods, name);
            if (nth > 0) {
                found = found.size() >= nth ? List.of(found.get(nth - 1)) : List.of();
            }
            if (found.isEmpty()) {
                Set<String> names = new LinkedHashSet<>();
                methods.forEach(k -> code.body(k).forEach(i -> names.add(i.what())));
                rows.add(new Row(s.getKey(), steps, "-", "-", "-", "-", s.getKey() + ": " + cls + "." + method + " has "
                        + (nth > 0 ? "fewer than " + nth + " of " : "no call or access named ") + name + " in " + b.origin()
                        + " (it has: " + String.join(", ", names) + ")", null));
                continue;
            }
            if (nth == 0 && found.size() > 1 && b.sites().keySet().stream().anyMatch(k -> k.startsWith(cls + "." + method + ": "
                    + name + "#"))) {
                rows.add(new Row(s.getKey(), steps, "-", "-", "-", "-", s.getKey() + " matches " + found.size() + " places in "
                        + cls + "." + method + ", and other sites number them (" + name + "#k): write " + s.getKey() + "#1", null));
                continue;
            }
            siteItems.addAll(found);
            resolved.put(s.getKey(), found);
            if (s.getValue().get(0).startsWith("unmodelled:")) {
                found.stream().filter(i -> i.type() != ClassAccesses.Type.CALL).forEach(unmodelled::add);
            }
        }
        Set<String> reachable = Set.of();
        List<WaitLoops.Finding> waits = List.of();
        if (ours) {
            entries.clear();
            entries.addAll(code.roots());
            reachable = code.reachable(new ArrayList<>(entries));
            for (Map.Entry<String, List<String>> s : siteMethods.entrySet()) {
                if (resolved.containsKey(s.getKey()) && s.getValue().stream().noneMatch(reachable::contains)) {
                    Matcher m = SITE.matcher(s.getKey());
                    m.matches();
                    rows.add(new Row(s.getKey(), String.join(", ", b.sites().get(s.getKey())), "-", "-", "-", "-", s.getKey()
                            + ": no code path reaches " + m.group(1) + "." + m.group(2) + " from a public or protected method of "
                            + b.classes() + ": the site binds code that never runs (remove it, or bind the method that runs)",
                            null));
                }
            }
            waits = WaitLoops.find(code, reachable);
        }
        Map<ClassAccesses.Item, List<WaitLoops.Finding>> waited = new LinkedHashMap<>();   // per load instruction
        waits.forEach(w -> waited.computeIfAbsent(w.load(), k -> new ArrayList<>()).add(w));
        for (Map.Entry<String, List<ClassAccesses.Item>> r : resolved.entrySet()) {
            String site = r.getKey();
            List<String> steps = b.sites().get(site);
            if (site.contains(".*: ")) {
                rows.add(new Row(site, steps.get(0), r.getValue().size() + " places", "-", r.getValue().get(0).mode(), null, null,
                        null));
                continue;
            }
            for (ClassAccesses.Item i : r.getValue()) {
                for (String step : steps) {
                    row(b, code, hints, site, step, i, unmodelled, waited, implemented, rows);
                }
            }
        }
        Map<ClassAccesses.Item, ClassAccesses.Uncovered> shortest = new LinkedHashMap<>();   // each access once, by its shortest path
        for (String e : entries) {
            for (ClassAccesses.Uncovered u : code.uncovered(e, siteItems)) {
                ClassAccesses.Uncovered before = shortest.get(u.access());
                if (before == null || u.via().length() < before.via().length()) {
                    shortest.put(u.access(), u);
                }
            }
        }
        for (ClassAccesses.Uncovered u : shortest.values()) {
            ClassAccesses.Item a = u.access();
            String what = ClassAccesses.simple(a.owner()) + "." + a.method() + ": " + a.what();
            String where = a.where(code.classes());
            String path = u.via().isEmpty() ? "" : ", reached via " + u.via() + ",";
            String problem = ours
                    ? where + " " + what + " (" + a.mode() + ")" + path + " is in no bound step: bind "
                            + (u.via().isEmpty() ? "it" : "it, or the call that reaches it,") + " in java.sites of "
                            + b.manifest() + " (\"" + ClassAccesses.simple(a.owner()) + "." + a.method() + ": "
                            + siteName(a) + "\") to its spec step, or to \"unmodelled: <why it needs no order>\""
                    : where + " " + what + " (" + a.mode() + ")" + path + " is in a modelled method but no site of "
                            + b.manifest() + " covers it: bind " + (u.via().isEmpty() ? "it" : "it, or the call that reaches it,")
                            + " to its spec step, or \"unmodelled: <why>\"";
            rows.add(new Row("-", "?", where, what + (u.via().isEmpty() ? "" : " via " + u.via()), a.mode(), "-", problem, a));
        }
        for (WaitLoops.Finding w : waits) {
            ClassAccesses.Item a = w.load();
            if (!a.mode().equals("plain")) {
                continue;
            }
            String what = ClassAccesses.simple(a.owner()) + "." + a.method() + ": " + a.what();
            rows.add(new Row("-", "(progress)", a.where(code.classes()), what, a.mode(), "-", a.where(code.classes()) + " " + what
                    + " (plain load) is re-read by the wait loop of " + w.describe()
                    + (w.via() == null ? "" : ", through the call of " + w.via().what() + " at " + w.via().where(code.classes()))
                    + ", whose exits all depend on shared memory, and decides its control flow: a plain read may be hoisted"
                    + " out of the loop (JLS 17.4), so the wait may never see another thread's store. Make it at least opaque"
                    + " (progress; the memory models check safety only)", a));
        }
        for (String step : b.javaMode().keySet()) {
            if (!implemented.contains(step) && !b.user().contains(step)) {
                rows.add(new Row("-", step, "-", "-", "-", b.javaMode().get(step), AccessModes.names(b.specs())
                        + " declares step " + step + " (" + b.javaMode().get(step) + "), but no site of " + b.manifest()
                        + " implements it", null));
            }
        }
        return rows;
    }

    /** The name a site would give an access: what it goes through, else the access as printed. */
    private static String siteName(ClassAccesses.Item a) {
        String t = through(a);
        return t != null ? t : a.what();
    }

    /** The row of one site's item for one of its steps. */
    private static void row(AccessModes.Binding b, ClassAccesses code, AccessModes.Hints hints, String site, String step,
            ClassAccesses.Item i, Set<ClassAccesses.Item> unmodelled, Map<ClassAccesses.Item, List<WaitLoops.Finding>> waited,
            Set<String> implemented, List<Row> rows) {
        String where = i.where(code.classes());
        List<ClassAccesses.Item> reached;
        if (i.type() == ClassAccesses.Type.CALL) {
            if (i.target() == null && b.user().contains(step)) {
                rows.add(new Row(site, step, where, "the user's code", "user", null, null, null));
                return;
            }
            if (i.target() == null && step.startsWith("unmodelled:")) {
                rows.add(new Row(site, step, where, "-", "-", null, null, null));
                return;
            }
            if (i.target() == null) {
                rows.add(new Row(site, step, where, i.what(), "-", "-", site + ": the call of "
                        + ClassAccesses.simple(i.callOwner()) + "." + i.what() + " leaves the binding's classes: list the"
                        + " class that implements it in " + (b.kind() == AccessModes.Kind.JAVA ? "java" : "peer") + ".classes",
                        null));
                return;
            }
            // An accessor's own bookkeeping (a buffer's address and bounds check), bound as
            // unmodelled where it is, does not count against the one access the call makes.
            reached = code.reach(i.target()).stream().filter(x -> !unmodelled.contains(x)).toList();
        } else {
            reached = List.of(i);
        }
        if (step.startsWith("unmodelled:")) {
            WaitLoops.Finding wait = reached.size() == 1 ? here(code, waited, reached.get(0), i) : null;
            rows.add(new Row(site, step, reached.size() == 1 ? reached.get(0).where(code.classes()) : where,
                    i.type() == ClassAccesses.Type.CALL && reached.size() == 1 ? ClassAccesses.simple(reached.get(0).owner()) + "."
                    + reached.get(0).method() + ": " + reached.get(0).what() : "-", reached.size() == 1 ? reached.get(0).mode()
                    : reached.size() + " accesses", null, null, reached.size() == 1 ? reached.get(0) : null,
                    wait == null ? null : wait.loop()));
            return;
        }
        String declared = b.javaMode().get(step);
        if (declared == null) {
            rows.add(new Row(site, step, where, i.what(), describe(reached), "-", site + ": step " + step + " is not in "
                    + AccessModes.names(b.specs()) + "'s JavaMode table", null));
            return;
        }
        implemented.add(step);
        if (reached.size() != 1 || reached.get(0).type() != ClassAccesses.Type.ACCESS) {
            rows.add(new Row(site, step, where, i.what(), describe(reached), declared, site + " reaches "
                    + (reached.isEmpty() ? "no memory access" : reached.size() + " accesses (" + describe(reached) + ")")
                    + ": bind the sites inside " + i.what() + " instead", null));
            return;
        }
        ClassAccesses.Item a = reached.get(0);
        String reachedAccess = ClassAccesses.simple(a.owner()) + "." + a.method() + ": " + a.what();
        String what = ClassAccesses.simple(i.owner()) + "." + i.method() + ": "
                + (i.type() == ClassAccesses.Type.CALL ? i.what() + " -> " + reachedAccess : a.what());
        String at = a.where(code.classes());
        // The instruction has one mode whatever the path: any wait loop that re-reads it decides; the row names its own.
        WaitLoops.Finding wait = waited.getOrDefault(a, List.of()).stream().findFirst().orElse(null);
        String problem = a.mode().equals(declared) ? null : AccessModes.explain(b.manifest(), b.specs(), b.siblings(), step, at, what,
                a.kind(), a.mode(), declared, new AccessModes.Context(a.call(), wait == null ? null : wait.describe(), hints));
        if (problem == null && wait != null && declared.equals("plain") && a.kind() == Modes.Kind.LOAD) {
            problem = at + " " + step + ": " + AccessModes.names(b.specs()) + " declares " + step + " plain, but its load " + what
                    + " is re-read by the wait loop of " + wait.describe() + ": a plain read may be hoisted out of the loop"
                    + " (JLS 17.4), so a wait on it may never end. Declare at least opaque in JavaMode." + step
                    + " (a model's acceptance of plain is about safety only)";
        }
        rows.add(new Row(site, step, at, i.type() == ClassAccesses.Type.CALL ? reachedAccess : site.endsWith(": " + a.what()) ? "-"
                : a.what(), a.mode(), declared, problem, a, here(code, waited, a, i) == null ? null : here(code, waited, a, i).loop()));
    }

    /**
     * The wait loop that re-reads {@code load} where the site {@code i} is: through that call, or
     * through a call of the loop that reaches the site's method (a step method that calls the
     * accessor: the loop calls the step), or any (a site at the load itself).
     */
    private static WaitLoops.Finding here(ClassAccesses code, Map<ClassAccesses.Item, List<WaitLoops.Finding>> waited,
            ClassAccesses.Item load, ClassAccesses.Item i) {
        String site = ClassAccesses.key(i.owner(), i.method(), i.desc());
        return waited.getOrDefault(load, List.of()).stream().filter(w -> i.type() != ClassAccesses.Type.CALL || i.equals(w.via())
                || (w.via() != null && w.via().target() != null && code.reachable(List.of(w.via().target())).contains(site)))
                .findFirst().orElse(null);
    }

    private static String describe(List<ClassAccesses.Item> reached) {
        List<String> out = new ArrayList<>();
        for (ClassAccesses.Item r : reached) {
            out.add(ClassAccesses.simple(r.owner()) + "." + r.method() + ": " + r.what() + " " + r.mode());
        }
        return String.join("; ", out);
    }

    static void table(AccessModes.Binding b, List<Row> rows, PrintStream out) {
        out.println("== " + AccessModes.names(b.specs()) + " (" + (b.kind() == AccessModes.Kind.PEER ? "peer " + b.source() : String.join(
                ", ", b.classes().stream().map(c -> c.substring(c.lastIndexOf('.') + 1)).toList())) + ", " + b.manifest().getParent() + ")");
        out.printf(Locale.ROOT, "%-18s %-10s %-10s %-30s %s%n", "step", "spec", "java", "where", "site -> access");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-18s %-10s %-10s %-30s %s%s%s%n", r.step().startsWith("unmodelled:") ? "(unmodelled)" : r.step(),
                    r.specMode() == null ? "-" : r.specMode(), r.javaMode() == null ? "-" : abbreviate(r.javaMode()), r.where(),
                    r.site().equals("-") ? r.what() : r.site() + (r.what().equals("-") ? "" : " -> " + r.what()),
                    r.waitLoop() == null ? "" : "   (re-read by the wait loop of " + r.waitLoop() + ")",
                    r.problem() == null ? "" : "   MISMATCH");
        }
    }

    private static String abbreviate(String mode) {
        return mode.length() > 10 ? mode.substring(0, 10) : mode;
    }
}
