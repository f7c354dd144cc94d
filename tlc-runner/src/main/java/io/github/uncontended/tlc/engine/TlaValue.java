package io.github.uncontended.tlc.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a value as TLC prints it into its entries, one level deep, without evaluating it:
 * a function {@code (p1 :> 0 @@ p2 :> 1)}, a tuple {@code <<"a", "b">>} (keys 1..n) or a record
 * {@code [f |-> 1, g |-> 2]}. Anything else (a number, a string, a set, a model value) has no
 * entries. Enough to say which entries of a variable a step changed, and so which thread acted.
 */
public final class TlaValue {

    private TlaValue() {}

    /** Collapses TLC's line breaks and indentation into single spaces (outside strings). */
    public static String normalize(String value) {
        StringBuilder sb = new StringBuilder();
        boolean inString = false;
        boolean space = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (inString) {
                sb.append(c);
                if (c == '\\' && i + 1 < value.length()) {
                    sb.append(value.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (Character.isWhitespace(c)) {
                space = sb.length() > 0;
            } else {
                if (space) {
                    sb.append(' ');
                    space = false;
                }
                sb.append(c);
                inString = c == '"';
            }
        }
        return sb.toString();
    }

    /** The entries of a function, tuple or record, in TLC's order; null for any other value. */
    public static Map<String, String> entries(String value) {
        String v = normalize(value);
        if (v.startsWith("<<") && v.endsWith(">>")) {
            Map<String, String> out = new LinkedHashMap<>();
            String inner = v.substring(2, v.length() - 2).strip();
            if (inner.isEmpty()) {
                return out;
            }
            List<String> parts = split(inner, ",");
            if (parts == null) {
                return null;
            }
            for (int i = 0; i < parts.size(); i++) {
                out.put(String.valueOf(i + 1), parts.get(i).strip());
            }
            return out;
        }
        if (v.startsWith("(") && v.endsWith(")")) {
            return pairs(v.substring(1, v.length() - 1), "@@", ":>");
        }
        if (v.startsWith("[") && v.endsWith("]")) {
            return pairs(v.substring(1, v.length() - 1), ",", "|->");
        }
        return null;
    }

    private static Map<String, String> pairs(String inner, String separator, String arrow) {
        List<String> parts = split(inner, separator);
        if (parts == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : parts) {
            List<String> kv = split(part, arrow);
            if (kv == null || kv.size() < 2) {
                return null;
            }
            // A value may itself hold the arrow only inside brackets, which split skips; join the rest anyway.
            out.put(kv.get(0).strip(), String.join(arrow, kv.subList(1, kv.size())).strip());
        }
        return out;
    }

    /**
     * Splits at every top-level occurrence of {@code separator}: outside strings and outside
     * {@code ()}, {@code []}, {@code {}} and {@code << >>}. Null when the brackets do not balance (then it is not one value).
     */
    public static List<String> split(String s, String separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        boolean inString = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (s.startsWith("<<", i)) {
                depth++;
                i++;
            } else if (s.startsWith(">>", i) && depth > 0 && !s.startsWith(":>", i - 1)) {
                depth--;
                i++;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
                if (depth < 0) {
                    return null;
                }
            } else if (depth == 0 && s.startsWith(separator, i)) {
                parts.add(s.substring(start, i));
                i += separator.length() - 1;
                start = i + 1;
            }
        }
        if (depth != 0 || inString) {
            return null;
        }
        parts.add(s.substring(start));
        return parts;
    }
}
