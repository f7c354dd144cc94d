package io.github.uncontended.sharded;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A slot's sequence is never seen without its item. One shard of 2 slots; the producer offers an
 * event whose field it set with a plain write; the consumer polls once meanwhile; the arbiter polls
 * again after both. Recorded for each poll: 0 nothing, 1 the event with its field, 2 the event
 * with its field unset. The item store is plain and the event's field too: both are published by
 * the release store of the slot's sequence (PublishSeq) and read after its acquire load
 * (ConsumerLoadSeq).
 */
@JCStressTest
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "the consumer took the event, complete")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE, desc = "the consumer found nothing yet; the arbiter took the event, complete")
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = "lost: the sequence was seen, the slot freed, no item in it")
@Outcome(id = {"2, 0", "0, 2"}, expect = Expect.FORBIDDEN, desc = "the event seen without its field: the plain writes were not published by the sequence")
@Outcome(expect = Expect.FORBIDDEN, desc = "delivered twice")
@State
public class SlotVisibilityTest {
    final ShardedBuffer<ShardedBuffers.Event> buffer = ShardedBuffers.oneShard();

    @Actor
    public void produce() {
        ShardedBuffers.Event e = new ShardedBuffers.Event();
        e.value = ShardedBuffers.VALUE;
        buffer.offer(e);
    }

    @Actor
    public void consume(II_Result r) {
        r.r1 = ShardedBuffers.code(buffer.poll());
        buffer.releaseConsumer();     // the arbiter polls next, on either actor's thread
    }

    @Arbiter
    public void pollAgain(II_Result r) {
        r.r2 = ShardedBuffers.code(buffer.poll());
    }
}
