package io.github.uncontended.sharded;

import static io.github.uncontended.sharded.ElementFlagBuffers.code;
import static io.github.uncontended.sharded.ElementFlagBuffers.item;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The element-flag buffer (ElementFlagShards.tla): two producers of one shard and the consumer
 * race. Two actors, since the jcstress runs here get 2 CPUs (a third actor would not run): the
 * first offers item 1; the second polls once (the consumer), hands the role over, then offers
 * item 2. So the consumer races the first producer's claim and store (at a slot claimed and not
 * yet stored it must wait, not move on), and the two offers race for the tail (CasTail). Each
 * item's id is a plain write before its offer, published by the element's release store. The
 * arbiter polls three times after both. Recorded: the consumer's poll, then the arbiter's (0
 * nothing, -1 an item without its id, else the id).
 */
@JCStressTest
@Outcome(id = {"0, 1, 2, 0", "0, 2, 1, 0"}, expect = Expect.ACCEPTABLE,
        desc = "the consumer found the shard empty; both items after, in the order of their claims")
@Outcome(id = "1, 2, 0, 0", expect = Expect.ACCEPTABLE,
        desc = "the consumer took item 1 (waiting for its store if it found the slot claimed); item 2 after")
@Outcome(id = {"0, 1, 0, 0", "0, 2, 0, 0", "1, 0, 0, 0"}, expect = Expect.FORBIDDEN,
        desc = "an item lost: overwritten, or moved past while claimed and not yet stored")
@Outcome(id = {"0, 1, 1, 0", "0, 2, 2, 0", "1, 1, 0, 0", "2, 2, 0, 0"}, expect = Expect.FORBIDDEN,
        desc = "an item delivered twice")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else: an item without its id (-1), lost, duplicated, or left behind")
@State
public class ElementFlagTwoProducersConsumerTest {
    final ElementFlagShardedBuffer<ElementFlagBuffers.Item> buffer = ElementFlagBuffers.oneShard();

    @Actor
    public void produce() {
        buffer.offer(item(1));
    }

    @Actor
    public void consumeThenProduce(IIII_Result r) {
        r.r1 = code(buffer.poll());
        buffer.releaseConsumer();     // the arbiter polls next, on either actor's thread
        buffer.offer(item(2));
    }

    @Arbiter
    public void drain(IIII_Result r) {
        r.r2 = code(buffer.poll());
        r.r3 = code(buffer.poll());
        r.r4 = code(buffer.poll());
    }
}
