package io.github.uncontended.tlc.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.modes.fixture.Flag;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The access-mode check's verdicts and exit codes on made-up designs, without the real
 * implementations, TLC or a JDK's modules: the fixture classes of {@code modes.fixture} (Flag:
 * a release store in publish, an acquire load in poll, an opaque load in peek; Spsc: a
 * single-producer single-consumer ring as an outside project would write one; Loose: two
 * volatile accesses; Lazy: one release store) against a JavaMode table written by each test.
 * Nothing here depends on this repository's trace hooks: a binding names access sites of the
 * bytecode. Exit 0 when every access matches, 1 for any mismatch (ours, a peer's, an unbound
 * class, an access in no step, a site nothing reaches, a plain load a wait loop re-reads), 2 for
 * a usage or binding error, each with the message that names it.
 */
class AccessModesRunTest {

    static final String FIXTURE = "io.github.uncontended.tlc.modes.fixture.";
    static final String FLAG = FIXTURE + "Flag";
    static final String SPSC = FIXTURE + "Spsc";
    static final String MATCHING = "Publish |-> \"release\", Poll |-> \"acquire\", Peek |-> \"opaque\"";
    static final String SITES = "\"sites\": {\"Flag.publish: STATE\": \"Publish\", \"Flag.poll: STATE\": \"Poll\","
            + " \"Flag.peek: STATE\": \"Peek\"}";
    static final String HEADER = String.format(Locale.ROOT, "%-18s %-10s %-10s %-30s %s%n", "step", "spec", "java", "where",
            "site -> access");

    @TempDir
    Path tmp;

    record Result(int exit, String out, String err) {}

