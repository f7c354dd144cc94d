package io.github.uncontended.tlc.docs;

import io.github.uncontended.tlc.manifest.Promises;
import io.github.uncontended.tlc.manifest.Promises.Clause;
import io.github.uncontended.tlc.manifest.Promises.ModelRef;
import io.github.uncontended.tlc.manifest.Promises.Step;
import java.io.IOException;
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
 * A design page's promises table, generated from its manifest's {@code contracts}
 * ({@link DocsCheck} keeps it in step; {@code --update} rewrites it): one row per modelled clause,
 * grouped by method, with the property, the models that show it at the weakest memory they check,
 * and the clause's Java steps with their modes; the clauses no model shows in one line.
 *
 * <p>The block sits between {@code <!-- promises: DESIGN [classes=A,B] [models=Glob*,Name] -->}
 * and {@code <!-- end promises -->}. {@code DESIGN} is the manifest's folder under the specs
 * folder. {@code classes} keeps the clauses that name a method of one of those classes (simple
 * names), and a step's sites in them or in classes that are no API class of the design (a
 * {@code Shard}, a {@code Counter}); {@code models} keeps the models whose names match (a
 * {@code *} matches any run of characters), and a modelled clause only when one of its models is
 * kept. Two designs that share a manifest (the pending list and the availability buffer) each get
 * their own table so.
 */
final class PromisesTable {

    static final Pattern BEGIN = Pattern.compile("^<!-- promises: ([A-Za-z0-9_./-]+)((?: (?:classes|models)=[^ ]+)*) -->$");
    static final String END = "<!-- end promises -->";
    private static final Pattern OPTION = Pattern.compile(" (classes|models)=([^ ]+)");
    private static final List<String> STRENGTHS = List.of("weak", "tso", "sc");
    private static final Map<String, String> LABEL = Map.of("weak", "weak", "tso", "x86-TSO", "sc", "SC", "?", "?");

    private PromisesTable() {}

    /** What a marker asks for. */
    record Request(String design, Set<String> classes, List<Pattern> models) {

        static Request of(Matcher begin) {
            Set<String> classes = new LinkedHashSet<>();
            List<Pattern> models = new ArrayList<>();
            Matcher o = OPTION.matcher(begin.group(2));
            while (o.find()) {
                for (String v : o.group(2).split(",")) {
                    if (o.group(1).equals("classes")) {
                        classes.add(v);
                    } else {
                        models.add(Pattern.compile(Pattern.quote(v).replace("*", "\\E.*\\Q")));
                    }
                }
            }
            return new Request(begin.group(1), classes, models);
        }

        boolean hasClass(String method) {
            return classes.isEmpty() || classes.contains(className(method));
        }

        boolean keeps(ModelRef m) {
            return models.isEmpty() || models.stream().anyMatch(p -> p.matcher(m.name()).matches());
        }
    }

