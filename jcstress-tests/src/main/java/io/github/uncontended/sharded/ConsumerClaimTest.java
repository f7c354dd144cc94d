package io.github.uncontended.sharded;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two threads poll a buffer that has no consumer yet, at the same moment: the consumer role is
 * claimed by one CAS, so at any moment one of them at most is the consumer. One shard of 2 slots
 * holds items 1 and 2, offered when the state is built. Each actor polls once; a poll refused
 * because the other actor holds the role records -1; an actor that got the role releases it after
 * its poll. The arbiter polls after both. Recorded: each actor's poll and the arbiter's (0
 * nothing). The outcomes are those of the litmus model {@code ConsumerClaimLitmus.tla}.
 */
@JCStressTest
@Outcome(id = {"1, 2, 0", "2, 1, 0"}, expect = Expect.ACCEPTABLE,
        desc = "one after the other: the first took 1 and handed the role over, the second took 2")
@Outcome(id = {"1, -1, 2", "-1, 1, 2"}, expect = Expect.ACCEPTABLE,
        desc = "one held the role when the other polled: refused; the arbiter took 2")
@Outcome(id = {"1, 1, 2", "1, 1, 0", "1, 0, 2", "0, 1, 2"}, expect = Expect.FORBIDDEN,
        desc = "two consumers at once: item 1 taken twice, or its slot read after the other cleared it")
@Outcome(id = "-1, -1, 1", expect = Expect.FORBIDDEN, desc = "both refused: the role held by nobody")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else: an item lost, duplicated or out of order")
@State
public class ConsumerClaimTest {
    final ShardedBuffer<Integer> buffer = ShardedBuffers.oneShard();

    public ConsumerClaimTest() {
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
