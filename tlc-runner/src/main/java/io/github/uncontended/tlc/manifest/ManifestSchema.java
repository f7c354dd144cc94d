package io.github.uncontended.tlc.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The JSON Schema of manifest.json ({@code specs/manifest.schema.json}, carried in the jar) and
 * validation against it. Each error becomes a {@link Problem}: where in the manifest (the
 * model's index and the field path inside it) and a message. A schema object may carry an
 * {@code errorMessage} (a string, or one per keyword): the message then says what the field
 * must be in this project's words; editors such as VS Code show the same text.
 */
public final class ManifestSchema {

    static final String RESOURCE = "manifest.schema.json";

    /**
     * One schema error. {@code model} is the index in {@code models}, or -1 for the manifest's
     * own fields; {@code field} is the path inside the model (or the manifest), e.g.
     * {@code expect.result}, or "" for the model (or the manifest) itself.
     */
    record Problem(int model, String field, String message) {}

    private static final String TEXT;
    private static final JsonNode NODE;
    private static final Schema SCHEMA;

    static {
        try (InputStream in = ManifestSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the runner's class path (rebuild tlc-runner)");
            }
            TEXT = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            NODE = new ObjectMapper().readTree(TEXT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // errorMessage is this schema's own keyword (read by problem() below and by editors), declared so that the
        // validator does not log it as unknown: through the Maven plugin its log is the build's.
        Dialect dialect = Dialect.builder(Dialects.getDraft202012()).keyword(new NonValidationKeyword("errorMessage")).build();
        SCHEMA = SchemaRegistry.withDefaultDialect(dialect).getSchema(NODE);
    }

    private ManifestSchema() {}

    public static String text() {
        return TEXT;
    }

    /** Every schema error of {@code manifest}, one per (location, message), in document order. */
    static List<Problem> validate(JsonNode manifest) {
        Set<Problem> out = new LinkedHashSet<>();
        List<Error> errors = SCHEMA.validate(manifest);
        // A value that matches no branch of a oneOf is one mistake: its line is the oneOf's
        // message (its errorMessage lists the shapes allowed), not one line per branch.
        List<String> alternatives = new ArrayList<>();
        for (Error e : errors) {
            if (e.getKeyword().equals("oneOf")) {
                alternatives.add(e.getEvaluationPath().toString() + "/");
            }
        }
        for (Error e : errors) {
            String path = e.getEvaluationPath().toString();
            if (alternatives.stream().anyMatch(path::startsWith)) {
                continue;
            }
            List<String> at = segments(e.getInstanceLocation().toString());
            int model = -1;
            List<String> field = at;
            if (at.size() >= 2 && at.get(0).equals("models") && at.get(1).matches("\\d+")) {
                model = Integer.parseInt(at.get(1));
                field = at.subList(2, at.size());
            }
            // "required" and "additionalProperties" are reported on the object: they name its field.
            List<String> where = new ArrayList<>(field);
            String message = custom(e);
            if (message == null) {
                message = describe(e);
            }
            out.add(new Problem(model, dotted(where), message));
        }
        return List.copyOf(out);
    }

    /** The schema's own message for this error: the {@code errorMessage} of the object holding the keyword. */
    private static String custom(Error e) {
        JsonNode holder = holder(e);
        JsonNode m = holder == null ? null : holder.get("errorMessage");
        if (m == null) {
            return null;
        }
        JsonNode chosen = m.isTextual() ? m : m.get(e.getKeyword());
        if (chosen == null || !chosen.isTextual()) {
            return null;
        }
        return chosen.asText().replace("{property}", String.valueOf(e.getProperty()));
    }

    /** The schema object in which the failing keyword stands. */
    private static JsonNode holder(Error e) {
        List<String> path = segments(e.getSchemaLocation().getFragment().toString());
        if (path.isEmpty()) {
            return null;
        }
        JsonNode n = NODE;
        for (String s : path.subList(0, path.size() - 1)) {
            n = n.isArray() && s.matches("\\d+") ? n.get(Integer.parseInt(s)) : n.get(s);
            if (n == null) {
                return null;
            }
        }
        return n;
    }

    /** Messages for the keywords without an errorMessage, in the runner's words. */
    private static String describe(Error e) {
        JsonNode holder = holder(e);
        switch (e.getKeyword()) {
            case "additionalProperties" -> {
                Set<String> known = new TreeSet<>();
                JsonNode props = holder == null ? null : holder.get("properties");
                if (props != null) {
                    for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
                        known.add(it.next());
                    }
                }
                known.remove("$schema");
                return "unknown field \"" + e.getProperty() + "\" (known: " + String.join(", ", known) + ")";
            }
            case "required" -> {
                return "\"" + e.getProperty() + "\" is required";
            }
            case "enum" -> {
                JsonNode allowed = holder == null ? null : holder.get("enum");
                List<String> values = new ArrayList<>();
                if (allowed != null) {
                    allowed.forEach(v -> values.add(v.asText()));
                }
                JsonNode got = e.getInstanceNode();
                return "must be one of " + values + " (got " + (got == null ? "nothing"
                        : got.isTextual() ? "'" + got.asText() + "'" : got.toString()) + ")";
            }
            default -> {
                // The library's own message (json-schema-validator 2.0.8 puts no instance location in it; the caller names it).
                return e.getMessage();
            }
        }
    }

    /** "/models/0/expect/result" (a JSON pointer, "~1" for '/', "~0" for '~') as segments. */
    static List<String> segments(String pointer) {
        String p = pointer.startsWith("#") ? pointer.substring(1) : pointer;
        List<String> out = new ArrayList<>();
        if (p.isEmpty() || p.equals("/")) {
            return out;
        }
        if (p.startsWith("$")) { // "$.models[0].expect" form
            for (String s : p.substring(1).split("[.\\[\\]]+")) {
                if (!s.isEmpty()) {
                    out.add(s);
                }
            }
            return out;
        }
        for (String s : p.substring(p.startsWith("/") ? 1 : 0).split("/", -1)) {
            out.add(s.replace("~1", "/").replace("~0", "~"));
        }
        return out;
    }

    /**
     * ["expect", "result"] as "expect.result"; ["litmus", "outcomes", "2"] as "litmus.outcomes[2]";
     * a key that is no identifier in brackets: "litmus.notModelled['1, 0']".
     */
    private static String dotted(List<String> path) {
        StringBuilder sb = new StringBuilder();
        for (String s : path) {
            if (s.matches("\\d+")) {
                sb.append('[').append(s).append(']');
            } else if (!s.matches("[A-Za-z_$][\\w$]*")) {
                sb.append("['").append(s).append("']");
            } else {
                sb.append(sb.length() > 0 ? "." : "").append(s);
            }
        }
        return sb.toString();
    }
}
