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
 * ElementFlagTwoProducersConsumerTest run against BrokenElementFlagShardedBuffer's STORE_BEFORE_CAS
 * (specs/sharded/broken/EfsStoreBeforeCas.tla): each producer stores its item into the slot
 * of the tail it loaded before its CAS, so two that loaded the same tail both store into slot 0;
 * the loser's item overwrites the winner's, and the loser offers again: its item arrives twice.
 * The forbidden outcome must show up, so jcstress reports this test FAILED; `make
 * jcstress-broken` would require that.
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
public class ElementFlagStoreBeforeCasTest {
    final BrokenElementFlagShardedBuffer<ElementFlagBuffers.Item> buffer =
            new BrokenElementFlagShardedBuffer<>(1, ElementFlagBuffers.SLOTS, () -> 0, Defect.STORE_BEFORE_CAS);

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
