package io.github.uncontended.tlc.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What keeps the teaching pages apart from the records ({@link DocsCheck}, with {@code --records}
 * and {@code --index}):
 *
 * <ul>
 * <li>A page that teaches names no ticket of this project: "issue 16", "Issue 26", "issues 13 to
 * 15", "issue-8 run" say which ticket, not what changed. A record (a page under {@code --records})
 * may; an upstream citation names its project and a {@code #}, "disruptor #119", "JCTools issue
 * #308", and passes. A mention wrapped over two lines ("since issue" / "31: once") counts, named on its
 * first line. Link targets are not read (a record's heading may hold a number).</li>
 * <li>A page that teaches stays within the page budget the index states ("Page budget: 14,000
 * words"): the words a person wrote, generated blocks (embedded counterexamples, promises tables,
 * the benchmark report) left out.</li>
 * <li>The index links every page of its folder, directly or through a page it links.</li>
 * </ul>
 */
final class PageRules {

    static final Pattern OUR_ISSUE = Pattern.compile("(?i)\\bissues?[ -](\\d+)\\b");
    /** A mention wrapped at the end of a line: "issue" ending one line, its number opening the next. */
    private static final Pattern WRAPPED_TAIL = Pattern.compile("(?i)\\bissues?-?\\s*$");
    private static final Pattern WRAPPED_HEAD = Pattern.compile("^\\s*(\\d+)\\b");
    private static final Pattern LINK_TARGET = Pattern.compile("\\]\\([^)]*\\)");
    private static final Pattern BUDGET = Pattern.compile("(?i)page budget:?\\**\\s*([\\d,]+) words");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s:]+\\.md)(?:#[^)\\s]*)?\\)");
    private static final List<Pattern[]> GENERATED = List.of(
            new Pattern[] {DocsCheck.BEGIN, Pattern.compile(Pattern.quote(DocsCheck.END))},
            new Pattern[] {PromisesTable.BEGIN, Pattern.compile(Pattern.quote(PromisesTable.END))},
            new Pattern[] {Pattern.compile("^<!-- bench-report:begin.*-->$"), Pattern.compile("^<!-- bench-report:end -->$")});

    private PageRules() {}

    /** Adds a problem per mention of this project's tickets on a page that teaches; returns how many lines were read. */
    static int issueMentions(Path page, List<String> lines, List<String> problems) {
        for (int i = 0; i < lines.size(); i++) {
            String line = LINK_TARGET.matcher(lines.get(i)).replaceAll("]()");
            Matcher m = OUR_ISSUE.matcher(line);
            while (m.find()) {
                problems.add(mention(page, i, m.group()));
            }
            Matcher tail = WRAPPED_TAIL.matcher(line);
            Matcher head = i + 1 < lines.size() ? WRAPPED_HEAD.matcher(lines.get(i + 1)) : null;
            if (tail.find() && head != null && head.find()) {
                problems.add(mention(page, i, tail.group().strip() + " " + head.group(1)));
            }
        }
        return lines.size();
    }

    private static String mention(Path page, int i, String text) {
        return page + ":" + (i + 1) + ": \"" + text + "\" names a ticket of this project: a page that teaches says what"
                + " changed, not which ticket (a record under docs/records/ may name it; an upstream citation names its"
                + " project and '#': \"disruptor #119\")";
    }

    /** The words a person wrote on a page: whitespace-separated, generated blocks left out. */
    static int words(List<String> lines) {
        int words = 0;
        Pattern end = null;
        for (String line : lines) {
            String s = line.strip();
            if (end != null) {
                if (end.matcher(s).matches()) {
                    end = null;
                }
                continue;
            }
            for (Pattern[] g : GENERATED) {
                if (g[0].matcher(s).matches()) {
                    end = g[1];
                }
            }
            if (end == null && !s.isEmpty()) {
                words += s.split("\\s+").length;
            }
        }
        return words;
    }

    /** The budget the index states ("Page budget: 14,000 words"), or -1 after a problem when it states none. */
    static int budget(Path index, List<String> problems) throws IOException {
        Matcher m = BUDGET.matcher(Files.readString(index));
        if (!m.find()) {
            problems.add(index + ": states no page budget: write \"Page budget: N words\" (the words a person writes on a"
                    + " page that teaches; generated blocks are not counted)");
            return -1;
        }
        return Integer.parseInt(m.group(1).replace(",", ""));
    }

    /** A problem when a page that teaches has more words than the budget. */
    static void checkBudget(Path page, List<String> lines, int budget, Path index, List<String> problems) {
        int words = words(lines);
        if (budget >= 0 && words > budget) {
            problems.add(page + ": " + String.format(Locale.ROOT, "%,d", words) + " words, over the page budget of "
                    + String.format(Locale.ROOT, "%,d", budget) + " (" + index + "): split it (an index and one page per"
                    + " part, in a folder of its own) or move what only a record needs to the records");
        }
    }

    /** A problem for every page under the index's folder that neither it nor a page it links links to. */
    static void checkIndex(Path index, List<Path> pages, List<String> problems) throws IOException {
        Path dir = index.toAbsolutePath().normalize().getParent();
        Set<Path> reached = new LinkedHashSet<>(links(index));
        for (Path p : new ArrayList<>(reached)) {
            if (Files.isRegularFile(p)) {
                reached.addAll(links(p));
            }
        }
        for (Path page : pages) {
            Path abs = page.toAbsolutePath().normalize();
            if (abs.startsWith(dir) && !abs.equals(index.toAbsolutePath().normalize()) && !reached.contains(abs)) {
                problems.add(index + ": does not link " + page + " (nor does a page it links): say what the page is for");
            }
        }
    }

    private static Set<Path> links(Path page) throws IOException {
        Set<Path> out = new LinkedHashSet<>();
        Path dir = page.toAbsolutePath().normalize().getParent();
        Matcher m = LINK.matcher(Files.readString(page));
        while (m.find()) {
            out.add(dir.resolve(m.group(1)).normalize());
        }
        return out;
    }
}
