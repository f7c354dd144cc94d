package io.github.uncontended.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What the sessions say: every refusal's message, the leases' and sessions' toString, and the
 * monitoring reads (holders). A close that finds another close's mark is set up with the tests'
 * constructor (counters that start CLOSING), so no second thread is needed. Mutation testing
 * (docs/records/mutation-survivors.md) found these texts unasserted.
 */
class SessionDiagnosticsTest {

    @Test
    void theAtomicSessionsRefusalsAreExact() {
        AtomicSession s = new AtomicSession();
        assertEquals("invalid ticket 1: AtomicSession tickets are always 0",
                assertThrows(IllegalArgumentException.class, () -> s.release(1)).getMessage());
        assertEquals("invalid ticket -1: AtomicSession tickets are always 0",
                assertThrows(IllegalArgumentException.class, () -> s.release(-1)).getMessage());
        assertEquals("release without acquire: no holder (0)",
                assertThrows(IllegalStateException.class, () -> s.release(0)).getMessage());
        assertEquals(0, s.acquire());
        assertEquals("Session is acquired (1 holder)", assertThrows(IllegalStateException.class, s::close).getMessage());
        assertEquals(0, s.acquire());
        assertEquals("Session is acquired (2 holders)", assertThrows(IllegalStateException.class, s::close).getMessage());
        s.release(0);
        s.release(0);
        s.close();
        assertEquals("release without acquire: no holder (CLOSED)",
                assertThrows(IllegalStateException.class, () -> s.release(0)).getMessage());
    }

    @Test
    void aShardedSessionNamesTicketsAndSentinels() {
        ShardedSession s = new ShardedSession(4);
        assertEquals("invalid ticket -1: tickets are 0..3",
                assertThrows(IllegalArgumentException.class, () -> s.release(-1)).getMessage());
        assertEquals("invalid ticket 4: tickets are 0..3",
                assertThrows(IllegalArgumentException.class, () -> s.release(4)).getMessage());
        assertEquals("release without acquire: counter 3 has no holder (0)",
                assertThrows(IllegalStateException.class, () -> s.release(3)).getMessage());
        assertEquals("ShardedSession[0, 0, 0, 0]", s.toString());
        int ticket = s.acquire();
        assertEquals(1, s.holders(ticket));
        s.release(ticket);
        s.close();
        assertEquals("ShardedSession[CLOSED, CLOSED, CLOSED, CLOSED]", s.toString());
        assertEquals(-1, s.holders(0));
        assertEquals("release without acquire: counter 2 has no holder (CLOSED)",
                assertThrows(IllegalStateException.class, () -> s.release(2)).getMessage());
    }

    /** Counters that start CLOSING stand for another close in its phase 1. */
    @Test
    void aCloseThatFindsAnotherClosesMarkSaysSo() {
        ShardedSession sharded = new ShardedSession(2, ShardedSession.CLOSING);
        assertEquals("ShardedSession[CLOSING, CLOSING]", sharded.toString());
        assertEquals("Session is being closed by another thread",
                assertThrows(IllegalStateException.class, sharded::close).getMessage());
        assertEquals("ShardedSession[CLOSING, CLOSING]", sharded.toString(), "nothing of this call's was marked");
        assertTrue(sharded.isAlive(), "CLOSING is not closed");
        assertEquals("release without acquire: counter 1 has no holder (CLOSING)",
                assertThrows(IllegalStateException.class, () -> sharded.release(1)).getMessage());

        AdaptiveSession adaptive = new AdaptiveSession(2, ShardedSession.CLOSING);
        assertEquals("AdaptiveSession[base CLOSING]", adaptive.toString());
        assertEquals("Session is being closed by another thread",
                assertThrows(IllegalStateException.class, adaptive::close).getMessage());
        assertEquals(-1, adaptive.holders(AdaptiveSession.BASE));
        assertTrue(adaptive.isAlive());
    }

    @Test
    void anAdaptiveSessionShowsItsStripes() {
        AdaptiveSession s = new AdaptiveSession(2);
        assertEquals(0, s.holders(1), "a stripe that does not exist holds nobody");
        assertEquals("invalid ticket -1: tickets are 0 (the base)..2",
                assertThrows(IllegalArgumentException.class, () -> s.release(-1)).getMessage());
        int onBase = s.acquire();
        int onStripe = s.acquireAfterFailedBaseCas();
        assertEquals(1, s.holders(AdaptiveSession.BASE));
        assertEquals(1, s.holders(onStripe));
        assertEquals(onStripe == 1 ? "AdaptiveSession[base 1, 1, 0]" : "AdaptiveSession[base 1, 0, 1]", s.toString());
        s.release(onBase);
        s.release(onStripe);
        assertEquals("AdaptiveSession[base 0, 0, 0]", s.toString());
        assertEquals(2, s.stripes());
        assertTrue(s.isAlive());
        s.close();
        assertFalse(s.isAlive());
    }

