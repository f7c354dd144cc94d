package io.github.uncontended.session;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two threads close one {@link Session.Lease} at the same moment. A session of one counter holds
 * two holders when the state is built: the lease's acquire and a keeper's. Recorded: did each
 * close release (1) or was it refused (0), and the holders the counter counts afterwards. Exactly
 * one close may release: the keeper must stay counted. The outcomes are those of the litmus model
 * {@code LeaseCloseLitmus.tla}.
 */
@JCStressTest
@Outcome(id = {"1, 0, 1", "0, 1, 1"}, expect = Expect.ACCEPTABLE, desc = "one close released, the other was refused")
@Outcome(id = "1, 1, 0", expect = Expect.FORBIDDEN, desc = "released twice: the keeper's count is gone")
@Outcome(id = "0, 0, 2", expect = Expect.FORBIDDEN, desc = "both refused: the lease was never released")
@Outcome(expect = Expect.FORBIDDEN, desc = "anything else")
@State
public class LeaseCloseTest {
    final ShardedSession session = new ShardedSession(1);
    final int keeper = session.acquire();
    final Session.Lease lease = session.lease();

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
