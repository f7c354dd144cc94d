package io.github.uncontended.session.broken;

import io.github.uncontended.session.Sessions;
import io.github.uncontended.session.ShardedSession;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * LeaseCloseTest run against PlainFlagLease, the lease whose released flag is checked, then set:
 * both closes can pass the check and release twice, and the keeper's count is lost ("1, 1, 0").
 * That must show up, so jcstress reports this test FAILED; `make jcstress-broken` requires that.
 */
@JCStressTest
@Outcome(id = {"1, 0, 1", "0, 1, 1"}, expect = Expect.ACCEPTABLE, desc = "one close released, the other was refused")
@Outcome(id = "1, 1, 0", expect = Expect.FORBIDDEN, desc = "released twice: expected here, the lease is broken")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else")
@State
public class PlainFlagLeaseCloseTest {
    final ShardedSession session = new ShardedSession(1);
    final int keeper = session.acquire();
    final PlainFlagLease lease = new PlainFlagLease(session);

    @Actor
    public void close1(III_Result r) {
        r.r1 = Sessions.closed(lease::close);
    }

    @Actor
    public void close2(III_Result r) {
        r.r2 = Sessions.closed(lease::close);
    }

    @Arbiter
    public void holders(III_Result r) {
        r.r3 = (int) session.holders(0);
    }
}
