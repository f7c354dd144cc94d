package io.github.uncontended.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** JMH JSON results, flattened to one {@link Row} per (benchmark, implementation, threads). */
final class Results {
    private Results() {}

    /**
     * One measured point. {@code design} is the benchmark's short name, e.g. "SequencerBench.publish".
     * {@code forks}: per fork, the median of its measured iterations (JMH's {@code rawData}), in
     * fork order; empty for sample mode and for results without raw data.
     */
    record Row(String design, String impl, int threads, double score, String unit, String mode,
               Map<String, Double> percentiles, double error, List<Double> forks) {
        Row(String design, String impl, int threads, double score, String unit, String mode) {
            this(design, impl, threads, score, unit, mode, Map.of(), Double.NaN, List.of());
        }

        Row(String design, String impl, int threads, double score, String unit, String mode, double error) {
            this(design, impl, threads, score, unit, mode, Map.of(), error, List.of());
        }

        /** A percentile of sample mode ("50.0", "99.0", "99.9"); NaN when not measured. */
        double percentile(String p) {
            return percentiles.getOrDefault(p, Double.NaN);
        }

        /** Higher is better for throughput; lower is better for time modes. */
        boolean higherIsBetter() {
            return mode.equals("thrpt");
        }

        /** The point's value in tables and charts: the median of the fork medians, or JMH's score without them. */
        double value() {
            return forks.isEmpty() ? score : Stats.median(forks);
        }
    }

    /**
     * Every JMH result file of {@code dir}: {@code *.json} and {@code *.json.gz} (large ones are kept
     * compressed, benchmarks/results/README.md), not {@code machine*.json}.
     */
    static List<Row> readDir(Path dir) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files.filter(Results::isResultFile).sorted()::iterator) {
                try {
                    rows.addAll(read(readText(f)));
                } catch (IllegalArgumentException notJmh) {
                    throw new IllegalArgumentException(f + ": " + notJmh.getMessage(), notJmh);
                }
            }
        }
        return rows;
    }

    static boolean isResultFile(Path p) {
        String name = p.getFileName().toString();
        // machine.json, and machine-<stamp>.json for files copied from another run (PROVENANCE.md)
        return (name.endsWith(".json") || name.endsWith(".json.gz")) && !name.startsWith("machine");
    }

    static String readText(Path f) throws IOException {
        if (!f.getFileName().toString().endsWith(".gz")) {
            return Files.readString(f);
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(f))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
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
            List<Double> forks = new ArrayList<>();
            if (!mode.equals("sample")) {
                for (JsonNode fork : pm.path("rawData")) {
                    double[] its = new double[fork.size()];
                    for (int i = 0; i < its.length; i++) {
                        its[i] = fork.get(i).asDouble();
                    }
                    if (its.length > 0) {
                        forks.add(Stats.median(Arrays.stream(its).boxed().toList()));
                    }
                }
            }
            rows.add(new Row(design, impl, run.path("threads").asInt(), score, pm.path("scoreUnit").asText(), mode, pct,
                    error, List.copyOf(forks)));
        }
        return rows;
    }

    /** design -> impl -> threads -> row. */
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