    /**
     * The table the marker asks for, its links relative to {@code pageDir}.
     *
     * @throws IOException when the design has no manifest or no contracts (the message says which)
     */
    static String generate(Request r, Path specs, Path pageDir) throws IOException {
        Promises.Contract contract = Promises.read(specs, r.design());
        String manifest = pageDir.toAbsolutePath().normalize().relativize(contract.manifest().toAbsolutePath().normalize())
                .toString().replace('\\', '/');
        Map<String, List<String[]>> rows = new LinkedHashMap<>();   // method group -> rows
        Map<String, Integer> notModelled = new LinkedHashMap<>();
        int modelled = 0;
        for (Clause c : contract.clauses()) {
            List<String> methods = c.methods().stream().filter(r::hasClass).map(PromisesTable::methodName).distinct().toList();
            if (methods.isEmpty()) {
                continue;
            }
            String group = String.join(", ", methods.stream().map(m -> "`" + m + "`").toList());
            if (c.notModelled() != null) {
                notModelled.merge(group, 1, Integer::sum);
                continue;
            }
            List<ModelRef> models = c.models().stream().filter(r::keeps).toList();
            if (models.isEmpty()) {
                continue;
            }
            modelled++;
            rows.computeIfAbsent(group, k -> new ArrayList<>()).add(new String[] {cell(c.text()), "`" + c.property() + "`",
                    shownBy(models), steps(c.steps(), r, contract.classes())});
        }
        StringBuilder out = new StringBuilder();
        out.append("Generated from the `contracts` of [").append(manifest.replaceFirst("^(\\.\\./)+", "")).append("](")
                .append(manifest).append(") by `tlc-runner docs --update`; `make docs-check` fails when it drifts. **Shown by**:"
                        + " the models that check the property, at the weakest memory they reach (weak: the layer's weak"
                        + " hardware; x86-TSO; SC: sequential consistency only), the first of each with how many more."
                        + " **Java steps**: the spec steps whose access modes carry an ordering promise, with the mode the"
                        + " weak-memory model declares (`JavaMode`, held to the bytecode by `make modes`) and the Java"
                        + " methods that make the access.\n\n");
        out.append("| method | promise | property | shown by | Java steps |\n|---|---|---|---|---|\n");
        rows.forEach((group, list) -> {
            for (int i = 0; i < list.size(); i++) {
                String[] row = list.get(i);
                out.append("| ").append(i == 0 ? group : "").append(" | ").append(String.join(" | ", row)).append(" |\n");
            }
        });
        int total = notModelled.values().stream().mapToInt(Integer::intValue).sum();
        out.append("\n").append(modelled).append(" clauses shown by models");
        if (total > 0) {
            List<String> parts = new ArrayList<>();
            notModelled.forEach((g, n) -> parts.add(g + (n > 1 ? " (" + n + ")" : "")));
            out.append("; ").append(total).append(" not modelled, each with its reason and the test that shows it in the"
                    + " manifest: ").append(String.join("; ", parts));
        }
        out.append(".");
        return out.toString();
    }

    /** "weak `SeqMemWeak` +4 · SC `PendingList` +2": per strength, weakest first. */
    private static String shownBy(List<ModelRef> models) {
        List<String> parts = new ArrayList<>();
        for (String s : concat(STRENGTHS, List.of("?"))) {
            List<ModelRef> at = models.stream().filter(m -> m.strength().equals(s)).toList();
            if (!at.isEmpty()) {
                parts.add(LABEL.get(s) + " `" + at.get(0).name() + "`" + (at.size() > 1 ? " +" + (at.size() - 1) : ""));
            }
        }
        return String.join(" · ", parts);
    }

    /**
     * "`PublishSeq` release (`ShardedBuffer.offer`)", a step declared in two modes with the sites of
     * each; a site in an API class the page leaves out is left out, and a step with no site left.
     */
    private static String steps(List<Step> steps, Request r, Set<String> api) {
        List<String> out = new ArrayList<>();
        for (Step s : steps) {
            List<String> modes = new ArrayList<>();
            s.modes().forEach((mode, sites) -> {
                List<String> where = sites.stream().map(k -> k.contains(":") ? k.substring(0, k.indexOf(':')).strip() : k)
                        .filter(w -> r.hasClass(w) || !api.contains(className(w))).distinct().toList();
                if (!where.isEmpty() || sites.isEmpty() && s.user()) {
                    modes.add(mode + (where.isEmpty() ? " (the user's code)" : " (" + String.join(", ",
                            where.stream().map(w -> "`" + w + "`").toList()) + ")"));
                }
            });
            if (s.modes().isEmpty()) {
                modes.add("?");   // the loader reports the step
            }
            if (!modes.isEmpty()) {
                out.add("`" + s.name() + "` " + String.join(", ", modes));
            }
        }
        return String.join("; ", out);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** "Sequencer.next(int)" -> "Sequencer"; "Session.Lease.close" -> "Session.Lease". */
    static String className(String method) {
        String name = method.contains("(") ? method.substring(0, method.indexOf('(')) : method;
        return name.substring(0, name.lastIndexOf('.')).replace('$', '.');
    }

    /** "Sequencer.next(int)" -> "next"; a constructor -> "new"; a nested class's method keeps its class: "Lease.close". */
    static String methodName(String method) {
        String name = method.contains("(") ? method.substring(0, method.indexOf('(')) : method;
        String cls = className(method);
        String simple = name.substring(name.lastIndexOf('.') + 1);
        if (simple.equals("<init>")) {
            simple = "new " + cls.substring(cls.lastIndexOf('.') + 1);
        }
        return cls.contains(".") && !simple.startsWith("new ") ? cls.substring(cls.lastIndexOf('.') + 1) + "." + simple : simple;
    }

    /** A clause's text in a table cell: no pipe breaks the row. */
    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
