package io.github.uncontended.sharded.broken;

import static io.github.uncontended.sharded.ElementFlagBuffers.code;
import static io.github.uncontended.sharded.ElementFlagBuffers.item;

import io.github.uncontended.sharded.BrokenElementFlagShardedBuffer;
import io.github.uncontended.sharded.BrokenElementFlagShardedBuffer.Defect;
import io.github.uncontended.sharded.ElementFlagBuffers;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * ElementFlagTwoProducersConsumerTest run against BrokenElementFlagShardedBuffer's SKIP_CLAIMED
 * (specs/sharded/broken/EfsSkipClaimed.tla): the consumer that finds slot 0 claimed by the
 * first producer and not yet stored moves past it; the item stored there later is never taken
 * (the shard has 4 slots, so no lap brings the consumer back to it within the test). The
 * forbidden outcome must show up, so jcstress reports this test FAILED; `make jcstress-broken`
 * would require that.
 */
@JCStressTest
@Outcome(id = {"0, 1, 2, 0", "0, 2, 1, 0"}, expect = Expect.ACCEPTABLE,
        desc = "the consumer found the shard empty; both items after, in the order of their claims")
@Outcome(id = "1, 2, 0, 0", expect = Expect.ACCEPTABLE, desc = "the consumer took item 1; item 2 after")
@Outcome(id = {"0, 1, 0, 0", "0, 2, 0, 0", "1, 0, 0, 0"}, expect = Expect.FORBIDDEN,
        desc = "an item lost: overwritten, or moved past while claimed and not yet stored")
@Outcome(id = {"0, 1, 1, 0", "0, 2, 2, 0", "1, 1, 0, 0", "2, 2, 0, 0"}, expect = Expect.FORBIDDEN,
        desc = "an item delivered twice")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else")
@State
public class ElementFlagSkipClaimedTest {
    final BrokenElementFlagShardedBuffer<ElementFlagBuffers.Item> buffer =
            new BrokenElementFlagShardedBuffer<>(1, ElementFlagBuffers.SLOTS, () -> 0, Defect.SKIP_CLAIMED);

    @Actor
    public void produce() {
        buffer.offer(item(1));
    }

    @Actor
    public void consumeThenProduce(IIII_Result r) {
        r.r1 = code(buffer.poll());   // no consumer role in the broken variant
        buffer.offer(item(2));
    }

    @Arbiter
    public void drain(IIII_Result r) {
        r.r2 = code(buffer.poll());
        r.r3 = code(buffer.poll());
        r.r4 = code(buffer.poll());
    }
}
