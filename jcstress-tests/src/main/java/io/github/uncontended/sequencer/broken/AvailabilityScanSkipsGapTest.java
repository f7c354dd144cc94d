package io.github.uncontended.sequencer.broken;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * AvailabilityScanTest run against BrokenAvailabilitySequencer with the defect of
 * specs/sequencer/broken/AvailabilityScanSkipsGap.tla: the scan steps over a flag not at its lap.
 * When the consumer scans after publishing 1 and before 0 is published, waitFor(0) returns 1 over
 * the gap and the consumer can find slot 0 empty ("1, 1, 1"), so jcstress reports this test
 * FAILED; `make jcstress-broken` requires that.
 */
@JCStressTest
@Outcome(id = "1, 0, 1", expect = Expect.ACCEPTABLE, desc = "waitFor(0) found 0 and 1 published, with their events")
@Outcome(id = "1, 1, 1", expect = Expect.FORBIDDEN,
        desc = "the scan covers an unwritten slot: expected here, the variant skips a gap")
@Outcome(expect = Expect.FORBIDDEN, desc = "waitFor(0) stopped short of 1, or a lost publication")
@State
public class AvailabilityScanSkipsGapTest {
    final BrokenAvailabilitySequencer sequencer =
            new BrokenAvailabilitySequencer(8, BrokenAvailabilitySequencer.Defect.SCAN_SKIPS_GAP);
    final long first = sequencer.next();
    final long second = sequencer.next();
    final int[] slots = new int[sequencer.bufferSize()];

    @Actor
    public void publishFirst() {
        slots[(int) first] = 1;
        sequencer.publish(first);
    }

    @Actor
    public void publishSecondThenConsume(JJJ_Result r) {
        slots[(int) second] = 1;
        sequencer.publish(second);
        long c = sequencer.waitFor(0);
        int empty = 0;
        for (int i = 0; i <= c; i++) {
            if (slots[i] == 0) {
                empty++;
            }
        }
        r.r1 = c;
        r.r2 = empty;
    }

    @Arbiter
    public void finalCursor(JJJ_Result r) {
        r.r3 = sequencer.cursor();
    }
}
