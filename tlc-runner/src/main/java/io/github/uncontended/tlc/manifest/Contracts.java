package io.github.uncontended.tlc.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InnerClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The contract-coverage rule (issue 45): a verdict is only as wide as the properties behind it, so
 * every clause of the public contract is mapped to a property that named models check and hold,
 * or listed as not modelled with the reason.
 *
 * <p>A design's manifest (one with {@code structuralCases}) and a peer's (one with {@code peer})
 * must have {@code contracts}. What needs a clause: in a design's, every public method and public
 * constructor that its {@code classes} declare, read from the class files in {@code classesDir}
 * (a missing folder or class file is an error, never a pass), and every other public class of
 * their packages that declares a public method must be listed there or under {@code internal};
 * in a peer's, every method its {@code sites} bind (the part of a key before ':'). Each clause's
 * models must exist, be exhaustive, expect success and weaken no access ({@code WeakStep} none),
 * and list its property as an INVARIANT or PROPERTY of their configs; its {@code scope}, when
 * given, must be the weakest memory strength ({@code Strength}: sc when unset, tso, weak) they
 * check; each of its {@code steps}, when given, a step of the {@code JavaMode} table its weak-memory
 * models are bound to. The schema has checked the shapes; each gap here is one line naming the manifest, the
 * clause and what to change.
 */
final class Contracts {

    private static final List<String> STRENGTHS = List.of("sc", "tso", "weak");

    private record Located(Path manifest, JsonNode model) {}

    /**
     * The public API of a design's classes: each method's key (Class.method, or Class.method(types)
     * when the name is overloaded in its class) to the fully qualified class, and every spelling a
     * clause may use to the key.
     */
    private record Api(Map<String, String> keys, Map<String, String> spellings, Map<String, List<String>> overloads,
            Map<String, List<String>> byClass) {}

    private final Path root;
    private final Map<Path, JsonNode> roots;
    private final List<String> errors;
    private final List<String> warnings;
    private final Function<Path, String> display;
    private final Map<String, Located> models = new HashMap<>();
    private final Map<Path, String> modules = new HashMap<>();
    private final Map<Path, List<JavaModes.Binding>> bindings = new HashMap<>();

    Contracts(Path root, Map<Path, JsonNode> roots, List<String> errors, List<String> warnings,
            Function<Path, String> display) {
        this.root = root;
        this.roots = roots;
        this.errors = errors;
        this.warnings = warnings;
        this.display = display;
        for (Map.Entry<Path, JsonNode> e : roots.entrySet()) {
            for (JsonNode m : e.getValue().path("models")) {
                if (m.path("name").isTextual()) {
                    models.putIfAbsent(m.get("name").asText(), new Located(e.getKey(), m));
                }
            }
        }
    }

    void check() {
        for (Map.Entry<Path, JsonNode> e : roots.entrySet()) {
            check(e.getKey(), e.getValue());
        }
    }

