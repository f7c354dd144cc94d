package io.github.uncontended.tlc.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * java-impl keeps its accessor legend (the table in its root package-info, "Accessor names: the
 * one legend"): every shared access (a VarHandle, Atomic* or Unsafe call, a fence, a volatile
 * field) sits in an accessor, and an accessor is a method named with a prefix of the legend that
 * makes exactly one shared access, of the prefix's mode (a public method is API, never an accessor,
 * and makes no shared access of its own). Read from the bytecode with the
 * access-mode check's reader ({@link ClassAccesses}), so a call inlined into a step, a second
 * access under a prefix, or a prefix that names another mode than the call's fails, naming the
 * method and its line. Constructors and static initialisers are left out: what they store precedes
 * the object's (or class's) publication. The prefixes' meanings come from the legend's own call
 * column ({@code getVolatile}, {@code setRelease}, ...), so the table and the check cannot drift.
 */
class AccessorLegendTest {

    static final Path LEGEND = Paths.get("../java-impl/src/main/java/io/github/uncontended/package-info.java");

    private static final String VH = "java/lang/invoke/VarHandle";
    private static final String ATOMIC = "java/util/concurrent/atomic/AtomicLong";
    private static final Pattern ROW = Pattern.compile("<tr><td>\\{@code (\\w+)\\}</td><td>(.*?)</td>\\s*<td>(.*?)</td></tr>",
            Pattern.DOTALL);
    private static final Pattern CODE = Pattern.compile("\\{@code (\\w+)\\}");

    /** What an access does, as a prefix of the legend names it: {@code load acquire}, {@code compareAndSet volatile}. */
    record Meaning(String op, String mode) {
        @Override
        public String toString() {
            return op + " " + mode;
        }
    }

    /** Prefix to meaning, read from the legend's table: each call of a row's last column must mean the same. */
    static Map<String, Meaning> legend(String packageInfo) {
        String text = packageInfo.replaceAll("(?m)^\\s*\\*\\s?", " ");
        Map<String, Meaning> out = new LinkedHashMap<>();
        Matcher row = ROW.matcher(text);
        while (row.find()) {
            Meaning meaning = null;
            Matcher call = CODE.matcher(row.group(3));
            while (call.find()) {
                String name = call.group(1);
                Modes.Call c = Modes.ofCall(VH, name).or(() -> Modes.ofCall(ATOMIC, name)).orElseThrow(
                        () -> new AssertionError("legend row " + row.group(1) + ": " + name + " is no VarHandle or Atomic* access"));
                Meaning m = meaning(c);
                if (meaning != null && !meaning.equals(m)) {
                    throw new AssertionError("legend row " + row.group(1) + " lists calls of two meanings: " + meaning + ", " + m);
                }
                meaning = m;
            }
            if (meaning == null || out.put(row.group(1), meaning) != null) {
                throw new AssertionError("legend row " + row.group(1) + " names no call, or the prefix has two rows");
            }
        }
        return out;
    }

    /** The meaning of a call: its operation (load, store, or the read-modify-write's own name) and its mode. */
    static Meaning meaning(Modes.Call c) {
        return switch (c.kind()) {
            case LOAD -> new Meaning("load", c.mode());
            case STORE -> new Meaning("store", c.mode());
            case RMW -> new Meaning(c.family().endsWith("-cas") ? "compareAndSet" : c.family().endsWith("-cax")
                    ? "compareAndExchange" : c.name().replaceFirst("(Acquire|Release|Plain)$", ""), c.mode());
        };
    }

    /** The meaning of an access item: a call's, or a field's or array element's load or store. */
    static Meaning meaning(ClassAccesses.Item a) {
        return a.call() != null ? meaning(a.call()) : new Meaning(a.kind() == Modes.Kind.LOAD ? "load" : "store", a.mode());
    }

    /** The legend prefix a method's name starts with (the longest: {@code sop} before {@code so}), followed by a capital; or null. */
    static String prefix(String method, Set<String> prefixes) {
        String best = null;
        for (String p : prefixes) {
            if (method.length() > p.length() && method.startsWith(p) && Character.isUpperCase(method.charAt(p.length()))
                    && (best == null || p.length() > best.length())) {
                best = p;
            }
        }
        return best;
    }

    /** Whether an item is a shared access the legend governs: a call of memory semantics, a fence, a volatile field. */
    static boolean governed(ClassAccesses.Item i) {
        return i.type() == ClassAccesses.Type.FENCE
                || i.type() == ClassAccesses.Type.ACCESS && (i.call() != null || i.mode().equals("volatile"));
    }

    /** Everything the classes do against the legend, one line each; {@code accessors} gets each accessor checked. */
    static List<String> problems(ClassAccesses code, Map<String, Meaning> legend, List<String> accessors) {
        List<String> out = new ArrayList<>();
        for (ClassNode c : code.classes().values()) {
            for (MethodNode m : c.methods) {
                check(code, legend, c, m, out, accessors);
            }
        }
        return out;
    }

