package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.TestThreads;
import io.github.uncontended.Trace;
import io.github.uncontended.TraceRecorder;
import io.github.uncontended.sequencer.broken.BrokenAvailabilitySequencer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Records short stress runs of {@link AvailabilitySequencer} for trace validation against
 * {@code specs/sequencer/trace/AvailabilityTrace.tla} ({@code make trace} checks them with TLC).
 * Publishers 1..P claim ({@code next(n)}), write the event of each claimed sequence into a ring of
 * the test's (the spec's WriteEvent: the event of s is s) and publish ({@code publish(lo, hi)});
 * thread P + 1 is the consumer, which waits for each sequence, reads its event (the spec's
 * ReadEvent) and marks it consumed. The test plays the spec's user, so it records the user's
 * steps with the same hooks as the sequencer's. The ring is small, so publishers wait for the
 * consumer (LoadGating, StoreCache).
 */
@Timeout(value = 40, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // each records in well under a second
class AvailabilityTraceRecordingTest {

    private static final String SPEC = "sequencer/trace/AvailabilityTrace";

    /**
     * Witness ClaimWaitsOnGating: a claim waits on the gating sequence, its slot still holding an
     * unconsumed event (a ring of 4, 16 claims: the claim of 4 at the latest finds the cache, -1,
     * below its wrap point and loads the gating sequence, which was asserted before the witness).
     */
    @Test
    void twoPublishers() throws Exception {
        record("availability-2p", 4, 2, 8 * TraceRecorder.scale(), 1, "ClaimWaitsOnGating");
    }

    /**
     * Witness ScanSeesPreviousLap: the consumer's scan finds a slot's flag still at the previous
     * lap (lap 2 or later), where only the lap tells "not yet published" from "published".
     */
    @Test
    void threePublishersBatches() throws Exception {
        record("availability-3p-batches", 4, 3, 6 * TraceRecorder.scale(), 2, "ScanSeesPreviousLap");
    }

    /** Runs of a workload at most, until one reaches its witness. */
    private static final int RUNS = 40;

    /**
     * Whether a run's events show the model's witness {@code witness}
     * (AvailabilitySequencerWitnesses.tla) on a ring of {@code bufferSize}: what the recording looks
     * for to stop retrying; the trace spec's predicate of the same name is the judge.
     */
    static java.util.function.Predicate<List<String>> reaches(String witness, int bufferSize) {
        return events -> {
            java.util.Map<String, Long> hi = new java.util.HashMap<>();   // thread -> its claim's hi
            for (String e : events) {
                String[] w = e.split(" ");
                if (w[1].equals("Claim")) {
                    hi.put(w[0], TraceRecorder.value(e, "seq"));
                } else if (witness.equals("ClaimWaitsOnGating") && w[1].equals("LoadGating")
                        && hi.get(w[0]) - bufferSize > TraceRecorder.value(e, "consumed")) {
                    return true;                               // the wrap point not yet consumed: the claim waits
                } else if (witness.equals("ScanSeesPreviousLap") && w[1].equals("IsAvailable")) {
                    long lap = TraceRecorder.value(e, "seq") / bufferSize;
                    if (lap >= 2 && TraceRecorder.value(e, "flag") == lap - 1) {
                        return true;
                    }
                }
            }
            return false;
        };
    }

    /**
     * Sibling AvailabilityScanSkipsGap.tla in Java. TLC must reject its trace: after a flag not at
     * its lap the spec's scan ends, the recording shows the next flag loaded. Forced order:
     * publisher 1 claims 0 and holds it; publisher 2 claims 1, writes and publishes it; the
     * consumer's waitFor(0) then scans, steps over 0 and returns 1; only then does publisher 1
     * write and publish 0.
     */
    @Test
    void scanSkipsGapIsRecordedForRejection() throws Exception {
        BrokenAvailabilitySequencer sequencer =
                new BrokenAvailabilitySequencer(8, BrokenAvailabilitySequencer.Defect.SCAN_SKIPS_GAP);
        long[] ring = emptyRing(8);
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch published = new CountDownLatch(1);
        CountDownLatch scanned = new CountDownLatch(1);
        long[] returned = {-2};
        TraceRecorder recorder = recorder(TraceRecorder.rejected(SPEC), 2, 2, 8, 1);
        recorder.record("broken-availability-scan-skips-gap", List.of(
                () -> {
                    long s = sequencer.next();
                    claimed.countDown();
                    scanned.await();
                    writeEvents(ring, s, s);
                    sequencer.publish(s);
                },
                () -> {
                    claimed.await();
                    long s = sequencer.next();
                    writeEvents(ring, s, s);
                    sequencer.publish(s);
                    published.countDown();
                },
                () -> {
                    published.await();
                    returned[0] = sequencer.waitFor(0);   // the defect: 1, over the unpublished 0
                    scanned.countDown();
                    for (long s = 0; s <= returned[0]; s++) {
                        readEvent(ring, s);
                        sequencer.markConsumed(s);
                    }
                }));
        assertEquals(1, returned[0], "the defect did not show: waitFor(0) returned " + returned[0]);
    }

    /**
     * Sibling AvailabilityFlagBeforeEvent.tla in Java. TLC must reject its trace: the spec's
     * SetAvailable comes after the publisher's WriteEvent, the recording shows it inside next(),
     * before. No consumer (it could read an event not yet written; the trace is rejected before).
     */
    @Test
    void flagBeforeEventIsRecordedForRejection() throws Exception {
        BrokenAvailabilitySequencer sequencer =
                new BrokenAvailabilitySequencer(8, BrokenAvailabilitySequencer.Defect.FLAG_BEFORE_EVENT);
        long[] ring = emptyRing(8);
        List<TestThreads.Body> actors = new ArrayList<>();
        for (int p = 0; p < 2; p++) {
            actors.add(() -> {
                for (int i = 0; i < 2; i++) {
                    long s = sequencer.next();
                    writeEvents(ring, s, s);
                    sequencer.publish(s);
                }
            });
        }
        List<String> events = recorder(TraceRecorder.rejected(SPEC), 2, 4, 8, 1).record("broken-availability-flag-before-event", actors);
        assertTrue(indexOf(events, " SetAvailable seq=0") < indexOf(events, " WriteEvent seq=0"),
                "the defect did not show: the flag of 0 stored before its event expected, events " + events);
    }

    private static int indexOf(List<String> events, String event) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).endsWith(event)) {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    private static TraceRecorder recorder(TraceRecorder r, int publishers, int n, int bufferSize, int maxBatch) {
        return r.constant("Publishers", TraceRecorder.ids(1, publishers))
                .constant("ConsumerThread", publishers + 1)
                .constant("N", n)
                .constant("BufferSize", bufferSize)
                .constant("MaxBatch", maxBatch);
    }

    private static long[] emptyRing(int size) {
        long[] ring = new long[size];
        Arrays.fill(ring, -1);
        return ring;
    }

    /** The user's event stores, traced as the spec's WriteEvent (the Trace lock orders them). */
    private static void writeEvents(long[] ring, long lo, long hi) {
        for (long s = lo; s <= hi; s++) {
            Trace.enter();
            ring[(int) s & (ring.length - 1)] = s;
            Trace.exit("WriteEvent", "seq", s);
        }
    }

    /** The consumer's event load, traced as the spec's ReadEvent. */
    private static long readEvent(long[] ring, long s) {
        Trace.enter();
        long event = ring[(int) s & (ring.length - 1)];
        Trace.exit("ReadEvent", "seq", s, "event", event);
        return event;
    }

    /**
     * Publisher p's i-th claim takes {@code 1 + (p + i) % maxBatch} sequences: with maxBatch 1 one at
     * a time, with 2 batches of one and two in turn. The consumer reads and consumes every sequence.
     * Repeated on a fresh sequencer with a ring of {@code bufferSize}, at most {@value #RUNS} runs,
     * until a run reaches {@code witness}, which the log declares.
     */
    private static List<String> record(String name, int bufferSize, int publishers, int each, int maxBatch,
            String witness) throws Exception {
        int n = SequencerTraceRecordingTest.claimed(publishers, each, maxBatch);
        int total = n;
        List<String> events = TraceRecorder.runUntil(name, witness, RUNS, reaches(witness, bufferSize), () -> {
            AvailabilitySequencer sequencer = new AvailabilitySequencer(bufferSize);
            long[] ring = emptyRing(sequencer.bufferSize());
            List<TestThreads.Body> actors = new ArrayList<>();
            for (int p = 0; p < publishers; p++) {
                int me = p;
                actors.add(() -> {
                    for (int i = 0; i < each; i++) {
                        int size = 1 + (me + i) % maxBatch;
                        long hi = sequencer.next(size);
                        writeEvents(ring, hi - size + 1, hi);
                        sequencer.publish(hi - size + 1, hi);
                    }
                });
            }
            actors.add(() -> {
                for (long s = 0; s < total; s++) {
                    sequencer.waitFor(s);
                    long event = readEvent(ring, s);
                    if (event != s) {
                        throw new AssertionError(name + ": the consumer read event " + event + " for sequence " + s);
                    }
                    sequencer.markConsumed(s);
                }
            });
            return actors;
        });
        assertEquals(publishers * each, events.stream().filter(e -> e.contains(" Claim ")).count(),
                name + ": Claim events in " + events.size());
        recorder(TraceRecorder.accepted(SPEC, witness), publishers, n, bufferSize, maxBatch).write(name, events);
        return events;
    }
}
