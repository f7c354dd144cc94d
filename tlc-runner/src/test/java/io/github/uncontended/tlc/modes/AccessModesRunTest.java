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
import org.junit.jupiter.api.io.TempDir;

/**
 * The access-mode check's verdicts and exit codes on a made-up design, without the real
 * implementations, TLC or a JDK's modules: the fixture classes of {@code modes.fixture} (Flag:
 * a release store in step Publish, an acquire load in step Poll, an opaque load in the untraced
 * method peek; Loose: two volatile accesses; Lazy: one release store) against a JavaMode table
 * written by each test. Exit 0 when every access matches, 1 for any mismatch (ours, a peer's, an
 * unbound class), 2 for a usage or binding error, each with the message that names it.
 */
class AccessModesRunTest {

    static final String FIXTURE = "io.github.uncontended.tlc.modes.fixture.";
    static final String FLAG = FIXTURE + "Flag";
    static final String MATCHING = "Publish |-> \"release\", Poll |-> \"acquire\", Peek |-> \"opaque\"";
    static final String PEEK = "\"methods\": {\"Flag.peek\": \"Peek\"}";

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

    /** A class folder holding the named fixture classes ("Flag", "Flag$Cell", "Loose", "Lazy"). */
    Path classes(String... simpleNames) throws IOException {
        Path dir = tmp.resolve("classes");
        Path pkg = Files.createDirectories(dir.resolve(FIXTURE.replace('.', '/')));
        for (String n : simpleNames) {
            Files.write(pkg.resolve(n + ".class"), fixture(n));
        }
        return dir;
    }

    /** specs/flag/memory/: FlagMemory.tla with the given JavaMode entries, and a manifest binding Flag with {@code java}'s extra fields. */
    Path design(String javaMode, String java) throws IOException {
        Path specs = tmp.resolve("specs");
        Path memory = Files.createDirectories(specs.resolve("flag/memory"));
        Files.writeString(memory.resolve("FlagMemory.tla"), "---- MODULE FlagMemory ----\nJavaMode == [ " + javaMode + " ]\n====\n");
        Files.writeString(memory.resolve("manifest.json"), "{\"models\": [], \"java\": {\"spec\": \"FlagMemory.tla\", \"classes\": [\""
                + FLAG + "\"]" + (java.isEmpty() ? "" : ", " + java) + "}}");
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
        return String.format(Locale.ROOT, "%-18s %-10s %-10s %-26s %s%s%n", step, spec, mode, where, access,
                mismatch ? "   MISMATCH" : "");
    }

    @Test
    void aMatchingDesignExitsZeroPrintingItsTableAndCounts() throws Exception {
        Path specs = design(MATCHING, PEEK + ", \"sequentiallyConsistent\": {\"" + FIXTURE + "Loose\": \"every access volatile\"}");
        Path json = tmp.resolve("out/modes.json");
        Result r = check(specs, classes("Flag", "Flag$Cell", "Loose"), "--no-peers", "--out", json.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("== " + specs.resolve("flag/memory/FlagMemory.tla") + " (Flag)\n"
                + String.format(Locale.ROOT, "%-18s %-10s %-10s %-26s %s%n", "step", "spec", "java", "where", "access")
                + row("Publish", "release", "release", "Flag.java:28", "Flag.publish: STATE.setRelease", false)), r.out());
        assertTrue(r.out().contains(row("Poll", "acquire", "acquire", "Flag.java:34", "Flag.poll: STATE.getAcquire", false)), r.out());
        assertTrue(r.out().contains(row("Peek", "opaque", "opaque", "Flag.java:40", "Flag.peek: STATE.getOpaque", false)), r.out());
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
            Result r = check(design(MATCHING, PEEK), classes("Flag"), "--no-peers", "--out", json.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertEquals(3, new ObjectMapper().readTree(json.toFile()).get("matched").asInt());
        } finally {
            Files.deleteIfExists(json);
        }
    }

