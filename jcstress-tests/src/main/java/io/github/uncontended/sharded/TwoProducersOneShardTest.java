package io.github.uncontended.sharded;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two producers race for the tail of one shard (CasTail): each offers its own item (1, 2) to an
 * empty shard of 2 slots; the arbiter then polls three times. Both items arrive, once each, in
 * either order, and then nothing.
 */
@JCStressTest
@Outcome(id = {"1, 2, 0", "2, 1, 0"}, expect = Expect.ACCEPTABLE, desc = "both items, once each, in the order of their claims")
@Outcome(id = {"1, 0, 0", "2, 0, 0"}, expect = Expect.FORBIDDEN, desc = "lost: both producers claimed one slot")
@Outcome(id = {"1, 1, 0", "2, 2, 0"}, expect = Expect.FORBIDDEN, desc = "one item delivered twice")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else: an item lost, duplicated or left behind")
@State
public class TwoProducersOneShardTest {
    final ShardedBuffer<Integer> buffer = ShardedBuffers.oneShard();

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
