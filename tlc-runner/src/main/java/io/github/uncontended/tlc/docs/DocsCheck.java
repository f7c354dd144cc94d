package io.github.uncontended.tlc.docs;

import io.github.uncontended.tlc.util.Cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Keeps the teaching pages in step with the specs and the code ({@code make docs-check}, part of
 * {@code make test}; {@code make docs} repairs what it can).
 *
 * <ul>
 * <li>An embedded counterexample, between {@code <!-- counterexample: Model -->} (optionally
 * {@code <!-- counterexample: Model steps 26-48 -->}) and {@code <!-- end counterexample -->},
 * must be exactly the table {@code make check} generated for that model
 * ({@code target/model-check/counterexamples/Model.md}), or those steps of it.</li>
 * <li>A code reference {@code `File.java:NN`} (or {@code :NN-MM}) must be followed by the code it
 * points at, in backticks ({@code `NEXT.getAndAdd(this, n)`}; {@code ...} matches anything), and
 * that code must still be on those lines. When it moved and is found once elsewhere in the file,
 * the message gives the new line; {@code --update} rewrites the reference.</li>
 * <li>With {@code --durations docs/records/durations.md}: every duration a page (or, with {@code --makefile},
 * a {@code make help} line) quotes for a command of the durations table must be the table's figure
 * ({@link DurationsCheck} states the rule). {@code --update} leaves these to a person.</li>
 * <li>Every relative link must name a file that exists, and its anchor a heading of that page
 * ({@link LinksCheck}).</li>
 * <li>"step N" in the prose of a section that embeds a counterexample must be a step of its table,
 * and that step the thread the clause names ({@link StepRefs}).</li>
 * <li>A promises table, between {@code <!-- promises: DESIGN ... -->} and {@code <!-- end promises -->},
 * must be what the design manifest's {@code contracts} give ({@link PromisesTable}).</li>
 * <li>With {@code --records DIR}: a page outside it names no ticket of this project, and with
 * {@code --index FILE} stays within the page budget the index states; the index links every page
 * of its folder ({@link PageRules}).</li>
 * <li>With {@code --exercises LEARN.md --answers ANSWERS.md}: the learning page's exercises do not
 * show their answers, and each neutral exercise model still mirrors the model it stands for
 * ({@link ExercisesCheck}).</li>
 * </ul>
 *
 * <p>Exit status: 0 when every page is in step (or, with {@code --update}, was brought in step);
 * 1 when something is out of step (or could not be repaired); 2 for a usage error.
 */
public final class DocsCheck {

    static final Pattern BEGIN = Pattern.compile("^<!-- counterexample: ([A-Za-z0-9_-]+)(?: steps (\\d+)-(\\d+))? -->$");
    static final String END = "<!-- end counterexample -->";
    static final Pattern REF = Pattern.compile("`([A-Za-z0-9_$]+\\.java):(\\d+)(?:-(\\d+))?`(\\s*`([^`]+)`)?");

    private DocsCheck() {}

    /** What one check reads and may rewrite; {@code sources} null for every {@code workingDir/DIR/src}. */
    record Settings(boolean update, Path cex, List<Path> sources, Path durations, Path makefile, Path exercises,
            Path answers, Path specs, Path records, Path index, List<Path> pages) {}

    /** {@code tlc-runner docs ARGS}: parse, check, the exit code; everything, errors too, goes to {@code out}. */
    public static int run(String[] args, PrintStream out) {
        return run(args, out, Paths.get("."));
    }

    /** {@link #run(String[], PrintStream)} with {@code workingDir} for the working directory (the default sources: every {@code workingDir/DIR/src}). */
    static int run(String[] args, PrintStream out, Path workingDir) {
        return Cli.execute(new DocsCommand(workingDir), args, out, out);
    }

