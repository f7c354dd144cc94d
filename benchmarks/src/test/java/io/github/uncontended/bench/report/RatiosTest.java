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
