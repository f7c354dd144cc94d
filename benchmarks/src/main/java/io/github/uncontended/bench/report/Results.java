package io.github.uncontended.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** JMH JSON results, flattened to one {@link Row} per (benchmark, implementation, threads). */
final class Results {
    private Results() {}

    /** One measured point. {@code design} is the benchmark's short name, e.g. "SequencerBench.publish". */
    record Row(String design, String impl, int threads, double score, String unit, String mode,
               Map<String, Double> percentiles, double error) {
        Row(String design, String impl, int threads, double score, String unit, String mode) {
            this(design, impl, threads, score, unit, mode, Map.of(), Double.NaN);
        }

        Row(String design, String impl, int threads, double score, String unit, String mode, double error) {
            this(design, impl, threads, score, unit, mode, Map.of(), error);
        }

        /** A percentile of sample mode ("50.0", "99.0", "99.9"); NaN when not measured. */
        double percentile(String p) {
            return percentiles.getOrDefault(p, Double.NaN);
        }

        /** Higher is better for throughput; lower is better for time modes. */
        boolean higherIsBetter() {
            return mode.equals("thrpt");
        }
    }

    static List<Row> readDir(Path dir) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            // machine.json, and machine-<stamp>.json for files copied from another run (PROVENANCE.md)
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".json")
                    && !p.getFileName().toString().startsWith("machine")).sorted()::iterator) {
                try {
                    rows.addAll(read(Files.readString(f)));
                } catch (IllegalArgumentException notJmh) {
                    throw new IllegalArgumentException(f + ": " + notJmh.getMessage(), notJmh);
                }
            }
        }
        return rows;
    }

    static List<Row> read(String json) throws IOException {
        List<Row> rows = new ArrayList<>();
        JsonNode root = new ObjectMapper().readTree(json);
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException("not JMH results: a JMH JSON file is an array of runs (-rf json)");
        }
        for (JsonNode run : root) {
            if (!run.hasNonNull("benchmark") || !run.has("primaryMetric")) {
                throw new IllegalArgumentException("not JMH results: a run without \"benchmark\" or \"primaryMetric\"");
            }
            String bench = run.path("benchmark").asText();
            String[] parts = bench.split("\\.");
            String design = parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : bench;
            JsonNode params = run.path("params");
            String impl = params.has("impl") ? params.get("impl").asText()
                    : params.has("arena") ? "arena-" + params.get("arena").asText()
                    : params.has("counters") ? (params.get("counters").asInt() == 0 ? "AtomicSession"
                            : "ShardedSession-" + params.get("counters").asText() + "-counters") : "-";
            JsonNode pm = run.path("primaryMetric");
            double score = pm.path("score").asDouble();
            String mode = run.path("mode").asText();
            if (mode.equals("sample")) {
                // Sample mode: report the median; percentiles stay in the JSON.
                JsonNode p = pm.path("scorePercentiles").path("50.0");
                if (!p.isMissingNode()) {
                    score = p.asDouble();
                }
            }
            Map<String, Double> pct = new TreeMap<>();
            pm.path("scorePercentiles").fields().forEachRemaining(e -> pct.put(e.getKey(), e.getValue().asDouble()));
            // JMH's scoreError: the half-width of the 99.9% confidence interval of the score (NaN
            // when a point had too few iterations to have one); not meaningful for sample mode's median.
            double error = mode.equals("sample") ? Double.NaN : pm.path("scoreError").asDouble(Double.NaN);
            rows.add(new Row(design, impl, run.path("threads").asInt(), score, pm.path("scoreUnit").asText(), mode, pct,
                    error));
        }
        return rows;
    }

    /** design -> impl -> threads -> score. */
    static Map<String, Map<String, TreeMap<Integer, Row>>> index(List<Row> rows) {
        Map<String, Map<String, TreeMap<Integer, Row>>> out = new TreeMap<>();
        for (Row r : rows) {
            out.computeIfAbsent(r.design(), k -> new TreeMap<>())
               .computeIfAbsent(r.impl(), k -> new TreeMap<>())
               .put(r.threads(), r);
        }
        return out;
    }
}
