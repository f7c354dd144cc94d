package io.github.uncontended;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;

/**
 * Test harness: what a stress test's one consumer has received of its producers' items, and the
 * wait for the rest that fails naming what is missing. Producer {@code p} makes items
 * {@code 0, 1, ..., perProducer - 1}, in that order; the consumer reports each item it takes
 * ({@link #arrived}), which fails on an item that is not that producer's next one (a duplicate, a
 * gap, a reordering). The test thread waits ({@link #await}) until every item has arrived, and
 * fails as soon as none has arrived for a stall time, with the items that never came (per
 * producer, the first missing one and how many follow it), what the test says of its structure,
 * and the stack of every thread still running. So a lost item fails the test in seconds, naming
 * it, whether the consumer polls on (a relaxed poll's null) or is stuck inside a call that waits
 * for the lost item (a blocking poll, a sequencer's {@code waitFor}).
 *
 * <p>Bounded state: one counter per producer and one in all, whatever the run's length or how
 * long it waits. The consumer is one thread (the counters are written by it alone); the test
 * thread reads them while it waits.
 *
 * <pre>{@code
 *   Arrivals arrivals = new Arrivals("producer", 4, 50_000);
 *   threads.start("consumer", () -> { ... arrivals.arrived(p, i); ... });
 *   arrivals.await(threads, Duration.ofSeconds(3), () -> buffer.sizeEstimate() + " items in the shards");
 * }</pre>
 */
public final class Arrivals {

    private final String producerNoun;
    private final long perProducer;
    /** Per producer: the index of the last item received, -1 before the first. Written by the consumer only. */
    private final AtomicLongArray last;
    private final AtomicLong received = new AtomicLong();

    /**
     * @param producerNoun what the messages call a producer ("producer", "publisher")
     * @param producers how many producers, 0 .. producers - 1
     * @param perProducer how many items each makes, 0 .. perProducer - 1
     */
    public Arrivals(String producerNoun, int producers, long perProducer) {
        this.producerNoun = producerNoun;
        this.perProducer = perProducer;
        this.last = new AtomicLongArray(producers);
        for (int p = 0; p < producers; p++) {
            last.set(p, -1);
        }
    }

    /** Items of all producers together. */
    public long total() {
        return perProducer * last.length();
    }

    /** Items received so far. */
    public long received() {
        return received.get();
    }

    /**
     * The consumer received item {@code index} of {@code producer}: fails (an AssertionError
     * naming both) unless it is that producer's next item. {@code where} is added to the message
     * (a sequence, a shard), may be empty.
     */
    public void arrived(int producer, long index, String where) {
        if (producer < 0 || producer >= last.length()) {
            throw new AssertionError("an item of " + producerNoun + " " + producer + " arrived (index " + index + ")"
                    + where + ": there are " + producerNoun + "s 0.." + (last.length() - 1) + " only");
        }
        long expected = last.get(producer) + 1;
        if (index != expected) {
            throw new AssertionError(producerNoun + " " + producer + ": item " + index + " arrived" + where
                    + " where item " + expected + " was due (" + (index < expected ? "a duplicate, or out of order"
                    : "items " + expected + ".." + (index - 1) + " skipped, or out of order") + ")");
        }
        last.set(producer, index);
        received.set(received.get() + 1);
    }

    /**
     * As {@link #arrived(int, long, String)}, the message saying {@code " " + at + " " + value}
     * (built only on a failure: this runs once per item).
     */
    public void arrived(int producer, long index, String at, long value) {
        long expected = producer >= 0 && producer < last.length() ? last.get(producer) + 1 : -1;
        arrived(producer, index, index == expected ? "" : " " + at + " " + value);
    }

    /** As {@link #arrived(int, long, String)}, with nothing added to the message. */
    public void arrived(int producer, long index) {
        arrived(producer, index, "");
    }

    /** Producer {@code p}'s last item received, -1 if none. */
    public long last(int producer) {
        return last.get(producer);
    }

    /**
     * Returns once every item has arrived, or once every thread of {@code threads} has ended (then
     * {@code joinAll} says why: a thread that failed); fails when no item arrived for
     * {@code stall}, naming the missing items, {@code state} (evaluated then: what the structure
     * holds) and the stack of every thread still running. Progress is the hang detector, not
     * the total time, which depends on the machine's load.
     */
    public void await(TestThreads threads, Duration stall, Supplier<String> state) throws InterruptedException {
        long seen = received();
        long movedAt = System.nanoTime();
        while (seen < total() && threads.anyAlive()) {
            Thread.sleep(5);
            threads.rethrowFailures();                  // a consumer that found an item out of order
            long now = received();
            if (now != seen) {
                seen = now;
                movedAt = System.nanoTime();
            } else if (System.nanoTime() - movedAt > stall.toNanos()) {
                String message = "no item arrived for " + stall.toMillis() + " ms: " + missing() + "; " + state.get();
                try {
                    threads.joinAll(Duration.ofMillis(1));
                } catch (AssertionError stacks) {
                    throw new AssertionError(message + "; " + stacks.getMessage(), stacks);
                }
                throw new AssertionError(message);
            }
        }
        threads.rethrowFailures();
    }

    /**
     * The items not received, per producer: "producer 2's items 1234..49999 (48766 items) never
     * arrived", or "every item arrived".
     */
    public String missing() {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < last.length(); p++) {
            long first = last.get(p) + 1;
            if (first < perProducer) {
                sb.append(sb.length() == 0 ? "" : ", ").append(producerNoun).append(' ').append(p).append("'s ")
                        .append(first == perProducer - 1 ? "item " + first
                                : "items " + first + ".." + (perProducer - 1) + " (" + (perProducer - first) + " items)");
            }
        }
        return sb.length() == 0 ? "every item arrived" : sb.append(" never arrived (received ").append(received())
                .append(" of ").append(total()).append(')').toString();
    }
}
