package io.github.uncontended.tlc.modes;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Reads the shared-memory accesses of another project's classes (a peer: the Disruptor, JCTools,
 * Agrona, the JDK) from their class files, for the access-mode check over peers
 * ({@link AccessModes}, the {@code "peer"} binding of a manifest).
 *
 * <p>Unlike our own code, a peer has no trace calls marking its spec steps: the binding names
 * <em>sites</em> instead, {@code "Class.method: name"}, a call (by the called method's name) or a
 * direct access (as {@link Item#what} prints it) in a peer method. A call's mode is that of the one
 * access its callee reaches (an accessor such as JCTools' {@code lvProducerIndex} or the
 * Disruptor's {@code Sequence.get}); a callee that reaches several accesses must be bound by
 * sites inside it.
 *
 * <p>An access is a VarHandle, Atomic*, {@code sun.misc.Unsafe}, {@code jdk.internal.misc.Unsafe}
 * or {@code org.agrona.UnsafeApi} call (its mode from the method's name), a field access (volatile
 * or plain; final fields are written once, before publication, and are not accesses), or an array
 * element access (plain). A plain load followed, with no access between, by an acquire (or full)
 * fence is one acquire load, and a release (or full) fence followed by a plain store one release
 * store: the Disruptor's {@code Sequence.get} and {@code Sequence.set}. Any other fence is an
 * access of its own, which a site must cover.
 */
public final class PeerAccesses {

    /** What an item of a method body is. */
    enum Type { ACCESS, CALL, FENCE }

    /**
     * One access, call or fence of a method, in bytecode order.
     *
     * @param what an access as the check prints it ({@code AVAILABLE_ARRAY.setRelease},
     *     {@code value load + acquireFence}, {@code buffer[] load}); for a call, the called method's name
     * @param target for a call into the loaded classes, the method it reaches (a key), else null
     */
    record Item(Type type, String owner, String method, int index, int line, String what, Modes.Kind kind, String mode,
            String target, String callOwner) {
        String where(Map<String, ClassNode> classes) {
            ClassNode c = classes.get(owner);
            return (c.sourceFile == null ? simple(owner) + ".java" : c.sourceFile) + ":" + line;
        }
    }

    private static final String VH = "java/lang/invoke/VarHandle";
    private static final Set<String> UNSAFE = Set.of("sun/misc/Unsafe", "jdk/internal/misc/Unsafe", "org/agrona/UnsafeApi");
    private static final Set<String> ACQUIRE_FENCES = Set.of(VH + ".acquireFence", VH + ".fullFence", VH + ".loadLoadFence",
            "sun/misc/Unsafe.loadFence", "sun/misc/Unsafe.fullFence", "jdk/internal/misc/Unsafe.loadFence",
            "jdk/internal/misc/Unsafe.fullFence", "jdk/internal/misc/Unsafe.loadLoadFence", "org/agrona/UnsafeApi.loadFence",
            "org/agrona/UnsafeApi.fullFence");
    private static final Set<String> RELEASE_FENCES = Set.of(VH + ".releaseFence", VH + ".fullFence", VH + ".storeStoreFence",
            "sun/misc/Unsafe.storeFence", "sun/misc/Unsafe.fullFence", "jdk/internal/misc/Unsafe.storeFence",
            "jdk/internal/misc/Unsafe.fullFence", "jdk/internal/misc/Unsafe.storeStoreFence", "org/agrona/UnsafeApi.storeFence",
            "org/agrona/UnsafeApi.fullFence");
    private static final String TYPES = "(Int|Long|Object|Reference|Short|Byte|Char|Boolean|Float|Double)";
    private static final Pattern UNSAFE_LOAD = Pattern.compile("get" + TYPES + "(Volatile|Acquire|Opaque)?");
    private static final Pattern UNSAFE_STORE = Pattern.compile("put(Ordered)?" + TYPES + "(Volatile|Release|Opaque)?");
    private static final Pattern UNSAFE_RMW = Pattern.compile("(compareAndSwap|compareAndSet|weakCompareAndSet|compareAndExchange"
            + "|getAndAdd|getAndSet|getAndBitwiseOr|getAndBitwiseAnd|getAndBitwiseXor)" + TYPES + "(Volatile|Plain|Acquire|Release)?");

    private final Map<String, ClassNode> classes;
    private final Map<String, List<Item>> bodies = new LinkedHashMap<>();

    private PeerAccesses(Map<String, ClassNode> classes) {
        this.classes = classes;
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                bodies.put(key(c.name, m.name, m.desc), fuse(items(c, m)));
            }
        }
    }

    static PeerAccesses of(Map<String, ClassNode> classes) {
        return new PeerAccesses(classes);
    }

    Map<String, ClassNode> classes() {
        return classes;
    }

    static String key(String owner, String name, String desc) {
        return owner + "." + name + desc;
    }

    static String simple(String internal) {
        return internal.substring(internal.lastIndexOf('/') + 1);
    }

    /** The mode of an Unsafe-like call by its name, if it is a memory access. */
    static Optional<Modes.Call> unsafeCall(String owner, String name) {
        Matcher m;
        if ((m = UNSAFE_LOAD.matcher(name)).matches()) {
            String s = m.group(2);
            return Optional.of(new Modes.Call(owner, name, Modes.Kind.LOAD, s == null ? "plain" : s.toLowerCase(Locale.ROOT),
                    "unsafe-load"));
        }
        if ((m = UNSAFE_STORE.matcher(name)).matches()) {
            String s = m.group(3);
            String mode = m.group(1) != null ? "release" : s == null ? "plain" : s.toLowerCase(Locale.ROOT);
            return Optional.of(new Modes.Call(owner, name, Modes.Kind.STORE, mode, "unsafe-store"));
        }
        if (name.equals("copyMemory") || name.equals("setMemory")) {
            // A bulk copy or fill: plain stores (and, for a copy, plain loads of the source).
            return Optional.of(new Modes.Call(owner, name, Modes.Kind.STORE, "plain", "unsafe-bulk"));
        }
                if ((m = UNSAFE_RMW.matcher(name)).matches()) {
            String op = m.group(1);
            String s = m.group(3);
            String mode;
            if (op.equals("weakCompareAndSet")) {
                mode = s == null || s.equals("Volatile") ? "weakVolatile" : "weak" + s;
            } else {
                mode = s == null || s.equals("Volatile") ? "volatile" : s.toLowerCase(Locale.ROOT);
            }
            return Optional.of(new Modes.Call(owner, name, Modes.Kind.RMW, mode, "unsafe-" + op));
        }
        return Optional.empty();
    }

    private List<Item> items(ClassNode c, MethodNode m) {
        List<Item> out = new ArrayList<>();
        int line = -1;
        AbstractInsnNode[] insns = m.instructions.toArray();
        for (int index = 0; index < insns.length; index++) {
            AbstractInsnNode insn = insns[index];
            if (insn instanceof LineNumberNode ln) {
                line = ln.line;
                continue;
            }
            if (insn instanceof MethodInsnNode mi) {
                String id = mi.owner + "." + mi.name;
                if (ACQUIRE_FENCES.contains(id) || RELEASE_FENCES.contains(id)) {
                    out.add(new Item(Type.FENCE, c.name, m.name, index, line, mi.name, null, id, null, mi.owner));
                    continue;
                }
                Optional<Modes.Call> call = mi.owner.equals(VH) || Modes.isAccessOwner(mi.owner) ? Modes.ofCall(mi.owner, mi.name)
                        : UNSAFE.contains(mi.owner) ? unsafeCall(mi.owner, mi.name) : Optional.empty();
                if (call.isPresent()) {
                    out.add(new Item(Type.ACCESS, c.name, m.name, index, line, receiver(insn) + "." + mi.name, call.get().kind(),
                            call.get().mode(), null, mi.owner));
                    continue;
                }
                if (mi.owner.equals(VH) || Modes.isAccessOwner(mi.owner) || UNSAFE.contains(mi.owner)) {
                    continue;   // VarHandle.toString, Unsafe.arrayBaseOffset: no memory access
                }
                out.add(new Item(Type.CALL, c.name, m.name, index, line, mi.name, null, null,
                        resolve(mi.owner, mi.name, mi.desc), mi.owner));
                continue;
            }
            if (insn instanceof FieldInsnNode fi) {
                boolean load = fi.getOpcode() == Opcodes.GETFIELD || fi.getOpcode() == Opcodes.GETSTATIC;
                FieldNode f = field(fi.owner, fi.name);
                if (f == null) {
                    // A field of a class outside the binding: its mode is unknown; a site that reaches it fails.
                    out.add(new Item(Type.ACCESS, c.name, m.name, index, line, fi.name + (load ? " load" : " store"),
                            load ? Modes.Kind.LOAD : Modes.Kind.STORE, "unknown (" + simple(fi.owner) + " is not in classes)",
                            null, fi.owner));
                    continue;
                }
                if ((f.access & Opcodes.ACC_FINAL) != 0) {
                    continue;
                }
                boolean isVolatile = (f.access & Opcodes.ACC_VOLATILE) != 0;
                out.add(new Item(Type.ACCESS, c.name, m.name, index, line, fi.name + (load ? " load" : " store"),
                        load ? Modes.Kind.LOAD : Modes.Kind.STORE, isVolatile ? "volatile" : "plain", null, fi.owner));
                continue;
            }
            if (insn instanceof InsnNode in) {
                int op = in.getOpcode();
                if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
                    out.add(new Item(Type.ACCESS, c.name, m.name, index, line, arrayName(insn) + "[] load", Modes.Kind.LOAD, "plain",
                            null, null));
                } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
                    out.add(new Item(Type.ACCESS, c.name, m.name, index, line, arrayName(insn) + "[] store", Modes.Kind.STORE, "plain",
                            null, null));
                }
            }
        }
        return out;
    }

    /** A plain load then an acquire fence, or a release fence then a plain store: one access. */
    private static List<Item> fuse(List<Item> items) {
        List<Item> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Item a = items.get(i);
            Item b = i + 1 < items.size() ? items.get(i + 1) : null;
            if (b != null && a.type() == Type.ACCESS && a.kind() == Modes.Kind.LOAD && a.mode().equals("plain")
                    && b.type() == Type.FENCE && ACQUIRE_FENCES.contains(b.mode())) {
                out.add(new Item(Type.ACCESS, a.owner(), a.method(), a.index(), a.line(), a.what() + " + " + b.what(), a.kind(), "acquire",
                        null, a.callOwner()));
                i++;
            } else if (b != null && a.type() == Type.FENCE && RELEASE_FENCES.contains(a.mode()) && b.type() == Type.ACCESS
                    && b.kind() == Modes.Kind.STORE && b.mode().equals("plain")) {
                out.add(new Item(Type.ACCESS, b.owner(), b.method(), b.index(), b.line(), a.what() + " + " + b.what(), b.kind(), "release",
                        null, b.callOwner()));
                i++;
            } else {
                out.add(a);
            }
        }
        return out;
    }

    /** The method a call reaches among the loaded classes: up the superclass chain, or the one loaded implementor. */
    private String resolve(String owner, String name, String desc) {
        for (String o = owner; o != null && classes.containsKey(o); o = classes.get(o).superName) {
            for (MethodNode m : classes.get(o).methods) {
                if (m.name.equals(name) && m.desc.equals(desc) && (m.access & Opcodes.ACC_ABSTRACT) == 0) {
                    return key(o, name, desc);
                }
            }
        }
        List<String> found = new ArrayList<>();
        for (ClassNode c : classes.values()) {
            if (c.interfaces.contains(owner) || owner.equals(c.superName)) {
                String r = resolve(c.name, name, desc);
                if (r != null && !found.contains(r)) {
                    found.add(r);
                }
            }
        }
        return found.size() == 1 ? found.get(0) : null;
    }

    /** The field {@code name} as {@code owner} sees it: its own, a superclass's or an interface's (loaded) one. */
    private FieldNode field(String owner, String name) {
        if (owner == null || !classes.containsKey(owner)) {
            return null;
        }
        ClassNode c = classes.get(owner);
        for (FieldNode f : c.fields) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        for (String i : c.interfaces) {
            FieldNode f = field(i, name);
            if (f != null) {
                return f;
            }
        }
        return field(c.superName, name);
    }

    /** The VarHandle, Unsafe receiver or field an access goes through: the nearest static field load before it. */
    private static String receiver(AbstractInsnNode insn) {
        String atomic = insn instanceof MethodInsnNode mi && Modes.isAccessOwner(mi.owner) && !mi.owner.equals(VH)
                ? "L" + mi.owner + ";" : null;
        for (AbstractInsnNode p = insn.getPrevious(); p != null; p = p.getPrevious()) {
            if (p instanceof FieldInsnNode fi && (atomic != null ? fi.desc.equals(atomic) : fi.getOpcode() == Opcodes.GETSTATIC)) {
                return fi.name;
            }
            if (p instanceof MethodInsnNode) {
                break;
            }
        }
        return insn instanceof MethodInsnNode mi ? simple(mi.owner) : "?";
    }

    /** The array field an element access goes through, if its load is among the few instructions before it. */
    private static String arrayName(AbstractInsnNode insn) {
        int seen = 0;
        for (AbstractInsnNode p = insn.getPrevious(); p != null && seen < 6; p = p.getPrevious()) {
            if (p.getOpcode() < 0) {
                continue;   // labels, line numbers, frames
            }
            if (p instanceof FieldInsnNode fi && fi.desc.startsWith("[")) {
                return fi.name;
            }
            if (p instanceof MethodInsnNode) {
                break;
            }
            seen++;
        }
        return "";
    }

    /**
     * Every method of the loaded classes named {@code Class.method} (simple class name), in class
     * order; {@code Class.*}: every method of the class.
     */
    List<String> methods(String simpleClass, String method) {
        List<String> out = new ArrayList<>();
        for (ClassNode c : classes.values()) {
            if (simple(c.name).equals(simpleClass)) {
                for (MethodNode m : c.methods) {
                    if (m.name.equals(method) || method.equals("*")) {
                        out.add(key(c.name, m.name, m.desc));
                    }
                }
            }
        }
        return out;
    }

    List<Item> body(String key) {
        return bodies.getOrDefault(key, List.of());
    }

    /**
     * The accesses (and lone fences) a method reaches that no site covers: its own that are not
     * sites, and, through each call that is not a site, those of the callee. A site covers one
     * instruction of one method: an accessor that serves several steps is bound at each call.
     */
    /** An access no site covers, and the chain of calls from the entry method to it ("" when it is the entry's own). */
    record Uncovered(Item access, String via) {}

    List<Uncovered> uncovered(String key, Set<Item> sites) {
        List<Uncovered> out = new ArrayList<>();
        uncovered(key, sites, "", out, new LinkedHashSet<>());
        return out;
    }

    private void uncovered(String key, Set<Item> sites, String via, List<Uncovered> out, Set<String> visiting) {
        if (!visiting.add(key)) {
            return;
        }
        for (Item i : body(key)) {
            if (sites.contains(i)) {
                continue;
            }
            if (i.type() == Type.CALL) {
                if (i.target() != null) {
                    String site = simple(i.owner()) + "." + i.method() + ": " + i.what() + " (line " + i.line() + ")";
                    uncovered(i.target(), sites, via.isEmpty() ? site : via + " -> " + site, out, visiting);
                }
            } else if (out.stream().noneMatch(u -> u.access().equals(i) && u.via().equals(via))) {
                out.add(new Uncovered(i, via));
            }
        }
        visiting.remove(key);
    }

    /** Every access (and lone fence) a method reaches: its own, then through its calls into the loaded classes. */
    List<Item> reach(String key) {
        List<Item> out = new ArrayList<>();
        reach(key, out, new LinkedHashSet<>());
        return out;
    }

    private void reach(String key, List<Item> out, Set<String> visiting) {
        if (!visiting.add(key)) {
            return;
        }
        for (Item i : body(key)) {
            if (i.type() == Type.CALL) {
                if (i.target() != null) {
                    reach(i.target(), out, visiting);
                }
            } else {
                out.add(i);
            }
        }
    }

    // ---------------------------------------------------------------- loading

    /**
     * Loads the named classes from a source: {@code maven:g:a:v} (the jar in the local Maven
     * repository {@code m2}) or {@code jdk:N} (JDK N's modules, through the jrt: file system of
     * the JDK home {@code jdks} names, or of a JDK under /usr/lib/jvm whose release file says N).
     */
    static PeerAccesses load(String source, List<String> classNames, Path m2, Map<Integer, Path> jdks) throws IOException {
        Map<String, ClassNode> classes = new LinkedHashMap<>();
        if (source.startsWith("maven:")) {
            String[] gav = source.substring("maven:".length()).split(":");
            if (gav.length != 3) {
                throw new IOException("source " + source + ": expected maven:group:artifact:version");
            }
            Path jar = m2.resolve(gav[0].replace('.', '/')).resolve(gav[1]).resolve(gav[2]).resolve(gav[1] + "-" + gav[2] + ".jar");
            if (!Files.isRegularFile(jar)) {
                throw new IOException("source " + source + ": " + jar + " does not exist (tlc-runner/pom.xml lists each peer"
                        + " artifact in provided scope so that building the runner fetches it: make runner)");
            }
            for (String name : classNames) {
                byte[] bytes = JavaAccesses.read(List.of(jar), name.replace('.', '/') + ".class")
                        .orElseThrow(() -> new IOException("class " + name + " is not in " + jar));
                classes.put(name.replace('.', '/'), JavaAccesses.node(bytes));
            }
        } else if (source.startsWith("jdk:")) {
            int feature = Integer.parseInt(source.substring("jdk:".length()));
            Path home = jdks.containsKey(feature) ? jdks.get(feature) : findJdk(feature);
            try (FileSystem jrt = jrt(home, feature)) {
                for (String name : classNames) {
                    classes.put(name.replace('.', '/'), JavaAccesses.node(readModule(jrt, name, home)));
                }
            }
        } else {
            throw new IOException("source " + source + ": expected maven:group:artifact:version or jdk:N");
        }
        return new PeerAccesses(classes);
    }

    private static FileSystem jrt(Path home, int feature) throws IOException {
        if (!Files.isRegularFile(home.resolve("lib").resolve("jrt-fs.jar"))) {
            throw new IOException("JDK " + feature + " at " + home + " has no lib/jrt-fs.jar");
        }
        return FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", home.toString()));
    }

    private static byte[] readModule(FileSystem jrt, String name, Path home) throws IOException {
        String resource = name.replace('.', '/') + ".class";
        try (Stream<Path> modules = Files.list(jrt.getPath("/modules"))) {
            for (Path module : (Iterable<Path>) modules::iterator) {
                Path f = module.resolve(resource);
                if (Files.isRegularFile(f)) {
                    return Files.readAllBytes(f);
                }
            }
        }
        throw new IOException("class " + name + " is in no module of the JDK at " + home);
    }

    /** The JDK home of feature release {@code feature}: the running one, or one under /usr/lib/jvm. */
    static Path findJdk(int feature) throws IOException {
        if (Runtime.version().feature() == feature) {
            return Path.of(System.getProperty("java.home"));
        }
        // JDK25_HOME (.ci/run's name), JAVA_HOME_25_X64 (GitHub's setup-java): where they say.
        for (String var : List.of("JDK" + feature + "_HOME", "JAVA_HOME_" + feature + "_X64", "JAVA_HOME_" + feature + "_AARCH64")) {
            String home = System.getenv(var);
            if (home != null && Files.isRegularFile(Path.of(home, "lib", "jrt-fs.jar"))) {
                return Path.of(home);
            }
        }
        Path jvm = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvm)) {
            try (Stream<Path> homes = Files.list(jvm)) {
                for (Path h : homes.sorted().toList()) {
                    Path release = h.resolve("release");
                    if (Files.isRegularFile(release)) {
                        Matcher m = Pattern.compile("JAVA_VERSION=\"(\\d+)").matcher(Files.readString(release));
                        if (m.find() && Integer.parseInt(m.group(1)) == feature) {
                            return h.toRealPath();
                        }
                    }
                }
            }
        }
        throw new IOException("no JDK " + feature + " found (the running JDK is " + Runtime.version().feature()
                + ", none under /usr/lib/jvm, in JDK" + feature + "_HOME or JAVA_HOME_" + feature + "_X64): pass --jdk "
                + feature + "=<its home>");
    }
}
