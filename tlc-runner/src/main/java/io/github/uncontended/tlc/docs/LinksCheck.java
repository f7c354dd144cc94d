package io.github.uncontended.tlc.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The links of a Markdown page ({@link DocsCheck}, {@code make docs-check}): a relative link must
 * name a file or folder that exists, and a link with an anchor ({@code page.md#section},
 * {@code #section}) a heading of that page, by GitHub's rule for heading ids (lower case; letters,
 * digits, spaces, hyphens and underscores kept; spaces to hyphens; a repeated heading gets
 * {@code -1}, {@code -2}, ...), or an {@code <a id="...">} / {@code <a name="...">} of it. Links
 * inside code (fenced blocks, backticks) and to other sites are not checked.
 */
public final class LinksCheck {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    private static final Pattern LAST_NAME = Pattern.compile("(\\w+)\\W*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");

    private final Map<Path, Set<String>> anchors = new HashMap<>();

    /** Checks one page's links; adds a message per broken one; returns how many links it checked. */
    int check(Path page, List<String> problems) throws IOException {
        List<String> lines = Files.readAllLines(page);
        int checked = 0;
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            String bare = CODE_SPAN.matcher(line).replaceAll("");
            Matcher m = LINK.matcher(bare);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("<")) {
                    continue;   // https:, mailto:, file: ...: another site
                }
                checked++;
                String problem = problem(page, target, text(bare, m.start()));
                if (problem != null) {
                    problems.add(page + ":" + (i + 1) + ": link " + target + ": " + problem);
                }
            }
        }
        return checked;
    }

    /** The text of the link whose {@code ](} is at {@code close}: back to the {@code [} that opens it. */
    static String text(String line, int close) {
        int depth = 0;
        for (int i = close - 1; i >= 0; i--) {
            char c = line.charAt(i);
            if (c == ']') {
                depth++;
            } else if (c == '[') {
                if (depth == 0) {
                    return line.substring(i + 1, close);
                }
                depth--;
            }
        }
        return "";
    }

    private String problem(Path page, String target, String text) throws IOException {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path file = path.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(
                java.net.URLDecoder.decode(path, java.nio.charset.StandardCharsets.UTF_8)).normalize();
        if (!Files.exists(file)) {
            return "no such file (" + file + ")";
        }
        if (anchor != null && anchor.matches("L\\d+") && !file.toString().endsWith(".md")) {
            return line(file, Integer.parseInt(anchor.substring(1)), text);
        }
        if (anchor == null || anchor.isEmpty() || !file.toString().endsWith(".md")) {
            return null;
        }
        Set<String> ids = anchors(file);
        if (!ids.contains(anchor)) {
            String near = ids.stream().filter(a -> a.contains(anchor) || anchor.contains(a)).findFirst().orElse(null);
            return "no heading with id '" + anchor + "' in " + file.getFileName() + (near != null ? " (did you mean #" + near + "?)" : "");
        }
        return null;
    }

    /**
     * A link to a line of a source ({@code [CasTail](../specs/x/S.tla#L112)}, {@code [Shard.casTail](Shard.java#L111)}):
     * the line must exist and, when the link's text ends in a name, hold that name (the
     * counterexample tables link each action so; a line that moved is a stale table).
     */
    private static String line(Path file, int n, String text) throws IOException {
        List<String> lines = Files.readAllLines(file);
        if (n < 1 || n > lines.size()) {
            return "line " + n + " is past the end of " + file.getFileName() + " (" + lines.size() + " lines)";
        }
        Matcher last = LAST_NAME.matcher(text);
        String name = last.find() ? last.group(1) : null;
        if (name == null || lines.get(n - 1).matches(".*\\b" + Pattern.quote(name) + "\\b.*")) {
            return null;
        }
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("\\s*(\\S.*)?\\b" + Pattern.quote(name) + "\\s*(\\(.*)?(==|\\{).*")) {
                at.add(i + 1);
            }
        }
        return "line " + n + " of " + file.getFileName() + " does not have " + name
                + (at.isEmpty() ? "" : " (it is defined at line" + (at.size() > 1 ? "s " : " ") + at + ")")
                + ": the file changed since the table was generated; `make docs` regenerates it";
    }

    private Set<String> anchors(Path file) throws IOException {
        Set<String> cached = anchors.get(file);
        if (cached != null) {
            return cached;
        }
        Set<String> ids = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(file)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String slug = slug(h.group(1));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                ids.add(n == 0 ? slug : slug + "-" + n);
            }
            Matcher a = HTML_ANCHOR.matcher(line);
            while (a.find()) {
                ids.add(a.group(1));
            }
        }
        anchors.put(file, ids);
        return ids;
    }

    /** GitHub's id for a heading's text. */
    static String slug(String heading) {
        String text = heading.replaceAll("`", "").replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                .replaceAll("<[^>]+>", "").toLowerCase(Locale.ROOT);
        StringBuilder sb = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                sb.appendCodePoint(c);
            } else if (c == ' ') {
                sb.append('-');
            }
        });
        return sb.toString();
    }
}
