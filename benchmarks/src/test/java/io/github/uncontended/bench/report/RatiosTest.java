package io.github.uncontended.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.github.uncontended.bench.report.Results.Row;

class RatiosTest {
    private static List<Row> fixture() throws IOException {
        try (InputStream in = RatiosTest.class.getResourceAsStream("/fixture-results.json")) {
            return Results.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void aJsonFileThatIsNotJmhResultsIsRefusedByName() {
        assertEquals("not JMH results: a JMH JSON file is an array of runs (-rf json)",
                assertThrows(IllegalArgumentException.class, () -> Results.read("{\"host\": \"vm\"}")).getMessage());
        assertEquals("not JMH results: a run without \"benchmark\" or \"primaryMetric\"",
                assertThrows(IllegalArgumentException.class, () -> Results.read("[{\"mode\": \"avgt\"}]")).getMessage());
    }

    @Test
    void timeModeSpeedupIsOtherOverOurs() throws IOException {
        List<Ratios.Ratio> ratios = Ratios.compute(fixture());
        Ratios.Ratio session = ratios.stream().filter(r -> r.pair().other().equals("AtomicSession")).findFirst().orElseThrow();
        assertEquals(2, session.threads());
        assertEquals(4.0, session.speedup(), 1e-9); // 28 ns vs 7 ns: ours 4x better
    }

    @Test
    void throughputSpeedupIsOursOverOther() throws IOException {
        Ratios.Ratio seq = Ratios.compute(fixture()).stream()
                .filter(r -> r.pair().other().equals("Disruptor4")).findFirst().orElseThrow();
        assertEquals(8, seq.threads());
        assertEquals(0.5, seq.speedup(), 1e-9); // ours trails the peer: the ratio says so
    }

    @Test
    void onlyPairsMeasuredAtTheSameThreadCount() throws IOException {
        // AtomicSession at 1 thread has no ShardedSession partner; the only other pair is the sequencer one.
        assertEquals(2, Ratios.compute(fixture()).size());
    }

    @Test
    void sampleModeUsesTheMedian() throws IOException {
        Row lat = fixture().stream().filter(r -> r.mode().equals("sample")).findFirst().orElseThrow();
        assertEquals(120.0, lat.score(), 1e-9);
        assertEquals("ShardedBufferBench.offerLatency", lat.design());
        assertEquals(800.0, lat.percentile("99.0"), 1e-9);
        assertTrue(Double.isNaN(lat.percentile("99.9")));
    }

    @Test
    void intervalComesFromBothScoresErrors() {
        // ops/s: ours 12 +- 2, other 10 +- 1: the speed-up lies in 10/11 .. 14/9; it contains 1
        Row ours = new Row("X.y", "ours", 2, 12.0, "ops/s", "thrpt", 2.0);
        Row other = new Row("X.y", "other", 2, 10.0, "ops/s", "thrpt", 1.0);
        double[] b = Ratios.bounds(ours, other);
        assertEquals(10.0 / 11.0, b[0], 1e-9);
        assertEquals(14.0 / 9.0, b[1], 1e-9);
        Ratios.Pair pair = new Ratios.Pair("X.y", "ours", "other", "peer");
        assertEquals("inside the error", new Ratios.Ratio(pair, 2, 12, 10, 1.2, "ops/s", b[0], b[1]).verdict());
        // ns/op: ours 5 +- 0.5, other 10 +- 1: other/ours lies in 9/5.5 .. 11/4.5, all above 1
        double[] t = Ratios.bounds(new Row("X.y", "ours", 1, 5.0, "ns/op", "avgt", 0.5),
                new Row("X.y", "other", 1, 10.0, "ns/op", "avgt", 1.0));
        assertEquals(9.0 / 5.5, t[0], 1e-9);
        assertEquals("ahead", new Ratios.Ratio(pair, 1, 5, 10, 2, "ns/op", t[0], t[1]).verdict());
        assertEquals("behind", new Ratios.Ratio(pair, 1, 5, 10, 0.5, "ns/op", 0.4, 0.9).verdict());
        // no interval (a point measured with one iteration): said so, never "ahead" outright
        double[] none = Ratios.bounds(new Row("X.y", "ours", 1, 5.0, "ns/op", "avgt"), other);
        assertTrue(Double.isNaN(none[0]));
    }

    @Test
    void fixtureRatiosCarryTheirInterval() throws IOException {
        Ratios.Ratio seq = Ratios.compute(fixture()).stream()
                .filter(r -> r.pair().other().equals("Disruptor4")).findFirst().orElseThrow();
        assertTrue(seq.low() <= seq.speedup() && seq.speedup() <= seq.high(), seq.toString());
        assertEquals(27.0 / 66.0, seq.low(), 1e-9);     // (3e7 - 3e6) / (6e7 + 6e6)
        assertEquals("behind", seq.verdict());
    }

    @Test
    void refusesToCompareDifferentUnits() {
        Row a = new Row("X.y", "ours", 1, 1.0, "ns/op", "avgt");
        Row b = new Row("X.y", "other", 1, 1.0, "ops/s", "thrpt");
        assertThrows(IllegalArgumentException.class, () -> Ratios.speedup(a, b));
    }

    @Test
    void spliceReplacesOnlyTheGeneratedSection() {
        String page = "intro\n" + Report.BEGIN + "\nold\n" + Report.END + "\noutro\n";
        String out = Report.splice(page, "new\n");
        assertTrue(out.startsWith("intro\n" + Report.BEGIN + "\nnew\n" + Report.END));
        assertTrue(out.endsWith("outro\n"));
        assertThrows(IllegalArgumentException.class, () -> Report.splice("no markers", "x"));
    }
}
