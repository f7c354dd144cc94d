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
     * Consumer side, single thread: processes every slot published so far, in sequence order,
     * frees them for reuse, and returns how many it processed (0 if none).
     */
    int drain();

    /** Releases anything a waiting publisher or consumer could be blocked in; called at teardown. */
    default void halt() {}
}
