package io.github.uncontended.session.broken;

import io.github.uncontended.session.RechooseTest;
import io.github.uncontended.session.Sessions;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * RechooseTest run against sibling (l), RechooseOldTicketSession: the acquire that moved to
 * counter 1 returns ticket 0, so a release is refused or the close finds a holder on counter 1.
 * jcstress must report this test FAILED; `make jcstress-broken` requires that.
 */
@JCStressTest
@Outcome(id = "1, 1, 1", expect = Expect.ACCEPTABLE, desc = "both released their own holder; the close succeeds")
@Outcome(expect = Expect.FORBIDDEN, desc = "a ticket named a counter its acquire did not count on: expected here, the variant is broken")
@State
public class RechooseOldTicketTest {
    final RechooseOldTicketSession session = new RechooseOldTicketSession(2);

    @Actor
    public void first(III_Result r) {
        r.r1 = RechooseTest.acquireRelease(session);
    }

    @Actor
    public void second(III_Result r) {
        r.r2 = RechooseTest.acquireRelease(session);
    }

    @Arbiter
    public void close(III_Result r) {
        r.r3 = Sessions.closed(session::close);
    }
}
