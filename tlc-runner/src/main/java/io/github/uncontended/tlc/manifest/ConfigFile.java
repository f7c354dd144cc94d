package io.github.uncontended.tlc.manifest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The few facts the runner needs from a TLC config: which invariants and properties it checks,
 * and which constants it assigns.
 */
public record ConfigFile(List<String> invariants, List<String> properties, Set<String> assigned) {

    private static final Set<String> KEYWORDS = Set.of(
            "INIT", "NEXT", "SPECIFICATION", "INVARIANT", "INVARIANTS", "PROPERTY", "PROPERTIES",
            "CONSTANT", "CONSTANTS", "SYMMETRY", "VIEW", "CONSTRAINT", "CONSTRAINTS",
            "ACTION_CONSTRAINT", "ACTION_CONSTRAINTS", "CHECK_DEADLOCK", "POSTCONDITION", "ALIAS");

    public static ConfigFile read(Path cfg) throws IOException {
        String text = Files.readString(cfg)
                .replaceAll("(?s)\\(\\*.*?\\*\\)", " ")   // block comments
                .replaceAll("\\\\\\*[^\\n]*", " ");       // line comments: \* ...
        List<String> invariants = new ArrayList<>();
        List<String> properties = new ArrayList<>();
        Set<String> assigned = new java.util.TreeSet<>();
        // CONSTANT sections: Name = value, or Name <- Operator (a value may span several tokens)
        java.util.regex.Matcher section = java.util.regex.Pattern
                .compile("(?s)\\bCONSTANTS?\\b(.*?)(?=\\b(?:" + String.join("|", KEYWORDS) + ")\\b|$)").matcher(text);
        while (section.find()) {
            java.util.regex.Matcher name = java.util.regex.Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*(?:=|<-)")
                    .matcher(section.group(1).replaceAll("\"[^\"]*\"", "\"\""));
            while (name.find()) {
                assigned.add(name.group(1));
            }
        }
        List<String> current = null;
        for (String token : text.split("\\s+")) {
            if (token.isEmpty()) {
                continue;
            }
            if (KEYWORDS.contains(token)) {
                current = token.startsWith("INVARIANT") ? invariants
                        : token.startsWith("PROPERT") ? properties
                        : null;
            } else if (current != null) {
                current.add(token);
            }
        }
        return new ConfigFile(List.copyOf(invariants), List.copyOf(properties), Set.copyOf(assigned));
    }
}
