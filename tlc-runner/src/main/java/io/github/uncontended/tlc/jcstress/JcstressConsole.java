package io.github.uncontended.tlc.jcstress;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a jcstress 0.16 run printed on its console ({@code -v}: every fork's result as it ends, then
 * the closing RUN RESULTS): the project's one reader of jcstress's output. The driver
 * ({@link JcstressRun}) reads it while jcstress runs (forks reported, configurations composed);
 * the verdicts ({@link Verdict}, {@link MutantRuns}) and the test summary read it once jcstress
 * has stopped.
 *
 * <p>What jcstress prints, in order (its {@code JCStress.run}, {@code ConsoleReportPrinter},
 * {@code ReportUtils.printResult}, {@code TextReportPrinter}):
 * <pre>
 *   Probing what VM configurations are available:       the configurations: "----- [OK] [flags]"
 *   Detecting CPU topology and computing scheduling classes:
 *   .......... [OK] io.github.uncontended.sharded.WrapAroundTest     one fork's result (label, test), then
 *     Compilation: split / "    actor: C2" lines / JVM args: [...] / Fork: #1 / Messages: ...
 *   RUN RESULTS:                                        each test once more, merged over its forks,
 *     Interesting tests / Failed tests / Error tests / All remaining tests: ...
 *   FATAL: ...                                          jcstress could not run (no configuration, no test)
 * </pre>
 * A fork's label is one of jcstress's {@code OK}, {@code FAILED} (a forbidden outcome seen),
 * {@code ERROR}, {@code VM ERROR} (the forked VM crashed or exited with an error code),
 * {@code TIMEOUT}, {@code SKIPPED}. A run that was stopped, or died, before its RUN RESULTS has
 * {@link #finished()} false: nothing read from it may be called passed.
 */
public final class JcstressConsole {

    /** A result line: dots, the bracketed label, the test's class name ({@code .......... [OK] a.b.C}). */
    static final Pattern RESULT = Pattern.compile("^ *\\.* *\\[([A-Z][A-Z -]*)] ([A-Za-z_$][A-Za-z0-9_.$]*)$");
    private static final Pattern PLANNED = Pattern.compile("^\\(Results: (\\d+) planned;");

    /** One fork's result, as printed when it ended; compilation as jcstress names it ({@code split (a: C2, b: C1)}). */
    public record Fork(String label, String test, String compilation, String jvmArgs, List<String> messages) {
        public boolean failed() {
            return label.equals("FAILED");
        }

        /** Neither OK nor FAILED: the fork did not run to a result (ERROR, VM ERROR, TIMEOUT, SKIPPED). */
        public boolean erred() {
            return !label.equals("OK") && !failed();
        }
    }

    private final List<String> configs = new ArrayList<>();
    private boolean probed;
    private final List<Fork> forks = new ArrayList<>();
    private final Map<String, String> results = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private boolean resultsStarted;
    private boolean finished;
    private String fatal;
    private int planned = -1;

    private JcstressConsole() {}

    /** The console file as it stands (jcstress may still be writing it); empty when there is none yet. */
    public static JcstressConsole read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return parse("");
        }
        // Decoded leniently: a fork's VM output may hold any bytes, and a file being written may end mid-character.
        return parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    public static JcstressConsole parse(String text) {
        JcstressConsole c = new JcstressConsole();
        c.parseLines(text.split("\\R", -1));
        return c;
    }

    private void parseLines(String[] lines) {
        boolean inConfigs = false;
        boolean inProblems = false;
        ForkText fork = null;
        for (String line : lines) {
            if (line.startsWith("FATAL") && fatal == null) {
                fatal = line.strip();
            }
            if (line.startsWith("Probing what VM configurations")) {
                inConfigs = true;
                continue;
            }
            if (line.startsWith("Detecting CPU topology")) {
                inConfigs = false;
                probed = true;
                continue;
            }
            if (inConfigs) {
                if (line.startsWith("----- [OK] ")) {
                    configs.add(line.substring("----- [OK] ".length()).strip());
                }
                continue;
            }
            if (line.equals("RUN RESULTS:")) {
                addFork(fork);
                fork = null;
                resultsStarted = true;
                continue;
            }
            Matcher result = RESULT.matcher(line);
            if (resultsStarted) {
                String s = line.strip();
                if (s.startsWith("All remaining tests:")) {
                    finished = true;
                    inProblems = false;
                } else if (s.startsWith("Failed tests:") || s.startsWith("Error tests:")) {
                    inProblems = !s.endsWith("No matches.");
                }
                if (inProblems) {
                    problems.add(line);
                }
                if (result.matches()) {
                    results.putIfAbsent(result.group(2), result.group(1));
                }
                continue;
            }
            if (result.matches()) {
                addFork(fork);
                fork = new ForkText(result.group(1), result.group(2));
                continue;
            }
            Matcher p = PLANNED.matcher(line);
            if (p.lookingAt()) {
                planned = Integer.parseInt(p.group(1));
            }
            if (fork != null) {
                fork.read(line);
            }
        }
        addFork(fork);
        while (!problems.isEmpty() && problems.get(problems.size() - 1).isBlank()) {
            problems.remove(problems.size() - 1);
        }
    }

    private void addFork(ForkText f) {
        if (f != null) {
            forks.add(f.fork());
        }
    }

    /** The lines of one fork's block after its result line, read as they come. */
    private static final class ForkText {
        final String label;
        final String test;
        String compilation = "";
        final List<String> actors = new ArrayList<>();
        String jvmArgs = "";
        final List<String> messages = new ArrayList<>();
        String in = "";

        ForkText(String label, String test) {
            this.label = label;
            this.test = test;
        }

        void read(String line) {
            String s = line.strip();
            if (line.startsWith("  Compilation:")) {
                // "split" then one "    actor: C2" line per actor; "unified across all actors" alone
                String[] words = s.substring("Compilation:".length()).strip().split("\\s+");
                compilation = words[0];
                in = "compilation";
            } else if (line.startsWith("  JVM args:")) {
                jvmArgs = s.substring("JVM args:".length()).strip();
                in = "";
            } else if (line.startsWith("  Messages:")) {
                in = "messages";
            } else if (s.isEmpty() || !line.startsWith("    ")) {
                in = "";
            } else if (in.equals("compilation")) {
                actors.add(s);
            } else if (in.equals("messages")) {
                messages.add(s);
            }
        }

        Fork fork() {
            String c = actors.isEmpty() ? compilation : compilation + " (" + String.join(", ", actors) + ")";
            return new Fork(label, test, c, jvmArgs, List.copyOf(messages));
        }
    }

    /** The VM configurations jcstress composed ({@code [flags]} each), once it has probed them. */
    public List<String> configs() {
        return Collections.unmodifiableList(configs);
    }

    /** Whether jcstress is past its probing of the VM (its configurations are all printed). */
    public boolean probed() {
        return probed;
    }

    /** Every fork's result printed so far, in the order they ended. */
    public List<Fork> forks() {
        return Collections.unmodifiableList(forks);
    }

    public List<Fork> forks(String test) {
        return forks.stream().filter(f -> f.test().equals(test)).toList();
    }

    /** The first fork of {@code test} that reported a forbidden outcome, if any. */
    public Optional<Fork> firstFailed(String test) {
        return forks.stream().filter(f -> f.test().equals(test) && f.failed()).findFirst();
    }

    /** Each test's label in RUN RESULTS (merged over its forks), in the order printed. */
    public Map<String, String> results() {
        return Collections.unmodifiableMap(results);
    }

    /** The tests RUN RESULTS calls OK: they ran, and no fork saw a forbidden outcome or an error. */
    public List<String> passed() {
        if (!finished) {
            return List.of();
        }
        return results.entrySet().stream().filter(e -> e.getValue().equals("OK")).map(Map.Entry::getKey).toList();
    }

    /** Whether jcstress printed its RUN RESULTS to the end: the run was neither stopped nor died before. */
    public boolean finished() {
        return finished;
    }

    /** jcstress's FATAL line (it could not run: no VM configuration, no matching test), if any. */
    public Optional<String> fatal() {
        return Optional.ofNullable(fatal);
    }

    /** The forks jcstress planned, from its last progress line; -1 before the first one. */
    public int planned() {
        return planned;
    }

    /** RUN RESULTS' Failed and Error sections (each such test's table over all configurations), as printed. */
    public List<String> problemTables() {
        return Collections.unmodifiableList(problems);
    }
}
