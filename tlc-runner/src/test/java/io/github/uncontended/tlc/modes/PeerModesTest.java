package io.github.uncontended.tlc.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The access-mode check over the peers' class files (specs/peers, "peer" bindings): today's jars
 * and JDKs match their models; a model whose declared mode differs from the bytecode's, a peer
 * whose bytecode weakens a mode, an access no site covers, and a site that names nothing each
 * fail the check, naming the site and the model.
 */
public class PeerModesTest {

    static final Path SPECS = AccessModesTest.SPECS;
    static final Path M2 = Paths.get(System.getProperty("user.home"), ".m2", "repository");

    static List<AccessModes.Binding> bindings() throws Exception {
        return AccessModes.bindings(SPECS).stream().filter(b -> b.kind() == AccessModes.Kind.PEER).toList();
    }

    static ClassAccesses code(AccessModes.Binding b) throws Exception {
        return ClassAccesses.load(b.source(), b.classes(), M2, Map.of());
    }

    static List<SiteCheck.Row> check(AccessModes.Binding b, ClassAccesses code) {
        return SiteCheck.check(b, code, AccessModesTest.HINTS);
    }

    static List<String> problems(AccessModes.Binding b, ClassAccesses code) {
        return check(b, code).stream().map(SiteCheck.Row::problem).filter(p -> p != null).toList();
    }

    static AccessModes.Binding with(AccessModes.Binding b, Map<String, String> javaMode, Map<String, List<String>> sites) {
        return new AccessModes.Binding(b.kind(), b.manifest(), b.specs(), javaMode, b.source(), b.classes(), sites, b.user(),
                b.siblings());
    }

    static AccessModes.Binding disruptor() throws Exception {
        return bindings().stream().filter(b -> b.source().startsWith("maven:com.lmax:disruptor:")).findFirst().orElseThrow();
    }

    @Test
    void everyPeerMatchesItsModel() throws Exception {
        List<AccessModes.Binding> all = bindings();
        assertFalse(all.isEmpty(), "no peer bindings under " + SPECS);
        for (AccessModes.Binding b : all) {
            List<SiteCheck.Row> rows = check(b, code(b));
            assertEquals(List.of(), rows.stream().map(SiteCheck.Row::problem).filter(p -> p != null).toList(), b.manifest().toString());
            Set<String> implemented = new LinkedHashSet<>();
            rows.stream().filter(r -> r.specMode() != null && !r.specMode().equals("-")).forEach(r -> implemented.add(r.step()));
            Set<String> expected = new LinkedHashSet<>(b.javaMode().keySet());
            expected.removeAll(b.user());
            assertEquals(expected, implemented, b.manifest() + ": every step of JavaMode is read from the class files");
        }
    }

