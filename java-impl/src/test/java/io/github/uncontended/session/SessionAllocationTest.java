package io.github.uncontended.session;

import static io.github.uncontended.Allocations.assertAllocatesNothing;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.TestThreads;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sessions allocate nothing to acquire and release (issue 48, item 5;
 * {@link io.github.uncontended.Allocations} says how it is counted), nor while an acquire waits
 * for a counter a close has marked CLOSING. {@link Session#lease()} allocates its
 * {@link Session.Lease} by design (the Javadoc says so): the bare pair is measured. An
 * {@link AdaptiveSession} allocates its stripes once, when an acquire's CAS on the base first
 * fails; it is measured before (one counter) and after (striped).
 *
 * <p>The wait: a closer thread holds one acquire on the second counter (or stripe) for the
 * whole test and calls {@code close()} without pause; each close marks the first counter, the
 * test thread's, CLOSING, finds the holder on the second and rolls back. The test thread's
 * acquires that load the first counter while it is marked wait there (spin, then yield). The
 * closer's refusals allocate their exceptions on the closer's thread, which is not measured.
 */
@Timeout(value = 60, threadMode = SEPARATE_THREAD)   // each case well under a second
class SessionAllocationTest {
    static final int UNITS = 20_000;

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    static Stream<Arguments> sessions() {
        return Stream.of(
                Arguments.of("AtomicSession", (Function<ShardSelector, Session>) sel -> new AtomicSession()),
                Arguments.of("ShardedSession (FIXED)", (Function<ShardSelector, Session>) sel ->
                        new ShardedSession(4, ShardSelector.THREAD_ID, ShardedSession.CounterChoice.FIXED)),
                Arguments.of("ShardedSession (RECHOOSE)", (Function<ShardSelector, Session>) sel ->
                        new ShardedSession(4, ShardSelector.THREAD_ID, ShardedSession.CounterChoice.RECHOOSE)),
                Arguments.of("AdaptiveSession (one counter)", (Function<ShardSelector, Session>) sel -> new AdaptiveSession(4)),
                Arguments.of("AdaptiveSession (striped)", (Function<ShardSelector, Session>) sel -> striped(4, ShardSelector.THREAD_ID)));
    }

    /** An idle AdaptiveSession whose stripes exist (the inflate path taken once, its ticket released). */
    static AdaptiveSession striped(int stripes, ShardSelector selector) {
        AdaptiveSession s = new AdaptiveSession(stripes, selector);
        s.release(s.acquireAfterFailedBaseCas());
        assertTrue(s.striped());
        return s;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sessions")
    void acquireAndReleaseAllocateNothing(String name, Function<ShardSelector, Session> factory) {
        Session s = factory.apply(ShardSelector.THREAD_ID);
        assertAllocatesNothing(name + ": acquire and release", units -> {
            for (int i = 0; i < units; i++) {
                s.release(s.acquire());
            }
            return 2L * units;
        }, UNITS);
    }

    static Stream<Arguments> closeable() {
        return Stream.of(
                Arguments.of("ShardedSession (FIXED)", (Function<ShardSelector, Session>) sel ->
                        new ShardedSession(2, sel, ShardedSession.CounterChoice.FIXED)),
                Arguments.of("AdaptiveSession (striped)", (Function<ShardSelector, Session>) sel -> striped(2, sel)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("closeable")
    void anAcquireThatWaitsForACloseAllocatesNothing(String name, Function<ShardSelector, Session> factory)
            throws InterruptedException {
        Thread measured = Thread.currentThread();
        Session s = factory.apply(() -> Thread.currentThread() == measured ? 0 : 1);
        AtomicLong closes = new AtomicLong();
        Thread closer = threads.start("closer", () -> {
            int ticket = s.acquire();                    // the second counter: every close rolls back
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    try {
                        s.close();
                        throw new AssertionError("a close succeeded while the closer held an acquire");
                    } catch (IllegalStateException refused) {
                        closes.incrementAndGet();
                    }
                }
            } finally {
                s.release(ticket);
            }
        });
        while (closes.get() == 0) {
            Thread.onSpinWait();
        }
        assertAllocatesNothing(name + ": acquire and release while another thread's closes mark the counter CLOSING",
                units -> {
                    for (int i = 0; i < units; i++) {
                        s.release(s.acquire());
                    }
                    return 2L * units;
                }, UNITS);
        long during = closes.get();
        closer.interrupt();
        threads.joinAll(Duration.ofSeconds(5));
        assertTrue(during > 1, "the closer ran " + during + " closes: the wait was hardly exercised");
    }
}