    static Result run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = AccessModes.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Result(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    static byte[] fixture(String simpleName) throws IOException {
        try (InputStream in = Flag.class.getResourceAsStream(simpleName + ".class")) {
            return in.readAllBytes();
        }
    }

    /** A class folder holding the named fixture classes ("Flag", "Flag$Cell", "Spsc", "Loose", "Lazy"). */
    Path classes(String... simpleNames) throws IOException {
        Path dir = tmp.resolve("classes");
        Path pkg = Files.createDirectories(dir.resolve(FIXTURE.replace('.', '/')));
        for (String n : simpleNames) {
            Files.write(pkg.resolve(n + ".class"), fixture(n));
        }
        return dir;
    }

    /**
     * The fixture class {@code simpleName} with its call {@code from} in {@code method} renamed
     * {@code to} (a weakened mode), written into the class folder: a class file made by the test.
     */
    Path weakened(String simpleName, String method, String from, String to) throws IOException {
        ClassNode node = ClassAccesses.node(fixture(simpleName));
        int renamed = 0;
        for (MethodNode m : node.methods) {
            if (m.name.equals(method)) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode mi && mi.name.equals(from)) {
                        mi.name = to;
                        renamed++;
                    }
                }
            }
        }
        assertEquals(1, renamed, simpleName + "." + method + " calls " + from + " once");
        ClassWriter w = new ClassWriter(0);
        node.accept(w);
        Path dir = classes();
        Files.write(dir.resolve(FIXTURE.replace('.', '/')).resolve(simpleName + ".class"), w.toByteArray());
        return dir;
    }

    /** specs/flag/memory/: FlagMemory.tla with the given JavaMode entries, and a manifest binding Flag with {@code java}'s fields. */
    Path design(String javaMode, String java) throws IOException {
        return design("flag", "FlagMemory", FLAG, javaMode, java, "");
    }

    /** specs/{@code folder}/memory/: {@code module}.tla with the JavaMode entries, a manifest binding {@code cls}, and {@code models}. */
    Path design(String folder, String module, String cls, String javaMode, String java, String models) throws IOException {
        Path specs = tmp.resolve("specs");
        Path memory = Files.createDirectories(specs.resolve(folder + "/memory"));
        Files.writeString(memory.resolve(module + ".tla"), "---- MODULE " + module + " ----\nJavaMode == [ " + javaMode
                + " ]\n====\n");
        Files.writeString(memory.resolve("manifest.json"), "{\"models\": [" + models + "], \"java\": {\"spec\": \"" + module
                + ".tla\", \"classes\": [\"" + cls + "\"]" + (java.isEmpty() ? "" : ", " + java) + "}}");
        return specs;
    }

    Path manifest() {
        return tmp.resolve("specs/flag/memory/manifest.json");
    }

    Result check(Path specs, Path classes, String... more) {
        String[] args = new String[4 + more.length];
        args[0] = "--specs";
        args[1] = specs.toString();
        args[2] = "--classes";
        args[3] = classes.toString();
        System.arraycopy(more, 0, args, 4, more.length);
        return run(args);
    }

    static String row(String step, String spec, String mode, String where, String access, boolean mismatch) {
        return String.format(Locale.ROOT, "%-18s %-10s %-10s %-30s %s%s%n", step, spec, mode, where, access,
                mismatch ? "   MISMATCH" : "");
    }

    @Test
    void aMatchingDesignExitsZeroPrintingItsTableAndCounts() throws Exception {
        Path specs = design(MATCHING, SITES + ", \"sequentiallyConsistent\": {\"" + FIXTURE + "Loose\": \"every access volatile\"}");
        Path json = tmp.resolve("out/modes.json");
        Result r = check(specs, classes("Flag", "Loose"), "--no-peers", "--out", json.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("== FlagMemory.tla (Flag, " + specs.resolve("flag/memory") + ")\n" + HEADER
                + row("Publish", "release", "release", "Flag.java:26", "Flag.publish: STATE -> STATE.setRelease", false)), r.out());
        assertTrue(r.out().contains(row("Poll", "acquire", "acquire", "Flag.java:30", "Flag.poll: STATE -> STATE.getAcquire", false)),
                r.out());
        assertTrue(r.out().contains(row("Peek", "opaque", "opaque", "Flag.java:34", "Flag.peek: STATE -> STATE.getOpaque", false)),
                r.out());
        assertTrue(r.out().endsWith("\n\naccess modes: 3 accesses match their spec steps, 0 mismatched\n"), r.out());
        assertEquals(Map.of("matched", 3, "mismatched", 0, "peerMatched", 0, "peerMismatched", 0, "problems", List.of()),
                new ObjectMapper().readValue(json.toFile(), Map.class));
    }

    /** --out with a bare file name writes it in the working folder (a unique name there, removed after). */
    @Test
    void outMayNameAFileWithoutAFolder() throws Exception {
        Path json = Files.createTempFile(Path.of(""), "access-modes-", ".json");
        try {
            assertEquals(null, json.getParent());
            Result r = check(design(MATCHING, SITES), classes("Flag"), "--no-peers", "--out", json.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertEquals(3, new ObjectMapper().readTree(json.toFile()).get("matched").asInt());
        } finally {
            Files.deleteIfExists(json);
        }
    }

    @Test
    void aWeakerAccessThanDeclaredIsAMismatchAndExitsOne() throws Exception {
        Path specs = design("Publish |-> \"release\", Poll |-> \"volatile\", Peek |-> \"opaque\"", SITES);
        Path json = tmp.resolve("modes.json");
        Result r = check(specs, classes("Flag"), "--no-peers", "--out", json.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        String problem = "Flag.java:30 Poll: Flag.poll: STATE.getAcquire is acquire, but FlagMemory.tla declares Poll volatile."
                + " No model of " + manifest() + " checks Poll with acquire: add a sibling (constants WeakStep \"Poll\","
                + " WeakMode \"acquire\") to find out";
        assertTrue(r.out().contains(row("Poll", "volatile", "acquire", "Flag.java:30", "Flag.poll: STATE -> STATE.getAcquire", true)),
                r.out());
        assertTrue(r.out().endsWith("\nMISMATCH " + problem + "\naccess modes: 2 accesses match their spec steps, 1 mismatched\n"),
                r.out());
        assertEquals(Map.of("matched", 2, "mismatched", 1, "peerMatched", 0, "peerMismatched", 0, "problems", List.of(problem)),
                new ObjectMapper().readValue(json.toFile(), Map.class));
    }

    @Test
    void anAccessInNoStepAndAStepWithNoAccessAreMismatches() throws Exception {
        String sites = "\"sites\": {\"Flag.publish: STATE\": \"Publish\", \"Flag.poll: STATE\": \"Poll\"}";
        Result r = check(design(MATCHING, sites), classes("Flag"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(row("?", "-", "opaque", "Flag.java:34", "Flag.peek: STATE.getOpaque", true)), r.out());
        assertTrue(r.out().contains(row("Peek", "opaque", "-", "-", "-", true)), r.out());
        assertTrue(r.out().contains("\nMISMATCH Flag.java:34 Flag.peek: STATE.getOpaque (opaque) is in no bound step: bind it in"
                + " java.sites of " + manifest() + " (\"Flag.peek: STATE\") to its spec step, or to \"unmodelled: <why it needs no"
                + " order>\"\nMISMATCH FlagMemory.tla declares step Peek (opaque), but no site of " + manifest() + " implements it\n"
                + "access modes: 2 accesses match their spec steps, 2 mismatched\n"), r.out());
    }

    @Test
    void anUnmodelledSiteIsListedButNotCounted() throws Exception {
        Result r = check(design("Publish |-> \"release\", Poll |-> \"acquire\"", SITES.replace("\"Peek\"",
                "\"unmodelled: monitoring\"")), classes("Flag"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(row("(unmodelled)", "-", "opaque", "Flag.java:34", "Flag.peek: STATE", false)), r.out());
        assertTrue(r.out().endsWith("access modes: 2 accesses match their spec steps, 0 mismatched\n"), r.out());
    }

    @Test
    void aSiteMayServeSeveralStepsAndEachMustBeInTheTable() throws Exception {
        String sites = SITES.replace("\"Flag.poll: STATE\": \"Poll\"", "\"Flag.poll: STATE\": [\"PollSlot\", \"PollSeq\"]");
        Result r = check(design("Publish |-> \"release\", PollSlot |-> \"acquire\", PollSeq |-> \"acquire\", Peek |-> \"opaque\"",
                sites), classes("Flag"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(row("PollSeq", "acquire", "acquire", "Flag.java:30", "Flag.poll: STATE -> STATE.getAcquire",
                false)), r.out());
        assertTrue(r.out().endsWith("access modes: 4 accesses match their spec steps, 0 mismatched\n"), r.out());

        r = check(design("Publish |-> \"release\", PollSlot |-> \"acquire\", Peek |-> \"opaque\"", sites), classes("Flag"),
                "--no-peers");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: " + manifest() + ": java.sites: 'Flag.poll: STATE': PollSeq is not a step of the JavaMode of"
                + " FlagMemory.tla\n", r.err());
    }

    @Test
    void aStepOfUserCodeNeedsNoAccess() throws Exception {
        String modes = MATCHING + ", Close |-> \"volatile\"";
        Result r = check(design(modes, SITES + ", \"user\": [\"Close\"]"), classes("Flag"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
        r = check(design(modes, SITES), classes("Flag"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("MISMATCH FlagMemory.tla declares step Close (volatile), but no site of " + manifest()
                + " implements it\n"), r.out());
    }

    @Test
    void aSiteInAMethodThatDoesNotExistFails() throws Exception {
        Result r = check(design(MATCHING, SITES.replace("}", ", \"Flag.gone: STATE\": \"Peek\"}")), classes("Flag"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("\nMISMATCH Flag.gone: STATE: no method Flag.gone in [" + FLAG + "] (--classes)\n"), r.out());
    }

    @Test
    void aClassWithAnAccessThatNoManifestBindsFailsTheRun() throws Exception {
        Result r = check(design(MATCHING, SITES), classes("Flag", "Lazy"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("\nMISMATCH " + FIXTURE + "Lazy makes 1 shared-memory access (first: Lazy.java:11 Lazy.clear:"
                + " value.lazySet, release) but no memory manifest binds it: add it to the java.classes of a manifest's binding,"
                + " with a site for each access, so that each is checked against the model (or, if every access is volatile, to"
                + " its java.sequentiallyConsistent with the SC spec that covers it)\n"
                + "access modes: 3 accesses match their spec steps, 1 mismatched\n"), r.out());
    }

    @Test
    void anEmptyEntryOfTheClassPathIsIgnored() throws Exception {
        Path classes = classes("Flag");
        Result r = check(design(MATCHING, SITES), Path.of(java.io.File.pathSeparator + classes + java.io.File.pathSeparator),
                "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
    }

    @Test
    void aClassThatIsNotOnTheClassPathIsAnError() throws Exception {
        Path missing = tmp.resolve("no-classes");
        Result r = check(design(MATCHING, SITES), missing, "--no-peers");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: class " + FLAG + " is not on [" + missing + "] (compile it, or name the folder or jar that holds it"
                + " in --classes)\n", r.err());
    }

    /** No default class folder: a "java" binding needs --classes (this repository's Makefile passes java-impl/target/classes). */
    @Test
    void aJavaBindingNeedsClasses() throws Exception {
        Result r = run("--specs", design(MATCHING, SITES).toString(), "--no-peers");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("error: --classes is required: the folders or jars of the classes the \"java\" bindings"
                + " under "), r.err());
    }

    @Test
    void noBindingIsAnError() throws Exception {
        Path specs = Files.createDirectories(tmp.resolve("specs/empty/memory"));
        Files.writeString(specs.resolve("manifest.json"), "{\"models\": []}");
        Result r = check(tmp.resolve("specs"), classes("Flag"), "--no-peers");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: no manifest.json under " + tmp.resolve("specs") + " has a \"java\" binding\n", r.err());
    }

    /** A manifest is read wherever it is under --specs, not only in <design>/memory/. */
    @Test
    void aManifestAtAnyDepthIsRead() throws Exception {
        Path deep = Files.createDirectories(tmp.resolve("specs/a/b/c/d"));
        Files.writeString(deep.resolve("FlagMemory.tla"), "---- MODULE FlagMemory ----\nJavaMode == [ " + MATCHING + " ]\n====\n");
        Files.writeString(deep.resolve("manifest.json"), "{\"models\": [], \"java\": {\"spec\": \"FlagMemory.tla\", \"classes\":"
                + " [\"" + FLAG + "\"], " + SITES + "}}");
        Result r = check(tmp.resolve("specs"), classes("Flag"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().endsWith("access modes: 3 accesses match their spec steps, 0 mismatched\n"), r.out());
    }

    @Test
    void helpListsTheOptionsAndExitCodesAndUnknownOptionsAreUsageErrors() {
        Result r = run("--help");
        assertEquals(0, r.exit());
        for (String s : List.of("--specs=DIR", "--classes=PATH", "--out=FILE", "--m2=DIR", "--jdk=N=HOME", "--no-peers",
                "--write-mutants=DIR", "Exit codes:", "0   every access matches its model", "1   a mismatch",
                "2   usage or input error")) {
            assertTrue(r.out().contains(s), s + " in " + r.out());
        }
        assertEquals(0, run("-h").exit());
        r = run("--frobnicate");
        assertEquals(2, r.exit());
        assertEquals("error: Unknown option: '--frobnicate'\n`modes --help` lists the options\n", r.err());
        r = run("--out");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("error: Missing required parameter for option '--out'"), r.err());
    }

    @Test
    void jdkTakesAFeatureNumberAndAHome() throws Exception {
        for (String bad : List.of("=/usr/lib/jvm/x", "x=/usr/lib/jvm/x", "17")) {
            Result r = run("--jdk", bad);
            assertEquals(2, r.exit(), bad);
            assertTrue(r.err().startsWith("error: ") && r.err().contains("--jdk"), bad + ": " + r.err());
        }
        Result r = check(design(MATCHING, SITES), classes("Flag"), "--jdk", "9=" + tmp.resolve("jdk9"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
    }

    /** A peer bound to JDK 99, whose home --jdk names: the home is the one read (it has no jrt-fs.jar here). */
    @Test
    void jdkNamesTheHomeAPeerOfThatJdkIsReadFrom() throws Exception {
        Path specs = design(MATCHING, SITES);
        peer(specs, "jdk:99", MATCHING);
        Path home = tmp.resolve("jdk99");
        Result r = check(specs, classes("Flag"), "--jdk", "99=" + home);
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: JDK 99 at " + home + " has no lib/jrt-fs.jar\n", r.err());
    }

    // ---- issue 47: the check on an outside project's class (Spsc), from its bytecode alone

    static final String SPSC_MODES = "LoadOwnTail |-> \"plain\", LoadHead |-> \"acquire\", WriteSlot |-> \"plain\","
            + " PublishTail |-> \"release\", LoadOwnHead |-> \"plain\", LoadTail |-> \"acquire\", ReadSlot |-> \"plain\","
            + " ClearSlot |-> \"plain\", ReleaseHead |-> \"release\", WaitTail |-> \"opaque\"";
    static final String SPSC_SITES = "\"Spsc.offer: TAIL#1\": \"LoadOwnTail\", \"Spsc.offer: HEAD\": \"LoadHead\","
            + " \"Spsc.offer: SLOT\": \"WriteSlot\", \"Spsc.offer: TAIL#2\": \"PublishTail\", \"Spsc.poll: HEAD#1\": \"LoadOwnHead\","
            + " \"Spsc.poll: TAIL\": \"LoadTail\", \"Spsc.poll: SLOT#1\": \"ReadSlot\", \"Spsc.poll: SLOT#2\": \"ClearSlot\","
            + " \"Spsc.poll: HEAD#2\": \"ReleaseHead\", \"Spsc.awaitPast: loTail\": \"WaitTail\"";
    static final String SIZE = ", \"Spsc.size: tail\": \"unmodelled: an estimate\", \"Spsc.size: head\": \"unmodelled: an estimate\"";
    /** The siblings a user's manifest would pin: plain PublishTail accepted on x86-TSO, rejected on weak hardware. */
    static final String SPSC_MODELS = "{\"name\": \"SpscPublishTailPlainTso\", \"constants\": {\"WeakStep\": \"PublishTail\","
            + " \"WeakMode\": \"plain\", \"Strength\": \"tso\"}, \"expect\": {\"result\": \"success\"}},"
            + " {\"name\": \"SpscPublishTailPlainWeak\", \"constants\": {\"WeakStep\": \"PublishTail\", \"WeakMode\": \"plain\","
            + " \"Strength\": \"weak\"}, \"expect\": {\"result\": \"safety\", \"property\": \"NoStaleSlot\"}},"
            + " {\"name\": \"SpscWaitTailPlain\", \"constants\": {\"WeakStep\": \"WaitTail\", \"WeakMode\": \"plain\","
            + " \"Strength\": \"weak\"}, \"expect\": {\"result\": \"success\"}}";

    Path spsc(String javaMode, String sites) throws IOException {
        return design("spsc", "SpscMemory", SPSC, javaMode, "\"sites\": {" + sites + "}", SPSC_MODELS);
    }

    Path spscManifest() {
        return tmp.resolve("specs/spsc/memory/manifest.json");
    }

    @Test
    void theRingMatchesItsModel() throws Exception {
        Result r = check(spsc(SPSC_MODES, SPSC_SITES + SIZE), classes("Spsc"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(row("WaitTail", "opaque", "opaque", "Spsc.java:66", "Spsc.awaitPast: loTail -> Spsc.loTail:"
                + " TAIL.getOpaque   (re-read by the wait loop of Spsc.awaitPast)", false)), r.out());
        assertTrue(r.out().endsWith("access modes: 10 accesses match their spec steps, 0 mismatched\n"), r.out());
    }

    /** Issue 45 item 4: a release store made opaque; plain is accepted on x86-TSO only, and the weak model that rejects it is named. */
    @Test
    void aWeakenedReleaseStoreFailsNamingTheWeakModelThatRejectsIt() throws Exception {
        Result r = check(spsc(SPSC_MODES, SPSC_SITES + SIZE), weakened("Spsc", "offer", "setRelease", "setOpaque"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        String problem = r.out().lines().filter(l -> l.startsWith("MISMATCH ")).findFirst().orElseThrow();
        assertEquals("MISMATCH Spsc.java:41 PublishTail: Spsc.offer: TAIL.setOpaque is opaque, but SpscMemory.tla declares"
                + " PublishTail release. TLC accepts plain for PublishTail on x86-TSO only (model SpscPublishTailPlainTso), which"
                + " says nothing of weak hardware: there model SpscPublishTailPlainWeak rejects plain (finds safety(NoStaleSlot)),"
                + " and none checks opaque; nor of the JIT: the tso strength is x86 running each thread's accesses in program order,"
                + " and C2 may reorder plain accesses on x86 too (jcstress BasicJMM_08 PlainInit, AdvancedJMM_12). opaque is not"
                + " shown safe: keep release, or add a sibling (constants WeakStep"
                + " \"PublishTail\", WeakMode \"opaque\", Strength \"weak\") to find out", problem);
        assertFalse(r.out().contains("safe in the model"), r.out());
    }

    /** Issue 47: a plain read of a shared field outside every bound step fails, naming it. */
    @Test
    void aPlainReadOutsideEveryBoundStepFails() throws Exception {
        Result r = check(spsc(SPSC_MODES, SPSC_SITES), classes("Spsc"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("\nMISMATCH Spsc.java:71 Spsc.size: tail load (plain) is in no bound step: bind it in java.sites"
                + " of " + spscManifest() + " (\"Spsc.size: tail\") to its spec step, or to \"unmodelled: <why it needs no"
                + " order>\"\n"), r.out());
        assertTrue(r.out().contains("\nMISMATCH Spsc.java:71 Spsc.size: head load (plain) is in no bound step"), r.out());
        assertTrue(r.out().endsWith("access modes: 10 accesses match their spec steps, 2 mismatched\n"), r.out());
    }

    /** Issue 47: a site in code that no public or protected method reaches binds nothing that runs. */
    @Test
    void aSiteNothingReachesFails() throws Exception {
        Result r = check(spsc(SPSC_MODES, SPSC_SITES + SIZE + ", \"Spsc.neverCalled: TAIL\": \"LoadTail\""), classes("Spsc"),
                "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("\nMISMATCH Spsc.neverCalled: TAIL: no code path reaches Spsc.neverCalled from a public or"
                + " protected method of [" + SPSC + "]: the site binds code that never runs (remove it, or bind the method that"
                + " runs)\n"), r.out());
    }

    /**
     * Issue 45 item 2: the wait's opaque load made plain fails for progress, naming the load, the
     * loop and its back edge, even once the model declares plain (which a model accepts: safety only).
     */
    @Test
    void aPlainSpinLoadFails() throws Exception {
        Path classes = weakened("Spsc", "loTail", "getOpaque", "get");
        Result r = check(spsc(SPSC_MODES, SPSC_SITES + SIZE), classes, "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        String progress = "MISMATCH Spsc.java:66 Spsc.loTail: TAIL.get (plain load) is re-read by the wait loop of Spsc.awaitPast"
                + " (Spsc.java:59-60, back edge at Spsc.java:60), through the call of loTail at Spsc.java:59, whose exits all depend on"
                + " shared memory, and decides its control flow: a plain read may be hoisted out of the loop (JLS 17.4), so the"
                + " wait may never see another thread's store. Make it at least opaque (progress; the memory models check safety"
                + " only)\n";
        assertTrue(r.out().contains(progress), r.out());
        assertTrue(r.out().contains("MISMATCH Spsc.java:66 WaitTail: Spsc.awaitPast: loTail -> Spsc.loTail: TAIL.get is plain, but"
                + " SpscMemory.tla declares WaitTail opaque. A plain load that the wait loop of Spsc.awaitPast (Spsc.java:59-60,"
                + " back edge at Spsc.java:60) re-reads may be hoisted out of it (JLS 17.4), so the wait may never end: keep it at least"
                + " opaque, whatever the models say (they check safety only). (TLC accepts plain for WaitTail on weak hardware"
                + " (model SpscWaitTailPlain): that is safety only.)\n"), r.out());
        assertFalse(r.out().contains("change JavaMode.WaitTail to plain"), r.out());

        r = check(spsc(SPSC_MODES.replace("WaitTail |-> \"opaque\"", "WaitTail |-> \"plain\""), SPSC_SITES + SIZE), classes,
                "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(progress), r.out());
        assertTrue(r.out().contains("MISMATCH Spsc.java:66 WaitTail: SpscMemory.tla declares WaitTail plain, but its load"
                + " Spsc.awaitPast: loTail -> Spsc.loTail: TAIL.get is re-read by the wait loop of Spsc.awaitPast"), r.out());
    }

    /** Outside this repository, advice names the runner's own commands, not this repository's make targets. */
    @Test
    void adviceOutsideThisRepositoryNamesNoMakeTarget() throws Exception {
        Result r = check(spsc(SPSC_MODES.replace("PublishTail |-> \"release\"", "PublishTail |-> \"volatile\""),
                SPSC_SITES + SIZE + ", \"Spsc.neverCalled: TAIL\": \"LoadTail\""), weakened("Spsc", "offer", "setRelease", "set"),
                "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("TLC rejects plain for PublishTail on weak hardware: model SpscPublishTailPlainWeak finds"
                + " safety(NoStaleSlot); see its counterexample (java -jar tlc-runner.jar check --specs " + tmp.resolve("specs")
                + " --model SpscPublishTailPlainWeak)"), r.out());
        assertFalse(r.out().contains("make "), r.out());
        assertFalse(r.out().contains("docs/"), r.out());
    }

    /** specs/peers/flag/: a "peer" binding of Flag's three sites, from {@code source}. */
    void peer(Path specs, String source, String javaMode) throws IOException {
        peer(specs, source, javaMode, "Peek");
    }

    /** The same, with peek's site bound to {@code peek} (a step, or "unmodelled: ..."). */
    void peer(Path specs, String source, String javaMode, String peek) throws IOException {
        Path dir = Files.createDirectories(specs.resolve("peers/flag"));
        Files.writeString(dir.resolve("FlagPeer.tla"), "---- MODULE FlagPeer ----\nJavaMode == [ " + javaMode + " ]\n====\n");
        Files.writeString(dir.resolve("manifest.json"), "{\"models\": [], \"peer\": {\"spec\": \"FlagPeer.tla\", \"source\": \""
                + source + "\", \"classes\": [\"" + FLAG + "\"], \"sites\": {\"Flag.publish: STATE.setRelease\": \"Publish\","
                + " \"Flag.poll: STATE.getAcquire\": \"Poll\", \"Flag.peek: STATE.getOpaque\": \"" + peek + "\"}}}");
    }

    /** A local Maven repository holding Flag as test.peer:flag:1. */
    Path m2() throws IOException {
        Path jar = Files.createDirectories(tmp.resolve("m2/test/peer/flag/1")).resolve("flag-1.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(FLAG.replace('.', '/') + ".class"));
            out.write(fixture("Flag"));
            out.closeEntry();
        }
        return tmp.resolve("m2");
    }

    @Test
    void aPeerThatMatchesItsModelIsCountedAndPrinted() throws Exception {
        Path specs = design(MATCHING, SITES);
        peer(specs, "maven:test.peer:flag:1", MATCHING);
        Path json = tmp.resolve("modes.json");
        Result r = check(specs, classes("Flag"), "--m2", m2().toString(), "--out", json.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("\n\n== FlagPeer.tla (peer maven:test.peer:flag:1, " + specs.resolve("peers/flag") + ")\n"), r.out());
        assertTrue(r.out().endsWith("\naccess modes: 3 accesses match their spec steps, 0 mismatched; peers: 3 sites of 1 bindings"
                + " match their models' modes, 0 mismatched\n"), r.out());
        assertEquals(Map.of("matched", 3, "mismatched", 0, "peerMatched", 3, "peerMismatched", 0, "problems", List.of()),
                new ObjectMapper().readValue(json.toFile(), Map.class));
    }

    @Test
    void aPeerMismatchAloneFailsTheRun() throws Exception {
        Path specs = design(MATCHING, SITES);
        peer(specs, "maven:test.peer:flag:1", "Publish |-> \"release\", Poll |-> \"volatile\", Peek |-> \"opaque\"");
        Path json = tmp.resolve("modes.json");
        Result r = check(specs, classes("Flag"), "--m2", m2().toString(), "--out", json.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("\nMISMATCH (peer) "), r.out());
        assertFalse(r.out().contains("\nMISMATCH Flag"), r.out());
        assertTrue(r.out().endsWith("\naccess modes: 3 accesses match their spec steps, 0 mismatched; peers: 2 sites of 1 bindings"
                + " match their models' modes, 1 mismatched\n"), r.out());
        @SuppressWarnings("unchecked")
        Map<String, Object> written = new ObjectMapper().readValue(json.toFile(), Map.class);
        assertEquals(1, written.get("peerMismatched"));
        assertEquals(2, written.get("peerMatched"));
        List<?> problems = (List<?>) written.get("problems");
        assertEquals(1, problems.size());
        assertTrue(((String) problems.get(0)).startsWith("(peer) "), problems.toString());
        assertTrue(r.out().contains("\nMISMATCH " + problems.get(0) + "\n"), r.out());

        r = check(specs, classes("Flag"), "--m2", m2().toString(), "--no-peers");
        assertEquals(0, r.exit(), "--no-peers reads no peer: " + r.out() + r.err());
        assertFalse(r.out().contains("(peer "), r.out());
    }

    @Test
    void anUnmodelledPeerSiteIsNotCounted() throws Exception {
        Path specs = design(MATCHING, SITES);
        peer(specs, "maven:test.peer:flag:1", "Publish |-> \"release\", Poll |-> \"acquire\"", "unmodelled: monitoring");
        Result r = check(specs, classes("Flag"), "--m2", m2().toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().endsWith("\naccess modes: 3 accesses match their spec steps, 0 mismatched; peers: 2 sites of 1 bindings"
                + " match their models' modes, 0 mismatched\n"), r.out());
    }

    @Test
    void writeMutantsWritesTheWeakeningsInsteadOfChecking() throws Exception {
        Path dir = tmp.resolve("mutants");
        Result r = check(design(MATCHING, SITES), classes("Flag"), "--write-mutants", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        List<String> index = Files.readAllLines(dir.resolve("mutants.tsv"));
        assertTrue(index.size() > 1, index.toString());
        assertEquals((index.size() - 1) + " mutants in " + dir + "\n", r.out());
    }

    /** A class two bindings share (the sharded buffers' ConsumerRole) gives each mutant once. */
    @Test
    void aClassTwoBindingsShareIsMutatedOnce() throws Exception {
        Path specs = design(MATCHING, SITES);
        Path one = tmp.resolve("mutants-one");
        assertEquals(0, check(specs, classes("Flag"), "--write-mutants", one.toString()).exit());
        List<String> single = Files.readAllLines(one.resolve("mutants.tsv"));
        Files.writeString(manifest(), "{\"models\": [], \"java\": [{\"spec\": \"FlagMemory.tla\", \"classes\": [\""
                + FLAG + "\"], " + SITES + "}, {\"spec\": \"FlagMemory.tla\", \"classes\": [\"" + FLAG + "\"], " + SITES + "}]}");
        Path two = tmp.resolve("mutants-two");
        Result r = check(specs, classes("Flag"), "--write-mutants", two.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals(single, Files.readAllLines(two.resolve("mutants.tsv")));
        assertEquals((single.size() - 1) + " mutants in " + two + "\n", r.out());
    }

    static IOException bindingError(Path specs) {
        return assertThrows(IOException.class, () -> AccessModes.bindings(specs));
    }

    @Test
    void aBindingMustNameItsClassesItsModuleAndStepsOfItsTable() throws Exception {
        String where = manifest() + ": java";
        Path specs = design(MATCHING, "");
        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": \"FlagMemory.tla\", \"classes\": []}}");
        assertEquals(where + ".classes: name the implementation classes", bindingError(specs).getMessage());

        design(MATCHING, SITES + ", \"user\": [\"Close\"]");
        assertEquals(where + ".user: Close is not a step of the JavaMode of FlagMemory.tla", bindingError(specs).getMessage());

        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": \"Gone.tla\", \"classes\": [\"" + FLAG + "\"]}}");
        assertEquals(where + ".spec: " + manifest().getParent().resolve("Gone.tla") + " does not exist", bindingError(specs).getMessage());

        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"classes\": [\"" + FLAG + "\"]}}");
        assertEquals(where + ".spec is required", bindingError(specs).getMessage());
        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": 3, \"classes\": [\"" + FLAG + "\"]}}");
        assertEquals(where + ".spec is required", bindingError(specs).getMessage());

        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": \"FlagMemory.tla\", \"classes\": [\"" + FLAG + "\"]}}");
        assertEquals(where + ".sites: name the access sites and their spec steps", bindingError(specs).getMessage());
        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": \"FlagMemory.tla\", \"classes\": [\"" + FLAG
                + "\"], \"methods\": {\"Flag.peek\": \"Peek\"}}}");
        assertEquals(where + ".methods: the check no longer reads trace hooks or whole methods: bind each step at its access in"
                + " java.sites (\"Class.method: NAME\": a call, or the field, VarHandle or array an access goes through)",
                bindingError(specs).getMessage());
        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": \"FlagMemory.tla\", \"classes\": [\"" + FLAG
                + "\"], \"sites\": {\"Flag.*: STATE\": \"Peek\"}}}");
        assertEquals(where + ".sites: 'Flag.*: STATE' binds an access in every method of a class: it can only be \"unmodelled:"
                + " <reason>\" (bind a spec step at its call site)", bindingError(specs).getMessage());
        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": \"FlagMemory.tla\", \"classes\": [\"" + FLAG
                + "\"], \"sites\": {\"Flag.peek: STATE\": [\"Peek\", \"unmodelled: no\"]}}}");
        assertEquals(where + ".sites: 'Flag.peek: STATE' mixes steps and \"unmodelled: ...\": an access is in steps, or in none",
                bindingError(specs).getMessage());

        Path module = manifest().getParent().resolve("FlagMemory.tla");
        Files.writeString(module, "---- MODULE FlagMemory ----\n\\* JavaMode == [ Poll |-> \"acquire\" ]\n====\n");
        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": \"FlagMemory.tla\", \"classes\": [\"" + FLAG + "\"]}}");
        assertEquals(where + ".spec: " + module + " has no JavaMode == [Step |-> \"mode\", ...] table", bindingError(specs).getMessage());

        Result r = check(specs, classes("Flag"), "--no-peers");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: " + where + ".spec: " + module + " has no JavaMode == [Step |-> \"mode\", ...] table\n", r.err());
    }

    /** unbound() over the fixture classes, bound as {@code bound} and with {@code sc} listed sequentially consistent. */
    static List<String> unbound(List<Path> classPath, List<String> bound, Map<String, String> sc) throws IOException {
        AccessModes.Binding b = new AccessModes.Binding(AccessModes.Kind.JAVA, Path.of("manifest.json"), List.of(), Map.of(), null,
                bound, Map.of(), java.util.Set.of(), List.of());
        return AccessModes.unbound(classPath, List.of(b), sc);
    }

    /** A nested class is a class of its own: its outer class's binding does not check its accesses, so it is not bound by it. */
    @Test
    void aClassIsBoundByItsOwnNameOnly() throws Exception {
        Path dir = classes("Flag", "Flag$Cell");
        assertEquals(List.of(), unbound(List.of(dir), List.of(FLAG, FLAG + "$Cell"), Map.of()));
        List<String> problems = unbound(List.of(dir), List.of(FLAG + "$Cell"), Map.of());
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith(FLAG + " makes 3 shared-memory accesses (first: Flag.java:"), problems.get(0));

        assertEquals(List.of(FLAG + "$Cell makes 1 shared-memory access (first: Flag.java:42 Flag$Cell.value: value load, volatile)"
                + " but no memory manifest binds it: add it to the java.classes of a manifest's binding, with a site for each"
                + " access, so that each is checked against the model (or, if every access is volatile, to its"
                + " java.sequentiallyConsistent with the SC spec that covers it)"), unbound(List.of(dir), List.of(FLAG), Map.of()));
    }

    @Test
    void aSequentiallyConsistentClassMustMakeOnlyVolatileAccesses() throws Exception {
        Path dir = classes("Loose", "Lazy");
        Map<String, String> sc = Map.of(FIXTURE + "Loose", "every access volatile", FIXTURE + "Lazy", "wrongly listed");
        assertEquals(List.of("Lazy.java:11 Lazy.clear: value.lazySet is release, but " + FIXTURE + "Lazy is listed as sequentially"
                + " consistent (java.sequentiallyConsistent: every access volatile): make it volatile, or bind the class to a"
                + " weak-memory model that shows the weaker mode is enough"), unbound(List.of(dir), List.of(), sc));
        List<String> problems = unbound(List.of(dir), List.of(), Map.of());
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith(FIXTURE + "Lazy makes 1 shared-memory access (first: "), problems.get(0));
        assertTrue(problems.get(1).startsWith(FIXTURE + "Loose makes 2 shared-memory accesses (first: Loose.java:9 Loose.x: x load,"
                + " volatile) but"), problems.get(1));
    }

    /** package-info and module-info are not classes of ours: here they hold Lazy's bytes, which a walk that read them would report. */
    @Test
    void packageAndModuleInfoAreNotWalked() throws Exception {
        Path dir = classes("Loose");
        Files.write(dir.resolve(FIXTURE.replace('.', '/') + "package-info.class"), fixture("Lazy"));
        Files.write(dir.resolve("module-info.class"), fixture("Lazy"));
        assertEquals(List.of(), unbound(List.of(dir), List.of(FIXTURE + "Loose"), Map.of()));
    }

    /** Only class folders are walked: a jar or a missing path on the class path is not, and a stale SC entry is found only by a walk. */
    @Test
    void onlyClassFoldersAreWalkedForUnboundClassesAndStaleEntries() throws Exception {
        Path dir = classes("Loose");
        Path jar = tmp.resolve("lazy.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(FIXTURE.replace('.', '/') + "Lazy.class"));
            out.write(fixture("Lazy"));
            out.closeEntry();
        }
        Map<String, String> stale = Map.of(FIXTURE + "Gone", "stale");
        assertEquals(List.of(), unbound(List.of(jar, tmp.resolve("missing")), List.of(), stale));
        List<Path> classPath = List.of(jar, tmp.resolve("missing"), dir);
        assertEquals(List.of(FIXTURE + "Gone is listed in a java.sequentiallyConsistent but is not among the classes of "
                + classPath + ": remove or rename the entry"), unbound(classPath, List.of(FIXTURE + "Loose"), stale));
    }
}