    /** The legend's verdict on one method: its own shared accesses, or, an accessor, the one it makes. */
    private static void check(ClassAccesses code, Map<String, Meaning> legend, ClassNode c, MethodNode m, List<String> out,
            List<String> accessors) {
        if (m.name.equals("<init>") || m.name.equals("<clinit>")) {
            return;
        }
        String key = ClassAccesses.key(c.name, m.name, m.desc);
        String where = ClassAccesses.simple(c.name) + "." + m.name;
        // A public method is API, never an accessor, whatever its name (ShardedBuffer.casRetries()).
        String prefix = (m.access & Opcodes.ACC_PUBLIC) != 0 ? null : prefix(m.name, legend.keySet());
        if (prefix == null) {
            for (ClassAccesses.Item i : code.body(key)) {
                if (governed(i)) {
                    out.add(i.where(code.classes()) + " " + where + ": " + i.what() + " (" + i.mode() + ") outside an accessor:"
                            + " move it into a method named with the legend's prefix for its mode, which makes that one access");
                }
            }
            return;
        }
        List<ClassAccesses.Item> reached = code.reach(key).stream().filter(i -> i.type() != ClassAccesses.Type.CALL).toList();
        if (reached.size() != 1 || reached.get(0).type() != ClassAccesses.Type.ACCESS) {
            out.add(where + " is named as an accessor (" + prefix + ": " + legend.get(prefix) + ") but makes " + reached.size()
                    + " shared accesses" + (reached.isEmpty() ? "" : " (" + String.join(", ", reached.stream()
                    .map(i -> i.what() + " at " + i.where(code.classes())).toList()) + ")") + ": an accessor makes exactly one");
            return;
        }
        ClassAccesses.Item a = reached.get(0);
        Meaning actual = meaning(a);
        if (!actual.equals(legend.get(prefix))) {
            out.add(a.where(code.classes()) + " " + where + ": the prefix " + prefix + " means " + legend.get(prefix)
                    + ", but its access " + a.what() + " is " + actual + ": rename the accessor for its mode, or change the call");
            return;
        }
        accessors.add(where);
    }

    static Map<String, Meaning> legend() throws IOException {
        return legend(Files.readString(LEGEND));
    }

    /** Every class file under {@code dir}, as binary names. */
    static List<String> classNames(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().equals("package-info.class")
                            && !f.getFileName().toString().equals("module-info.class"))
                    .map(f -> dir.relativize(f).toString().replace(File.separatorChar, '.').replaceFirst("\\.class$", ""))
                    .sorted().toList();
        }
    }

    @Test
    void theLegendGivesEachPrefixOneMeaning() throws IOException {
        Map<String, Meaning> legend = legend();
        assertEquals(Map.ofEntries(Map.entry("lp", new Meaning("load", "plain")), Map.entry("lo", new Meaning("load", "opaque")),
                Map.entry("la", new Meaning("load", "acquire")), Map.entry("lv", new Meaning("load", "volatile")),
                Map.entry("sp", new Meaning("store", "plain")), Map.entry("sop", new Meaning("store", "opaque")),
                Map.entry("so", new Meaning("store", "release")), Map.entry("sv", new Meaning("store", "volatile")),
                Map.entry("cas", new Meaning("compareAndSet", "volatile")),
                Map.entry("cae", new Meaning("compareAndExchange", "volatile")),
                Map.entry("getAndAdd", new Meaning("getAndAdd", "volatile"))), legend);
    }

    /**
     * java-impl's main classes keep the legend: no shared access outside an accessor, no accessor
     * that makes more than one or names another mode. Not vacuous: the accessors it checked
     * include one of each prefix.
     */
    @Test
    void javaImplKeepsTheLegend(@TempDir Path tmp) throws IOException {
        Path dir = AccessModesTest.implClassFolder(tmp);
        List<String> names = classNames(dir);
        ClassAccesses code = ClassAccesses.load(List.of(dir), names);
        Map<String, Meaning> legend = legend();
        List<String> accessors = new ArrayList<>();
        List<String> problems = problems(code, legend, accessors);
        assertEquals(List.of(), problems, String.join("\n", problems));
        Set<String> used = new TreeSet<>();
        accessors.forEach(a -> used.add(prefix(a.substring(a.indexOf('.') + 1), legend.keySet())));
        assertEquals(legend.keySet(), used, "every prefix of the legend is used, and only those: " + accessors);
        assertTrue(accessors.containsAll(List.of("Shard.laSeq", "AbstractSequencer.casCursor", "AbstractSequencer.getAndAddNext",
                "Counter.caeHolders", "ElementFlagShard.spElement", "Shard.sopHead")), accessors.toString());
    }

    /** Each way to break the legend is named: an inline VarHandle call, a lying prefix, two accesses, a volatile field, an Atomic* call. */
    @Test
    void eachBreakOfTheLegendIsNamed(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("classes");
        Path pkg = Files.createDirectories(dir.resolve(AccessModesRunTest.FIXTURE.replace('.', '/')));
        Files.write(pkg.resolve("Legend.class"), AccessModesRunTest.fixture("Legend"));
        ClassAccesses code = ClassAccesses.load(List.of(dir), List.of(AccessModesRunTest.FIXTURE + "Legend"));
        List<String> accessors = new ArrayList<>();
        List<String> problems = problems(code, legend(), accessors);
        assertEquals(List.of("Legend.lvState", "Legend.getAndAddCount"), accessors);
        assertEquals(5, problems.size(), String.join("\n", problems));
        assertTrue(problems.get(0).matches("Legend\\.java:\\d+ Legend\\.loadState: STATE\\.getAcquire \\(acquire\\) outside an accessor.*"),
                problems.get(0));
        assertTrue(problems.get(1).matches("Legend\\.java:\\d+ Legend\\.laState: the prefix la means load acquire, but its access"
                + " STATE\\.getOpaque is load opaque.*"), problems.get(1));
        assertTrue(problems.get(2).startsWith("Legend.soTwice is named as an accessor (so: store release) but makes 2 shared accesses"),
                problems.get(2));
        assertTrue(problems.get(3).matches("Legend\\.java:\\d+ Legend\\.peek: state load \\(volatile\\) outside an accessor.*"),
                problems.get(3));
        assertTrue(problems.get(4).matches("Legend\\.java:\\d+ Legend\\.bump: count\\.getAndAdd \\(volatile\\) outside an accessor.*"),
                problems.get(4));
    }
}
