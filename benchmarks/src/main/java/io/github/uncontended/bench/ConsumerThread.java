package io.github.uncontended.bench;

import java.util.function.IntSupplier;

import io.github.uncontended.sharded.ShardedQueue;

/**
 * The one consumer of an MPSC shape: a dedicated daemon thread started in a trial-level
 * {@code @Setup} and stopped in {@code @TearDown}.
 *
 * <p>Why not a JMH {@code @Group} with an asymmetric consumer: with a group, {@code -t} no
 * longer means "number of producers" (the split is set by {@code -tg}), and the group's score
 * sums producer and consumer operations, which is not the ops/s a user of the queue sees. With a
 * dedicated thread, {@code -t N} is exactly N producers and the score counts completed
 * producer operations only. The consumer competes for the same cores, as in production.
 */
final class ConsumerThread extends Thread {
    private final IntSupplier drain;
    private volatile boolean running = true;
    /** Items consumed; read once at teardown as a sanity check that the consumer ran. */
    private long consumed;

    /**
     * The consumer loop of every MPSC comparison, polling: up to 256 items per round, one
     * {@code poll} at a time, until it returns null. The same code for every implementation: ours
     * are {@link ShardedQueue}s, the peers and baselines are seen as one ({@code adapters.PeerQueues}).
     */
    static ConsumerThread polling(String name, ShardedQueue<?> q) {
        return new ConsumerThread(name, () -> {
            int n = 0;
            while (n < 256 && q.poll() != null) {
                n++;
            }
            return n;
        });
    }

    /** The same, draining: the structure's own bulk take, up to 256 items per round, into a sink that discards. */
    static ConsumerThread draining(String name, ShardedQueue<Object> q) {
        java.util.function.Consumer<Object> discard = e -> { };
        return new ConsumerThread(name, () -> q.drain(discard, 256));
    }

    ConsumerThread(String name, IntSupplier drain) {
        super(name);
        this.drain = drain;
        setDaemon(true);
    }

    @Override
    public void run() {
        long n = 0;
        while (running) {
            int k = drain.getAsInt();
            if (k == 0) {
                Thread.onSpinWait();
            }
            n += k;
        }
        consumed = n;
    }

    /** Stops the consumer and returns how many items it consumed. */
    long halt() throws InterruptedException {
        running = false;
        join(10_000);
        if (isAlive()) {
            throw new IllegalStateException(getName() + " did not stop within 10 s");
        }
        return consumed;
    }
}
