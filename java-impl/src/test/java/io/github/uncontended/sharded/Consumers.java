package io.github.uncontended.sharded;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Test harness only: hands the consumer role of a {@link ShardedBuffer} to whichever thread polls
 * next.
 *
 * <p>The buffer binds the consumer role to the first thread that polls and refuses every other
 * thread, even one that polls strictly after the consumer's last poll. Test harnesses poll from
 * threads they do not choose: a jcstress {@code @Arbiter} and the state constructor run on either
 * actor's thread, Lincheck runs the parts before and after the parallel one, and its
 * {@code @Validate} method, on threads of its own. Each caller of {@link #handOver} must be
 * ordered after the previous consumer's last poll (jcstress: the arbiter runs after both actors;
 * Lincheck: the parts run one after another); then there is still a single consumer at a time,
 * which is what the algorithm needs.
 */
public final class Consumers {
    private static final VarHandle CONSUMER;

    static {
        try {
            CONSUMER = MethodHandles.privateLookupIn(ShardedBuffer.class, MethodHandles.lookup())
                    .findVarHandle(ShardedBuffer.class, "consumer", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Consumers() {}

    /** The next thread that polls {@code buffer} becomes its consumer. */
    public static void handOver(ShardedBuffer<?> buffer) {
        CONSUMER.set(buffer, (Thread) null);
    }
}
