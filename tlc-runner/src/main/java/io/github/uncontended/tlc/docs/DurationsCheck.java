package io.github.uncontended.tlc.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations from one source ({@code make docs-check}, part of {@code DocsCheck}): how long a command
 * takes is written once, in the table of {@code docs/records/durations.md} (command, duration, machine, date),
 * and every page and {@code make help} line (a target's {@code ## } comment) that quotes it must quote
 * that figure.
 *
 * <p>The rule. A command is named in backticks ({@code `make test`}; {@code VAR=x} assignments before
 * it are ignored) or, in a fenced code block or a help line, at the start of the line. A figure of
 * time ({@code 25 min 11 s}, {@code ~15 min}, {@code 46 s}, {@code 1 h}) written after a command of
 * the table in the same sentence or table cell, before any other command is named, quotes that
 * command's duration and must be the table's figure at the precision written: {@code 25 min 11 s}
 * exactly, {@code ~25 min} or {@code 25 min} rounded to the minute. Two kinds of figure are not
 * quotes: a limit (the clause around it, between commas, semicolons or brackets, says {@code budget},
 * {@code under}, {@code within}, {@code inside}, {@code at most}, {@code up to}, {@code timeout},
 * {@code after}, {@code per} or {@code each}), and a past run's figure (the sentence carries a date
 * other than the table's date for that command). Text in backticks is never a figure.
 */
public final class DurationsCheck {

    /** One row of the source: the command, its figure in seconds as written, and where. */
    record Source(String command, long seconds, String text, String date, int line) {}

    /** A figure of time: its seconds and the precision it was written to (the smallest unit). */
    record Figure(double seconds, double precision, String text) {
        boolean matches(long source) {
            return Math.abs(Math.round(source / precision) * precision - seconds) < 1e-6;
        }
    }

    static final Pattern FIGURE = Pattern.compile(
            "(?<![\\w.])(?:~\\s?|about |around |some |nearly |almost )?(\\d+(?:\\.\\d+)?)\\s?(h|hours?|min|minutes?|s|secs?|seconds?)\\b"
                    + "(?:\\s(\\d+(?:\\.\\d+)?)\\s?(min|minutes?|s|secs?|seconds?)\\b)?");
    static final Pattern DATE = Pattern.compile("\\b(\\d{4}-\\d{2}-\\d{2})\\b");
    static final Pattern SPAN = Pattern.compile("`([^`\\n]+)`");
    static final Pattern ENV = Pattern.compile("^(?:\\$\\s+)?(?:[A-Za-z_][A-Za-z0-9_]*=\\S*\\s+)*");
    /**
     * A target line with its help text, {@code name: prerequisites ## text}: the lines {@code make help}
     * prints (its awk reads the same pattern; an assignment, {@code X := 1 ## ...}, is none).
     */
    static final Pattern HELP = Pattern.compile("^([A-Za-z0-9_.-]+):[^=#]*## (.*)$");
    static final Pattern COMMAND = Pattern.compile("^(?:make|bash|mvn|java|sh|python3)\\s.*|^\\./.*");
    static final List<String> LIMITS = List.of("budget", "under ", "within", "inside", "at most", "up to", "timeout",
            "time out", "after", "per ", "each", "limit");
    static final List<String> BOUNDS = List.of("budget", "timeout", "time out", "limit");
    private static final char MASK = '\u2063';

    private DurationsCheck() {}

    /** Reads the first table of the source whose header has a command (or step), a duration and a date column. */
    static Map<String, Source> source(Path file, List<String> problems) throws IOException {
        List<String> lines = Files.readAllLines(file);
        Map<String, Source> rows = new LinkedHashMap<>();
        int command = -1;
        int duration = -1;
        int date = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.startsWith("|")) {
                if (command >= 0 && !rows.isEmpty()) {
                    break;
                }
                command = -1;
                continue;
            }
            List<String> cells = cells(line);
            if (command < 0) {
                for (int c = 0; c < cells.size(); c++) {
                    String h = cells.get(c).toLowerCase(Locale.ROOT);
                    if (h.equals("command") || h.equals("step")) {
                        command = c;
                    } else if (h.equals("duration")) {
                        duration = c;
                    } else if (h.equals("date")) {
                        date = c;
                    }
                }
                if (command < 0 || duration < 0 || date < 0) {
                    command = -1;
                }
                continue;
            }
            if (line.matches("^\\|[\\s:|-]+\\|$")) {
                continue;
            }
            String where = file + ":" + (i + 1);
            if (cells.size() <= Math.max(command, Math.max(duration, date))) {
                problems.add(where + ": a row of the durations table with too few cells");
                continue;
            }
            Matcher cmd = SPAN.matcher(cells.get(command));
            Matcher fig = FIGURE.matcher(cells.get(duration));
            Matcher day = DATE.matcher(cells.get(date));
            if (!cmd.matches() || !fig.lookingAt() || !day.find()) {
                problems.add(where + ": a row of the durations table needs a command in backticks, a duration"
                        + " (25 min 11 s) and a date (2026-11-26): " + line);
                continue;
            }
            Figure f = figure(fig);
            if (f.precision() != 1 && f.precision() != 60 && f.precision() != 3600) {
                problems.add(where + ": write the duration in whole units (25 min 11 s): " + cells.get(duration));
                continue;
            }
            String name = command(cmd.group(1));
            if (rows.containsKey(name)) {
                problems.add(where + ": " + name + " has two rows in the durations table");
                continue;
            }
            rows.put(name, new Source(name, Math.round(f.seconds()), fig.group().strip(), day.group(1), i + 1));
        }
        if (rows.isEmpty()) {
            problems.add(file + ": no durations table (a Markdown table with the columns command, duration and date)");
        }
        return rows;
    }

    /** A text to check: joined lines, with the line each character came from; code lines name commands plainly. */
    record Unit(String text, int[] lineOf, boolean code) {}

    /** Checks a page's quotes against the source; returns how many quotes it found. */
    static int checkPage(Path page, Map<String, Source> source, Path sourceFile, List<String> problems) throws IOException {
        return check(page, markdownUnits(Files.readAllLines(page)), source, sourceFile, problems);
    }

    /**
     * Checks the help text of a Makefile: each target's {@code ## } comment, read as the line
     * {@code make help} prints, "make TARGET TEXT" (so a figure in it quotes that target's duration).
     */
    static int checkMakefile(Path makefile, Map<String, Source> source, Path sourceFile, List<String> problems)
            throws IOException {
        List<String> lines = Files.readAllLines(makefile);
        List<Unit> units = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher help = HELP.matcher(lines.get(i));
            if (help.matches()) {
                units.add(unit(List.of("make " + help.group(1) + " " + help.group(2).strip()), i + 1, true));
            }
        }
        return check(makefile, units, source, sourceFile, problems);
    }

    static List<Unit> markdownUnits(List<String> lines) {
        List<Unit> units = new ArrayList<>();
        List<String> paragraph = new ArrayList<>();
        int start = 0;
        boolean fence = false;
        for (int i = 0; i <= lines.size(); i++) {
            String line = i < lines.size() ? lines.get(i) : "";
            String s = line.strip();
            boolean fenceLine = s.startsWith("```") || s.startsWith("~~~");
            boolean alone = fence || fenceLine || s.isEmpty() || s.startsWith("|") || s.startsWith("#")
                    || s.startsWith("<!--");
            boolean newItem = s.matches("^([-*+]|\\d+\\.)\\s.*");
            if ((alone || newItem) && !paragraph.isEmpty()) {
                units.add(unit(paragraph, start, false));
                paragraph = new ArrayList<>();
            }
            if (i == lines.size()) {
                break;
            }
            if (fenceLine) {
                fence = !fence;
            } else if (fence) {
                units.add(unit(List.of(line), i + 1, true));
            } else if (s.startsWith("|") || s.startsWith("#")) {
                units.add(unit(List.of(line), i + 1, false));
            } else if (!alone) {
                if (paragraph.isEmpty()) {
                    start = i + 1;
                }
                paragraph.add(line);
            }
        }
        return units;
    }

    private static Unit unit(List<String> lines, int first, boolean code) {
        StringBuilder text = new StringBuilder();
        List<Integer> lineOf = new ArrayList<>();
        for (int l = 0; l < lines.size(); l++) {
            if (l > 0) {
                text.append(' ');
                lineOf.add(first + l);
            }
            String line = l > 0 ? lines.get(l).strip() : lines.get(l);
            text.append(line);
            for (int c = 0; c < line.length(); c++) {
                lineOf.add(first + l);
            }
        }
        return new Unit(text.toString(), lineOf.stream().mapToInt(Integer::intValue).toArray(), code);
    }

    private static int check(Path file, List<Unit> units, Map<String, Source> source, Path sourceFile, List<String> problems) {
        int quotes = 0;
        for (Unit unit : units) {
            String text = unit.text();
            // Commands (tracked or not) by position; backticked text masked so that it holds no figure and no boundary.
            TreeMap<Integer, String> commands = new TreeMap<>();
            StringBuilder masked = new StringBuilder(text);
            Matcher span = SPAN.matcher(text);
            while (span.find()) {
                String content = span.group(1).strip();
                String name = command(content);
                if (source.containsKey(name) || COMMAND.matcher(name).matches()) {
                    commands.put(span.start(), source.containsKey(name) ? name : "");
                }
                for (int c = span.start(); c < span.end(); c++) {
                    masked.setCharAt(c, MASK);
                }
            }
            if (unit.code()) {
                String lead = text.stripLeading();
                int at = text.length() - lead.length();
                String name = command(lead);
                for (String tracked : source.keySet()) {
                    // command() made every run of whitespace one space; a line that is the command alone quotes nothing
                    if (name.startsWith(tracked + " ")) {
                        commands.put(at, tracked);
                    }
                }
            }
            if (commands.values().stream().allMatch(String::isEmpty)) {
                continue;
            }
            String m = masked.toString();
            for (int[] sentence : sentences(m)) {
                String sentenceText = text.substring(sentence[0], sentence[1]);
                Matcher fig = FIGURE.matcher(m).region(sentence[0], sentence[1]);
                while (fig.find()) {
                    Map.Entry<Integer, String> before = commands.lowerEntry(fig.start());
                    if (before == null || before.getKey() < sentence[0] || before.getValue().isEmpty()) {
                        continue;
                    }
                    Source src = source.get(before.getValue());
                    if (closed(m, before.getKey(), fig.start()) || limit(m, sentence, before.getKey(), fig.start(), fig.end())
                            || pastRun(sentenceText, src.date())) {
                        continue;
                    }
                    quotes++;
                    Figure quoted = figure(fig);
                    if (!quoted.matches(src.seconds())) {
                        problems.add(file + ":" + unit.lineOf()[fig.start()] + ": `" + src.command() + "` quoted as "
                                + quoted.text() + ", but " + sourceFile + ":" + src.line() + " has " + src.text() + " ("
                                + src.date() + ")" + hint(quoted, src) + "; a past run's figure carries its date in"
                                + " the sentence");
                    }
                }
            }
        }
        return quotes;
    }

    private static String hint(Figure quoted, Source src) {
        if (quoted.precision() == 60) {
            return ": quote it (~" + Math.round(src.seconds() / 60.0) + " min to the minute)";
        }
        if (quoted.precision() == 3600) {
            return ": quote it (~" + Math.round(src.seconds() / 3600.0) + " h to the hour)";
        }
        return ": quote it";
    }

    /** Sentences and table cells of a masked text, as [start, end) pairs. */
    private static List<int[]> sentences(String masked) {
        List<int[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < masked.length(); i++) {
            char c = masked.charAt(i);
            boolean end = c == '|' || ((c == '.' || c == ';' || c == '!' || c == '?')
                    && (i + 1 == masked.length() || Character.isWhitespace(masked.charAt(i + 1))));
            if (end) {
                out.add(new int[] {start, i});
                start = i + 1;
            }
        }
        out.add(new int[] {start, masked.length()});
        return out;
    }

    /** Whether the command sits in brackets that close before the figure: its scope ends there. */
    private static boolean closed(String masked, int command, int figure) {
        int depth = 0;
        for (int i = command; i < figure; i++) {
            char c = masked.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if ((c == ')' || c == ']') && --depth < 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a figure is a limit, not a measurement: the clause around it (between , ; : ( ) in its
     * sentence) says so, or the words from the command to it speak of a budget, a timeout or a limit.
     */
    private static boolean limit(String masked, int[] sentence, int command, int from, int to) {
        int start = from;
        while (start > sentence[0] && ",;:()".indexOf(masked.charAt(start - 1)) < 0) {
            start--;
        }
        int end = to;
        while (end < sentence[1] && ",;()".indexOf(masked.charAt(end)) < 0) {
            end++;
        }
        String clause = masked.substring(start, end).toLowerCase(Locale.ROOT);
        String between = masked.substring(command, from).toLowerCase(Locale.ROOT);
        return LIMITS.stream().anyMatch(clause::contains) || BOUNDS.stream().anyMatch(between::contains);
    }

    /** Whether the sentence is dated, and not with the source's date: a past run's figure. */
    private static boolean pastRun(String sentence, String date) {
        Matcher d = DATE.matcher(sentence);
        while (d.find()) {
            if (!d.group(1).equals(date)) {
                return true;
            }
        }
        return false;
    }

    /** A command as written, without the variable assignments before it ({@code CI=true bash .ci/run}). */
    static String command(String written) {
        return ENV.matcher(written.strip()).replaceFirst("").strip().replaceAll("\\s+", " ");
    }

    static Figure figure(Matcher m) {
        double seconds = value(m.group(1)) * unit(m.group(2));
        double precision = precision(m.group(1), m.group(2));
        if (m.group(3) != null) {
            seconds += value(m.group(3)) * unit(m.group(4));
            precision = precision(m.group(3), m.group(4));
        }
        return new Figure(seconds, precision, m.group().strip());
    }

    private static double value(String number) {
        return Double.parseDouble(number);
    }

    private static double precision(String number, String unit) {
        int dot = number.indexOf('.');
        return unit(unit) * Math.pow(10, dot < 0 ? 0 : -(number.length() - dot - 1));
    }

    private static long unit(String unit) {
        return unit.startsWith("h") ? 3600 : unit.startsWith("m") ? 60 : 1;
    }

    static List<String> cells(String row) {
        String inner = row.strip();
        inner = inner.substring(1, inner.endsWith("|") && inner.length() > 1 ? inner.length() - 1 : inner.length());
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean code = false;
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '`') {
                code = !code;
            }
            if (c == '|' && !code && (i == 0 || inner.charAt(i - 1) != '\\')) {
                out.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString().strip());
        return out;
    }
}