    static Stream<Arguments> declaredModes() throws Exception {
        List<Arguments> out = new ArrayList<>();
        for (AccessModes.Binding b : bindings()) {
            for (SiteCheck.Row r : check(b, code(b))) {
                if (r.specMode() == null || r.specMode().equals("-") || r.problem() != null) {
                    continue;
                }
                for (Modes.Kind kind : Modes.Kind.values()) {
                    if (!Modes.modes(kind).contains(r.javaMode())) {
                        continue;
                    }
                    for (String other : Modes.modes(kind)) {
                        if (!other.equals(r.javaMode())) {
                            out.add(Arguments.of(b.manifest().getParent().getFileName() + " " + r.step() + " declared " + other,
                                    b, r.step(), other, r.where()));
                        }
                    }
                    break;
                }
            }
        }
        return out.stream().distinct();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("declaredModes")
    void aModelWhoseModeDiffersFromTheClassFilesFails(String name, AccessModes.Binding b, String step, String other, String where)
            throws Exception {
        Map<String, String> modes = new LinkedHashMap<>(b.javaMode());
        modes.put(step, other);
        List<String> problems = problems(with(b, modes, b.sites()), code(b));
        assertTrue(problems.stream().anyMatch(p -> p.startsWith(where + " " + step + ": ") && p.contains(" declares " + step + " " + other)),
                name + ": " + problems);
    }

    @Test
    void aPeerUpgradeThatWeakensAModeFailsNamingTheSibling() throws Exception {
        AccessModes.Binding b = disruptor();
        ClassAccesses real = code(b);
        Map<String, ClassNode> classes = new LinkedHashMap<>(real.classes());
        ClassNode mps = classes.get("com/lmax/disruptor/MultiProducerSequencer");
        int changed = 0;
        for (MethodNode m : mps.methods) {
            for (var insn : m.instructions) {
                if (insn instanceof MethodInsnNode mi && mi.name.equals("setRelease") && mi.owner.equals("java/lang/invoke/VarHandle")) {
                    mi.name = "setOpaque";
                    changed++;
                }
            }
        }
        assertEquals(1, changed, "Disruptor 4.0.0 sets availableBuffer with one setRelease");
        List<String> problems = problems(b, ClassAccesses.of(classes));
        assertTrue(problems.stream().anyMatch(p -> p.contains("SetAvailable: ") && p.contains("AVAILABLE_ARRAY.setOpaque is opaque")
                && p.contains("TLC rejects opaque for SetAvailable on weak hardware: model DisMemSetAvailableOpaque")),
                problems.toString());
    }

    @Test
    void anAccessNoSiteCoversFails() throws Exception {
        AccessModes.Binding b = disruptor();
        Map<String, List<String>> sites = new LinkedHashMap<>(b.sites());
        assertTrue(sites.remove("ProcessingSequenceBarrier.checkAlert: alerted load") != null);
        List<String> problems = problems(with(b, b.javaMode(), sites), code(b));
        assertTrue(problems.stream().anyMatch(p -> p.contains("ProcessingSequenceBarrier.checkAlert: alerted load (volatile)")
                && p.contains("no site of")), problems.toString());
    }

    @Test
    void aSiteThatNamesNothingFails() throws Exception {
        AccessModes.Binding b = disruptor();
        Map<String, List<String>> sites = new LinkedHashMap<>(b.sites());
        sites.put("MultiProducerSequencer.next: compareAndSet", List.of("Claim"));
        sites.put("MultiProducerSequencer.noSuchMethod: get", List.of("Claim"));
        List<String> problems = problems(with(b, b.javaMode(), sites), code(b));
        assertTrue(problems.stream().anyMatch(p -> p.contains("has no call or access named compareAndSet")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("no method MultiProducerSequencer.noSuchMethod")), problems.toString());
    }

    @Test
    void unsafeCallsHaveTheirModes() {
        assertEquals("release", ClassAccesses.unsafeCall("sun/misc/Unsafe", "putOrderedObject").orElseThrow().mode());
        assertEquals("volatile", ClassAccesses.unsafeCall("sun/misc/Unsafe", "getLongVolatile").orElseThrow().mode());
        assertEquals("volatile", ClassAccesses.unsafeCall("sun/misc/Unsafe", "compareAndSwapLong").orElseThrow().mode());
        assertEquals("plain", ClassAccesses.unsafeCall("sun/misc/Unsafe", "getObject").orElseThrow().mode());
        assertEquals("opaque", ClassAccesses.unsafeCall("org/agrona/UnsafeApi", "putIntOpaque").orElseThrow().mode());
        assertEquals("release", ClassAccesses.unsafeCall("org/agrona/UnsafeApi", "putIntRelease").orElseThrow().mode());
        assertEquals("acquire", ClassAccesses.unsafeCall("jdk/internal/misc/Unsafe", "getReferenceAcquire").orElseThrow().mode());
        assertEquals("weakPlain", ClassAccesses.unsafeCall("jdk/internal/misc/Unsafe", "weakCompareAndSetIntPlain").orElseThrow().mode());
        assertEquals("release", ClassAccesses.unsafeCall("jdk/internal/misc/Unsafe", "getAndAddLongRelease").orElseThrow().mode());
        assertTrue(ClassAccesses.unsafeCall("sun/misc/Unsafe", "arrayBaseOffset").isEmpty());
    }
}
