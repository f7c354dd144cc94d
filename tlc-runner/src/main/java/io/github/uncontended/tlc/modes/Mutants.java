package io.github.uncontended.tlc.modes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Access-mode mutants: the implementations with one access weakened by one step, as a reviewer
 * would weaken it ({@code pending.set} to {@code pending.lazySet}, {@code SEQ.setRelease} to
 * {@code SEQ.setOpaque}, a CAS to its weak form). A mutant is the one rewritten class file; put
 * before the real classes on a class path, it replaces them.
 *
 * <p>They serve twice: the access-mode check must reject every one of them (its tests), and the
 * jcstress suites are run against them to show which ones this machine can catch at all
 * ({@code make jcstress-mutants}, docs/memory-model.md).
 *
 * <p>{@code modes --write-mutants DIR} writes them ({@link #write}).
 */
public final class Mutants {

    /** An instruction: the class (internal name), the method (name + descriptor) and its index. */
    record Site(String owner, String method, int index) {}

    /**
     * One mutant: the access at {@code site}, a {@code from} call rewritten to {@code to}, in the
     * steps it serves.
     */
    record Mutant(String name, Path manifest, Set<String> steps, String where, Modes.Call from, Modes.Call to, Site site) {}

    private Mutants() {}

    /** Every one-step weakening of every access a site of the binding ties to a modelled step. */
    static List<Mutant> of(AccessModes.Binding b, ClassAccesses code, AccessModes.Hints hints) {
        Map<String, Mutant> out = new LinkedHashMap<>();
        for (SiteCheck.Row r : SiteCheck.check(b, code, hints)) {
            ClassAccesses.Item a = r.access();
            if (a == null || a.call() == null || r.specMode() == null || r.specMode().equals("-")) {
                continue;   // not a modelled step's VarHandle or atomic call
            }
            for (Modes.Call to : Modes.weaker(a.call())) {
                String name = ClassAccesses.simple(a.owner()) + "." + a.method() + "-" + a.call().name() + "-to-" + to.name();
                Mutant m = out.get(name);
                Set<String> steps = new LinkedHashSet<>(m == null ? Set.of() : m.steps());
                steps.add(r.step());
                out.put(name, new Mutant(name, b.manifest(), steps, a.where(code.classes()), a.call(), to,
                        new Site(a.owner(), a.method() + a.desc(), a.index())));
            }
        }
        return new ArrayList<>(out.values());
    }

    /** The class file of {@code site}'s class with that one call renamed. */
    static byte[] apply(byte[] original, Mutant m) {
        ClassNode node = ClassAccesses.node(original);
        for (MethodNode method : node.methods) {
            if ((method.name + method.desc).equals(m.site().method())) {
                AbstractInsnNode insn = method.instructions.get(m.site().index());
                if (!(insn instanceof MethodInsnNode call) || !call.name.equals(m.from().name())) {
                    throw new IllegalStateException(m.name() + ": instruction " + m.site().index() + " of "
                            + m.site().method() + " is not " + m.from().name());
                }
                call.name = m.to().name();
                ClassWriter w = new ClassWriter(0);
                node.accept(w);
                return w.toByteArray();
            }
        }
        throw new IllegalStateException(m.name() + ": no method " + m.site().method() + " in " + node.name);
    }

    /**
     * Writes every mutant of every binding: {@code dir/<name>/<class file>}, and {@code dir/mutants.tsv}
     * (name, design, steps, where, from, to). Returns how many. A class two bindings share (the
     * sharded buffers' ConsumerRole) gives each of its mutants once, with the first binding's steps.
     */
    static int write(List<AccessModes.Binding> bindings, List<Path> classPath, AccessModes.Hints hints, Path dir) throws IOException {
        List<String> index = new ArrayList<>();
        index.add("mutant\tdesign\tsteps\twhere\tfrom\tto");
        java.util.Set<String> written = new java.util.HashSet<>();
        for (AccessModes.Binding b : bindings) {
            ClassAccesses code = ClassAccesses.load(classPath, b.classes());
            for (Mutant m : of(b, code, hints)) {
                if (!written.add(m.name())) {
                    continue;
                }
                String resource = m.site().owner() + ".class";
                byte[] original = ClassAccesses.read(classPath, resource).orElseThrow();
                Path file = dir.resolve(m.name()).resolve(resource);
                Files.createDirectories(file.getParent());
                Files.write(file, apply(original, m));
                Path design = m.manifest().getParent().getParent();
                index.add(m.name() + "\t" + (design == null ? "" : design.getFileName()) + "\t"
                        + String.join(",", m.steps()) + "\t" + m.where() + "\t" + m.from().name() + "\t" + m.to().name());
            }
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("mutants.tsv"), index);
        return index.size() - 1;
    }
}
