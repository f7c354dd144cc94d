package io.github.uncontended.tlc.modes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Reads the shared-memory accesses of the implementations from their bytecode, and what spec
 * step each one belongs to.
 *
 * <p>A step is either a traced block, {@code Trace.enter(); <access>; Trace.exit("Action", ...)},
 * whose action names it, or a method the binding names (an untraced entry point such as
 * {@code waitFor}). Accesses in helper methods (the {@code lvCursor()} accessors) belong to the
 * steps that call them. An access is a VarHandle or Atomic* call (its mode is the method's), a
 * volatile field access, and, inside a traced step, a plain field or array element access.
 * Outside traced steps, plain field and array accesses are taken to be thread-private (the
 * consumer's own round-robin state): only accesses with memory semantics are classified there,
 * except in a method the binding names {@code "unmodelled: <reason>"}, whose every access is listed
 * (ShardedSession's racy counter-choice table: the reason says why it needs no order).
 */
public final class JavaAccesses {

    static final String TRACE = "io/github/uncontended/Trace";

    /**
     * One access in one step's context.
     *
     * @param step the trace action or bound step it belongs to, or null when nothing classifies it
     * @param where {@code Shard.java:88}, the access's own line
     * @param what the call as written: {@code SEQ.getAcquire}, {@code pending.set}, {@code items[] store}
     * @param call the VarHandle or Atomic* call, or null for a field or array access
     * @param site where the access instruction is: class, method, index; mutants rewrite it
     */
    record Access(String step, String where, String what, Modes.Kind kind, String mode, Modes.Call call, Site site) {}

    /** An instruction: the class (internal name), the method (name + descriptor) and its index. */
    record Site(String owner, String method, int index) {}

    /** {@code free}: a plain access outside any traced step, kept only if its method is bound. */
    private record Raw(int index, int line, String what, Modes.Kind kind, String mode, Modes.Call call, boolean free) {
        Raw(int index, int line, String what, Modes.Kind kind, String mode, Modes.Call call) {
            this(index, line, what, kind, mode, call, false);
        }
    }

    private record Call(int index, String targetKey) {}

    /** What one method does: its accesses and calls, each with the trace action around it (or null). */
    private record Body(ClassNode cls, MethodNode method, List<Raw> accesses, List<String> accessAction,
            List<Call> calls, List<String> callAction) {}

    private final Map<String, ClassNode> classes;
    private final Map<String, Body> bodies = new LinkedHashMap<>();

    private JavaAccesses(Map<String, ClassNode> classes) {
        this.classes = classes;
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                if (!m.name.equals("<init>") && !m.name.equals("<clinit>")) {
                    bodies.put(key(c.name, m.name, m.desc), body(c, m));
                }
            }
        }
    }

    /** Loads the named classes (binary names) from a class path of folders and jars. */
    static JavaAccesses load(List<Path> classPath, List<String> classNames) throws IOException {
        Map<String, ClassNode> classes = new LinkedHashMap<>();
        for (String name : classNames) {
            byte[] bytes = read(classPath, name.replace('.', '/') + ".class")
                    .orElseThrow(() -> new IOException("class " + name + " is not on " + classPath
                            + " (build it: make build)"));
            classes.put(name.replace('.', '/'), node(bytes));
        }
        return new JavaAccesses(classes);
    }

    /** The same, over classes already in memory (a mutant replaces one of them). */
    static JavaAccesses of(Map<String, byte[]> classBytes) {
        Map<String, ClassNode> classes = new LinkedHashMap<>();
        classBytes.forEach((name, bytes) -> classes.put(name, node(bytes)));
        return new JavaAccesses(classes);
    }

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

    private static String key(String owner, String name, String desc) {
        return owner + "." + name + desc;
    }

    /** {@code Shard.laSeq}: a method as the binding names it (simple class name, method name). */
    static String simpleName(String owner, String method) {
        return owner.substring(owner.lastIndexOf('/') + 1) + "." + method;
    }

    private Body body(ClassNode c, MethodNode m) {
        List<Raw> accesses = new ArrayList<>();
        List<String> accessAction = new ArrayList<>();
        List<Call> calls = new ArrayList<>();
        List<String> callAction = new ArrayList<>();
        int line = -1;
        boolean inBlock = false;
        int blockAccesses = 0;
        int blockCalls = 0;
        int lastWork = -1;
        String action = null;
        AbstractInsnNode[] insns = m.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
            AbstractInsnNode insn = insns[i];
            if (insn instanceof LineNumberNode ln) {
                line = ln.line;
                continue;
            }
            if (insn instanceof MethodInsnNode mi && mi.owner.equals(TRACE)) {
                if (mi.name.equals("enter")) {
                    inBlock = true;
                    blockAccesses = accesses.size();
                    blockCalls = calls.size();
                    lastWork = i;
                    action = null;
                } else if (mi.name.equals("exit") && inBlock) {
                    // The action is the first string pushed after the block's access: exit's first argument.
                    for (int j = lastWork + 1; j < i && action == null; j++) {
                        if (insns[j] instanceof LdcInsnNode ldc && ldc.cst instanceof String s) {
                            action = s;
                        }
                    }
                    for (int k = blockAccesses; k < accesses.size(); k++) {
                        accessAction.set(k, action);
                    }
                    for (int k = blockCalls; k < calls.size(); k++) {
                        callAction.set(k, action);
                    }
                    inBlock = false;
                }
                continue;
            }
            Raw raw = access(c, insn, i, line, inBlock);
            if (raw != null) {
                accesses.add(raw);
                accessAction.add(null);
                lastWork = i;
                continue;
            }
            if (insn instanceof MethodInsnNode mi) {
                String target = resolve(mi.owner, mi.name, mi.desc);
                if (target != null) {
                    calls.add(new Call(i, target));
                    callAction.add(null);
                    lastWork = i;
                }
            }
        }
        return new Body(c, m, accesses, accessAction, calls, callAction);
    }

    /** The method a call reaches among the loaded classes, looking up the superclass chain. */
    private String resolve(String owner, String name, String desc) {
        for (String o = owner; o != null && classes.containsKey(o); o = classes.get(o).superName) {
            for (MethodNode m : classes.get(o).methods) {
                if (m.name.equals(name) && m.desc.equals(desc)) {
                    return key(o, name, desc);
                }
            }
        }
        return null;
    }

    private Raw access(ClassNode c, AbstractInsnNode insn, int index, int line, boolean inBlock) {
        if (insn instanceof MethodInsnNode mi && Modes.isAccessOwner(mi.owner)) {
            Optional<Modes.Call> call = Modes.ofCall(mi.owner, mi.name);
            if (call.isEmpty()) {
                return null;    // VarHandle.toString, AtomicLongArray.length(): no memory access
            }
            return new Raw(index, line, receiver(insn, "L" + mi.owner + ";") + "." + mi.name, call.get().kind(),
                    call.get().mode(), call.get());
        }
        if (insn instanceof FieldInsnNode fi && (fi.getOpcode() == Opcodes.GETFIELD || fi.getOpcode() == Opcodes.PUTFIELD
                || fi.getOpcode() == Opcodes.GETSTATIC || fi.getOpcode() == Opcodes.PUTSTATIC)) {
            FieldNode f = field(fi.owner, fi.name);
            if (f == null || (f.access & Opcodes.ACC_FINAL) != 0) {
                return null;    // a final field (a VarHandle, an array reference, a mask): written once, before publication
            }
            boolean isVolatile = (f.access & Opcodes.ACC_VOLATILE) != 0;
            boolean load = fi.getOpcode() == Opcodes.GETFIELD || fi.getOpcode() == Opcodes.GETSTATIC;
            return new Raw(index, line, fi.name + (load ? " load" : " store"), load ? Modes.Kind.LOAD : Modes.Kind.STORE,
                    isVolatile ? "volatile" : "plain", null, !isVolatile && !inBlock);
        }
        if (insn instanceof InsnNode in) {
            int op = in.getOpcode();
            if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
                return new Raw(index, line, receiver(insn, "[") + "[] load", Modes.Kind.LOAD, "plain", null, !inBlock);
            }
            if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
                return new Raw(index, line, receiver(insn, "[") + "[] store", Modes.Kind.STORE, "plain", null, !inBlock);
            }
        }
        return null;
    }

    private FieldNode field(String owner, String name) {
        for (String o = owner; o != null && classes.containsKey(o); o = classes.get(o).superName) {
            for (FieldNode f : classes.get(o).fields) {
                if (f.name.equals(name)) {
                    return f;
                }
            }
        }
        return null;
    }

    /**
     * The name of the VarHandle, atomic or array the access goes through: the nearest load of a
     * field whose descriptor starts with {@code descPrefix} before it.
     */
    private static String receiver(AbstractInsnNode insn, String descPrefix) {
        for (AbstractInsnNode p = insn.getPrevious(); p != null; p = p.getPrevious()) {
            if (p instanceof FieldInsnNode fi && (fi.getOpcode() == Opcodes.GETSTATIC || fi.getOpcode() == Opcodes.GETFIELD)
                    && fi.desc.startsWith(descPrefix)) {
                return fi.name;
            }
        }
        return "?";
    }

    /**
     * Every access with every step it belongs to. {@code boundMethods} maps a method
     * ({@code Class.method}) to the step its free accesses belong to (a step name, or a reason
     * for a monitoring method that no step covers, prefixed "unmodelled: ").
     */
    List<Access> classify(Map<String, String> boundMethods) {
        List<Access> out = new ArrayList<>();
        Map<String, List<String>> callers = new LinkedHashMap<>();   // target -> contexts "action" | "@method"
        for (Map.Entry<String, Body> e : bodies.entrySet()) {
            Body b = e.getValue();
            for (int i = 0; i < b.calls().size(); i++) {
                String a = b.callAction().get(i);
                callers.computeIfAbsent(b.calls().get(i).targetKey(), k -> new ArrayList<>())
                        .add(a != null ? a : "@" + e.getKey());
            }
        }
        for (Map.Entry<String, Body> e : bodies.entrySet()) {
            Body b = e.getValue();
            String binding = boundMethods.get(simpleName(b.cls().name, b.method().name));
            boolean bound = binding != null && binding.startsWith("unmodelled: ");
            for (int i = 0; i < b.accesses().size(); i++) {
                Raw r = b.accesses().get(i);
                if (r.free() && !bound) {
                    continue;   // thread-private state (see the class comment), unless bound as unmodelled
                }
                Set<String> steps = new LinkedHashSet<>();
                String a = b.accessAction().get(i);
                if (a != null) {
                    steps.add(a);
                } else {
                    contexts(e.getKey(), boundMethods, callers, steps, new LinkedHashSet<>());
                }
                String where = (b.cls().sourceFile == null ? simple(b.cls().name) + ".java" : b.cls().sourceFile) + ":" + r.line();
                Site site = new Site(b.cls().name, b.method().name + b.method().desc, r.index());
                String what = simple(b.cls().name) + "." + b.method().name + ": " + r.what();
                if (steps.isEmpty()) {
                    out.add(new Access(null, where, what, r.kind(), r.mode(), r.call(), site));
                }
                for (String s : steps) {
                    out.add(new Access(s, where, what, r.kind(), r.mode(), r.call(), site));
                }
            }
        }
        return out;
    }

    /** The steps the free accesses of method {@code key} belong to, through its bound name or its callers. */
    private void contexts(String key, Map<String, String> bound, Map<String, List<String>> callers, Set<String> steps,
            Set<String> visiting) {
        Body b = bodies.get(key);
        String bound0 = bound.get(simpleName(b.cls().name, b.method().name));
        if (bound0 != null) {
            steps.add(bound0);
            return;
        }
        if (!visiting.add(key)) {
            return;
        }
        for (String ctx : callers.getOrDefault(key, List.of())) {
            if (ctx.startsWith("@")) {
                contexts(ctx.substring(1), bound, callers, steps, visiting);
            } else {
                steps.add(ctx);
            }
        }
    }

    private static String simple(String internal) {
        return internal.substring(internal.lastIndexOf('/') + 1);
    }

    /** The names of the methods the loaded classes declare, as the binding names them. */
    Set<String> methodNames() {
        Set<String> names = new LinkedHashSet<>();
        for (Body b : bodies.values()) {
            names.add(simpleName(b.cls().name, b.method().name));
        }
        return names;
    }
}
