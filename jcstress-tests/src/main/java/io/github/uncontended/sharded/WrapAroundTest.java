package io.github.uncontended.sharded;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The reuse of a slot on the next lap. One shard of 2 slots, filled with items 1 (slot 0) and 2
 * (slot 1) when the state is built. The producer offers 3, which can only go to slot 0, while the
 * consumer takes item 1 out of slot 0; the arbiter then polls twice. Recorded: the offer's result
 * (1 accepted, 0 full), the consumer's item, the arbiter's two items (0 nothing). The producer may
 * write slot 0 only after the consumer read and cleared it: the consumer's plain read and clear
 * come before its release store of the sequence (ConsumerRelease), which the producer's acquire
 * load (LoadSlotSeq) must see before it writes.
 */
@JCStressTest
@Outcome(id = "1, 1, 2, 3", expect = Expect.ACCEPTABLE, desc = "the consumer freed slot 0 first; 3 reused it")
@Outcome(id = "0, 1, 2, 0", expect = Expect.ACCEPTABLE, desc = "the producer found the shard full")
@Outcome(id = {"1, 3, 2, 0", "1, 3, 2, 3"}, expect = Expect.FORBIDDEN, desc = "the consumer saw the new item in place of the old one")
@Outcome(id = "1, 1, 2, 0", expect = Expect.FORBIDDEN, desc = "3 accepted and lost: the consumer's clear wiped it")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else: an item lost, duplicated or out of order")
@State
public class WrapAroundTest {
    final ShardedBuffer<Integer> buffer = ShardedBuffers.oneShard();

    public WrapAroundTest() {
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
        buffer.releaseConsumer();     // the arbiter polls next, on either actor's thread
    }

    @Arbiter
    public void drain(IIII_Result r) {
        r.r3 = ShardedBuffers.code(buffer.poll());
        r.r4 = ShardedBuffers.code(buffer.poll());
    }
}