    /** The pages of {@code s} checked (and, with {@code update}, repaired): 0 in step, 1 not. */
    static int check(Settings s, PrintStream out, Path workingDir) throws IOException {
        boolean update = s.update();
        Path cex = s.cex();
        List<Path> sources = s.sources();
        Path durations = s.durations();
        Path makefile = s.makefile();
        Path exercises = s.exercises();
        Path answers = s.answers();
        Path specs = s.specs();
        List<Path> pages = s.pages();
        Path records = s.records() == null ? null : s.records().toAbsolutePath().normalize();
        Path index = s.index();
        if (sources == null) {
            try (Stream<Path> dirs = Files.list(workingDir)) {
                sources = dirs.map(d -> d.resolve("src")).filter(Files::isDirectory).sorted().toList();
            }
        }
        Map<String, List<Path>> javaFiles = new TreeMap<>();
        for (Path root : sources) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(p -> p.toString().endsWith(".java"))
                        .forEach(p -> javaFiles.computeIfAbsent(p.getFileName().toString(), k -> new ArrayList<>()).add(p));
            }
        }
        List<String> problems = new ArrayList<>();
        int fixed = 0;
        int blocks = 0;
        int tables = 0;
        int refs = 0;
        int quotes = 0;
        Map<String, DurationsCheck.Source> figures = durations == null ? Map.of() : DurationsCheck.source(durations, problems);
        LinksCheck linksCheck = new LinksCheck();
        int links = 0;
        int stepRefs = 0;
        int teaching = 0;
        int budget = index == null ? -1 : PageRules.budget(index, problems);
        Path docs = index == null ? null : index.toAbsolutePath().normalize().getParent();
        for (Path page : pages) {
            Path abs = page.toAbsolutePath().normalize();
            if (records != null && !abs.startsWith(records)) {
                teaching++;
                List<String> lines = Files.readAllLines(page);
                PageRules.issueMentions(page, lines, problems);
                if (docs != null && abs.startsWith(docs)) {
                    PageRules.checkBudget(page, lines, budget, index, problems);
                }
            }
            links += linksCheck.check(page, problems);
            stepRefs += StepRefs.check(page.toString(), Files.readAllLines(page), problems);
            Page result = check(page, cex, specs, javaFiles, update, problems);
            blocks += result.blocks();
            tables += result.promises();
            refs += result.refs();
            if (durations != null && !page.normalize().equals(durations.normalize())) {
                quotes += DurationsCheck.checkPage(page, figures, durations, problems);
            }
            if (update && !result.text().equals(Files.readString(page))) {
                Files.writeString(page, result.text());
                fixed += result.fixes();
                out.println("updated " + page + " (" + result.fixes() + " changes)");
            }
        }
        if (makefile != null) {
            quotes += DurationsCheck.checkMakefile(makefile, figures, durations, problems);
        }
        int exercisesChecked = exercises == null ? 0 : ExercisesCheck.check(exercises, answers, specs, problems);
        if (index != null) {
            PageRules.checkIndex(index, pages, problems);
        }
        problems.forEach(out::println);
        out.println("docs: " + pages.size() + " pages, " + blocks + " embedded counterexamples, "
                + (tables == 0 ? "" : tables + " promises tables, ") + refs
                + " code references, " + links + " links, " + stepRefs + " step references" + (durations == null ? "" : ", " + quotes + " durations quoted (from "
                + figures.size() + " in " + durations + ")") + (exercises == null ? "" : ", " + exercisesChecked
                + " exercises") + (records == null ? "" : ", " + teaching + " pages that teach"
                + (budget < 0 ? "" : " (page budget " + budget + " words)")) + ": " + (problems.isEmpty() ? "in step" : problems.size() + " out of step")
                + (update ? " (" + fixed + " updated)" : ""));
        if (!problems.isEmpty() && !update) {
            out.println("`make docs` regenerates the embedded counterexamples from the last `make check` and the promises"
                    + " tables from the manifests, and moves line references whose code is found once elsewhere in the file;"
                    + " fix the rest by hand"
                    + (durations == null ? "." : ", durations too: quote the figure of " + durations + ", or date a past"
                    + " run's figure."));
        }
        return problems.isEmpty() ? 0 : 1;
    }

    record Page(String text, int blocks, int promises, int refs, int fixes) {}

    static Page check(Path page, Path cex, Path specs, Map<String, List<Path>> javaFiles, boolean update,
            List<String> problems) throws IOException {
        List<String> lines = new ArrayList<>(List.of(Files.readString(page).split("\n", -1)));
        List<String> out = new ArrayList<>();
        int blocks = 0;
        int promises = 0;
        int refs = 0;
        int fixes = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher table = PromisesTable.BEGIN.matcher(line.strip());
            Matcher begin = BEGIN.matcher(line.strip());
            if (table.matches() || begin.matches()) {
                String where = page + ":" + (i + 1);
                Block block;
                if (table.matches()) {
                    promises++;
                    block = new Block(PromisesTable.END, "the promises table of " + table.group(1),
                            "the promises table of " + table.group(1), () -> {
                        try {
                            return "\n" + PromisesTable.generate(PromisesTable.Request.of(table), specs, page.getParent()) + "\n";
                        } catch (IOException e) {
                            problems.add(where + ": promises table: " + e.getMessage());
                            return null;
                        }
                    }, " is not what its manifest's contracts give (" + specs.resolve(table.group(1)).resolve("manifest.json")
                            + "): a clause, a model, a step or a mode changed, or the page was edited by hand; `tlc-runner docs"
                            + " --update` (make docs) regenerates it");
                } else {
                    blocks++;
                    block = new Block(END, "counterexample of " + begin.group(1), "the embedded counterexample of "
                            + begin.group(1), () -> generated(begin, cex, page, where, problems), " is not what `make check`"
                            + " generated (" + cex.resolve(begin.group(1) + ".md") + "): the spec changed, or the page was"
                            + " edited by hand; `make docs` regenerates it");
                }
                i = block.replace(lines, i, out, update, where, problems);
                fixes += block.fixed ? 1 : 0;
                continue;
            }
            Matcher ref = REF.matcher(line);
            StringBuilder rewritten = new StringBuilder();
            int last = 0;
            while (ref.find()) {
                refs++;
                String where = page + ":" + (i + 1) + ": `" + ref.group(1) + ":" + ref.group(2)
                        + (ref.group(3) != null ? "-" + ref.group(3) : "") + "`";
                String moved = reference(ref, javaFiles, where, update, problems);
                rewritten.append(line, last, ref.start());
                if (moved != null) {
                    rewritten.append(moved);
                    fixes++;
                } else {
                    rewritten.append(ref.group());
                }
                last = ref.end();
            }
            rewritten.append(line.substring(last));
            out.add(rewritten.toString());
        }
        return new Page(String.join("\n", out), blocks, promises, refs, fixes);
    }

    /** A generated block of a page: its closing marker, what it is, its text as generated now, what to say when it drifted. */
    private static final class Block {
        /** The block's text as generated now, or null after a problem. */
        interface Generator {
            String get() throws IOException;
        }

        private final String end;
        private final String unclosed;
        private final String what;
        private final Generator generated;
        private final String drifted;
        private boolean fixed;

        Block(String end, String unclosed, String what, Generator generated, String drifted) {
            this.end = end;
            this.unclosed = unclosed;
            this.what = what;
            this.generated = generated;
            this.drifted = drifted;
        }

        /**
         * Copies the block opening at {@code lines[at]} to {@code out}, regenerated with {@code update}
         * when it drifted, else as it is with a problem; returns the line of its closing marker (or
         * {@code at} after a problem when it has none).
         */
        int replace(List<String> lines, int at, List<String> out, boolean update, String where, List<String> problems)
                throws IOException {
            int close = at + 1;
            while (close < lines.size() && !lines.get(close).strip().equals(end)) {
                close++;
            }
            out.add(lines.get(at));
            if (close == lines.size()) {
                problems.add(where + ": " + unclosed + " has no closing " + end);
                return at;
            }
            String embedded = String.join("\n", lines.subList(at + 1, close));
            String now = generated.get();
            if (now != null && !now.equals(embedded) && update) {
                out.add(now);
                fixed = true;
            } else {
                if (now != null && !now.equals(embedded)) {
                    problems.add(where + ": " + what + drifted);
                }
                out.addAll(lines.subList(at + 1, close));
            }
            out.add(lines.get(close));
            return close;
        }
    }

    /** The block a marker asks for: the generated table, or the caption, header and rows of the steps asked for. */
    private static String generated(Matcher begin, Path cex, Path page, String where, List<String> problems)
            throws IOException {
        Path file = cex.resolve(begin.group(1) + ".md");
        if (!Files.isRegularFile(file)) {
            problems.add(where + ": no generated counterexample of " + begin.group(1) + " (" + file + "): run `make check`"
                    + " first; only a ci model whose run ends in a violation has one, and a witness only when it"
                    + " runs alone (\"ownRun\": true in its manifest entry; otherwise its model's run checks it)");
            return null;
        }
        String text = relink(Files.readString(file), file.toAbsolutePath().getParent(), page.toAbsolutePath().getParent());
        List<String> table = new ArrayList<>(List.of(text.strip().split("\n")));
        if (table.get(0).startsWith("<!--")) { // never empty: split gives at least one string
            table.remove(0);
        }
        if (begin.group(2) == null) {
            return String.join("\n", table);
        }
        int from = Integer.parseInt(begin.group(2));
        int to = Integer.parseInt(begin.group(3));
        List<String> out = new ArrayList<>();
        int lastStep = 0;
        for (String row : table) {
            Matcher step = Pattern.compile("^\\| (?:↻ )?(\\d+) \\|").matcher(row);
            if (!step.find()) {
                out.add(row);
                continue;
            }
            int n = Integer.parseInt(step.group(1));
            lastStep = Math.max(lastStep, n);
            if (n >= from && n <= to) {
                out.add(row);
            }
        }
        out.add("");
        out.add("(steps " + from + " to " + to + " of " + lastStep + "; the whole table: `make check MODEL="
                + begin.group(1) + "`, then `target/model-check/counterexamples/" + begin.group(1) + ".md`)");
        return String.join("\n", out);
    }

    private static final Pattern RELATIVE_LINK = Pattern.compile("\\]\\(([^)#\\s:]+)(#[^)\\s]*)?\\)");

    /**
     * The generated table's links (to the spec's action, the Java method) are relative to the
     * folder it was written in; on a page they must be relative to the page's folder.
     */
    static String relink(String table, Path from, Path to) {
        Matcher m = RELATIVE_LINK.matcher(table);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Path target = from.resolve(m.group(1)).normalize();
            String moved = to.normalize().relativize(target).toString().replace('\\', '/');
            m.appendReplacement(out, Matcher.quoteReplacement("](" + moved + (m.group(2) == null ? "" : m.group(2)) + ")"));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * Checks one {@code `File.java:NN` `code`} reference. Returns the rewritten reference when it
     * moved and {@code update} is on, else null (a problem is recorded when it is out of step).
     */
    private static String reference(Matcher ref, Map<String, List<Path>> javaFiles, String where, boolean update,
            List<String> problems) throws IOException {
        List<Path> candidates = javaFiles.getOrDefault(ref.group(1), List.of());
        if (candidates.size() != 1) {
            problems.add(where + ": " + (candidates.isEmpty() ? "no such file in the sources"
                    : "more than one file of that name: " + candidates));
            return null;
        }
        if (ref.group(5) == null) {
            problems.add(where + ": needs the code it points at, in backticks right after it (`" + ref.group(1) + ":"
                    + ref.group(2) + "` `theCall(...)`), so that the check can tell when the line moves");
            return null;
        }
        List<String> source = Files.readAllLines(candidates.get(0));
        int from = Integer.parseInt(ref.group(2));
        int to = ref.group(3) != null ? Integer.parseInt(ref.group(3)) : from;
        if (to < from) {
            problems.add(where + ": the range ends before it starts: write `" + ref.group(1) + ":" + ref.group(3) + "-"
                    + ref.group(2) + "`");
            return null;
        }
        Pattern code = codePattern(ref.group(5));
        if (from >= 1 && to <= source.size() && code.matcher(window(source, from, to)).find()) {
            return null;
        }
        List<Integer> found = new ArrayList<>();
        int span = to - from;
        for (int start = 1; start + span <= source.size(); start++) {
            if (code.matcher(window(source, start, start + span)).find()
                    && (span == 0 || !code.matcher(window(source, start + 1, start + span)).find())) {
                found.add(start);
            }
        }
        String rel = candidates.get(0).normalize().toString();
        if (found.size() == 1) {
            int start = found.get(0);
            String lines = span == 0 ? String.valueOf(start) : start + "-" + (start + span);
            if (update) {
                return "`" + ref.group(1) + ":" + lines + "`" + ref.group(4);
            }
            problems.add(where + ": `" + ref.group(5) + "` is no longer there in " + rel + "; it is at line"
                    + (span == 0 ? " " : "s ") + lines + " now: update the reference to `" + ref.group(1) + ":" + lines
                    + "` (`make docs` does it)");
        } else {
            problems.add(where + ": `" + ref.group(5) + "` is no longer there in " + rel + ", and it is "
                    + (found.isEmpty() ? "nowhere in the file" : "at several places (lines " + found + ")")
                    + ": point the reference at the right line by hand");
        }
        return null;
    }

    private static String window(List<String> source, int from, int to) {
        return String.join(" ", source.subList(from - 1, to)).replaceAll("\\s+", " ");
    }

    /** The quoted code as a pattern: whitespace-insensitive, "..." matching anything. */
    static Pattern codePattern(String code) {
        StringBuilder p = new StringBuilder();
        String[] parts = code.strip().split("\\.\\.\\.", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                p.append(".*?");
            }
            String[] words = parts[i].strip().split("\\s+");
            for (int w = 0; w < words.length; w++) {
                if (words[w].isEmpty()) {
                    continue;
                }
                if (w > 0) {
                    p.append("\\s*");
                }
                p.append(Pattern.quote(words[w]));
            }
        }
        return Pattern.compile(p.toString());
    }
}
