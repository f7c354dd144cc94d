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
 * ConsumerClaimTest run against BrokenShardedBuffer's RACY_CONSUMER_CLAIM (RacyConsumerClaim.tla):
 * the role is claimed by a plain load and a plain store, so both actors can find it free and both
 * poll as the consumer, taking item 1 twice. That must show up, so jcstress reports this test
 * FAILED; `make jcstress-broken` requires that.
 */
@JCStressTest
@Outcome(id = {"1, 2, 0", "2, 1, 0"}, expect = Expect.ACCEPTABLE, desc = "one after the other")
@Outcome(id = {"1, -1, 2", "-1, 1, 2"}, expect = Expect.ACCEPTABLE, desc = "one refused")
@Outcome(id = {"1, 1, 2", "1, 1, 0", "1, 0, 2", "0, 1, 2"}, expect = Expect.FORBIDDEN,
        desc = "two consumers at once: expected here, the variant is broken")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else")
@State
public class RacyConsumerClaimTest {
    final BrokenShardedBuffer<Integer> buffer =
            new BrokenShardedBuffer<>(1, ShardedBuffers.SLOTS, () -> 0, Defect.RACY_CONSUMER_CLAIM);

    public RacyConsumerClaimTest() {
        buffer.offer(1);
        buffer.offer(2);
    }

    @Actor
    public void first(III_Result r) {
        r.r1 = ShardedBuffers.pollOnceThenRelease(buffer::poll, buffer::releaseConsumer);
    }

    @Actor
    public void second(III_Result r) {
        r.r2 = ShardedBuffers.pollOnceThenRelease(buffer::poll, buffer::releaseConsumer);
    }

    @Arbiter
    public void after(III_Result r) {
        r.r3 = ShardedBuffers.code(buffer.poll());
    }
}
