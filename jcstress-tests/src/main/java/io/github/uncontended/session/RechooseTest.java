package io.github.uncontended.session;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Re-choosing ({@code CounterChoice.RECHOOSE}, spec {@code Rechoose = TRUE}): two threads that
 * collide under the mask by construction (selector 0, two counters) each acquire and release
 * once; the one whose CAS fails moves to counter 1. Recorded: did each release find its holder
 * (1) or was it refused (0: the ticket named a counter with no holder), and did the arbiter's
 * close succeed (the counts back at zero). Only "1, 1, 1" is correct; a ticket that names the
 * first counter instead of the one incremented (sibling RechooseOldTicket) shows as a refused
 * release or a close that finds a holder nobody has.
 */
@JCStressTest
@Outcome(id = "1, 1, 1", expect = Expect.ACCEPTABLE, desc = "both released their own holder; the close succeeds")
@Outcome(expect = Expect.FORBIDDEN, desc = "a ticket named a counter its acquire did not count on")
@State
public class RechooseTest {
    final Session session = new ShardedSession(2, () -> 0, ShardedSession.CounterChoice.RECHOOSE);

    @Actor
    public void first(III_Result r) {
        r.r1 = acquireRelease(session);
    }

    @Actor
    public void second(III_Result r) {
        r.r2 = acquireRelease(session);
    }

    @Arbiter
    public void close(III_Result r) {
        r.r3 = Sessions.closed(session::close);
    }

    /** 1 if the release of the acquired ticket was accepted, 0 if it was refused (also for the broken twin). */
    public static int acquireRelease(Session session) {
        int ticket = session.acquire();
        try {
            session.release(ticket);
            return 1;
        } catch (IllegalStateException noHolder) {
            return 0;
        }
    }
}
