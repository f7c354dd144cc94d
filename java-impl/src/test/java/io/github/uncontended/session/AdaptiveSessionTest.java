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
import java.util.concurrent.CyclicBarrier;
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
     * Two threads on one session, both on stripe 0 (selector 0) once striped: their base CASes
     * collide, the session stripes, and every ticket names the counter it was counted on, so the
     * counts end at zero and close succeeds.
     */
    @Test
    @Timeout(value = 20, threadMode = SEPARATE_THREAD)   // normally well under a second
    void contendedThreadsMakeTheStripesAndKeepTicketsRight() throws Exception {
        AdaptiveSession s = new AdaptiveSession(2, () -> 0);
        Set<Integer> tickets = ConcurrentHashMap.newKeySet();
        AtomicInteger done = new AtomicInteger();
        CyclicBarrier start = new CyclicBarrier(2);
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        try (TestThreads pair = new TestThreads()) {
            for (int t = 0; t < 2; t++) {
                pair.start("contender-" + t, () -> {
                    start.await();
                    for (int i = 0; i < 100_000 || (!s.striped() && System.nanoTime() < deadline); i++) {
                        int ticket = s.acquire();
                        tickets.add(ticket);
                        s.release(ticket);
                    }
                    done.incrementAndGet();
                });
            }
            pair.joinAll(Duration.ofSeconds(15));
        }
        assertEquals(2, done.get());
        assertTrue(s.striped(), "two threads hammering the base never made a base CAS fail");
        assertTrue(tickets.contains(1), "no acquire counted on the stripe: " + tickets);
        assertEquals(0, s.holders(AdaptiveSession.BASE));
        assertEquals(0, s.holders(1));
        s.close();
        assertFalse(s.isAlive());
    }
}
