package io.github.uncontended.tlc.jcstress;

import io.github.uncontended.tlc.util.Command;
import io.github.uncontended.tlc.util.SharedOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tlc-runner jcstress}: runs a selection of the jcstress tests in one jcstress invocation and
 * judges it ({@code make jcstress}, {@code make jcstress-broken}, {@code make jcstress-deep}).
 *
 * <p>One invocation for the whole selection, in verbose mode (every fork's result printed as it
 * ends): jcstress probes the JVM once per invocation (about 30 JVM starts: 15 s on a quiet 2-core
 * machine, 35 s on a loaded one), so one invocation instead of one per test saves that per test; the
 * forks of all selected tests run in one shuffled order, each in the configuration it would have had
 * alone. {@code --expect fail} stops as soon as every selected test has had one fork report a
 * forbidden outcome: a broken variant is caught by its first failing fork, in the configuration and
 * mode the passing tests run in, and the forks after it could only say the same; {@code caught.tsv}
 * records, for each, the fork that caught it.
 *
 * <p>The VM configurations are jcstress's, less its biased-locking axis ({@code WithoutBiasedLockingAxis}
 * in jcstress-tests: on JDK 17 that axis runs every fork twice and no code under test takes a
 * monitor), so 14 forks a test in mode quick where jcstress alone makes 28; the configurations
 * jcstress printed are checked for it. {@code --full} runs jcstress's own {@code Main}, with every
 * configuration, and every fork to the end. On JDK 24 and later jcstress's native affinity calls
 * need {@code --enable-native-access=ALL-UNNAMED}, in the forked VMs too: it is added. jcstress runs
 * on the JDK that runs this command.
 */
@CommandLine.Command(name = "jcstress", sortOptions = false, usageHelpWidth = 110, synopsisHeading = "Usage: ",
        descriptionHeading = "%n", optionListHeading = "%nOptions:%n", exitCodeListHeading = "%nExit codes:%n",
        description = {"Run a selection of jcstress tests in one jcstress invocation, bounded, and judge it.",
                "--expect pass: every selected test must run to the end and pass. --expect fail: every selected test runs"
                        + " against a deliberately broken variant and must be reported FAILED (the run stops once each is"
                        + " caught; DIR/caught.tsv names the fork that caught it).",
                "A run with no fork reporting for --stall seconds, or past its budget, is killed (jcstress and every VM it"
                        + " forked) and fails naming what it waited for; it is never reported passed or caught.",
                "Writes DIR/console.txt (jcstress's output), jcstress's HTML report and results file."},
        exitCodeList = {
                "0:as expected: every test passed (--expect pass), every broken variant caught (--expect fail)",
                "1:a test failed, erred or did not run; a broken variant was not caught; the run was stopped (a stall,"
                        + " the budget) or did not finish; the biased-locking axis was not dropped",
                "2:usage error, no jcstress jar, no test matches, or jcstress could not run (its FATAL): nothing was"
                        + " judged"})
public final class JcstressCommand extends Command {

    /** The mode's default budget per selected test and stall limit, in seconds: quick is what make test runs. */
    public record Limits(long perTest, long stall) {
        public static Limits of(String mode) {
            return switch (mode) {
                case "sanity" -> new Limits(120, 120);
                case "quick" -> new Limits(300, 240);   // a test: 50 s on a quiet 2-core Xeon, 100 s on a loaded EPYC
                case "default" -> new Limits(1200, 600);
                default -> new Limits(3600, 1200);
            };
        }
    }

    /** Seconds for jcstress's probing of the JVM, once per invocation, on top of the per-test budget. */
    static final long PROBING = 120;

    @Mixin
    SharedOptions.Help help;

    @Option(names = "--expect", paramLabel = "pass|fail", required = true,
            description = "pass: every selected test must pass; fail: each must be reported FAILED (broken variants)")
    String expect;

    @Option(names = "--tests", paramLabel = "REGEX", required = true,
            description = "the selection: tests whose class name the regex finds (as jcstress's -t)")
    String tests;

