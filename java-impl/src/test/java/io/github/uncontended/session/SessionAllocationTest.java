package io.github.uncontended.session;

import static io.github.uncontended.Allocations.assertAllocatesNothing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.StalledPartner;
import io.github.uncontended.TestThreads;
import java.time.Duration;
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
 * <p>The wait is made to happen on every unit by a second thread, a close stopped between its
 * mark and its rollback ({@link StalledPartner}), on a session of one counter (or stripe) and on
 * an AdaptiveSession's base.
 */
@Timeout(value = 60, threadMode = SEPARATE_THREAD)   // each case well under a second
class SessionAllocationTest {
    static final int UNITS = 20_000;

    /** Units per run with a stalled partner: each waits until the partner has seen it waiting (a stack trace or more). */
    static final int PARTNER_UNITS = 20;

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

    /** Where a close's CLOSING mark makes the test thread's acquire wait, and how to set and clear it. */
    interface Mark {
        void set();

        void clear();
    }

    static Stream<Arguments> marked() {
        return Stream.of(
                Arguments.of("ShardedSession (Counter.loadOpen)", (Function<Session, Mark>) s -> counterMark(
                        ((Counter[]) field(s, ShardedSession.class, "counters"))[0], 0)),
                Arguments.of("AdaptiveSession, a stripe (Counter.loadOpen)", (Function<Session, Mark>) s -> counterMark(
                        ((Counter[]) field(s, AdaptiveSession.class, "cells"))[0], 1)),
                Arguments.of("AdaptiveSession, the base (loadOpenBase)", (Function<Session, Mark>) s -> baseMark(s)));
    }

    static Session sessionFor(String name) {
        if (name.startsWith("ShardedSession")) {
            return new ShardedSession(1, () -> 0, ShardedSession.CounterChoice.FIXED);
        }
        return name.contains("stripe") ? striped(1, () -> 0) : new AdaptiveSession(1, () -> 0);
    }

    /** A close's phase 1 on one counter, taken alone: CloseMark (0 to CLOSING), then CloseRollback. */
    static Mark counterMark(Counter c, int ticket) {
        return new Mark() {
            @Override public void set() {
                if (c.closeMark(ticket) != 0) {
                    throw new AssertionError("the counter had a holder when the close marked it");
                }
            }

            @Override public void clear() {
                c.closeRollback(ticket);
            }
        };
    }

    /** The same on the AdaptiveSession's base, through its field (its close steps are private). */
    static Mark baseMark(Session s) {
        java.lang.reflect.Field base = accessible(AdaptiveSession.class, "base");
        return new Mark() {
            @Override public void set() {
                try {
                    base.setLong(s, AdaptiveSession.CLOSING);   // a volatile field: a volatile store
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }

            @Override public void clear() {
                try {
                    base.setLong(s, 0L);
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        };
    }

    static Object field(Object o, Class<?> c, String name) {
        try {
            return accessible(c, name).get(o);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static java.lang.reflect.Field accessible(Class<?> c, String name) {
        try {
            java.lang.reflect.Field f = c.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * An acquire that waits for a close, on every unit: a {@link StalledPartner} is a closer that
     * marks the test thread's counter CLOSING and rolls back only once it has seen the test
     * thread's acquire waiting (spin, then yield); the acquire then acquires, and releases.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("marked")
    void anAcquireThatWaitsForACloseAllocatesNothing(String name, Function<Session, Mark> markOf)
            throws InterruptedException {
        Session s = sessionFor(name);
        Mark mark = markOf.apply(s);
        StalledPartner closer = new StalledPartner(Thread.currentThread(), new StalledPartner.Steps() {
            @Override public void hold() {
                mark.set();
            }

            @Override public void release() {
                mark.clear();
            }
        });
        Thread partner = threads.start("stalled closer", closer);
        long[] unit = {0};
        assertAllocatesNothing(name + ": an acquire that waits while a close has the counter CLOSING, and its release",
                units -> {
                    for (int i = 0; i < units; i++) {
                        long u = ++unit[0];
                        closer.request(u);
                        s.release(s.acquire());
                        closer.awaitRelease(u);
                    }
                    return 2L * units;
                }, PARTNER_UNITS);
        partner.interrupt();
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals(0, closer.unseen(), "units whose acquire was never seen in its wait");
        assertTrue(s.isAlive());
    }
}
