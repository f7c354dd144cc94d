package io.github.uncontended.tlc.modes;

import java.io.IOException;
import java.io.InputStream;
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
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Reads the shared-memory accesses of class files, for the access-mode check ({@link AccessModes}):
 * the classes a {@code "java"} binding names (ours, or any project's, from {@code --classes}) and
 * those of a {@code "peer"} binding (another project's jar, or a JDK's modules).
 *
 * <p>Nothing in the bytecode marks a spec step: a binding names <em>sites</em>,
 * {@code "Class.method: name"}, a call (by the called method's name) or a direct access (as
 * {@link Item#what} prints it, or by the field, VarHandle or array it goes through) in a method.
 * A call's mode is that of the one access its callee reaches (an accessor such as JCTools'
 * {@code lvProducerIndex} or our {@code Shard.laSeq}); a callee that reaches several accesses
 * must be bound by sites inside it.
 *
 * <p>An access is a VarHandle, Atomic*, {@code sun.misc.Unsafe}, {@code jdk.internal.misc.Unsafe}
 * or {@code org.agrona.UnsafeApi} call (its mode from the method's name), a field access (volatile
 * or plain; final fields are written once, before publication, and are not accesses), or an array
 * element access (plain). A plain load followed, with no access between, by an acquire (or full)
 * fence is one acquire load, and a release (or full) fence followed by a plain store one release
 * store: the Disruptor's {@code Sequence.get} and {@code Sequence.set}. Any other fence is an
 * access of its own, which a site must cover. A lambda's body is called where the lambda is
 * made (an {@code invokedynamic} of the LambdaMetafactory).
 */
public final class ClassAccesses {

    /** What an item of a method body is. */
    enum Type { ACCESS, CALL, FENCE }

    /**
     * One access, call or fence of a method, in bytecode order.
     *
     * @param what an access as the check prints it ({@code AVAILABLE_ARRAY.setRelease},
     *     {@code value load + acquireFence}, {@code buffer[] load}); for a call, the called method's name
     * @param desc the descriptor of the method the item is in
     * @param target for a call into the loaded classes, the method it reaches (a key), else null
     * @param call the VarHandle, Atomic* or Unsafe call of an access, or null (a field or array access)
     */
    record Item(Type type, String owner, String method, String desc, int index, int line, String what, Modes.Kind kind,
            String mode, String target, String callOwner, Modes.Call call) {
        String where(Map<String, ClassNode> classes) {
            ClassNode c = classes.get(owner);
            return (c.sourceFile == null ? simple(owner) + ".java" : c.sourceFile) + ":" + line;
        }
    }

    private static final String VH = "java/lang/invoke/VarHandle";
    private static final String LAMBDA_FACTORY = "java/lang/invoke/LambdaMetafactory";
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
    /** Superclasses of the loaded classes that are not loaded themselves: read for their fields only (padding, a field's declaration). */
    private final Map<String, ClassNode> supers;
    private final Map<String, List<Item>> bodies = new LinkedHashMap<>();
    private final Map<String, Frame<SourceValue>[]> sources = new LinkedHashMap<>();

    /**
     * Whether these are the classes of a "java" binding (the code under review, from a class path):
     * then names come from the data flow (the field a VarHandle, atomic or array was loaded from),
     * the fields of any class on the class path or of the JDK are known, and a constructor called
     * is not followed (its stores are to an object not yet shared). A peer's classes keep the rules
     * its sites were written by: names from the instructions near an access, only the named
     * classes' fields, constructors followed (a peer models some: JCTools' chunk).
     */
    private final boolean ours;
    /** Where other classes' fields are looked up (ours only). */
    private final List<Path> classPath;
    private final Map<String, Optional<ClassNode>> others = new LinkedHashMap<>();

    /** {@code classPath} null: a peer's classes; else the classes of a "java" binding, read from it. */
    private ClassAccesses(Map<String, ClassNode> classes, Map<String, ClassNode> supers, List<Path> classPath) {
        this.classes = classes;
        this.supers = supers;
        this.ours = classPath != null;
        this.classPath = classPath == null ? List.of() : classPath;
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                bodies.put(key(c.name, m.name, m.desc), fuse(items(c, m)));
            }
        }
        sources.clear();
    }

    /** A peer's classes, already read. */
    static ClassAccesses of(Map<String, ClassNode> classes) {
        return new ClassAccesses(classes, Map.of(), null);
    }

    /** The classes of a "java" binding, already read (a mutant replaces one), with {@code classPath} for the rest. */
    static ClassAccesses of(Map<String, ClassNode> classes, List<Path> classPath) throws IOException {
        return new ClassAccesses(classes, supers(classes, classPath), classPath);
    }

    /**
     * Loads the named classes (binary names) from a class path of folders and jars, with their
     * superclasses' fields: the classes of a {@code "java"} binding.
     */
    static ClassAccesses load(List<Path> classPath, List<String> classNames) throws IOException {
        Map<String, ClassNode> classes = new LinkedHashMap<>();
        for (String name : classNames) {
            byte[] bytes = read(classPath, name.replace('.', '/') + ".class")
                    .orElseThrow(() -> new IOException("class " + name + " is not on " + classPath
                            + " (compile it, or name the folder or jar that holds it in --classes)"));
            classes.put(name.replace('.', '/'), node(bytes));
        }
        return of(classes, classPath);
    }

    private static Map<String, ClassNode> supers(Map<String, ClassNode> classes, List<Path> classPath) throws IOException {
        Map<String, ClassNode> out = new LinkedHashMap<>();
        for (ClassNode c : classes.values()) {
            for (String s = c.superName; s != null && !classes.containsKey(s) && !out.containsKey(s); ) {
                Optional<byte[]> bytes = read(classPath, s + ".class");
                if (bytes.isEmpty()) {
                    break;
                }
                ClassNode n = node(bytes.get());
                out.put(s, n);
                s = n.superName;
            }
        }
        return out;
    }

    /** Reads a resource from a class path of folders and jars. */
    static Optional<byte[]> read(List<Path> classPath, String resource) throws IOException {
        for (Path p : classPath) {
            if (Files.isDirectory(p)) {
                Path f = p.resolve(resource);
                if (Files.isRegularFile(f)) {
                    return Optional.of(Files.readAllBytes(f));
                }
            } else if (Files.isRegularFile(p)) {
                try (JarFile jar = new JarFile(p.toFile())) {
                    ZipEntry e = jar.getEntry(resource);
                    if (e != null) {
                        try (InputStream in = jar.getInputStream(e)) {
                            return Optional.of(in.readAllBytes());
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    static ClassNode node(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
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
                    out.add(new Item(Type.FENCE, c.name, m.name, m.desc, index, line, mi.name, null, id, null, mi.owner, null));
                    continue;
                }
                Optional<Modes.Call> call = mi.owner.equals(VH) || Modes.isAccessOwner(mi.owner) ? Modes.ofCall(mi.owner, mi.name)
                        : UNSAFE.contains(mi.owner) ? unsafeCall(mi.owner, mi.name) : Optional.empty();
                if (call.isPresent()) {
                    out.add(new Item(Type.ACCESS, c.name, m.name, m.desc, index, line, receiverName(c, m, mi) + "." + mi.name,
                            call.get().kind(), call.get().mode(), null, mi.owner, call.get()));
                    continue;
                }
                if (mi.owner.equals(VH) || Modes.isAccessOwner(mi.owner) || UNSAFE.contains(mi.owner)) {
                    continue;   // VarHandle.toString, Unsafe.arrayBaseOffset: no memory access
                }
                // Ours: a constructor is not followed: it stores into an object that is not yet shared.
                out.add(new Item(Type.CALL, c.name, m.name, m.desc, index, line, mi.name, null, null,
                        ours && mi.name.equals("<init>") ? null : resolve(mi.owner, mi.name, mi.desc), mi.owner, null));
                continue;
            }
            if (insn instanceof InvokeDynamicInsnNode indy && indy.bsm.getOwner().equals(LAMBDA_FACTORY) && indy.bsmArgs.length > 1
                    && indy.bsmArgs[1] instanceof Handle h && classes.containsKey(h.getOwner())) {
                // A lambda whose body is a method of the loaded classes: where it is made, it is a call of that body.
                out.add(new Item(Type.CALL, c.name, m.name, m.desc, index, line, h.getName(), null, null,
                        resolve(h.getOwner(), h.getName(), h.getDesc()), h.getOwner(), null));
                continue;
            }
            if (insn instanceof FieldInsnNode fi) {
                boolean load = fi.getOpcode() == Opcodes.GETFIELD || fi.getOpcode() == Opcodes.GETSTATIC;
                FieldNode f = field(fi.owner, fi.name);
                if (f == null) {
                    // A field of a class outside the binding: its mode is unknown; a site that reaches it fails.
                    out.add(new Item(Type.ACCESS, c.name, m.name, m.desc, index, line, fi.name + (load ? " load" : " store"),
                            load ? Modes.Kind.LOAD : Modes.Kind.STORE, "unknown (" + simple(fi.owner) + " is not in classes)",
                            null, fi.owner, null));
                    continue;
                }
                if ((f.access & Opcodes.ACC_FINAL) != 0) {
                    continue;
                }
                boolean isVolatile = (f.access & Opcodes.ACC_VOLATILE) != 0;
                out.add(new Item(Type.ACCESS, c.name, m.name, m.desc, index, line, fi.name + (load ? " load" : " store"),
                        load ? Modes.Kind.LOAD : Modes.Kind.STORE, isVolatile ? "volatile" : "plain", null, fi.owner, null));
                continue;
            }
            if (insn instanceof InsnNode in) {
                int op = in.getOpcode();
                boolean load = op >= Opcodes.IALOAD && op <= Opcodes.SALOAD;
                if (load || (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE)) {
                    String array = arrayName(c, m, insn);
                    if (array != null) {   // null: javac's own table (a switch map), written by its class initialiser only
                        out.add(new Item(Type.ACCESS, c.name, m.name, m.desc, index, line, array + (load ? "[] load" : "[] store"),
                                load ? Modes.Kind.LOAD : Modes.Kind.STORE, "plain", null, null, null));
                    }
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
                out.add(new Item(Type.ACCESS, a.owner(), a.method(), a.desc(), a.index(), a.line(), a.what() + " + " + b.what(),
                        a.kind(), "acquire", null, a.callOwner(), null));
                i++;
            } else if (b != null && a.type() == Type.FENCE && RELEASE_FENCES.contains(a.mode()) && b.type() == Type.ACCESS
                    && b.kind() == Modes.Kind.STORE && b.mode().equals("plain")) {
                out.add(new Item(Type.ACCESS, b.owner(), b.method(), b.desc(), b.index(), b.line(), a.what() + " + " + b.what(),
                        b.kind(), "release", null, b.callOwner(), null));
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
        ClassNode c = owner == null ? null : classes.containsKey(owner) ? classes.get(owner) : supers.containsKey(owner)
                ? supers.get(owner) : ours ? other(owner) : null;
        if (c == null) {
            return null;
        }
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

    /**
     * The array field an element access goes through: the field the array reference came from,
     * through the locals it was stored in ({@code final Shard<E>[] shards = this.shards; ...
     * shards[cur]}), or "" (an array no field holds). For a peer, whose sites were written by that
     * rule, the nearest array field load among the few instructions before it, or "".
     */
    private String arrayName(ClassNode c, MethodNode m, AbstractInsnNode insn) {
        if (!ours) {
            return nearArrayName(insn);
        }
        Frame<SourceValue>[] frames = sources(c, m);
        int index = m.instructions.indexOf(insn);
        if (frames == null || frames[index] == null) {
            return "";
        }
        Frame<SourceValue> f = frames[index];
        boolean store = insn.getOpcode() >= Opcodes.IASTORE && insn.getOpcode() <= Opcodes.SASTORE;
        SourceValue array = f.getStack(f.getStackSize() - (store ? 3 : 2));
        FieldInsnNode from = origin(m, frames, array, 0);
        if (from == null) {
            return "";
        }
        FieldNode field = field(from.owner, from.name);
        return field != null && (field.access & Opcodes.ACC_SYNTHETIC) != 0 ? null : from.name;
    }

    /** The VarHandle, atomic or Unsafe object a call goes through: the field its receiver was loaded from (ours), else as {@link #receiver}. */
    private String receiverName(ClassNode c, MethodNode m, MethodInsnNode insn) {
        if (ours && insn.getOpcode() != Opcodes.INVOKESTATIC) {
            Frame<SourceValue>[] frames = sources(c, m);
            int index = m.instructions.indexOf(insn);
            if (frames != null && frames[index] != null) {
                Frame<SourceValue> f = frames[index];
                int args = org.objectweb.asm.Type.getArgumentTypes(insn.desc).length;
                FieldInsnNode from = origin(m, frames, f.getStack(f.getStackSize() - args - 1), 0);
                if (from != null) {
                    return from.name;
                }
            }
        }
        return receiver(insn);
    }

    /** The load of the field a value came from, through locals; null when it is not one field. */
    private static FieldInsnNode origin(MethodNode m, Frame<SourceValue>[] frames, SourceValue v, int depth) {
        if (depth > 4 || v.insns.size() != 1) {
            return null;
        }
        AbstractInsnNode p = v.insns.iterator().next();
        if (p instanceof FieldInsnNode fi && (fi.getOpcode() == Opcodes.GETFIELD || fi.getOpcode() == Opcodes.GETSTATIC)) {
            return fi;
        }
        Frame<SourceValue> at = frames[m.instructions.indexOf(p)];
        if (at == null) {
            return null;
        }
        if (p instanceof VarInsnNode vi && vi.getOpcode() == Opcodes.ALOAD) {
            return origin(m, frames, at.getLocal(vi.var), depth + 1);
        }
        if (p instanceof VarInsnNode vi && vi.getOpcode() == Opcodes.ASTORE) {
            return origin(m, frames, at.getStack(at.getStackSize() - 1), depth + 1);
        }
        return null;
    }

    /** A class outside the binding, read for its fields: from the class path, else from the JDK; null when neither has it. */
    private ClassNode other(String internal) {
        return others.computeIfAbsent(internal, k -> {
            try {
                Optional<byte[]> bytes = read(classPath, k + ".class");
                if (bytes.isEmpty()) {
                    try (InputStream in = ClassLoader.getSystemResourceAsStream(k + ".class")) {
                        bytes = in == null ? Optional.empty() : Optional.of(in.readAllBytes());
                    }
                }
                return bytes.map(ClassAccesses::node);
            } catch (IOException e) {
                return Optional.empty();
            }
        }).orElse(null);
    }

    /** Which instructions produced each value of each frame of a method (computed once per method). */
    private Frame<SourceValue>[] sources(ClassNode c, MethodNode m) {
        String key = key(c.name, m.name, m.desc);
        if (!sources.containsKey(key)) {
            Frame<SourceValue>[] frames;
            try {
                frames = new Analyzer<>(new SourceInterpreter()).analyze(c.name, m);
            } catch (AnalyzerException e) {
                frames = null;
            }
            sources.put(key, frames);
        }
        return sources.get(key);
    }

    private static String nearArrayName(AbstractInsnNode insn) {
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

    /** The class and method of a key, or null. */
    record Method(ClassNode cls, MethodNode method) {}

    Method method(String key) {
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                if (key(c.name, m.name, m.desc).equals(key)) {
                    return new Method(c, m);
                }
            }
        }
        return null;
    }

    /**
     * The entry points of the loaded classes: their public and protected methods with a body,
     * constructors and static initialisers left out (they run before the object, or the class,
     * is shared: their stores are published with it).
     */
    List<String> roots() {
        List<String> out = new ArrayList<>();
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                if ((m.access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) != 0 && (m.access & Opcodes.ACC_ABSTRACT) == 0
                        && !m.name.equals("<init>") && !m.name.equals("<clinit>")) {
                    out.add(key(c.name, m.name, m.desc));
                }
            }
        }
        return out;
    }

    /** The methods of the loaded classes that some path of calls from {@code roots} reaches, the roots included. */
    Set<String> reachable(List<String> roots) {
        Set<String> seen = new LinkedHashSet<>();
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            String k = todo.pop();
            if (!bodies.containsKey(k) || !seen.add(k)) {
                continue;
            }
            for (Item i : bodies.get(k)) {
                if (i.type() == Type.CALL && i.target() != null) {
                    todo.push(i.target());
                }
            }
        }
        return seen;
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
    static ClassAccesses load(String source, List<String> classNames, Path m2, Map<Integer, Path> jdks) throws IOException {
        Map<String, ClassNode> classes = new LinkedHashMap<>();
        if (source.startsWith("maven:")) {
            String[] gav = source.substring("maven:".length()).split(":");
            if (gav.length != 3) {
                throw new IOException("source " + source + ": expected maven:group:artifact:version");
            }
            Path jar = m2.resolve(gav[0].replace('.', '/')).resolve(gav[1]).resolve(gav[2]).resolve(gav[1] + "-" + gav[2] + ".jar");
            if (!Files.isRegularFile(jar)) {
                throw new IOException("source " + source + ": " + jar + " does not exist (fetch it into that repository:"
                        + " mvn dependency:get -Dartifact=" + String.join(":", gav) + ", or name another with --m2)");
            }
            for (String name : classNames) {
                byte[] bytes = read(List.of(jar), name.replace('.', '/') + ".class")
                        .orElseThrow(() -> new IOException("class " + name + " is not in " + jar));
                classes.put(name.replace('.', '/'), node(bytes));
            }
        } else if (source.startsWith("jdk:")) {
            int feature = Integer.parseInt(source.substring("jdk:".length()));
            Path home = jdks.containsKey(feature) ? jdks.get(feature) : findJdk(feature);
            try (FileSystem jrt = jrt(home, feature)) {
                for (String name : classNames) {
                    classes.put(name.replace('.', '/'), node(readModule(jrt, name, home)));
                }
            }
        } else {
            throw new IOException("source " + source + ": expected maven:group:artifact:version or jdk:N");
        }
        return of(classes);   // a peer's fields are those of the classes its binding names (no superclass read)
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
