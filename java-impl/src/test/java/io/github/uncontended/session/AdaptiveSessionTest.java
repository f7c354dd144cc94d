package io.github.uncontended.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.TestThreads;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * AdaptiveSession's own cases: the base until contention, the stripes after, the seal. The
 * contract every session keeps is SessionTest's (AdaptiveSession runs there twice: from new, and
 * already striped).
 */
class AdaptiveSessionTest {

    /** An idle session whose stripes exist: the inflate path taken once, its ticket released. */
    static AdaptiveSession striped() {
        AdaptiveSession s = new AdaptiveSession(4);
        s.release(s.acquireAfterFailedBaseCas());
        assertTrue(s.striped());
        return s;
    }

    @Test
    void rejectsBadStripeCountsAndAMissingSelector() {
        assertEquals("stripes must be a power of two >= 1, got 3",
                assertThrows(IllegalArgumentException.class, () -> new AdaptiveSession(3)).getMessage());
        assertEquals("stripes must be a power of two >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new AdaptiveSession(0)).getMessage());
        assertEquals("stripes must be at most 1048576, got 2097152",
                assertThrows(IllegalArgumentException.class, () -> new AdaptiveSession(1 << 21)).getMessage());
        assertEquals("selector is null",
                assertThrows(NullPointerException.class, () -> new AdaptiveSession(2, null)).getMessage());
        assertEquals(1, Integer.bitCount(AdaptiveSession.forAvailableProcessors().stripes()));
    }

    /** One thread at a time never makes the stripes: every ticket is the base's, and close seals. */
    @Test
    void anUncontendedSessionStaysOnTheBaseAndCloseSealsIt() {
        AdaptiveSession s = new AdaptiveSession(4);
        for (int i = 0; i < 10_000; i++) {
            int ticket = s.acquire();
            assertEquals(AdaptiveSession.BASE, ticket);
            s.release(ticket);
        }
        assertFalse(s.striped());
        assertEquals("AdaptiveSession[base 0]", s.toString());
        s.close();
        assertEquals("AdaptiveSession[base CLOSED, sealed]", s.toString());
        assertFalse(s.isAlive());
        assertEquals("Already closed", assertThrows(IllegalStateException.class, s::acquire).getMessage());
        // An acquire whose base CAS failed against the close's mark finds the seal, goes back to the base, fails there.
        assertEquals("Already closed", assertThrows(IllegalStateException.class, s::acquireAfterFailedBaseCas).getMessage());
        assertFalse(s.striped(), "no stripes appear after the seal");
    }

    /**
     * The inflate path: a base holder and a stripe holder at once; close fails on each in turn
     * (the base first), rolls back what it marked, and succeeds once both are released,
     * committing the stripes too.
     */
    @Test
    void holdersOnTheBaseAndOnAStripeBothKeepTheSessionOpen() {
        AdaptiveSession s = new AdaptiveSession(2);
        int onBase = s.acquire();
        int onStripe = s.acquireAfterFailedBaseCas();
        assertEquals(AdaptiveSession.BASE, onBase);
        assertTrue(onStripe >= 1 && onStripe <= 2, "a stripe's ticket: " + onStripe);
        assertTrue(s.striped());
        assertEquals("Session is acquired (1 holder on counter 0)", assertThrows(IllegalStateException.class, s::close).getMessage());
        s.release(onBase);
        assertEquals("Session is acquired (1 holder on counter " + onStripe + ")",
                assertThrows(IllegalStateException.class, s::close).getMessage());
        assertEquals(0, s.holders(AdaptiveSession.BASE), "the failed close reset the base it had marked");
        assertEquals(1, s.holders(onStripe));
        assertTrue(s.isAlive());
        int again = s.acquire();
        assertEquals(onStripe, again, "with stripes, an acquire goes to this thread's stripe");
        s.release(again);
        s.release(onStripe);
        s.close();
        assertEquals("AdaptiveSession[base CLOSED, CLOSED, CLOSED]", s.toString());
        assertEquals(-1, s.holders(1));
        assertEquals(-1, s.holders(2));
    }

    @Test
    void badReleasesNameTheTicket() {
        AdaptiveSession s = new AdaptiveSession(4);
        assertEquals("invalid ticket 5: tickets are 0 (the base)..4",
                assertThrows(IllegalArgumentException.class, () -> s.release(5)).getMessage());
        assertEquals("release without acquire: ticket 1 names a stripe, and this session has none",
                assertThrows(IllegalStateException.class, () -> s.release(1)).getMessage());
        assertEquals("release without acquire: counter 0 has no holder (0)",
                assertThrows(IllegalStateException.class, () -> s.release(0)).getMessage());
        AdaptiveSession t = striped();
        assertEquals("release without acquire: counter 3 has no holder (0)",
                assertThrows(IllegalStateException.class, () -> t.release(3)).getMessage());
        s.close();
        t.close();
        assertEquals("release without acquire: counter 3 has no holder (CLOSED)",
                assertThrows(IllegalStateException.class, () -> t.release(3)).getMessage());
    }

    /** The base at Long.MAX_VALUE holders: one more would wrap to CLOSING; refused, the count untouched. */
    @Test
    void acquiresPastTheLimitAreRefused() {
        AdaptiveSession s = new AdaptiveSession(2, Long.MAX_VALUE);
        assertEquals("Session acquire limit exceeded: counter 0 already counts 9223372036854775807 holders"
                + " (Long.MAX_VALUE); one more would overflow into the CLOSING sentinel",
                assertThrows(IllegalStateException.class, s::acquire).getMessage());
        assertEquals(Long.MAX_VALUE, s.holders(AdaptiveSession.BASE));
        assertFalse(s.striped(), "a refused acquire does not inflate");
        s.release(AdaptiveSession.BASE);
        assertEquals(AdaptiveSession.BASE, s.acquire());
    }

    /**
     * Rounds the hammerer does before the inflater may make the stripes, and the inflater's rounds
     * before and after that point. At most {@link #ROUNDS_AFTER_STRIPES}: the hammerer does at
     * least that many in all, so the inflater's wait for it certainly ends.
     */
    private static final int ROUNDS_BEFORE_STRIPES = 50_000;
    /** Rounds the hammerer does once the stripes exist. */
    private static final int ROUNDS_AFTER_STRIPES = 50_000;

    /**
     * Two threads on one session, both on stripe 0 (selector 0) once striped: the stripes appear
     * while both acquire and release, and every ticket names the counter it was counted on, so the
     * counts end at zero and close succeeds.
     *
     * <p>What the test waits for is certain, not luck. A base CAS fails only when the other
     * thread's CAS lands between this one's load and CAS, and two threads that share a loaded core
     * rarely interleave there: measured on this 2-core VM with the other core busy, two threads of
     * 100,000 rounds each made the stripes in 16 of 100 runs (28 of 100 without the busy core), so
     * the old loop's 5 s deadline was what made it pass. Now the inflate path is taken on purpose
     * if contention has not taken it: {@code hammerer} acquires and releases until the stripes
     * exist and then {@value #ROUNDS_AFTER_STRIPES} rounds more; {@code inflater} waits until the
     * hammerer has done {@value #ROUNDS_BEFORE_STRIPES} rounds, then, unless a collision already
     * made them, makes the stripes with {@code acquireAfterFailedBaseCas()} (the path an acquire
     * whose base CAS failed takes), with the hammerer's base traffic in flight before and its
     * stripe traffic after. Both loops are bounded; the timeout catches hangs only.
     */
    @Test
    @Timeout(value = 20, threadMode = SEPARATE_THREAD)   // 0.1 s here (load 7), at most 1.0 s in 20 runs with the other core busy
    void contendedThreadsMakeTheStripesAndKeepTicketsRight() throws Exception {
        AdaptiveSession s = new AdaptiveSession(2, () -> 0);
        Set<Integer> tickets = ConcurrentHashMap.newKeySet();
        AtomicInteger hammered = new AtomicInteger();         // the hammerer's rounds so far
        AtomicInteger done = new AtomicInteger();
        try (TestThreads pair = new TestThreads()) {
            pair.start("hammerer", () -> {
                for (int after = 0; after < ROUNDS_AFTER_STRIPES; hammered.incrementAndGet()) {
                    int ticket = s.acquire();
                    tickets.add(ticket);
                    s.release(ticket);
                    if (s.striped()) {
                        after++;
                    }
                }
                done.incrementAndGet();
            });
            pair.start("inflater", () -> {
                for (int i = 0; i < 2 * ROUNDS_BEFORE_STRIPES; i++) {
                    if (i == ROUNDS_BEFORE_STRIPES) {
                        while (hammered.get() < ROUNDS_BEFORE_STRIPES) {
                            TestThreads.pause();                  // it gets there: see ROUNDS_BEFORE_STRIPES
                        }
                        if (!s.striped()) {
                            int ticket = s.acquireAfterFailedBaseCas();   // a failed base CAS's path: Inflate
                            tickets.add(ticket);
                            s.release(ticket);
                        }
                    }
                    int ticket = s.acquire();
                    tickets.add(ticket);
                    s.release(ticket);
                }
                done.incrementAndGet();
            });
            pair.joinAll(Duration.ofSeconds(15));
        }
        assertEquals(2, done.get());
        assertTrue(s.striped(), "the stripes were made, by a collision or by the inflate path");
        assertTrue(tickets.contains(AdaptiveSession.BASE), "no acquire counted on the base: " + tickets);
        assertTrue(tickets.contains(1), "no acquire counted on the stripe: " + tickets);
        assertEquals(0, s.holders(AdaptiveSession.BASE));
        assertEquals(0, s.holders(1));
        s.close();
        assertFalse(s.isAlive());
    }
}
