package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.TestThreads;
import io.github.uncontended.TraceRecorder;
import io.github.uncontended.sequencer.broken.ParkAfterCasSequencer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Records short stress runs of the sequencers for trace validation against
 * {@code specs/sequencer/trace/PendingListTrace.tla} ({@code make trace} checks them with TLC).
 * Publishers 1..P claim and publish one sequence at a time (the spec's batch size 1); thread P + 1
 * is the consumer, which waits for each sequence and marks it consumed (the spec's Consume). The
 * ring and the pending array are small, so publishers wait for slots and park ahead of the cursor.
 */
@Timeout(value = 40, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // each records in well under a second
class SequencerTraceRecordingTest {

    @Test
    void twoPublishersPendingTwo() throws Exception {
        record("sequencer-2p-pending2", new PendingListSequencer(4, 2), 2, 8 * TraceRecorder.scale(), true);
    }

    @Test
    void threePublishersPendingTwo() throws Exception {
        record("sequencer-3p-pending2", new PendingListSequencer(4, 2), 3, 6 * TraceRecorder.scale(), true);
    }

    @Test
    void twoPublishersPendingFour() throws Exception {
        record("sequencer-2p-pending4", new PendingListSequencer(8, 4), 2, 10 * TraceRecorder.scale(), true);
    }

    /**
     * Sibling (a) in Java: it reads the cursor and CASes before it parks. TLC must reject its trace.
     * It can lose a publication, after which a waiting consumer (or a publisher's guard) would wait
     * forever: so no consumer here, and a ring and pending array larger than the run.
     */
    @Test
    void parkAfterCasIsRecordedForRejection() throws Exception {
        record("broken-sequencer-park-after-cas", new ParkAfterCasSequencer(8, 8), 2, 3, false);
    }

    private static void record(String name, AbstractSequencer sequencer, int publishers, int each, boolean real)
            throws Exception {
        int n = publishers * each;
        String spec = "sequencer/trace/PendingListTrace";
        TraceRecorder recorder = (real ? TraceRecorder.accepted(spec) : TraceRecorder.rejected(spec))
                .constant("Publishers", TraceRecorder.ids(1, publishers))
                .constant("N", n)
                .constant("PendingSize", sequencer.maxBatch)
                .constant("BufferSize", sequencer.bufferSize());
        List<TestThreads.Body> actors = new ArrayList<>();
        for (int p = 0; p < publishers; p++) {
            actors.add(() -> {
                for (int i = 0; i < each; i++) {
                    sequencer.publish(sequencer.next());
                }
            });
        }
        if (real) {                            // the consumer
            actors.add(() -> {
                for (long s = 0; s < n; s++) {
                    sequencer.waitFor(s);
                    sequencer.markConsumed(s);
                }
            });
        }
        List<String> events = recorder.record(name, actors);
        assertTrue(events.stream().filter(e -> e.contains(" Claim ")).count() == n,
                name + ": expected " + n + " Claim events in " + events.size());
    }
}