    @Mixin
    Jcstress jcstress;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/jcstress",
            description = "results folder (default: target/jcstress)")
    Path results;

    @Option(names = "--full", description = "jcstress's own Main: every VM configuration (the biased-locking axis too),"
            + " every fork to the end, also for --expect fail")
    boolean full;

    @Option(names = "--budget-per-test", paramLabel = "S", description = "seconds for the whole run per selected test,"
            + " plus " + PROBING + " s for jcstress's probing (default by mode: sanity 120, quick 300, default 1200, else 3600)")
    Long perTest;

    @Option(names = "--stall", paramLabel = "S", description = "stop the run when no fork has reported for S seconds"
            + " (default by mode: sanity 120, quick 240, default 600, else 1200)")
    Long stall;

    /** The options the jcstress subcommands share: the jar, the mode. */
    public static final class Jcstress {
        @Option(names = "--jar", paramLabel = "JAR", defaultValue = "jcstress-tests/target/jcstress.jar",
                description = "the jcstress tests' jar (default: jcstress-tests/target/jcstress.jar)")
        public Path jar;

        @Option(names = "--mode", paramLabel = "MODE", defaultValue = "quick",
                description = "jcstress's mode (-m): sanity, quick (default), default, tough, stress")
        public String mode;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        Verdict.Expect e = switch (expect) {
            case "pass" -> Verdict.Expect.PASS;
            case "fail" -> Verdict.Expect.FAIL;
            default -> throw usage("--expect takes pass or fail, not '" + expect + "'");
        };
        checkJar(jcstress.jar);
        Limits limits = Limits.of(jcstress.mode);
        long budgetPerTest = positive("--budget-per-test", perTest, limits.perTest());
        long stallLimit = positive("--stall", stall, limits.stall());
        List<String> selected = select(jcstress.jar, tests);
        if (selected.isEmpty()) {
            err.println("error: no jcstress test matches '" + tests + "' in " + jcstress.jar);
            return 2;
        }
        Files.createDirectories(results);
        Path dir = results.toAbsolutePath().normalize();
        Path console = dir.resolve("console.txt");
        clean(dir, console);
        long budget = budgetPerTest * selected.size() + PROBING;
        Verdict.Run run = new Verdict.Run(e, selected, jcstress.mode, tests, full, budget, stallLimit, console);
        out.println("jcstress (expect " + expect + ", mode " + jcstress.mode + ", " + selected.size() + " tests in one run,"
                + " at most " + budget + " s in all and " + stallLimit + " s without a fork reporting"
                + (run.early() ? ", until each is caught" : "") + "): "
                + selected.stream().map(Verdict::simple).collect(Collectors.joining(" ")));
        String main = full ? "org.openjdk.jcstress.Main" : "io.github.uncontended.jcstress.WithoutBiasedLockingAxis";
        List<String> command = javaCommand(jcstress.jar.toAbsolutePath().toString(), main, "-t", exactly(selected),
                "-m", jcstress.mode, "-c", "2", "-v", "-r", dir.toString());
        JcstressRun.Outcome o = JcstressRun.run(new JcstressRun.Launch(command, dir, console, budget, stallLimit,
                c -> Verdict.configsBad(c, full), failed -> run.early() && failed.containsAll(selected), 2000));
        Verdict v = Verdict.judge(run, o);
        if (!v.caught().isEmpty()) {
            Caught.write(dir.resolve(Caught.FILE), v.caught());
        }
        v.out().forEach(out::println);
        v.err().forEach(err::println);
        return v.exit();
    }

    /** A usage error when the jar is not there. */
    void checkJar(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw usage(jar + " is missing; build it with: mvn -pl jcstress-tests -am package -DskipTests");
        }
    }

    private long positive(String option, Long given, long otherwise) {
        if (given == null) {
            return otherwise;
        }
        if (given <= 0) {
            throw usage(option + " takes a number of seconds above 0, not " + given);
        }
        return given;
    }

    /** The selected tests, sorted: jcstress's own listing (its TestList in the jar, filtered as its -t does). */
    List<String> select(Path jar, String regex) throws IOException {
        try {
            return TestList.matching(List.of(jar), regex);
        } catch (PatternSyntaxException x) {
            throw usage("--tests is no regular expression: " + x.getDescription() + " in '" + regex + "'");
        }
    }

    /** The selection as one anchored alternation of the exact names. */
    static String exactly(List<String> tests) {
        return tests.stream().map(t -> t.replace(".", "\\.").replace("$", "\\$")).collect(Collectors.joining("|", "^(", ")$"));
    }

    /** Removes what an earlier run left that this one could be mistaken for: its console, catches and pages. */
    private static void clean(Path dir, Path console) throws IOException {
        Files.deleteIfExists(console);
        Files.deleteIfExists(dir.resolve(Caught.FILE));
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".html")).toList()) {
                Files.delete(f);
            }
        }
    }

    /**
     * The command line of a jcstress JVM on this JDK: {@code java -cp CLASSPATH MAIN ARGS}, with
     * {@code --enable-native-access=ALL-UNNAMED} for it and its forks on JDK 24 and later.
     */
    public static List<String> javaCommand(String classpath, String main, String... args) {
        boolean nativeAccess = Runtime.version().feature() >= 24;
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (nativeAccess) {
            c.add("--enable-native-access=ALL-UNNAMED");
        }
        c.addAll(List.of("-cp", classpath, main));
        c.addAll(List.of(args));
        if (nativeAccess) {
            c.addAll(List.of("-jvmArgsPrepend", "--enable-native-access=ALL-UNNAMED"));
        }
        return c;
    }
}
