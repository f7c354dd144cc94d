package io.github.uncontended.bench;

/**
 * Many publishers, one consumer, Disruptor style: a publisher claims a slot, writes it and
 * publishes it; the consumer processes whatever is published in order.
 */
public interface SequencerAdapter {
    void init(int capacity);

    /** Publisher side, called concurrently: claim, write {@code value}, publish. May wait for space. */
    void publish(long value);

    /**
     * Publisher side, a batch: claim {@code n} consecutive slots at once, write {@code value}
     * into each, publish the range. Unsupported where the structure has no batch claim.
     */
    default void publishBatch(long value, int n) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no batch claim");
    }

    /**
     * Consumer side, single thread: processes every slot published so far, in sequence order,
     * frees them for reuse, and returns how many it processed (0 if none).
     */
    int drain();

    /**
     * Called at teardown, after every publisher has returned and before the consumer is stopped:
     * makes sure a consumer waiting for the next sequence returns (and does not wait again).
     */
    default void halt() {}
}
