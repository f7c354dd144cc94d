package io.github.uncontended.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;

/**
 * The goals without Maven and without the runner: what each passes to the runner, and how an exit
 * code and the lines printed before it become the build's verdict and its log. The real runs, on
 * a user's project, are the invoker's (src/it).
 */
class RunnerMojoTest {

    /** A goal whose run prints {@code out} and {@code err} lines and returns {@code exit}. */
    static final class Scripted extends RunnerMojo {
        final int exit;
        final List<String> out;
        final List<String> err;
        boolean ran;
        boolean skipScripted;

        Scripted(int exit, List<String> out, List<String> err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }

        @Override
        String goal() {
            return "scripted";
        }

        @Override
        boolean skipGoal() {
            return skipScripted;
        }

        @Override
        boolean summaryLine(String line) {
            return line.startsWith("total: ");
        }

        @Override
        int run(PrintStream o, PrintStream e) {
            ran = true;
            out.forEach(o::println);
            err.forEach(e::println);
            return exit;
        }
    }

    /** What the goal logged, one "LEVEL line" each. */
    static final class Recording extends SystemStreamLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void info(CharSequence s) {
            lines.add("INFO " + s);
        }

        @Override
        public void warn(CharSequence s) {
            lines.add("WARN " + s);
        }

        @Override
        public void error(CharSequence s) {
            lines.add("ERROR " + s);
        }
    }

    static Recording log(RunnerMojo mojo) {
        Recording log = new Recording();
        mojo.setLog(log);
        return log;
    }

    @Test
    void exitZeroPassesAndLogsEveryLine() throws Exception {
        Scripted mojo = new Scripted(0, List.of("table", "total: 3 ok"), List.of("[1/3] A ok", "warning: look"));
        Recording log = log(mojo);
        mojo.execute();
        assertEquals(List.of("INFO table", "INFO total: 3 ok", "INFO [1/3] A ok", "WARN warning: look"), log.lines);
    }

    @Test
    void exitOneIsAFailureNamingWhatFailedThenTheSummary() {
        Scripted mojo = new Scripted(1, List.of("row", "MISMATCH A: wrong", "ERROR m.json: bad", "total: 1 mismatched"),
                List.of("[1/2] A MISMATCH", "error: also this"));
        Recording log = log(mojo);
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertEquals("uncontended:scripted failed (exit 1):\nMISMATCH A: wrong\nERROR m.json: bad\nerror: also this\n"
                + "total: 1 mismatched", e.getMessage());
        assertTrue(log.lines.contains("ERROR error: also this"), log.lines.toString());
        assertTrue(log.lines.contains("INFO [1/2] A MISMATCH"), log.lines.toString());
    }

    @Test
    void exitTwoIsAnExecutionErrorCarryingTheRunnersError() {
        Scripted mojo = new Scripted(2, List.of(), List.of("error: --classes is required"));
        log(mojo);
        MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::execute);
        assertEquals("uncontended:scripted checked nothing (exit 2):\nerror: --classes is required", e.getMessage());

        Scripted silent = new Scripted(3, List.of("nothing named"), List.of());
        log(silent);
        e = assertThrows(MojoExecutionException.class, silent::execute);
        assertEquals("uncontended:scripted checked nothing (exit 3) (the runner's output is above)", e.getMessage());
    }

    @Test
    void eitherSkipFlagSkipsTheRun() throws Exception {
        Scripted all = new Scripted(1, List.of(), List.of());
        all.skip = true;
        assertEquals(List.of("INFO uncontended:scripted skipped"), run(all));
        Scripted one = new Scripted(1, List.of(), List.of());
        one.skipScripted = true;
        assertEquals(List.of("INFO uncontended:scripted skipped"), run(one));
        assertTrue(!all.ran && !one.ran);
    }

    static List<String> run(RunnerMojo mojo) throws Exception {
        Recording log = log(mojo);
        mojo.execute();
        return log.lines;
    }

    @Test
    void checkPassesItsConfigurationAsTheRunnersOptionsWithAbsolutePaths() {
        CheckMojo check = new CheckMojo();
        check.specsDirectory = new File("specs");
        check.outputDirectory = new File("/p/target/uncontended/model-check");
        check.size = "ci";
        check.junitReport = new File("/p/target/uncontended/model-check.xml");
        check.summaryReport = new File("/p/target/uncontended/model-check.md");
        assertEquals(List.of("--specs", new File("specs").getAbsolutePath(), "--out", "/p/target/uncontended/model-check",
                "--size", "ci", "--junit", "/p/target/uncontended/model-check.xml", "--summary",
                "/p/target/uncontended/model-check.md"), check.arguments());
        check.models = List.of("A", "B");
        check.junitReport = null;
        assertEquals(List.of("--specs", new File("specs").getAbsolutePath(), "--out", "/p/target/uncontended/model-check",
                "--size", "ci", "--model", "A,B", "--summary", "/p/target/uncontended/model-check.md"), check.arguments());
        assertTrue(check.summaryLine("15 models: 15 as expected, 0 mismatched"));
        assertTrue(check.summaryLine("1 model: 0 as expected, 1 mismatched"));
    }

    @Test
    void modesPassesTheClassesAndTheLocalRepository() {
        ModesMojo modes = new ModesMojo();
        modes.specsDirectory = new File("/p/specs");
        modes.classesDirectory = new File("/p/target/classes");
        modes.report = new File("/p/target/uncontended/access-modes.json");
        modes.localRepository = new File("/home/u/.m2/repository");
        assertEquals(List.of("--specs", "/p/specs", "--classes", "/p/target/classes", "--out",
                "/p/target/uncontended/access-modes.json", "--m2", "/home/u/.m2/repository"), modes.arguments());
        assertTrue(modes.summaryLine("access modes: 9 accesses match their spec steps, 0 mismatched"));
    }

    /** The example names the plugin's version, which a release must keep in step (the invoker overrides it). */
    @Test
    void theExampleUsesThisVersionOfThePlugin() throws Exception {
        String pom = Files.readString(Path.of("../examples/spsc-ring/pom.xml"));
        Matcher m = Pattern.compile("<uncontended.version>(.*)</uncontended.version>").matcher(pom);
        assertTrue(m.find(), "examples/spsc-ring/pom.xml sets uncontended.version");
        assertEquals(System.getProperty("project.version"), m.group(1), "examples/spsc-ring/pom.xml's uncontended.version");
    }
}
