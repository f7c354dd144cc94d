package io.github.uncontended.sequencer;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.J_Result;

/**
 * Batch publish against a single one: sequence 0 and the batch 1..2 are claimed up front
 * ({@code next()}, then {@code next(2)}); one actor publishes 0, the other {@code publish(1, 2)}.
 * With a pending array of two the batch waits at the guard until the cursor reaches 0, which is
 * {@code lo - 1}: it parks nothing and takes the fast path, one CAS 0 -> 2 over the whole batch,
 * while the publisher of 0, after its CAS -1 -> 0, loads the entry of 1 (never parked) and
 * returns. Whichever way their steps interleave, the final cursor, read after both calls returned,
 * must be 2. The outcome set is computed by the litmus model
 * {@code specs/sequencer/litmus/BatchPublishLitmus.tla}. (The batch's parking path is not raced
 * here: with these claims the guard only lets the batch in once its predecessor is visible.)
 */
@JCStressTest
@Outcome(id = "2", expect = Expect.ACCEPTABLE, desc = "both published: the cursor covers 0, 1 and 2")
@Outcome(id = "1", expect = Expect.FORBIDDEN, desc = "lost publication: the batch's CAS covered 1 but not 2")
@Outcome(id = "0", expect = Expect.FORBIDDEN, desc = "lost publication: the batch returned without moving the cursor")
@Outcome(id = "-1", expect = Expect.FORBIDDEN, desc = "nothing visible after both publishes returned")
@State
public class BatchPublishTest {
    final AbstractSequencer sequencer = Sequencers.pendingList();
    final long single = sequencer.next();
    final long hi = sequencer.next(2);

    @Actor
    public void publishSingle() {
        sequencer.publish(single);
    }

    @Actor
    public void publishBatch() {
        sequencer.publish(hi - 1, hi);
    }

    @Arbiter
    public void finalCursor(J_Result r) {
        r.r1 = sequencer.cursor();
    }
}
