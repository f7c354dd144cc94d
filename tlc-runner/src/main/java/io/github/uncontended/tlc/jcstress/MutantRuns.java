package io.github.uncontended.tlc.jcstress;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Each design's jcstress suite against each access-mode mutant ({@code make jcstress-mutants}): a
 * measurement of what this machine can show, not a gate. A mutant (one access weakened by one step,
 * one rewritten class file, as {@code tlc-runner mutants} writes them with their {@code mutants.tsv})
 * goes first on the class path of jcstress and of every VM it forks, so the design's real tests run
 * the weakened code. It is {@code caught} when jcstress reports a test of its design FAILED, else
 * {@code missed}; jcstress on x86 can only see what the hardware (x86-TSO) and the JIT make of it.
 *
 * <p>Writes {@code OUT/mutants.tsv} (mutant, design, steps, verdict, failed tests, seconds) and
 * {@code OUT/<mutant>/} (jcstress's console and report). Each run is bounded as a selection's is
 * ({@link JcstressRun}: a budget, and a stall limit); one that is stopped, or that cannot run or
 * finish, stops the measurement, naming the mutant: its row would be a guess.
 */
public final class MutantRuns {

    /** How to run each mutant: jcstress's jar, mode and extra VM arguments ({@code -jvmArgs}, none when empty). */
    public record Settings(Path jar, String mode, String jvmArgs, long budgetSeconds, long stallSeconds) {}

    private MutantRuns() {}

    /** Runs every mutant of {@code mutants/mutants.tsv} whose name {@code only} finds; the exit code (0 when each ran). */
    public static int run(Path mutants, Pattern only, Settings s, Path results, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        List<String> index = Files.readAllLines(mutants.resolve("mutants.tsv"));
        Path table = results.resolve("mutants.tsv");
        Files.writeString(table, "mutant\tdesign\tsteps\tverdict\tfailed tests\tseconds\n");
        int caught = 0;
        int missed = 0;
        for (String line : index.subList(1, index.size())) {
            String[] f = line.split("\t", -1);
            if (f.length < 3) {
                err.println("jcstress-mutants: " + mutants.resolve("mutants.tsv") + ": a line with fewer than 3 fields: " + line);
                return 1;
            }
            String name = f[0];
            String design = f[1];
            if (!only.matcher(name).find()) {
                continue;
            }
            Path dir = results.resolve(name).toAbsolutePath().normalize();
            Path console = dir.resolve("console.txt");
            List<String> args = new ArrayList<>(List.of("-t", "^io\\.github\\.uncontended\\." + design + "\\.[A-Za-z]+Test$",
                    "-m", s.mode(), "-c", "2", "-v", "-r", dir.toString()));
            if (!s.jvmArgs().isBlank()) {
                args.addAll(List.of("-jvmArgs", s.jvmArgs()));
            }
            List<String> command = JcstressCommand.javaCommand(mutants.resolve(name).toAbsolutePath() + File.pathSeparator
                    + s.jar().toAbsolutePath(), "org.openjdk.jcstress.Main", args.toArray(String[]::new));
            JcstressRun.Outcome o = JcstressRun.run(new JcstressRun.Launch(command, dir, console, s.budgetSeconds(),
                    s.stallSeconds(), c -> false, failed -> false, 2000));
            String problem = problem(o, s);
            if (problem != null) {
                err.println("jcstress-mutants: " + name + ": " + problem + " (full output: " + console + ")");
                return 1;
            }
            List<String> failed = o.console().results().entrySet().stream().filter(e -> e.getValue().equals("FAILED"))
                    .map(Map.Entry::getKey).map(Verdict::simple).sorted().toList();
            String verdict = failed.isEmpty() ? "missed" : "caught";
            if (failed.isEmpty()) {
                missed++;
            } else {
                caught++;
            }
            String row = name + "\t" + design + "\t" + f[2] + "\t" + verdict + "\t" + (failed.isEmpty() ? "-" : String.join(",", failed))
                    + "\t" + o.seconds();
            out.println(row);
            Files.writeString(table, row + "\n", StandardOpenOption.APPEND);
        }
        out.println("jcstress-mutants: " + caught + " caught, " + missed + " missed; table: " + table);
        return 0;
    }

    /** Why a mutant's run says nothing: stopped, could not run, did not finish; null when it ran to the end. */
    static String problem(JcstressRun.Outcome o, Settings s) {
        JcstressConsole c = o.console();
        return switch (o.stop()) {
            case STALL -> "TIMEOUT after " + o.seconds() + " s: no fork reported for " + s.stallSeconds() + " s: a hung actor? Killed";
            case BUDGET -> "TIMEOUT after " + o.seconds() + " s: the run passed its budget of " + s.budgetSeconds() + " s. Killed";
            default -> c.fatal().map(x -> "jcstress could not run: " + x)
                    .orElse(c.finished() ? null : "the run did not finish: jcstress exited with " + o.exit() + " before its RUN RESULTS");
        };
    }
}
