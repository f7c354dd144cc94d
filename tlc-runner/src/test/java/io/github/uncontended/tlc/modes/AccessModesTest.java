package io.github.uncontended.tlc.modes;

import io.github.uncontended.tlc.engine.TlcOutput;
import io.github.uncontended.tlc.report.MemoryPicture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The access-mode check on the real implementations and the real specs: today's code matches its
 * weak-memory models, and every one-step weakening of every access (a mutant of one call) is
 * rejected, naming the access and what TLC says about the weaker mode.
 */
public class AccessModesTest {

    static final Path SPECS = Paths.get("../specs");

    /** The java-impl classes this module's tests depend on (their jar or folder). */
    static List<Path> implClasses() {
        try {
            return List.of(Paths.get(io.github.uncontended.session.ShardedSession.class.getProtectionDomain()
                    .getCodeSource().getLocation().toURI()));
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theImplementationsMatchTheirModels() {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = AccessModes.run(new String[] {"--specs", SPECS.toString(), "--classes", implClasses().get(0).toString()},
                new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        String out = o.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, out + e.toString(StandardCharsets.UTF_8));
        assertTrue(out.contains("Park               volatile   volatile"), out);
        assertTrue(out.contains(" 0 mismatched"), out);
    }

    static final AccessModes.Hints HINTS = AccessModes.Hints.of(SPECS);

    /** The "java" bindings of the real manifests. */
    static List<AccessModes.Binding> ours() throws IOException {
        return AccessModes.bindings(SPECS).stream().filter(b -> b.kind() == AccessModes.Kind.JAVA).toList();
    }

    static Stream<Arguments> mutants() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (AccessModes.Binding b : ours()) {
            for (Mutants.Mutant m : Mutants.of(b, ClassAccesses.load(implClasses(), b.classes()), HINTS)) {
                all.add(Arguments.of(m.name(), b, m));
            }
        }
        return all.stream();
    }

    /** The binding's classes with the mutant's class rewritten. */
    static ClassAccesses mutated(AccessModes.Binding b, Mutants.Mutant m) throws IOException {
        Map<String, org.objectweb.asm.tree.ClassNode> classes = new LinkedHashMap<>();
        for (String c : b.classes()) {
            String internal = c.replace('.', '/');
            byte[] bytes = ClassAccesses.read(implClasses(), internal + ".class").orElseThrow();
            classes.put(internal, ClassAccesses.node(internal.equals(m.site().owner()) ? Mutants.apply(bytes, m) : bytes));
        }
        return ClassAccesses.of(classes, implClasses());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutants")
    void everyOneStepWeakeningIsRejected(String name, AccessModes.Binding b, Mutants.Mutant m) throws Exception {
        List<String> problems = SiteCheck.check(b, mutated(b, m), HINTS).stream()
                .map(SiteCheck.Row::problem).filter(p -> p != null).toList();
        assertFalse(problems.isEmpty(), name + " passed the access-mode check");
        for (String step : m.steps()) {
            String p = problems.stream().filter(x -> x.contains(" " + step + ": ")).findFirst()
                    .orElseThrow(() -> new AssertionError(name + ": no mismatch names step " + step + ": " + problems));
            assertTrue(p.startsWith(m.where()), "names the access's line: " + p);
            assertTrue(p.contains("." + m.to().name() + " is " + m.to().mode()), "names the weakened call: " + p);
            assertTrue(p.contains("TLC rejects") || p.contains("TLC accepts"), "says what TLC makes of it: " + p);
        }
    }

    @Test
    void theKnownWeakeningsAreJudgedByTheirSiblings() throws Exception {
        Map<String, String> expected = Map.of(
                "PendingListSequencer.svPending-set-to-lazySet", "TLC rejects release for Park on weak hardware: model SeqMemParkRelease",
                "AbstractSequencer.casCursor-compareAndSet-to-weakCompareAndSet",
                "TLC rejects weakVolatile for CasCursor on weak hardware: model SeqMemCasCursorWeakVolatile",
                "Shard.soSeq-setRelease-to-setOpaque",
                "TLC rejects opaque for PublishSeq on weak hardware: model ShardMemPublishSeqOpaque",
                "Counter.lvHolders-getVolatile-to-getAcquire",
                "TLC accepts plain for IsAlive on weak hardware (model SessMemIsAlivePlain)",
                "AbstractSequencer.lvCursor-getVolatile-to-getAcquire",
                "TLC accepts plain for Guard on weak hardware (model SeqMemGuardPlain)",
                "AvailabilitySequencer.getAndAddNext-getAndAdd-to-getAndAddRelease", "atomicity is all Claim needs: any atomic RMW does;"
                        + " the weakest Java offers here is getAndAddAcquire (acquire) or getAndAddRelease (release)",
                "AvailabilitySequencer.loNext-getOpaque-to-get", "re-read by the wait loop of AvailabilitySequencer.waitFor");
        Map<String, List<String>> found = new LinkedHashMap<>();
        mutants().forEach(a -> {
            Mutants.Mutant m = (Mutants.Mutant) a.get()[2];
            AccessModes.Binding b = (AccessModes.Binding) a.get()[1];
            if (expected.containsKey(m.name())) {
                try {
                    found.put(m.name(), SiteCheck.check(b, mutated(b, m), HINTS).stream()
                            .map(SiteCheck.Row::problem).filter(p -> p != null).toList());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        assertEquals(expected.keySet(), found.keySet(), "every named mutant exists");
        expected.forEach((name, text) -> assertTrue(found.get(name).stream().anyMatch(p -> p.contains(text)),
                name + " should say '" + text + "': " + found.get(name)));
    }

    /** The java-impl classes as a folder (unbound() walks folders only): the folder itself, or the jar unpacked. */
    static Path implClassFolder(Path tmp) throws IOException {
        Path p = implClasses().get(0);
        if (Files.isDirectory(p)) {
            return p;
        }
        Path out = Files.createDirectories(tmp.resolve("impl-classes"));
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(p.toFile())) {
            for (java.util.jar.JarEntry e : java.util.Collections.list(jar.entries())) {
                if (e.getName().endsWith(".class")) {
                    Path f = out.resolve(e.getName());
                    Files.createDirectories(f.getParent());
                    try (java.io.InputStream in = jar.getInputStream(e)) {
                        Files.copy(in, f);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Every class of java-impl that makes a shared-memory access is bound to a weak-memory model
     * or listed as sequentially consistent (every access volatile). The broken variants: a class
     * dropped from its binding while another class still covers its steps (Counter from the
     * session's), the SC list emptied, a class with release and opaque accesses listed as SC, and
     * a stale SC entry; each is named.
     */
    @Test
    void everyClassWithASharedAccessIsBoundOrSequentiallyConsistent(@TempDir Path tmp) throws Exception {
        List<Path> classes = List.of(implClassFolder(tmp));
        List<AccessModes.Binding> bindings = ours();
        Map<String, String> sc = AccessModes.sequentiallyConsistent(SPECS);
        assertEquals(java.util.Set.of("io.github.uncontended.session.AtomicSession", "io.github.uncontended.session.Session$Lease"),
                sc.keySet());
        assertEquals(List.of(), AccessModes.unbound(classes, bindings, sc), "today's classes are all bound or SC");

        List<AccessModes.Binding> noCounter = bindings.stream().map(b -> without(b, ".Counter")).toList();
        List<String> problems = AccessModes.unbound(classes, noCounter, sc);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("io.github.uncontended.session.Counter makes "), problems.get(0));
        assertTrue(problems.get(0).contains("but no memory manifest binds it"), problems.get(0));

        problems = AccessModes.unbound(classes, bindings, Map.of());
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("AtomicSession.lvCount: count.get, volatile"), problems.get(0));

        List<AccessModes.Binding> noShard = bindings.stream().map(b -> without(b, ".Shard")).toList();
        Map<String, String> shardSc = new java.util.TreeMap<>(sc);
        shardSc.put("io.github.uncontended.sharded.Shard", "wrongly listed");
        shardSc.put("io.github.uncontended.gone.Gone", "stale");
        problems = AccessModes.unbound(classes, noShard, shardSc);
        assertTrue(problems.stream().anyMatch(p -> p.contains("Shard.soSeq") && p.contains("is release, but io.github.uncontended.sharded.Shard"
                + " is listed as sequentially consistent")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("io.github.uncontended.gone.Gone is listed in a"
                + " java.sequentiallyConsistent but is not among the classes")), problems.toString());
    }

    static AccessModes.Binding without(AccessModes.Binding b, String suffix) {
        return new AccessModes.Binding(b.kind(), b.manifest(), b.specs(), b.javaMode(), b.source(),
                b.classes().stream().filter(c -> !c.endsWith(suffix)).toList(), b.sites(), b.user(), b.siblings());
    }

    @Test
    void modesAreOrdered() {
        assertTrue(Modes.weakerOrEqual(Modes.Kind.STORE, "plain", "volatile"));
        assertTrue(Modes.weakerOrEqual(Modes.Kind.RMW, "weakPlain", "volatile"));
        assertFalse(Modes.weakerOrEqual(Modes.Kind.RMW, "acquire", "release"));
        assertFalse(Modes.weakerOrEqual(Modes.Kind.LOAD, "volatile", "acquire"));
        assertEquals(List.of("weakCompareAndSet", "weakCompareAndSetAcquire", "weakCompareAndSetRelease"),
                Modes.weaker(Modes.ofCall("java/lang/invoke/VarHandle", "compareAndSet").orElseThrow())
                        .stream().map(Modes.Call::name).toList());
        assertEquals(List.of("lazySet"), Modes.weaker(Modes.ofCall("java/util/concurrent/atomic/AtomicLongArray", "set")
                .orElseThrow()).stream().map(Modes.Call::name).toList());
    }

    @Test
    void theMemoryPictureShowsWritesAndStaleReads() {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("pc", "(p1 :> \"read\" @@ p2 :> \"claim\")");
        vars.put("mem", "[x |-> 0]");
        vars.put("buf", "(p1 :> <<>> @@ p2 :> <<>>)");
        vars.put("msgs", "[x |-> << [val |-> -1, view |-> [x |-> 1], rmw |-> FALSE],"
                + " [val |-> 1, view |-> [x |-> 2], rmw |-> FALSE] >>]");
        vars.put("cur", "(p1 :> [x |-> 2] @@ p2 :> [x |-> 1])");
        vars.put("scv", "[x |-> 1]");
        TlcOutput.State s = new TlcOutput.State(1, null, null, vars, TlcOutput.State.End.NONE, 0);
        Map<String, String> shown = MemoryPicture.project(List.of(s)).get(0).vars();
        assertEquals(List.of("pc", "written", "stale"), List.copyOf(shown.keySet()));
        assertEquals("x: -1, 1", shown.get("written"));
        assertEquals("p2 may still read x = -1 or 1", shown.get("stale"));

        vars.put("msgs", "[x |-> << [val |-> -1, view |-> [coh |-> [x |-> 1], hb |-> [x |-> 1]], rmw |-> FALSE],"
                + " [val |-> 1, view |-> [coh |-> [x |-> 1], hb |-> [x |-> 1]], rmw |-> FALSE],"
                + " [val |-> 2, view |-> [coh |-> [x |-> 1], hb |-> [x |-> 1]], rmw |-> FALSE] >>]");
        vars.put("cur", "(p1 :> [coh |-> [x |-> 3], hb |-> [x |-> 1]] @@ p2 :> [coh |-> [x |-> 2], hb |-> [x |-> 1]]"
                + " @@ p3 :> [coh |-> [x |-> 3], hb |-> [x |-> 3]])");
        vars.put("scv", "[x |-> [coh |-> [x |-> 1], hb |-> [x |-> 1]]]");
        shown = MemoryPicture.project(List.of(new TlcOutput.State(1, null, null, vars, TlcOutput.State.End.NONE, 0))).get(0).vars();
        assertEquals("x: -1, 1, 2", shown.get("written"));
        assertEquals("p1 may still read x = -1 or 1 or 2 (plain loads only)\n"
                + "p2 may still read x = -1 or 1 or 2 (opaque or stronger: 1 or 2)", shown.get("stale"));
    }

    @Test
    void aBindingOverSeveralModulesMergesTheirTablesAndRefusesAStepWithTwoModes(@TempDir Path dir) throws Exception {
        Path design = Files.createDirectories(dir.resolve("d/memory"));
        Files.writeString(design.resolve("A.tla"), "---- MODULE A ----\nJavaMode == [\n  Load |-> \"acquire\", \\* x.getAcquire\n  Store |-> \"release\"\n]\n====\n");
        Files.writeString(design.resolve("B.tla"), "---- MODULE B ----\nJavaMode == [ Store |-> \"release\", Claim |-> \"volatile\" ]\n====\n");
        Files.writeString(design.resolve("C.tla"), "---- MODULE C ----\nJavaMode == [ Store |-> \"opaque\" ]\n====\n");
        String manifest = "{\"models\": [], \"java\": {\"spec\": %s, \"classes\": [\"x.Y\"], \"sites\": {\"Y.m: X\": \"Load\"}}}";
        Files.writeString(design.resolve("manifest.json"), manifest.formatted("[\"A.tla\", \"B.tla\"]"));
        AccessModes.Binding b = AccessModes.bindings(dir).get(0);
        assertEquals(Map.of("Load", "acquire", "Store", "release", "Claim", "volatile"), b.javaMode());
        assertEquals("A.tla + B.tla", AccessModes.names(b.specs()));

        Files.writeString(design.resolve("manifest.json"), manifest.formatted("[\"A.tla\", \"C.tla\"]"));
        IOException e = assertThrows(IOException.class, () -> AccessModes.bindings(dir));
        assertTrue(e.getMessage().contains("step Store is release in A.tla but opaque in C.tla: one step, one mode"),
                e.getMessage());
    }
}