    private void check(Path manifest, JsonNode node) {
        String where = display.apply(manifest);
        JsonNode contracts = node.get("contracts");
        boolean peer = node.has("peer");
        if (contracts == null) {
            if (peer || node.has("structuralCases")) {
                errors.add(where + ": \"contracts\" is required in a " + (peer ? "peer's" : "design's") + " manifest: map each"
                        + " clause of " + (peer ? "the peer's documented interface (each method its sites bind)"
                                : "the public contract (each public method of the design's classes)")
                        + " to a property its models check, or list it as notModelled with the reason"
                        + " (docs/runner.md#contracts-every-promise-mapped-to-a-property)");
            }
            return;
        }
        if (!contracts.isObject() || !contracts.path("clauses").isArray()) {
            return; // the schema has said so
        }
        Api api = null;
        Map<String, String> required = new LinkedHashMap<>();   // method key -> where it comes from
        if (peer) {
            if (contracts.has("classes")) {
                errors.add(where + ": contracts.classes: a peer's methods are those its sites bind: drop \"classes\" and"
                        + " \"classesDir\"");
            }
            JsonNode bindings = node.get("peer");
            for (JsonNode b : bindings.isArray() ? bindings : List.of(bindings)) {
                b.path("sites").fieldNames().forEachRemaining(k -> {
                    String method = k.contains(":") ? k.substring(0, k.indexOf(':')).strip() : k.strip();
                    if (!method.endsWith(".*")) {
                        required.putIfAbsent(method, "a method the peer's sites bind");
                    }
                });
            }
        } else if (!contracts.has("classes")) {
            errors.add(where + ": contracts: a design's contracts name its API classes: add \"classes\": [\"<fully qualified"
                    + " class>\", ...] and \"classesDir\": \"<their class files, relative to this manifest>\"");
        } else if (contracts.has("classesDir")) {
            api = api(manifest, contracts, where);
            if (api != null) {
                api.keys().forEach((k, c) -> required.put(k, "a public " + (k.contains(".<init>") ? "constructor" : "method")
                        + " of " + c));
            }
        }
        Set<String> covered = new LinkedHashSet<>();
        JsonNode clauses = contracts.get("clauses");
        for (int i = 0; i < clauses.size(); i++) {
            JsonNode clause = clauses.get(i);
            JsonNode method = clause.get("method");
            List<String> named = new ArrayList<>();
            (method == null ? List.<JsonNode>of() : method.isArray() ? method : List.of(method)).forEach(m -> {
                if (m.isTextual()) {
                    named.add(m.asText().replace(" ", ""));
                }
            });
            String at = where + ": contracts.clauses[" + i + "]" + (named.isEmpty() ? "" : " (" + String.join(", ", named) + ")");
            for (String m : named) {
                if (peer) {
                    covered.add(m.contains("(") ? m.substring(0, m.indexOf('(')) : m);
                } else if (api != null) {
                    String key = resolve(api, m, at);
                    if (key != null && key.endsWith("(*)")) {
                        covered.addAll(api.overloads().get(key.substring(0, key.length() - 3)));   // said above
                    } else if (key != null) {
                        covered.add(key);
                    }
                }
            }
            property(clause, at);
            steps(clause, at);
        }
        for (Map.Entry<String, String> r : required.entrySet()) {
            if (!covered.contains(r.getKey())) {
                errors.add(where + ": contracts: " + r.getKey() + ", " + r.getValue() + ", has no clause: add {\"method\": \""
                        + r.getKey() + "\", \"clause\": \"<each @return, @throws and ordering sentence, one clause each>\","
                        + " \"property\": \"<the property>\", \"models\": [\"<models checking it>\"]}, or \"notModelled\":"
                        + " \"<why no model shows it, and the test that does>\" in place of property and models");
            }
        }
    }

    /** The method key a clause's {@code m} names, or null after an error line. */
    private String resolve(Api api, String m, String at) {
        String spelled = m.replace('$', '.');
        String key = api.spellings().get(spelled);
        if (key != null) {
            return key;
        }
        String name = spelled.contains("(") ? spelled.substring(0, spelled.indexOf('(')) : spelled;
        List<String> overloads = api.overloads().get(name);
        if (overloads != null && !spelled.contains("(")) {
            errors.add(at + ": " + name + " is overloaded: name each overload with its parameter types ("
                    + String.join(", ", overloads) + ")");
            return name + "(*)";   // the line above says what to do: not again as a missing clause per overload
        }
        String cls = name.substring(0, name.lastIndexOf('.'));
        List<String> ofClass = api.byClass().get(cls);
        if (ofClass == null) {
            errors.add(at + ": no class " + cls + " in contracts.classes (they are " + String.join(", ", api.byClass().keySet())
                    + ")");
        } else {
            errors.add(at + ": " + cls + " has no public method or constructor " + spelled + " (its public ones: "
                    + String.join(", ", ofClass) + ")");
        }
        return null;
    }

