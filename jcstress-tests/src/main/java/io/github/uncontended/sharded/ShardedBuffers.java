package io.github.uncontended.sharded;

import java.util.function.Supplier;

/** The instances and encodings the sharded buffer's jcstress tests share. */
public final class ShardedBuffers {
    /** Slots per shard: the smallest the buffer accepts, so slots are reused at once. */
    public static final int SLOTS = 2;
    /** What a producer writes into its event before offering it. */
    public static final int VALUE = 42;

    private ShardedBuffers() {}

    /** An event whose field is written with a plain store before it is offered. */
    public static final class Event {
        public int value;
    }

    /** One shard, one item per shard visit. */
    public static <E> ShardedBuffer<E> oneShard() {
        return new ShardedBuffer<>(1, SLOTS, 1, () -> 0);
    }

    /** 0 nothing, 1 the event with its field, 2 the event with its field unset. */
    public static int code(Event e) {
        return e == null ? 0 : e.value == VALUE ? 1 : 2;
    }

    /** 0 nothing, else the item. */
    public static int code(Integer e) {
        return e == null ? 0 : e;
    }

    /**
     * One poll by a thread that may be refused the consumer role: -1 if refused, else the item's
     * code; a thread that got the role releases it after its poll.
     */
    public static int pollOnceThenRelease(Supplier<Integer> poll, Runnable releaseConsumer) {
        Integer e;
        try {
            e = poll.get();
        } catch (IllegalStateException refused) {
            return -1;
        }
        releaseConsumer.run();
        return code(e);
    }
}
