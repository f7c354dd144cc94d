package io.github.uncontended;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.sequencer.AlertException;
import io.github.uncontended.sequencer.PendingListSequencer;
import io.github.uncontended.sequencer.Sequencer;
import io.github.uncontended.sequencer.WaitStrategy;
import io.github.uncontended.session.Session;
import io.github.uncontended.session.ShardedSession;
import io.github.uncontended.sharded.ShardedBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The code the design pages show (docs/sequencer.md, docs/sharded-buffer.md, docs/session.md),
 * compiled and run: each snippet there is a static method here, copied verbatim, and a test runs
 * it. Change one, change the other.
 */
@Timeout(value = 10, threadMode = SEPARATE_THREAD)   // each test normally takes a few ms
class DocExamplesTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    // ---- docs/sequencer.md ---------------------------------------------------------------------

    /** A sequencer whose waits park when they last (the default, yielding(), spins, then yields). */
    static Sequencer parkingSequencer() {
        return new PendingListSequencer(1024, 64, WaitStrategy.parking(TimeUnit.MICROSECONDS.toNanos(100)));
    }

    /** The consumer: reads until the sequencer is halted, then returns what it read. No sentinel. */
    static long consumeUntilHalted(Sequencer sequencer, long[] ring) {
        long sum = 0;
        long next = 0;
        try {
            while (true) {
                long available = sequencer.waitFor(next);        // waits; halt() ends the wait
                for (long s = next; s <= available; s++) {
                    sum += ring[(int) s & (ring.length - 1)];
                }
                sequencer.markConsumed(available);
                next = available + 1;
            }
        } catch (AlertException halted) {
            return sum;                                          // all published before the halt is read
        }
    }

    @Test
    void aConsumerStopsWhenTheSequencerIsHalted() throws Exception {
        Sequencer sequencer = parkingSequencer();
        long[] ring = new long[sequencer.bufferSize()];          // plain: publish() and waitFor() order it
        AtomicLong sum = new AtomicLong(-1);
        threads.start("consumer", () -> sum.set(consumeUntilHalted(sequencer, ring)));
        for (int i = 1; i <= 10_000; i++) {
            long s = sequencer.next();
            ring[(int) s & (ring.length - 1)] = i;
            sequencer.publish(s);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (sequencer.cursor() < 9_999) {                    // every publish returned: no wait is left
            if (System.nanoTime() > deadline) {
                throw new AssertionError("every sequence up to 9999 was published, and the cursor stays at "
                        + sequencer.cursor() + ": " + sequencer);
            }
            TestThreads.pause();
        }
        sequencer.halt();                                        // at shutdown: the consumer returns
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals(10_000L * 10_001 / 2, sum.get());
    }

    // ---- docs/sharded-buffer.md ----------------------------------------------------------------

    /** One consumer at a time: take what is there, then hand the role over. */
    static <E> int drainThenHandOver(ShardedBuffer<E> buffer, Consumer<E> sink) {
        int n = buffer.drain(sink, 1_000);      // the first poll claims the consumer role
        buffer.releaseConsumer();                // the next thread that polls becomes the consumer
        return n;
    }

    @Test
    void theConsumerRoleGoesFromThreadToThread() throws Exception {
        ShardedBuffer<String> buffer = new ShardedBuffer<>(4, 64);
        List<String> got = new ArrayList<>();                    // each consumer sees the last one's adds
        buffer.offer("a");
        drainThenHandOver(buffer, got::add);
        buffer.offer("b");
        threads.start("next consumer", () -> drainThenHandOver(buffer, got::add));
        threads.joinAll(Duration.ofSeconds(5));
        buffer.offer("c");
        drainThenHandOver(buffer, got::add);
        assertEquals(List.of("a", "b", "c"), got);
    }

    // ---- docs/session.md -----------------------------------------------------------------------

    /** The checked way to hold a session: the lease releases its acquire once. */
    static void useTheResource(Session session, Runnable access) {
        try (Session.Lease lease = session.lease()) {
            access.run();                                    // the session cannot close meanwhile
        }                                                    // released here, exactly once
    }

    /** A lease handed to another thread, which releases it. */
    static Thread releaseOnAnotherThread(Session session, Runnable access) {
        Session.Lease lease = session.lease();
        Thread worker = new Thread(() -> {
            try (lease) {
                access.run();
            }
        });
        worker.start();
        return worker;
    }

    @Test
    void aLeaseIsReleasedOnceWhereverItIsClosed() throws Exception {
        ShardedSession session = new ShardedSession(4);
        boolean[] ran = new boolean[2];
        useTheResource(session, () -> ran[0] = true);
        Thread worker = releaseOnAnotherThread(session, () -> ran[1] = true);
        worker.join(5_000);
        assertFalse(worker.isAlive());
        assertTrue(ran[0] && ran[1]);
        session.close();                                     // no holder left
    }
}
