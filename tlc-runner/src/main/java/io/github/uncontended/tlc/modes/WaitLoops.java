package io.github.uncontended.tlc.modes;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Progress beside safety: the loads a wait loop re-reads, found in the bytecode. The memory layer
 * checks safety only, and a plain load that TLC accepts may still be hoisted out of a loop by the
 * JIT (JLS 17.4 allows it: a plain read need not see another thread's store, ever), turning a
 * wait into {@code while (true)}. Opaque (or stronger) forbids that.
 *
 * <p>A loop is a backward branch and the instructions that reach it without passing its target
 * (the natural loop of the back edge; the loops of one target are one loop). It is a <em>wait
 * loop</em> when every way out of it (a conditional branch or switch with a successor outside)
 * decides on a value that came from shared memory (a load or read-modify-write of the loaded
 * classes, directly or through a call that reaches one), or when it has no way out but an
 * exception: then only another thread's store can end it. A loop with an exit that no shared
 * value decides (a counter bound, such as a poll's visit of each shard once) ends on its own.
 *
 * <p>In a wait loop, a load that the loop executes (itself, or through a call of a method that
 * returns its value, such as an accessor) and whose value decides a branch of the loop is
 * <em>re-read by the wait</em>. Values
 * flow through locals, arithmetic and the arguments of calls, a CAS's expected value included (not
 * the receiver: {@code c.cas(v)} depends on {@code v}, the load that picked {@code c} is an
 * address; nor the object or index of a field or element load), not through control (a local
 * that is only assigned under a branch): a wait whose exit depends on a load only through
 * control is not found.
 */
final class WaitLoops {

    /**
     * A load a wait loop re-reads.
     *
     * @param load the load (in the loop's method, or in an accessor the loop calls)
     * @param via the call in the loop that reaches it, or null when the loop's method loads it
     * @param loop the loop's method, {@code Class.method}
     * @param lines the loop's lines, {@code File.java:first-last}
     * @param backEdge the backward branch, {@code File.java:line}
     */
    record Finding(ClassAccesses.Item load, ClassAccesses.Item via, String loop, String lines, String backEdge) {
        /** {@code AvailabilitySequencer.waitFor (AvailabilitySequencer.java:279-298, back edge at AvailabilitySequencer.java:279)}. */
        String describe() {
            return loop + " (" + lines + ", back edge at " + backEdge + ")";
        }
    }

    private final ClassAccesses code;
    /** Per method: the loads (and read-modify-writes) whose values its return value may carry. */
    private final Map<String, Set<ClassAccesses.Item>> returns = new LinkedHashMap<>();
    private final Set<String> visiting = new HashSet<>();

    private WaitLoops(ClassAccesses code) {
        this.code = code;
    }

    /** Every load that a wait loop of one of {@code methods} re-reads, whatever its mode. */
    static List<Finding> find(ClassAccesses code, Collection<String> methods) {
        WaitLoops w = new WaitLoops(code);
        List<Finding> out = new ArrayList<>();
        for (String key : methods) {
            ClassAccesses.Method m = code.method(key);
            if (m != null && m.method().instructions.size() > 0) {
                out.addAll(w.find(key, m));
            }
        }
        return out;
    }

    /** One method's data flow: which instructions read shared memory (and what), which values reach which branch. */
    private record Flow(Map<Integer, List<ClassAccesses.Item>> origins, Map<Integer, ClassAccesses.Item> calls, Taints taints,
            Map<Integer, Set<Integer>> successors) {}

    private Flow flow(String key, ClassAccesses.Method m) {
        // The instructions whose value comes from shared memory, and the loads (or RMWs) behind each:
        // an access itself, or a call whose callee returns such a value (an accessor).
        Map<Integer, List<ClassAccesses.Item>> origins = new LinkedHashMap<>();
        Map<Integer, ClassAccesses.Item> calls = new LinkedHashMap<>();
        for (ClassAccesses.Item i : code.body(key)) {
            if (i.type() == ClassAccesses.Type.ACCESS && i.kind() != Modes.Kind.STORE) {
                origins.put(i.index(), List.of(i));
            } else if (i.type() == ClassAccesses.Type.CALL && i.target() != null) {
                Set<ClassAccesses.Item> returned = returned(i.target());
                if (!returned.isEmpty()) {
                    origins.put(i.index(), List.copyOf(returned));
                    calls.put(i.index(), i);
                }
            }
        }
        Taints taints = new Taints(m.method().instructions, origins.keySet());
        Map<Integer, Set<Integer>> successors = new TreeMap<>();
        Analyzer<Taint> analyzer = new Analyzer<>(taints) {
            @Override
            protected void newControlFlowEdge(int insn, int successor) {
                successors.computeIfAbsent(insn, k -> new LinkedHashSet<>()).add(successor);
            }
        };
        try {
            analyzer.analyze(m.cls().name, m.method());
        } catch (AnalyzerException e) {
            return null;   // bytecode ASM cannot follow (none of ours): nothing is judged
        }
        return new Flow(origins, calls, taints, successors);
    }

    /** The loads and RMWs whose values method {@code key}'s return value may carry (none for a recursive call). */
    private Set<ClassAccesses.Item> returned(String key) {
        if (returns.containsKey(key)) {
            return returns.get(key);
        }
        ClassAccesses.Method m = code.method(key);
        if (m == null || !visiting.add(key)) {
            return Set.of();
        }
        Set<ClassAccesses.Item> out = new LinkedHashSet<>();
        Flow f = m.method().instructions.size() == 0 ? null : flow(key, m);
        if (f != null) {
            f.taints().returned.forEach(o -> out.addAll(f.origins().getOrDefault(o, List.of())));
        }
        visiting.remove(key);
        returns.put(key, out);
        return out;
    }

    private List<Finding> find(String key, ClassAccesses.Method m) {
        MethodNode method = m.method();
        InsnList insns = method.instructions;
        Flow flow = flow(key, m);
        if (flow == null) {
            return List.of();
        }
        Map<Integer, List<ClassAccesses.Item>> origins = flow.origins();
        Map<Integer, ClassAccesses.Item> calls = flow.calls();
        Taints taints = flow.taints();
        Map<Integer, Set<Integer>> successors = flow.successors();
        Map<Integer, Set<Integer>> predecessors = new LinkedHashMap<>();
        successors.forEach((from, tos) -> tos.forEach(to -> predecessors.computeIfAbsent(to, k -> new LinkedHashSet<>()).add(from)));
        // Loops: each target of a backward branch, with the union of its back edges' natural loops.
        Map<Integer, Set<Integer>> loops = new TreeMap<>();
        Map<Integer, Integer> lastBackEdge = new TreeMap<>();
        successors.forEach((from, tos) -> {
            for (int to : tos) {
                if (to <= from) {
                    Set<Integer> body = loops.computeIfAbsent(to, k -> new HashSet<>());
                    body.add(to);
                    java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>(List.of(from));
                    while (!todo.isEmpty()) {
                        int n = todo.pop();
                        if (body.add(n)) {
                            todo.addAll(predecessors.getOrDefault(n, Set.of()));
                        }
                    }
                    lastBackEdge.merge(to, from, Math::max);
                }
            }
        });
        String file = m.cls().sourceFile == null ? ClassAccesses.simple(m.cls().name) + ".java" : m.cls().sourceFile;
        String name = ClassAccesses.simple(m.cls().name) + "." + method.name;
        List<Finding> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Map.Entry<Integer, Set<Integer>> loop : loops.entrySet()) {
            Set<Integer> body = loop.getValue();
            boolean waits = true;
            for (int n : body) {
                boolean exits = successors.getOrDefault(n, Set.of()).stream().anyMatch(s -> !body.contains(s));
                if (exits && taints.branches.getOrDefault(n, Set.of()).isEmpty()) {
                    waits = false;   // an exit no shared value decides: the loop ends on its own
                    break;
                }
            }
            if (!waits) {
                continue;
            }
            Set<Integer> decides = new HashSet<>();
            for (int n : body) {
                decides.addAll(taints.branches.getOrDefault(n, Set.of()));
            }
            for (int o : origins.keySet()) {
                if (!body.contains(o) || !decides.contains(o)) {
                    continue;
                }
                for (ClassAccesses.Item load : origins.get(o)) {
                    if (load.kind() == Modes.Kind.LOAD && seen.add(load + "@" + loop.getKey())) {
                        IntSummaryStatistics lines = body.stream().mapToInt(n -> line(insns, n)).filter(l -> l > 0)
                                .summaryStatistics();
                        out.add(new Finding(load, calls.get(o), name, file + ":" + lines.getMin()
                                + (lines.getMax() > lines.getMin() ? "-" + lines.getMax() : ""),
                                file + ":" + line(insns, lastBackEdge.get(loop.getKey()))));
                    }
                }
            }
        }
        return out;
    }

    /** The source line of instruction {@code index}: the last line number at or before it (or after it, at a label). */
    private static int line(InsnList insns, int index) {
        for (int i = index; i >= 0; i--) {
            if (insns.get(i) instanceof LineNumberNode ln) {
                return ln.line;
            }
        }
        for (int i = index; i < insns.size(); i++) {
            if (insns.get(i) instanceof LineNumberNode ln) {
                return ln.line;
            }
        }
        return -1;
    }

    /** A value of the analysis: its size, and the instructions of shared memory it came from. */
    static final class Taint implements Value {
        final int size;
        final Set<Integer> from;

        Taint(int size, Set<Integer> from) {
            this.size = size;
            this.from = from;
        }

        @Override
        public int getSize() {
            return size;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Taint t && t.size == size && t.from.equals(from);
        }

        @Override
        public int hashCode() {
            return size * 31 + from.hashCode();
        }
    }

    /**
     * The data flow: each value carries the shared-memory instructions it came from; a branch
     * records those its operands carry. Sizes come from ASM's basic interpreter.
     */
    private static final class Taints extends Interpreter<Taint> {
        private final BasicInterpreter basic = new BasicInterpreter();
        private final InsnList insns;
        private final Set<Integer> origins;
        /** Branch instruction to the shared-memory instructions its operands came from. */
        final Map<Integer, Set<Integer>> branches = new LinkedHashMap<>();
        /** The shared-memory instructions the method's return values came from. */
        final Set<Integer> returned = new HashSet<>();

        Taints(InsnList insns, Set<Integer> origins) {
            super(Opcodes.ASM9);
            this.insns = insns;
            this.origins = origins;
        }

        private Set<Integer> own(AbstractInsnNode insn) {
            int i = insns.indexOf(insn);
            return origins.contains(i) ? Set.of(i) : Set.of();
        }

        private static BasicValue basic(Taint t) {
            return t.size == 2 ? BasicValue.LONG_VALUE : BasicValue.INT_VALUE;
        }

        private static Taint of(BasicValue v, Set<Integer> from) {
            return v == null ? null : new Taint(v.getSize(), from);
        }

        private void branch(AbstractInsnNode insn, Set<Integer> from) {
            branches.computeIfAbsent(insns.indexOf(insn), k -> new HashSet<>()).addAll(from);
        }

        private static Set<Integer> union(Set<Integer> a, Set<Integer> b) {
            if (b.isEmpty() || a.containsAll(b)) {
                return a;
            }
            Set<Integer> u = new HashSet<>(a);
            u.addAll(b);
            return u;
        }

        @Override
        public Taint newValue(Type type) {
            if (type == Type.VOID_TYPE) {
                return null;
            }
            return new Taint(type == null ? 1 : type.getSize(), Set.of());
        }

        @Override
        public Taint newOperation(AbstractInsnNode insn) throws AnalyzerException {
            return of(basic.newOperation(insn), own(insn));
        }

        @Override
        public Taint copyOperation(AbstractInsnNode insn, Taint value) {
            return value;
        }

        @Override
        public Taint unaryOperation(AbstractInsnNode insn, Taint value) throws AnalyzerException {
            int op = insn.getOpcode();
            if ((op >= Opcodes.IFEQ && op <= Opcodes.IFLE) || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL
                    || op == Opcodes.TABLESWITCH || op == Opcodes.LOOKUPSWITCH) {
                branch(insn, value.from);
                return null;
            }
            BasicValue v = basic.unaryOperation(insn, basic(value));
            if (op == Opcodes.GETFIELD || op == Opcodes.ARRAYLENGTH) {
                return of(v, own(insn));   // the field's own value; which object it is read from is an address
            }
            return of(v, union(value.from, own(insn)));
        }

        @Override
        public Taint binaryOperation(AbstractInsnNode insn, Taint value1, Taint value2) throws AnalyzerException {
            int op = insn.getOpcode();
            if (op >= Opcodes.IF_ICMPEQ && op <= Opcodes.IF_ACMPNE) {
                branch(insn, union(value1.from, value2.from));
                return null;
            }
            BasicValue v = basic.binaryOperation(insn, basic(value1), basic(value2));
            if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
                return of(v, own(insn));   // the element's own value; the array and index are its address
            }
            return of(v, union(union(value1.from, value2.from), own(insn)));
        }

        @Override
        public Taint ternaryOperation(AbstractInsnNode insn, Taint value1, Taint value2, Taint value3) {
            return null;   // the array stores: no value
        }

        @Override
        public Taint naryOperation(AbstractInsnNode insn, List<? extends Taint> values) throws AnalyzerException {
            List<BasicValue> args = values.stream().map(Taints::basic).toList();
            BasicValue v = basic.naryOperation(insn, args);
            // A call's value depends on its arguments (a CAS's on its expected value), not on its receiver
            // (the VarHandle, or the object an accessor belongs to); an access or accessor adds what it loads.
            int op = insn.getOpcode();
            int first = op == Opcodes.INVOKESTATIC || op == Opcodes.INVOKEDYNAMIC || op == Opcodes.MULTIANEWARRAY ? 0 : 1;
            Set<Integer> from = own(insn);
            for (int i = first; i < values.size(); i++) {
                from = union(from, values.get(i).from);
            }
            return of(v, from);
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, Taint value, Taint expected) {
            returned.addAll(value.from);
        }

        @Override
        public Taint merge(Taint value1, Taint value2) {
            if (value1.size != value2.size) {
                return value1.size == 1 && value1.from.isEmpty() ? value1 : new Taint(1, Set.of());
            }
            Set<Integer> u = union(value1.from, value2.from);
            return u == value1.from ? value1 : new Taint(value1.size, u);
        }
    }
}