    /** The design's API from its class files, or null after an error line (no folder: nothing can be checked). */
    private Api api(Path manifest, JsonNode contracts, String where) {
        Path dir = manifest.getParent().resolve(contracts.get("classesDir").asText()).normalize();
        if (!Files.isDirectory(dir)) {
            // A spec folder copied away from its classes (docs/runner.md, "a spec folder travels") still
            // checks its models; the contract's coverage is then not checked, and the warning says so.
            warnings.add(where + ": contracts.classesDir: " + display.apply(dir) + " is not a folder: the public"
                    + " methods of the design's classes cannot be listed, so whether each has a clause is NOT checked"
                    + " (build the classes first: make runner, or mvn -pl java-impl compile)");
            return null;
        }
        Map<String, String> keys = new TreeMap<>();
        Map<String, String> spellings = new HashMap<>();
        Map<String, List<String>> overloads = new HashMap<>();
        Map<String, List<String>> byClass = new LinkedHashMap<>();
        Set<String> listed = new LinkedHashSet<>();
        Set<Path> packages = new LinkedHashSet<>();
        contracts.path("classes").forEach(c -> listed.add(c.asText()));
        Set<String> internal = new LinkedHashSet<>();
        contracts.path("internal").fieldNames().forEachRemaining(internal::add);
        for (String fq : listed) {
            Path file = dir.resolve(fq.replace('.', '/') + ".class");
            packages.add(file.getParent());
            ClassNode cn = read(file);
            if (cn == null) {
                errors.add(where + ": contracts.classes: no class file " + display.apply(file) + " for " + fq
                        + (fq.indexOf('$') < 0 && fq.matches(".*\\.[A-Z]\\w*\\.[A-Z]\\w*$")
                                ? " (a nested class goes by its binary name: Outer$Inner)" : ""));
                continue;
            }
            if (!isPublic(cn)) {
                errors.add(where + ": contracts.classes: " + fq + " is not public: list only the API's classes");
                continue;
            }
            if (internal.contains(fq)) {
                errors.add(where + ": contracts: " + fq + " is in both classes and internal: it is part of the contract or not");
            }
            String simple = fq.substring(fq.lastIndexOf('.') + 1).replace('$', '.');
            Map<String, List<String>> signatures = publicMethods(cn, simple);
            List<String> ofClass = new ArrayList<>();
            signatures.forEach((name, sigs) -> {
                if (sigs.size() > 1) {
                    overloads.put(name, sigs);
                }
                for (String sig : sigs) {
                    String key = sigs.size() > 1 ? sig : name;
                    keys.put(key, fq);
                    spellings.put(sig, key);
                    spellings.put(key, key);
                    ofClass.add(key.substring(simple.length() + 1));
                }
            });
            byClass.put(simple, ofClass);
        }
        for (String fq : internal) {
            if (!Files.isRegularFile(dir.resolve(fq.replace('.', '/') + ".class"))) {
                errors.add(where + ": contracts.internal: no class file for " + fq + " in " + display.apply(dir));
            }
        }
        for (Path pkg : packages) {
            others(pkg, dir, listed, internal, where);
        }
        return new Api(keys, spellings, overloads, byClass);
    }

    /** Every public class of {@code pkg} that declares a public method must be in classes or internal. */
    private void others(Path pkg, Path dir, Set<String> listed, Set<String> internal, String where) {
        List<Path> files;
        try (Stream<Path> list = Files.list(pkg)) {
            files = list.filter(f -> f.getFileName().toString().endsWith(".class")).sorted().toList();
        } catch (IOException e) {
            return; // no such package: the class files were reported missing
        }
        for (Path f : files) {
            String fq = dir.relativize(f).toString().replace(java.io.File.separatorChar, '.').replaceAll("\\.class$", "");
            if (listed.contains(fq) || internal.contains(fq) || fq.endsWith("package-info")) {
                continue;
            }
            ClassNode cn = read(f);
            if (cn == null || !isPublic(cn) || !outersPublic(fq, dir)) {
                continue;
            }
            Map<String, List<String>> methods = publicMethods(cn, fq.substring(fq.lastIndexOf('.') + 1).replace('$', '.'));
            if (!methods.isEmpty()) {
                errors.add(where + ": contracts.classes: public class " + fq + " declares public methods ("
                        + String.join(", ", methods.keySet()) + ") but is neither in classes nor in internal: add it to"
                        + " classes (and a clause per method), or to internal with the reason it is no part of the contract");
            }
        }
    }

