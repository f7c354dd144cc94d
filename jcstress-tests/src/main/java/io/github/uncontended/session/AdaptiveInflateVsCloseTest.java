package io.github.uncontended.session;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * AdaptiveSession: an acquire whose base CAS has failed (it enters at its Inflate step, as after
 * losing the base to a close's mark) races a close: the inflate and the close's seal are CASes
 * on one reference, and one wins. Recorded: did the acquire succeed, did the close succeed, and
 * (arbiter) do stripes exist. Litmus model: specs/session/litmus/AdaptiveInflateVsCloseLitmus.tla.
 */
@JCStressTest
@Outcome(id = "1, 0, 1", expect = Expect.ACCEPTABLE, desc = "the inflate won and the acquire got its stripe first: the close fails on it")
@Outcome(id = "0, 1, 1", expect = Expect.ACCEPTABLE, desc = "the inflate won, the close marked the stripe first: the acquire waited, then failed")
@Outcome(id = "0, 1, 0", expect = Expect.ACCEPTABLE, desc = "the seal won: the acquire went back to the base and failed there")
@Outcome(expect = Expect.FORBIDDEN, desc = "both succeeded (a holder in a closed session), both failed, or a holder without stripes")
@State
public class AdaptiveInflateVsCloseTest {
    final AdaptiveSession session = new AdaptiveSession(2);

    @Actor
    public void acquire(III_Result r) {
        r.r1 = Sessions.acquired(session::acquireAfterFailedBaseCas);
    }

    @Actor
    public void close(III_Result r) {
        r.r2 = Sessions.closed(session::close);
    }

    @Arbiter
    public void stripes(III_Result r) {
        r.r3 = session.striped() ? 1 : 0;
    }
}