    /** "1 holder", "2 holders": the close's refusal names the count exactly. */
    @Test
    void aRefusedCloseCountsTheHoldersExactly() {
        ShardedSession sharded = new ShardedSession(1);
        sharded.acquire();
        assertEquals("Session is acquired (1 holder on counter 0)",
                assertThrows(IllegalStateException.class, sharded::close).getMessage());
        AdaptiveSession adaptive = new AdaptiveSession(2);
        adaptive.acquire();
        adaptive.acquire();
        assertEquals("Session is acquired (2 holders on counter 0)",
                assertThrows(IllegalStateException.class, adaptive::close).getMessage());
    }

    /** A closed session without stripes is sealed: a stripe's ticket is refused, and holds nobody. */
    @Test
    void aSealedSessionHasNoStripes() {
        AdaptiveSession s = new AdaptiveSession(2);
        s.close();
        assertEquals("AdaptiveSession[base CLOSED, sealed]", s.toString());
        assertEquals(0, s.holders(1));
        assertEquals(0, s.holders(2));
        assertEquals("release without acquire: ticket 1 names a stripe, and this session has none",
                assertThrows(IllegalStateException.class, () -> s.release(1)).getMessage());
    }

    /** The highest ticket (stripes), one counter, the most counters: the bounds of the checks are exact. */
    @Test
    void theBoundsOfTheSizeAndTicketChecksAreExact() {
        AdaptiveSession one = new AdaptiveSession(1);
        assertEquals(1, one.stripes());
        one.release(one.acquire());
        one.close();
        assertEquals(AdaptiveSession.MAX_STRIPES, new AdaptiveSession(AdaptiveSession.MAX_STRIPES).stripes());
        assertEquals("stripes must be a power of two >= 1, got -2147483648",
                assertThrows(IllegalArgumentException.class, () -> new AdaptiveSession(Integer.MIN_VALUE)).getMessage());
        assertEquals("counters must be a power of two >= 1, got -2147483648",
                assertThrows(IllegalArgumentException.class, () -> new ShardedSession(Integer.MIN_VALUE)).getMessage());

        AdaptiveSession s = new AdaptiveSession(2, () -> 1);             // this thread's stripe: 1, ticket 2
        int onStripe = s.acquireAfterFailedBaseCas();
        assertEquals(2, onStripe, "the last stripe's ticket is stripes()");
        s.release(onStripe);
        assertEquals(0, s.holders(2));
        s.close();
    }

    /** forAvailableProcessors: the smallest power of two that is at least the cores, and at least 2. */
    @Test
    void forAvailableProcessorsGivesOneCounterPerCore() {
        int cores = Runtime.getRuntime().availableProcessors();
        int expected = 2;
        while (expected < cores) {
            expected <<= 1;
        }
        assertEquals(expected, ShardedSession.forAvailableProcessors().counters());
        assertEquals(expected, AdaptiveSession.forAvailableProcessors().stripes());
    }

    /**
     * RECHOOSE before any failed CAS: the counter is the selector's value masked, as with FIXED,
     * whatever that value (the move table is indexed by it too: 64 and -1 are past or below its
     * 64 entries before masking).
     */
    @Test
    void rechoosingStartsOnTheSelectorsCounter() {
        for (int h : new int[] {1, 2, 64, 65, -1}) {
            ShardedSession s = new ShardedSession(4, () -> h, ShardedSession.CounterChoice.RECHOOSE);
            assertEquals(ShardedSession.CounterChoice.RECHOOSE, s.counterChoice());
            int ticket = s.acquire();
            assertEquals(h & 3, ticket, "selector " + h);
            assertEquals(1, s.holders(h & 3));
            s.release(ticket);
            s.close();
        }
    }

    @Test
    void aLeaseShowsItsTicketAndWhetherItIsReleased() {
        ShardedSession s = new ShardedSession(1);
        Session.Lease lease = s.lease();
        assertEquals("Lease[ticket 0]", lease.toString());
        lease.close();
        assertEquals("Lease[ticket 0, released]", lease.toString());
        assertEquals("lease already released (ticket 0): a lease releases its acquire once",
                assertThrows(IllegalStateException.class, lease::close).getMessage());
    }
}
