package io.github.uncontended.sequencer;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * The availability sequencer's publication and the consumer's scan. Sequences 0 and 1 are
 * claimed up front. Each publisher writes its event into its ring slot (a plain store) and
 * publishes it (the release store of its lap flag); the publisher of 1 then consumes: it calls
 * {@code waitFor(0)}, which scans the flags (acquire loads) from 0 until the first one not at its
 * lap, waiting until it has found 0, and reads the slots up to the sequence it returned, counting
 * empty ones. Recorded: what waitFor returned, the empty slots under it, and {@code cursor()}
 * after both actors returned. Once 0 is found, 1 (published before the scan, by the same thread)
 * is found too, so waitFor always returns 1: the outcome set, one outcome, is computed by the
 * litmus model {@code specs/sequencer/litmus/AvailabilityScanLitmus.tla}. A scan that steps over
 * the gap at 0 returns 1 while 0 is unpublished and can find slot 0 empty (the broken variant's
 * test, broken/AvailabilityScanSkipsGapTest).
 */
@JCStressTest
@Outcome(id = "1, 0, 1", expect = Expect.ACCEPTABLE,
        desc = "waitFor(0) found 0 and 1 published, with their events")
@Outcome(id = "1, 1, 1", expect = Expect.FORBIDDEN,
        desc = "the scan covers a slot whose event store is not visible (a gap skipped, or a flag before its event)")
@Outcome(expect = Expect.FORBIDDEN, desc = "waitFor(0) stopped short of 1 though 1 was published before it, "
        + "or a lost publication (final cursor below 1)")
@State
public class AvailabilityScanTest {
    final AvailabilitySequencer sequencer = new AvailabilitySequencer(Sequencers.BUFFER);
    final long first = sequencer.next();
    final long second = sequencer.next();
    final int[] slots = new int[sequencer.bufferSize()];   // plain: publish() orders them

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
