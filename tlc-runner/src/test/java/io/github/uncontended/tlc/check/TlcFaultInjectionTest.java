package io.github.uncontended.tlc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault injection (issue 28, "no silent failure"): a stand-in for TLC ({@code tlc2.TLC}, compiled
 * here into a jar passed as {@code --tla-jar}) that reports a violation and then throws
 * before printing its counterexample, as TLC 2.18 did once in four runs while rebuilding a
 * liveness trace. The runner must never call that {@code ok}: once transient, it checks the model
 * again and says so; when it persists, the verdict is a crash naming the cause, exit 1.
 */
public class TlcFaultInjectionTest {

    /** The fixture model the stand-in answers for: Counter.tla, invariant XBelowTwo, 4 states. */
    private static final String MODEL = "Safety";

    private static final String STUB = """
            package tlc2;

            import java.nio.file.*;

            public class TLC {
                static void msg(int code, int severity, String body) {
                    System.out.println("@!@!@STARTMSG " + code + ":" + severity + " @!@!@");
                    System.out.println(body);
                    System.out.println("@!@!@ENDMSG " + code + " @!@!@");
                }

                public static void main(String[] args) throws Exception {
                    Path home = Paths.get(TLC.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getParent();
                    String mode = Files.readString(home.resolve("mode")).strip();
                    Path runs = home.resolve("runs");
                    int run = Files.exists(runs) ? Integer.parseInt(Files.readString(runs).strip()) + 1 : 1;
                    Files.writeString(runs, Integer.toString(run));
                    msg(2110, 1, "Invariant XBelowTwo is violated.");
                    msg(2121, 1, "The behavior up to this point is:");
                    if (mode.equals("truncated")) {   // the log cut short inside the trace, as a full disk or a lost pipe leaves it
                        System.out.println("@!@!@STARTMSG 2217:4 @!@!@");
                        System.out.println("1: <Initial predicate>");
                        System.out.flush();
                        System.exit(12);
                    }
                    if (mode.equals("killed")) {      // the process killed mid-trace (kill -9 exits 137)
                        System.out.flush();
                        Runtime.getRuntime().halt(137);
                    }
                    boolean broken = mode.equals("always") || (mode.equals("once") && run == 1);
                    if (broken) {
                        msg(1000, 1, "TLC threw an unexpected exception.\\njava.io.IOException: Read past end of file");
                        System.exit(255);
                    }
                    msg(2217, 4, "1: <Initial predicate>\\n/\\\\ x = 0");
                    msg(2217, 4, "2: <Inc line 9, col 5 to line 9, col 20 of module Counter>\\n/\\\\ x = 1");
                    msg(2217, 4, "3: <Inc line 9, col 5 to line 9, col 20 of module Counter>\\n/\\\\ x = 2");
                    msg(2199, 0, "4 states generated, 4 distinct states found, 0 states left on queue.");
                    System.exit(12);
                }
            }
            """;

    private static Path stub(Path dir, String mode) throws Exception {
        Path src = dir.resolve("src/tlc2/TLC.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, STUB);
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), src.toString()), "the stand-in compiles");
        Path jar = dir.resolve("tlc.jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            j.putNextEntry(new JarEntry("tlc2/TLC.class"));
            j.write(Files.readAllBytes(classes.resolve("tlc2/TLC.class")));
            j.closeEntry();
        }
        Files.writeString(dir.resolve("mode"), mode);
        return jar;
    }

    private static JsonNode run(Path dir, String mode, int expectedExit) throws Exception {
        Path tlc = stub(dir, mode);
        Path out = dir.resolve("out");
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = ModelCheck.run(new String[] {"--specs", FixtureSpecs.copy(dir).toString(), "--out", out.toString(),
                "--model", MODEL, "--tla-jar", tlc.toString()}, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        String printed = o.toString(StandardCharsets.UTF_8) + e.toString(StandardCharsets.UTF_8);
        assertEquals(expectedExit, exit, printed);
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        return report.get("models").get(0);
    }

    @Test
    void aTransientCrashIsCheckedOnceMoreAndSaysSo(@TempDir Path dir) throws Exception {
        JsonNode m = run(dir, "once", 0);
        assertEquals("ok", m.get("verdict").asText(), m.toString());
        String note = m.get("engine").path("note").asText();
        assertTrue(note.startsWith("retried once: the first run crashed (TLC reported safety of XBelowTwo but printed no"
                + " counterexample; then it threw: TLC threw an unexpected exception."), note);
        assertTrue(Files.isRegularFile(dir.resolve("out/logs/" + MODEL + ".first.log")), "the first run's log is kept");
        assertTrue(Files.isRegularFile(dir.resolve("out/counterexamples/" + MODEL + ".txt")), "the second run's counterexample");
        assertEquals("2", Files.readString(dir.resolve("runs")).strip());
    }

    @Test
    void aCrashThatPersistsIsAnErrorVerdictNeverOk(@TempDir Path dir) throws Exception {
        JsonNode m = run(dir, "always", 1);
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertEquals("crash", m.get("got").get("result").asText());
        assertTrue(m.get("reason").asText().contains("printed no counterexample"), m.toString());
        assertTrue(m.get("reason").asText().contains("Read past end of file"), m.toString());
        assertTrue(m.get("counterexample").isNull(), m.toString());
        assertEquals("2", Files.readString(dir.resolve("runs")).strip(), "retried once, not more");
    }

    /** A log that ends inside the counterexample is a crash, never the pinned violation. */
    @Test
    void aTruncatedLogIsAnErrorVerdictNeverOk(@TempDir Path dir) throws Exception {
        JsonNode m = run(dir, "truncated", 1);
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertEquals("crash", m.get("got").get("result").asText(), m.toString());
        assertTrue(m.get("counterexample").isNull(), m.toString());
    }

    /** TLC killed while it printed the counterexample: a crash, never the pinned violation. */
    @Test
    void aKilledTlcIsAnErrorVerdictNeverOk(@TempDir Path dir) throws Exception {
        JsonNode m = run(dir, "killed", 1);
        assertEquals("mismatch", m.get("verdict").asText(), m.toString());
        assertEquals("crash", m.get("got").get("result").asText(), m.toString());
        assertTrue(m.get("counterexample").isNull(), m.toString());
    }

    @Test
    void theStandInIsHeldToTheManifestToo(@TempDir Path dir) throws Exception {
        JsonNode m = run(dir, "never", 0);
        assertEquals("ok", m.get("verdict").asText(), m.toString());
        assertTrue(m.get("engine").path("note").isMissingNode() || m.get("engine").path("note").isNull(), m.toString());
        assertEquals(List.of("1"), List.of(Files.readString(dir.resolve("runs")).strip()));
    }

    /** An output path that cannot be written is a usage error found before any model runs (exit 2). */
    @Test
    void anUnwritableJunitPathStopsBeforeAnyModelRuns(@TempDir Path dir) throws Exception {
        Path tlc = stub(dir, "never");
        Path file = dir.resolve("a-file");
        Files.writeString(file, "");
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit = ModelCheck.run(new String[] {"--specs", FixtureSpecs.copy(dir).toString(), "--out",
                dir.resolve("out").toString(), "--model", MODEL, "--tla-jar", tlc.toString(), "--junit",
                file.resolve("junit.xml").toString()}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        assertEquals(2, exit);
        assertTrue(e.toString(StandardCharsets.UTF_8).startsWith("error: cannot write " + file.resolve("junit.xml")),
                e.toString(StandardCharsets.UTF_8));
        assertTrue(!Files.exists(dir.resolve("runs")), "no model ran");
    }
}