    private boolean outersPublic(String fq, Path dir) {
        for (int i = fq.lastIndexOf('$'); i > 0; i = fq.lastIndexOf('$', i - 1)) {
            ClassNode outer = read(dir.resolve(fq.substring(0, i).replace('.', '/') + ".class"));
            if (outer == null || !isPublic(outer)) {
                return false;
            }
        }
        return true;
    }

    private static ClassNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(file)) {
            ClassNode cn = new ClassNode();
            new ClassReader(in).accept(cn, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return cn;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Public as declared: a nested class's own access is in its InnerClasses entry, not its class file's flags. */
    private static boolean isPublic(ClassNode cn) {
        for (InnerClassNode inner : cn.innerClasses) {
            if (inner.name.equals(cn.name)) {
                return (inner.access & Opcodes.ACC_PUBLIC) != 0;
            }
        }
        return (cn.access & Opcodes.ACC_PUBLIC) != 0 && (cn.access & Opcodes.ACC_SYNTHETIC) == 0;
    }

    /**
     * The public methods and constructors {@code cn} declares, by name ({@code Simple.method},
     * {@code Simple.<init>}) to their signatures ({@code Simple.method(int,long)}): no synthetic or
     * bridge method, no static initializer, and no enum's implicit {@code values()} and
     * {@code valueOf(String)}.
     */
    private static Map<String, List<String>> publicMethods(ClassNode cn, String simple) {
        Map<String, List<String>> out = new TreeMap<>();
        boolean isEnum = (cn.access & Opcodes.ACC_ENUM) != 0;
        for (MethodNode mn : cn.methods) {
            if ((mn.access & Opcodes.ACC_PUBLIC) == 0 || (mn.access & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) != 0
                    || mn.name.equals("<clinit>")) {
                continue;
            }
            List<String> params = new ArrayList<>();
            for (Type t : Type.getArgumentTypes(mn.desc)) {
                String n = t.getClassName();
                params.add(n.substring(n.lastIndexOf('.') + 1).replace('$', '.'));
            }
            if (isEnum && (mn.name.equals("values") && params.isEmpty()
                    || mn.name.equals("valueOf") && params.equals(List.of("String")))) {
                continue;
            }
            String name = simple + "." + mn.name;
            out.computeIfAbsent(name, k -> new ArrayList<>()).add(name + "(" + String.join(",", params) + ")");
        }
        return out;
    }

    /** A clause's property and models: they exist, each model checks the property and holds it, the scope is theirs. */
    private void property(JsonNode clause, String at) {
        String property = clause.path("property").asText(null);
        JsonNode names = clause.get("models");
        if (property == null || names == null || !names.isArray()) {
            return; // notModelled, or the schema has said what is missing
        }
        int weakest = -1;
        String weakestModel = null;
        boolean allChecked = true;
        boolean unknownSaid = false;
        for (JsonNode n : names) {
            String name = n.asText();
            Located l = models.get(name);
            if (l == null) {
                errors.add(at + ": models: no model '" + name + "' in any manifest");
                allChecked = false;
                continue;
            }
            JsonNode m = l.model();
            String model = "model '" + name + "' (" + display.apply(l.manifest()) + ")";
            String result = m.path("expect").path("result").asText();
            JsonNode constants = m.path("constants");
            String weakStep = constants.path("WeakStep").asText("none");
            Path dir = l.manifest().getParent();
            String config = m.path("config").asText();
            ConfigFile cfg = null;
            try {
                cfg = Files.isRegularFile(dir.resolve(config)) ? ConfigFile.read(dir.resolve(config)) : null;
            } catch (IOException e) {
                // reported with the model
            }
            String problem = null;
            if (!"success".equals(result)) {
                problem = model + " expects " + result + (m.path("expect").has("property")
                        ? "(" + m.path("expect").path("property").asText() + ")" : "")
                        + ", not success: name models that check the property and hold it (a witness or a broken sibling"
                        + " shows nothing about the implementation)";
            } else if ("simulate".equals(m.path("mode").asText())) {
                problem = model + " is a simulation, a sample of behaviours: name an exhaustive model";
            } else if (!"none".equals(weakStep)) {
                problem = model + " weakens " + weakStep + " to " + constants.path("WeakMode").asText("?")
                        + ": name models of the implementation as it is (WeakStep none)";
            } else if (cfg != null && !cfg.invariants().contains(property) && !cfg.properties().contains(property)) {
                List<String> checked = new ArrayList<>(cfg.invariants().stream().filter(p -> !p.startsWith("Witness")).toList());
                checked.addAll(cfg.properties());
                if (defined(property, l)) {
                    problem = model + " does not check " + property + ": " + config + " checks " + String.join(", ", checked);
                } else if (!unknownSaid) {
                    unknownSaid = true;
                    problem = "unknown property '" + property + "': no module of " + model + " defines it (its config "
                            + config + " checks " + String.join(", ", checked) + ")";
                } else {
                    allChecked = false;
                    continue;   // said once for the clause
                }
            }
            if (problem != null) {
                errors.add(at + ": " + problem);
                allChecked = false;
                continue;
            }
            int strength = STRENGTHS.indexOf(constants.path("Strength").asText("sc"));
            if (strength > weakest) {
                weakest = strength;
                weakestModel = name;
            }
        }
        String scope = clause.path("scope").asText(null);
        if (scope != null && allChecked && weakest >= 0 && !scope.equals(STRENGTHS.get(weakest))) {
            errors.add(at + ": scope '" + scope + "', but the weakest memory strength its models check is '"
                    + STRENGTHS.get(weakest) + "'" + (weakest == 0 ? " (no model sets Strength: sequential consistency)"
                            : " (model '" + weakestModel + "')"));
        }
    }

    /**
     * A clause's {@code steps}: each a step of the {@code JavaMode} table of a weak-memory module its
     * models check (one their spec reaches, named by their manifest's {@code java} or {@code peer}
     * binding), so that the promises table can give each its mode and its Java sites.
     */
    private void steps(JsonNode clause, String at) {
        JsonNode steps = clause.get("steps");
        if (steps == null || !steps.isArray() || !clause.path("models").isArray()) {
            return; // none, or the schema has said what is wrong
        }
        Set<String> known = new LinkedHashSet<>();
        for (JsonNode n : clause.get("models")) {
            Located l = models.get(n.asText());
            if (l != null) {
                Set<String> used = JavaModes.modules(l.manifest().getParent(), l.model().path("spec").asText());
                bindings.computeIfAbsent(l.manifest(), m -> JavaModes.bindings(m, roots.get(m)))
                        .forEach(b -> known.addAll(b.modes(used).keySet()));
            }
        }
        if (known.isEmpty()) {
            errors.add(at + ": steps: none of its models is bound to the Java (its spec reaches no module with a JavaMode"
                    + " table that its manifest's \"java\" or \"peer\" binding names): name the weak-memory models that check"
                    + " the property, or drop \"steps\"");
            return;
        }
        for (JsonNode s : steps) {
            if (!known.contains(s.asText())) {
                errors.add(at + ": steps: '" + s.asText() + "' is not a step of the JavaMode of its models' weak-memory modules"
                        + " (their steps: " + String.join(", ", known) + ")");
            }
        }
    }

    /** Whether a module the model can see (its manifest's folder, the folder above, its library folders) defines {@code name}. */
    private boolean defined(String name, Located l) {
        Pattern definition = Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\([^)]*\\))?\\s*==");
        Path dir = l.manifest().getParent();
        List<Path> folders = new ArrayList<>(List.of(dir));
        Path top = root.toAbsolutePath().normalize();
        if (dir.getParent() != null && dir.startsWith(top) && !dir.getParent().equals(top)) {
            folders.add(dir.getParent());
        }
        JsonNode library = roots.get(l.manifest()) == null ? null : roots.get(l.manifest()).get("library");
        if (library != null) {
            library.forEach(f -> folders.add(dir.resolve(f.asText()).normalize()));
        }
        for (Path f : folders) {
            String text = modules.computeIfAbsent(f, d -> Files.isDirectory(d) ? ManifestLoader.modulesText(d) : "");
            if (definition.matcher(text).find()) {
                return true;
            }
        }
        return false;
    }
}
