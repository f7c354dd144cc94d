package io.github.uncontended.sequencer.broken;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.J_Result;

/**
 * PublishHandshakeTest run against sibling (a), BrokenPendingListSequencer's PARK_AFTER_CAS, which parks after its
 * CAS attempt: the lost publication (final cursor 0) must show up, so jcstress reports this test
 * FAILED; `make jcstress-broken` requires that.
 */
@JCStressTest
@Outcome(id = "1", expect = Expect.ACCEPTABLE, desc = "both published")
@Outcome(id = "0", expect = Expect.FORBIDDEN, desc = "lost publication: expected here, the variant is broken")
@Outcome(id = "-1", expect = Expect.FORBIDDEN, desc = "nothing visible")
@State
public class ParkAfterCasHandshakeTest {
    final BrokenPendingListSequencer sequencer =
            new BrokenPendingListSequencer(8, 2, BrokenPendingListSequencer.Defect.PARK_AFTER_CAS);
    final long first = sequencer.next();
    final long second = sequencer.next();

    @Actor
    public void publishFirst() {
        sequencer.publish(first);
    }

    @Actor
    public void publishSecond() {
        sequencer.publish(second);
    }

    @Arbiter
    public void finalCursor(J_Result r) {
        r.r1 = sequencer.cursor();
    }
}
