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
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * SlotVisibilityTest run against BrokenShardedBuffer's PUBLISH_BEFORE_WRITE (PublishBeforeWrite.tla):
 * the consumer can see the sequence before the item is written, take the empty slot and free it.
 * The lost event (0, 0) must show up, so jcstress reports this test FAILED; `make jcstress-broken`
 * requires that.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "the consumer took the event")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE, desc = "the arbiter took the event")
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = "lost: expected here, the variant is broken")
@Outcome(id = {"2, 0", "0, 2"}, expect = Expect.FORBIDDEN, desc = "the event seen without its field")
@Outcome(expect = Expect.FORBIDDEN, desc = "delivered twice")
@State
public class PublishBeforeWriteSlotVisibilityTest {
    final BrokenShardedBuffer<ShardedBuffers.Event> buffer =
            new BrokenShardedBuffer<>(1, ShardedBuffers.SLOTS, () -> 0, Defect.PUBLISH_BEFORE_WRITE);

    @Actor
    public void produce() {
        ShardedBuffers.Event e = new ShardedBuffers.Event();
        e.value = ShardedBuffers.VALUE;
        buffer.offer(e);
    }

    @Actor
    public void consume(II_Result r) {
        r.r1 = ShardedBuffers.code(buffer.poll());
    }

    @Arbiter
    public void pollAgain(II_Result r) {
        r.r2 = ShardedBuffers.code(buffer.poll());
    }
}
