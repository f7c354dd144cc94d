package io.github.uncontended.tlc.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prose step references ({@link DocsCheck}, {@code make docs-check}): in a section that embeds a
 * counterexample, "step N" (or "steps N-M") in the text around it must name a step the embedded
 * table has, and when the clause before it names a thread of the table ("p1 parks 1 (step 15)"),
 * the table's step N must be that thread's. A table regenerated after a spec change renumbers its
 * steps; this is what finds the prose left behind.
 */
public final class StepRefs {

    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s");
    private static final Pattern ROW = Pattern.compile("^\\|\\s*(\\d+)\\s*\\|\\s*([^|]*?)\\s*\\|\\s*([^|]*?)\\s*\\|");
    private static final Pattern REF = Pattern.compile("\\b[Ss]teps? (\\d+)(?:\\s*(?:-|–|to|and)\\s*(\\d+))?");
    private static final Pattern CLAUSE_END = Pattern.compile("[.;:(]|, (?:so|and|then|while|but|only)\\b|\\)");

    /** One embedded table: its model, where it is, and per step the thread (may be empty). */
    record Table(String model, int begin, int end, Map<Integer, String> threads) {}

    private StepRefs() {}

    /** Checks the step references of one page; adds a message per wrong one; returns how many it checked. */
    static int check(String page, List<String> lines, List<String> problems) {
        List<Table> tables = tables(lines);
        if (tables.isEmpty()) {
            return 0;
        }
        int checked = 0;
        int sectionStart = 0;
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            if (HEADING.matcher(line).find()) {
                sectionStart = i;
            }
            int at = i;
            Table inside = tables.stream().filter(t -> at >= t.begin() && at <= t.end()).findFirst().orElse(null);
            if (inside != null) {
                i = inside.end() + 1;
                continue;
            }
            if (line.isBlank() || line.startsWith("|") || HEADING.matcher(line).find()) {
                i++;
                continue;
            }
            if (line.strip().startsWith("```")) {
                i++;
                while (i < lines.size() && !lines.get(i).strip().startsWith("```")) {
                    i++;
                }
                i++;
                continue;
            }
            // A paragraph: the lines up to a blank one, a table, a heading or a counterexample.
            int first = i;
            StringBuilder text = new StringBuilder();
            List<Integer> starts = new ArrayList<>();
            while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).startsWith("|")
                    && !HEADING.matcher(lines.get(i)).find() && !DocsCheck.BEGIN.matcher(lines.get(i).strip()).matches()) {
                starts.add(text.length());
                text.append(lines.get(i).replaceAll("`", "")).append(' ');
                i++;
            }
            Table table = nearest(tables, lines, first, sectionStart, text.toString());
            if (table == null) {
                continue;
            }
            Matcher m = REF.matcher(text);
            while (m.find()) {
                checked++;
                int n = Integer.parseInt(m.group(1));
                int last = m.group(2) == null ? n : Integer.parseInt(m.group(2));
                int lowest = table.threads().keySet().stream().min(Integer::compare).orElse(1);
                int steps = table.threads().keySet().stream().max(Integer::compare).orElse(0);
                int lineNo = first + 1;
                for (int k = 0; k < starts.size(); k++) {
                    if (starts.get(k) <= m.start()) {
                        lineNo = first + k + 1;
                    }
                }
                String where = page + ":" + lineNo + ": \"" + m.group() + "\" (counterexample of " + table.model() + ")";
                if (last > steps || n < 1) {
                    problems.add(where + ": the table has " + (lowest > 1 ? "steps " + lowest + " to " : "") + steps
                            + (lowest > 1 ? " embedded" : " steps"));
                    continue;
                }
                if (m.group(2) != null || n < lowest) {
                    continue;   // a range, or a step before the embedded part of the trace
                }
                String thread = threadBefore(text.toString(), m.start(), table);
                String actual = table.threads().getOrDefault(n, "");
                if (thread != null && !actual.isEmpty() && !thread.equals(actual)) {
                    problems.add(where + ": the clause names " + thread + ", but step " + n + " is " + actual + "'s"
                            + stepsOf(table, thread));
                }
            }
        }
        return checked;
    }

    private static String stepsOf(Table t, String thread) {
        List<Integer> own = new ArrayList<>();
        t.threads().forEach((s, th) -> {
            if (th.equals(thread)) {
                own.add(s);
            }
        });
        return own.isEmpty() ? "" : " (" + thread + "'s steps: " + own + ")";
    }

    /** The last thread of the table named in the clause that ends at {@code end}. */
    private static String threadBefore(String text, int end, Table t) {
        String before = text.substring(0, end);
        Matcher c = CLAUSE_END.matcher(before);
        int start = 0;
        while (c.find()) {
            if (c.end() < end) {
                start = c.end();
            }
        }
        String clause = before.substring(start);
        Set<String> names = new LinkedHashSet<>(t.threads().values());
        names.remove("");
        String found = null;
        int pos = -1;
        for (String name : names) {
            Matcher w = Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(clause);
            while (w.find()) {
                if (w.start() > pos) {
                    pos = w.start();
                    found = name;
                }
            }
        }
        return found;
    }

    /**
     * The table a paragraph at line {@code i} speaks of: in the same section, the one whose model the
     * paragraph names, else the nearest; or null.
     */
    private static Table nearest(List<Table> tables, List<String> lines, int i, int sectionStart, String paragraph) {
        int sectionEnd = lines.size();
        for (int j = i + 1; j < lines.size(); j++) {
            if (HEADING.matcher(lines.get(j)).find()) {
                sectionEnd = j;
                break;
            }
        }
        Table best = null;
        int distance = Integer.MAX_VALUE;
        int named = Integer.MAX_VALUE;
        for (Table t : tables) {
            Matcher m = Pattern.compile("\\b" + Pattern.quote(t.model()) + "\\b").matcher(paragraph);
            if (t.begin() >= sectionStart && t.end() < sectionEnd && m.find() && m.start() < named) {
                named = m.start();
                best = t;
            }
        }
        if (best != null) {
            return best;
        }
        for (Table t : tables) {
            if (t.begin() >= sectionStart && t.end() < sectionEnd) {
                int d = i < t.begin() ? t.begin() - i : i - t.end();
                if (d < distance) {
                    distance = d;
                    best = t;
                }
            }
        }
        return best;
    }

    private static List<Table> tables(List<String> lines) {
        List<Table> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher b = DocsCheck.BEGIN.matcher(lines.get(i).strip());
            if (!b.matches()) {
                continue;
            }
            Map<Integer, String> threads = new LinkedHashMap<>();
            int j = i + 1;
            for (; j < lines.size() && !lines.get(j).strip().equals(DocsCheck.END); j++) {
                Matcher r = ROW.matcher(lines.get(j));
                if (r.find()) {
                    threads.put(Integer.parseInt(r.group(1)), r.group(2).strip());
                }
            }
            out.add(new Table(b.group(1), i, j, threads));
            i = j;
        }
        return out;
    }
}