    @Test
    void aWeakerAccessThanDeclaredIsAMismatchAndExitsOne() throws Exception {
        Path specs = design("Publish |-> \"release\", Poll |-> \"volatile\", Peek |-> \"opaque\"", PEEK);
        Path json = tmp.resolve("modes.json");
        Result r = check(specs, classes("Flag"), "--no-peers", "--out", json.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        String problem = "Flag.java:34 Poll: Flag.poll: STATE.getAcquire is acquire, but FlagMemory.tla declares Poll volatile."
                + " No model of " + manifest() + " checks Poll with acquire: add a sibling (constants WeakStep \"Poll\","
                + " WeakMode \"acquire\") to find out";
        assertTrue(r.out().contains(row("Poll", "volatile", "acquire", "Flag.java:34", "Flag.poll: STATE.getAcquire", true)), r.out());
        assertTrue(r.out().endsWith("\nMISMATCH " + problem + "\naccess modes: 2 accesses match their spec steps, 1 mismatched\n"),
                r.out());
        assertEquals(Map.of("matched", 2, "mismatched", 1, "peerMatched", 0, "peerMismatched", 0, "problems", List.of(problem)),
                new ObjectMapper().readValue(json.toFile(), Map.class));
    }

    @Test
    void anAccessInNoStepAndAStepWithNoAccessAreMismatches() throws Exception {
        Result r = check(design(MATCHING, ""), classes("Flag"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(row("?", "-", "opaque", "Flag.java:40", "Flag.peek: STATE.getOpaque", true)), r.out());
        assertTrue(r.out().contains(row("Peek", "opaque", "-", "-", "(none)", true)), r.out());
        assertTrue(r.out().contains("\nMISMATCH Flag.java:40 Flag.peek: STATE.getOpaque (opaque load) is in no traced step and no"
                + " bound method: trace it as the spec step it is, or bind its method in " + manifest() + " (java.methods)\n"
                + "MISMATCH FlagMemory.tla declares step Peek (opaque), but no access of [" + FLAG + "] implements it\n"
                + "access modes: 2 accesses match their spec steps, 2 mismatched\n"), r.out());
    }

    @Test
    void anUnmodelledMethodIsListedButNotCounted() throws Exception {
        Result r = check(design("Publish |-> \"release\", Poll |-> \"acquire\"", "\"methods\": {\"Flag.peek\": \"unmodelled: monitoring\"}"),
                classes("Flag"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(row("(unmodelled)", "-", "opaque", "Flag.java:40", "Flag.peek: STATE.getOpaque", false)), r.out());
        assertTrue(r.out().endsWith("access modes: 2 accesses match their spec steps, 0 mismatched\n"), r.out());
    }

    @Test
    void aTraceActionMapsToEachOfItsStepsAndEachMustBeInTheTable() throws Exception {
        String traces = PEEK + ", \"traces\": {\"Poll\": [\"PollSlot\", \"PollSeq\"]}";
        Result r = check(design("Publish |-> \"release\", PollSlot |-> \"acquire\", PollSeq |-> \"acquire\", Peek |-> \"opaque\"",
                traces), classes("Flag"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(row("PollSeq", "acquire", "acquire", "Flag.java:34", "Flag.poll: STATE.getAcquire", false)), r.out());
        assertTrue(r.out().endsWith("access modes: 4 accesses match their spec steps, 0 mismatched\n"), r.out());

        r = check(design("Publish |-> \"release\", PollSlot |-> \"acquire\", Peek |-> \"opaque\"", traces), classes("Flag"),
                "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("\nMISMATCH Flag.java:34 Flag.poll: STATE.getAcquire: step PollSeq is not in FlagMemory.tla's"
                + " JavaMode table (map the trace action in java.traces)\naccess modes: 3 accesses match their spec steps,"
                + " 1 mismatched\n"), r.out());
    }

    @Test
    void aStepOfUserCodeNeedsNoAccess() throws Exception {
        String modes = MATCHING + ", Close |-> \"volatile\"";
        Result r = check(design(modes, PEEK + ", \"user\": [\"Close\"]"), classes("Flag"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
        r = check(design(modes, PEEK), classes("Flag"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("MISMATCH FlagMemory.tla declares step Close (volatile), but no access of [" + FLAG
                + "] implements it\n"), r.out());
    }

    @Test
    void aBoundMethodThatDoesNotExistIsAnError() throws Exception {
        Result r = check(design(MATCHING, "\"methods\": {\"Flag.gone\": \"Peek\"}"), classes("Flag"), "--no-peers");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: " + manifest() + ": java.methods: no method Flag.gone in [" + FLAG + "]\n", r.err());
    }

    @Test
    void aClassWithAnAccessThatNoManifestBindsFailsTheRun() throws Exception {
        Result r = check(design(MATCHING, PEEK), classes("Flag", "Lazy"), "--no-peers");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("\nMISMATCH " + FIXTURE + "Lazy makes 1 shared-memory access (first: Lazy.java:11 Lazy.clear:"
                + " value.lazySet, release) but no memory manifest binds it: add it to the java.classes of the design's"
                + " specs/<design>/memory/manifest.json, so that each access is checked against the model (or, if every"
                + " access is volatile, to its java.sequentiallyConsistent with the SC spec that covers it)\n"
                + "access modes: 3 accesses match their spec steps, 1 mismatched\n"), r.out());
    }

    @Test
    void anEmptyEntryOfTheClassPathIsIgnored() throws Exception {
        Path classes = classes("Flag");
        Result r = check(design(MATCHING, PEEK), Path.of(java.io.File.pathSeparator + classes + java.io.File.pathSeparator),
                "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
    }

    @Test
    void aClassThatIsNotOnTheClassPathIsAnError() throws Exception {
        Path missing = tmp.resolve("no-classes");
        Result r = check(design(MATCHING, PEEK), missing, "--no-peers");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: class " + FLAG + " is not on [" + missing + "] (build it: make build)\n", r.err());
    }

    @Test
    void noBindingIsAnError() throws Exception {
        Path specs = Files.createDirectories(tmp.resolve("specs/empty/memory"));
        Files.writeString(specs.resolve("manifest.json"), "{\"models\": []}");
        Result r = check(tmp.resolve("specs"), classes("Flag"), "--no-peers");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: no specs/*/memory/manifest.json with a \"java\" binding under " + tmp.resolve("specs") + "\n", r.err());
    }

    @Test
    void helpPrintsTheUsageAndUnknownOptionsAreUsageErrors() {
        Result r = run("--help");
        assertEquals(0, r.exit());
        assertEquals(AccessModes.USAGE + "\n", r.out());
        assertEquals(0, run("-h").exit());
        r = run("--frobnicate");
        assertEquals(2, r.exit());
        assertEquals("error: unknown option '--frobnicate'\n" + AccessModes.USAGE + "\n", r.err());
    }

    @Test
    void jdkTakesAFeatureNumberAndAHome() throws Exception {
        for (String bad : List.of("=/usr/lib/jvm/x", "x=/usr/lib/jvm/x", "17")) {
            Result r = run("--jdk", bad);
            assertEquals(2, r.exit(), bad);
            assertTrue(r.err().startsWith("error: --jdk takes N=HOME, e.g. --jdk 25=/usr/lib/jvm/temurin-25-jdk-amd64\n"
                    + AccessModes.USAGE), bad + ": " + r.err());
        }
        Result r = check(design(MATCHING, PEEK), classes("Flag"), "--jdk", "9=" + tmp.resolve("jdk9"), "--no-peers");
        assertEquals(0, r.exit(), r.out() + r.err());
    }

    /** A peer bound to JDK 99, whose home --jdk names: the home is the one read (it has no jrt-fs.jar here). */
    @Test
    void jdkNamesTheHomeAPeerOfThatJdkIsReadFrom() throws Exception {
        Path specs = design(MATCHING, PEEK);
        peer(specs, "jdk:99", MATCHING);
        Path home = tmp.resolve("jdk99");
        Result r = check(specs, classes("Flag"), "--jdk", "99=" + home);
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("error: JDK 99 at " + home + " has no lib/jrt-fs.jar\n", r.err());
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
        Path specs = design(MATCHING, PEEK);
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
        Path specs = design(MATCHING, PEEK);
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
        Path specs = design(MATCHING, PEEK);
        peer(specs, "maven:test.peer:flag:1", "Publish |-> \"release\", Poll |-> \"acquire\"", "unmodelled: monitoring");
        Result r = check(specs, classes("Flag"), "--m2", m2().toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().endsWith("\naccess modes: 3 accesses match their spec steps, 0 mismatched; peers: 2 sites of 1 bindings"
                + " match their models' modes, 0 mismatched\n"), r.out());
    }

    @Test
    void writeMutantsWritesTheWeakeningsInsteadOfChecking() throws Exception {
        Path dir = tmp.resolve("mutants");
        Result r = check(design(MATCHING, PEEK), classes("Flag"), "--write-mutants", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        List<String> index = Files.readAllLines(dir.resolve("mutants.tsv"));
        assertTrue(index.size() > 1, index.toString());
        assertEquals((index.size() - 1) + " mutants in " + dir + "\n", r.out());
    }

    /** A class two bindings share (the sharded buffers' ConsumerRole) gives each mutant once. */
    @Test
    void aClassTwoBindingsShareIsMutatedOnce() throws Exception {
        Path specs = design(MATCHING, PEEK);
        Path one = tmp.resolve("mutants-one");
        assertEquals(0, check(specs, classes("Flag"), "--write-mutants", one.toString()).exit());
        List<String> single = Files.readAllLines(one.resolve("mutants.tsv"));
        Files.writeString(manifest(), "{\"models\": [], \"java\": [{\"spec\": \"FlagMemory.tla\", \"classes\": [\""
                + FLAG + "\"], " + PEEK + "}, {\"spec\": \"FlagMemory.tla\", \"classes\": [\"" + FLAG + "\"], " + PEEK + "}]}");
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

        design(MATCHING, PEEK + ", \"user\": [\"Close\"]");
        assertEquals(where + ".user: Close is not a step of the JavaMode of FlagMemory.tla", bindingError(specs).getMessage());

        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": \"Gone.tla\", \"classes\": [\"" + FLAG + "\"]}}");
        assertEquals(where + ".spec: " + manifest().getParent().resolve("Gone.tla") + " does not exist", bindingError(specs).getMessage());

        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"classes\": [\"" + FLAG + "\"]}}");
        assertEquals(where + ".spec is required", bindingError(specs).getMessage());
        Files.writeString(manifest(), "{\"models\": [], \"java\": {\"spec\": 3, \"classes\": [\"" + FLAG + "\"]}}");
        assertEquals(where + ".spec is required", bindingError(specs).getMessage());

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
        AccessModes.Binding b = new AccessModes.Binding(Path.of("manifest.json"), List.of(), Map.of(), bound, Map.of(), Map.of(),
                java.util.Set.of(), List.of());
        return AccessModes.unbound(classPath, List.of(b), sc);
    }

    @Test
    void aClassIsBoundByItsNameOrItsOuterClassName() throws Exception {
        Path dir = classes("Flag", "Flag$Cell");
        assertEquals(List.of(), unbound(List.of(dir), List.of(FLAG), Map.of()));
        List<String> problems = unbound(List.of(dir), List.of(FLAG + "$Cell"), Map.of());
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith(FLAG + " makes 3 shared-memory accesses (first: Flag.java:"), problems.get(0));

        Files.delete(dir.resolve(FLAG.replace('.', '/') + ".class"));
        assertEquals(List.of(), unbound(List.of(dir), List.of(FLAG + "$Cell"), Map.of()));
        problems = unbound(List.of(dir), List.of(), Map.of());
        assertEquals(List.of(FLAG + "$Cell makes 1 shared-memory access (first: Flag.java:48 Flag$Cell.value: value load, volatile)"
                + " but no memory manifest binds it: add it to the java.classes of the design's specs/<design>/memory/manifest.json,"
                + " so that each access is checked against the model (or, if every access is volatile, to its"
                + " java.sequentiallyConsistent with the SC spec that covers it)"), problems);
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
