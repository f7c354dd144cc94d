package io.github.uncontended.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.uncontended.bench.report.Results.Row;

class RatiosTest {
    private static String resource(String name) throws IOException {
        try (InputStream in = RatiosTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<Row> fixture() throws IOException {
        return Results.read(resource("/fixture-results.json"));
    }

    private static List<Row> forks() throws IOException {
        return Results.read(resource("/fixture-forks.json"));
    }

    private static Ratios.Ratio ratio(List<Ratios.Ratio> rs, String ours, String other, int threads) {
        return rs.stream().filter(r -> r.pair().ours().equals(ours) && r.pair().other().equals(other)
                && r.threads() == threads).findFirst().orElseThrow();
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
        assertEquals(4.0, session.speedup().estimate(), 1e-9); // 28 ns vs 7 ns: ours 4x better
    }

    @Test
    void throughputSpeedupIsOursOverOther() throws IOException {
        Ratios.Ratio seq = Ratios.compute(fixture()).stream()
                .filter(r -> r.pair().other().equals("Disruptor4")).findFirst().orElseThrow();
        assertEquals(8, seq.threads());
        assertEquals(0.5, seq.speedup().estimate(), 1e-9); // ours trails the peer: the ratio says so
        assertEquals("peer, as users call it", seq.pair().kind());
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
        assertTrue(lat.forks().isEmpty(), "sample mode has no per-fork values");
    }

    @Test
    void jmhsIntervalComesFromBothScoresErrors() {
        // ops/s: ours 12 +- 2, other 10 +- 1: the speed-up lies in 10/11 .. 14/9
        Row ours = new Row("X.y", "ours", 2, 12.0, "ops/s", "thrpt", 2.0);
        Row other = new Row("X.y", "other", 2, 10.0, "ops/s", "thrpt", 1.0);
        double[] b = Ratios.bounds(ours, other);
        assertEquals(10.0 / 11.0, b[0], 1e-9);
        assertEquals(14.0 / 9.0, b[1], 1e-9);
        // ns/op: ours 5 +- 0.5, other 10 +- 1: other/ours lies in 9/5.5 .. 11/4.5
        double[] t = Ratios.bounds(new Row("X.y", "ours", 1, 5.0, "ns/op", "avgt", 0.5),
                new Row("X.y", "other", 1, 10.0, "ns/op", "avgt", 1.0));
        assertEquals(9.0 / 5.5, t[0], 1e-9);
        assertTrue(Double.isNaN(Ratios.bounds(new Row("X.y", "ours", 1, 5.0, "ns/op", "avgt"), other)[0]));
    }

    @Test
    void aForkIsTheMedianOfItsIterations() throws IOException {
        Row avail = forks().stream().filter(r -> r.impl().equals("AvailabilitySequencer") && r.threads() == 1)
                .findFirst().orElseThrow();
        assertEquals(List.of(19.0, 20.0, 21.0, 20.0, 20.0), avail.forks(), "one wild iteration does not move its fork");
        assertEquals(20.0, avail.value(), 1e-9);
    }

    @Test
    void theIntervalCutsByTheMannWhitneyDistribution() {
        double[] c = Stats.mannWhitneyCounts(5, 5);
        assertEquals(252.0, java.util.Arrays.stream(c).sum(), 1e-9);                  // C(10, 5)
        assertEquals(List.of(1.0, 1.0, 2.0, 3.0), java.util.Arrays.stream(c).limit(4).boxed().toList());
        assertEquals(3, Stats.cut(5, 5));      // P(U <= 2) = 4/252 <= 2.5% < P(U <= 3) = 7/252
        assertEquals(1, Stats.cut(4, 4));      // 1/70 <= 2.5% < 2/70
        assertEquals(0, Stats.cut(3, 3));      // 1/20 > 2.5%: no two-sided 95% interval from 3 and 3 forks
        Stats.Interval iv = Stats.speedup(List.of(1.0, 2.0, 3.0, 4.0, 5.0), List.of(1.0, 1.0, 1.0, 1.0, 1.0), true);
        assertEquals(3.0, iv.estimate(), 1e-9);
        assertEquals(1.0, iv.low(), 1e-9);     // the 3rd of 25 sorted ratios
        assertEquals(5.0, iv.high(), 1e-9);    // the 23rd
        Stats.Interval time = Stats.speedup(List.of(2.0, 2.0, 2.0, 2.0, 2.0), List.of(4.0, 4.0, 4.0, 4.0, 4.0), false);
        assertEquals(2.0, time.estimate(), 1e-9);   // ns/op: other/ours
    }

    @Test
    void aheadOnlyWhenTheIntervalClearsTheAaSpread() throws IOException {
        List<Ratios.Ratio> rs = Ratios.compute(forks());
        Ratios.Ratio one = ratio(rs, "AvailabilitySequencer", "Disruptor4", 1);
        assertEquals(2.0, one.speedup().estimate(), 1e-9);
        assertTrue(one.floor() > 1 && one.floor() < 1.2, "the A/A spread at 1 thread: " + one.floor());
        assertTrue(one.speedup().low() > one.floor());
        assertEquals("ahead", one.verdict());
        // 2 threads: ours in two regimes (4 and 12), its twin too: the A/A spread is wide (3x), so a
        // point estimate of 1.5x the peer is level
        Ratios.Ratio two = ratio(rs, "AvailabilitySequencer", "Disruptor4", 2);
        assertEquals(1.5, two.speedup().estimate(), 1e-9);
        assertEquals(3.0, two.floor(), 1e-9);
        assertEquals("level", two.verdict());
        // the pending list has 3 forks there: no verdict, whatever the numbers
        assertEquals("no verdict: 3 forks (needs 5)", ratio(rs, "PendingListSequencer", "Disruptor4", 2).verdict());
    }

    @Test
    void theArenaIsJudgedAgainstItsControlWithItsOwnTwin() throws IOException {
        // ArenaBench's param is "arena", not "impl": shared~aa must still be shared's A/A twin
        // (the JDK 25 run of 2026-12-05, 2 threads, benchmarks/results/20261205T061310Z-arena-jdk25)
        List<Row> rows = Results.read(resource("/fixture-arena.json"));
        assertEquals(List.of("arena-shared", "arena-shared~aa", "arena-confined"),
                rows.stream().map(Row::impl).toList());
        Ratios.Ratio r = ratio(Ratios.compute(rows), "arena-shared", "arena-confined", 2);
        assertEquals("control", r.pair().kind());
        assertTrue(r.floor() > 1 && r.floor() < 1.2, "the A/A spread: " + r.floor());
        assertTrue(r.speedup().high() < 0.05, "a shared-arena downcall at 2 threads: " + r.speedup());
        assertEquals("behind", r.verdict());
        assertFalse(Report.preempted("ArenaBench.strlen", 2, 2));
    }

    @Test
    void behindIsTheMirrorAndAPointWithoutTwinsGetsNoVerdict() {
        Ratios.Pair pair = new Ratios.Pair("X.y", "ours", "other", "peer");
        Stats.Interval below = new Stats.Interval(0.5, 0.4, 0.7);
        assertEquals("behind", new Ratios.Ratio(pair, 1, 5, 10, "ops/s", below, 1.2, 5, 5, 0, 0).verdict());
        assertEquals("level", new Ratios.Ratio(pair, 1, 5, 10, "ops/s", below, 1.5, 5, 5, 0, 0).verdict());
        assertEquals("no verdict: no A/A pair at this point",
                new Ratios.Ratio(pair, 1, 5, 10, "ops/s", below, Double.NaN, 5, 5, 0, 0).verdict());
    }

    @Test
    void pointsWithMoreThreadsThanCoresAreUnderPreemption() {
        assertFalse(Report.preempted("MatchedSequencerBench.publish", 1, 2));   // a publisher and the consumer
        assertTrue(Report.preempted("MatchedSequencerBench.publish", 2, 2));    // three threads on two cores
        assertTrue(Report.preempted("ShardedBufferBench.offer", 2, 2));
        assertFalse(Report.preempted("SessionBench.acquireRelease", 2, 2));     // no consumer thread
        assertTrue(Report.preempted("SessionBench.acquireRelease", 4, 2));
        assertEquals(2, Report.cores("{ \"host\": \"vm\", \"cores\": 2, \"cpu\": \"x\" }"));
    }

    @Test
    void gzippedResultsAreRead(@TempDir Path dir) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("seq-t1.json.gz")))) {
            out.write(resource("/fixture-forks.json").getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(dir.resolve("machine.json"), "{ \"cores\": 2 }");
        assertEquals(forks().size(), Results.readDir(dir).size());
    }

    @Test
    void theSectionSeparatesPreemptionAndListsEveryFork() throws IOException {
        String s = Report.section(Path.of("r"), "{ \"cores\": 2 }", forks(), List.of(), Path.of("docs"), Path.of("docs/img"));
        int fit = s.indexOf("#### Threads that fit the machine");
        int pre = s.indexOf("#### Under preemption");
        assertTrue(fit >= 0 && pre > fit, s);
        assertTrue(s.substring(fit, pre).contains("| MatchedSequencerBench.publish | AvailabilitySequencer | Disruptor4 | peer | 1 |"));
        assertTrue(s.substring(pre).contains("| MatchedSequencerBench.publish | AvailabilitySequencer | Disruptor4 | peer | 2 |"));
        assertTrue(s.contains("| MatchedSequencerBench.publish | AvailabilitySequencer | 2 | 4.000, 12.00, 4.000, 12.00, 12.00 | 3.00 |"), s);
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
