package io.github.uncontended.sequencer;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.J_Result;

/**
 * The pending-store / cursor-load handshake. Sequences 0 and 1 are claimed up front; two
 * publishers publish them at once. The publisher of 1 finds the cursor behind and may exit after a
 * failed CAS; then the publisher of 0 must see its park when it drains. The final cursor, read
 * after both publish calls returned, must be 1.
 */
@JCStressTest
@Outcome(id = "1", expect = Expect.ACCEPTABLE, desc = "both published: the cursor covers 0 and 1")
@Outcome(id = "0", expect = Expect.FORBIDDEN, desc = "lost publication: 1 parked unseen, its publisher gave up")
@Outcome(id = "-1", expect = Expect.FORBIDDEN, desc = "nothing visible after both publishes returned")
@State
public class PublishHandshakeTest {
    final AbstractSequencer sequencer = Sequencers.pendingList();
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
