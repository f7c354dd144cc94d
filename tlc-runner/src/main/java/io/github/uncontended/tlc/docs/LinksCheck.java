package io.github.uncontended.tlc.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
            Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("<")) {
                    continue;   // https:, mailto:, file: ...: another site
                }
                checked++;
                String problem = problem(page, target);
                if (problem != null) {
                    problems.add(page + ":" + (i + 1) + ": link " + target + ": " + problem);
                }
            }
        }
        return checked;
    }

    private String problem(Path page, String target) throws IOException {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path file = path.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(
                java.net.URLDecoder.decode(path, java.nio.charset.StandardCharsets.UTF_8)).normalize();
        if (!Files.exists(file)) {
            return "no such file (" + file + ")";
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
