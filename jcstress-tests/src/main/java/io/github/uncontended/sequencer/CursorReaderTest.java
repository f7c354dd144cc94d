package io.github.uncontended.sequencer;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * Event visibility through the cursor. Sequences 0 and 1 are claimed up front. Each publisher
 * writes its event into its ring slot (a plain store) and publishes it; the publisher of 0 then
 * reads the cursor and the slots it covers, counting empty ones. Slot 1 reaches it either through
 * the other publisher's CAS (release, then this acquire load of the cursor) or through its own
 * drain (the volatile load of the other's park). Recorded: the cursor it saw, the empty slots it
 * found under it, and the cursor after both publishes returned.
 */
@JCStressTest
@Outcome(id = {"0, 0, 1", "1, 0, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the covered events are all complete")
@Outcome(id = {"1, 1, 1", "0, 1, 1"}, expect = Expect.FORBIDDEN,
        desc = "the cursor covers a slot whose event store is not visible")
@Outcome(expect = Expect.FORBIDDEN, desc = "a lost publication (final cursor below 1), or a cursor behind its own publish")
@State
public class CursorReaderTest {
    final AbstractSequencer sequencer = Sequencers.pendingList();
    final long first = sequencer.next();
    final long second = sequencer.next();
    final int[] slots = new int[sequencer.bufferSize()];   // plain: publish() orders them

    @Actor
    public void publishFirstThenRead(JJJ_Result r) {
        slots[(int) first] = 1;
        sequencer.publish(first);
        long c = sequencer.cursor();
        int empty = 0;
        for (int i = 0; i <= c; i++) {
            if (slots[i] == 0) {
                empty++;
            }
        }
        r.r1 = c;
        r.r2 = empty;
    }

    @Actor
    public void publishSecond() {
        slots[(int) second] = 1;
        sequencer.publish(second);
    }

    @Arbiter
    public void finalCursor(JJJ_Result r) {
        r.r3 = sequencer.cursor();
    }
}
