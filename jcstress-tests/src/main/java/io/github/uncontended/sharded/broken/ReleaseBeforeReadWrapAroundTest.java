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
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * WrapAroundTest run against BrokenShardedBuffer's RELEASE_BEFORE_READ (ReleaseBeforeRead.tla):
 * the consumer frees slot 0 before reading it, so the producer's 3 can land there first; the
 * consumer then returns 3 and clears it. A forbidden outcome must show up, so jcstress reports
 * this test FAILED; `make jcstress-broken` requires that.
 */
@JCStressTest
@Outcome(id = "1, 1, 2, 3", expect = Expect.ACCEPTABLE, desc = "the consumer freed slot 0 first; 3 reused it")
@Outcome(id = "0, 1, 2, 0", expect = Expect.ACCEPTABLE, desc = "the producer found the shard full")
@Outcome(id = {"1, 3, 2, 0", "1, 3, 2, 3"}, expect = Expect.FORBIDDEN, desc = "the new item in place of the old one: expected here")
@Outcome(id = "1, 1, 2, 0", expect = Expect.FORBIDDEN, desc = "3 accepted and lost")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else")
@State
public class ReleaseBeforeReadWrapAroundTest {
    final BrokenShardedBuffer<Integer> buffer =
            new BrokenShardedBuffer<>(1, ShardedBuffers.SLOTS, () -> 0, Defect.RELEASE_BEFORE_READ);

    public ReleaseBeforeReadWrapAroundTest() {
        buffer.offer(1);
        buffer.offer(2);
    }

    @Actor
    public void produce(IIII_Result r) {
        r.r1 = buffer.offer(3) ? 1 : 0;
    }

    @Actor
    public void consume(IIII_Result r) {
        r.r2 = ShardedBuffers.code(buffer.poll());
    }

    @Arbiter
    public void drain(IIII_Result r) {
        r.r3 = ShardedBuffers.code(buffer.poll());
        r.r4 = ShardedBuffers.code(buffer.poll());
    }
}
