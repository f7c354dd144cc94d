package io.github.uncontended.sharded.broken;

import io.github.uncontended.sharded.BrokenShardedBuffer;
import io.github.uncontended.sharded.BrokenShardedBuffer.Defect;
import io.github.uncontended.sharded.ShardedBuffers;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * TwoProducersOneShardTest run against BrokenShardedBuffer's RACY_TAIL_CLAIM (RacyTailClaim.tla):
 * both producers load tail 0 and claim slot 0 by a store; one item overwrites the other. The lost
 * item must show up, so jcstress reports this test FAILED; `make jcstress-broken` requires that.
 */
@JCStressTest
@Outcome(id = {"1, 2, 0", "2, 1, 0"}, expect = Expect.ACCEPTABLE, desc = "both items, once each")
@Outcome(id = {"1, 0, 0", "2, 0, 0"}, expect = Expect.FORBIDDEN, desc = "lost: expected here, the variant is broken")
@Outcome(id = {"1, 1, 0", "2, 2, 0"}, expect = Expect.FORBIDDEN, desc = "one item delivered twice")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else")
@State
public class RacyTailClaimTwoProducersTest {
    final BrokenShardedBuffer<Integer> buffer =
            new BrokenShardedBuffer<>(1, ShardedBuffers.SLOTS, () -> 0, Defect.RACY_TAIL_CLAIM);

    @Actor
    public void produceOne() {
        buffer.offer(1);
    }

    @Actor
    public void produceTwo() {
        buffer.offer(2);
    }

    @Arbiter
    public void drain(III_Result r) {
        r.r1 = ShardedBuffers.code(buffer.poll());
        r.r2 = ShardedBuffers.code(buffer.poll());
        r.r3 = ShardedBuffers.code(buffer.poll());
    }
}
