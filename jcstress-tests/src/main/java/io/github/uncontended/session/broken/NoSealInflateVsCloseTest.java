package io.github.uncontended.session.broken;

import io.github.uncontended.session.Sessions;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * AdaptiveInflateVsCloseTest run against sibling (m), NoSealSession: the close loads the stripes
 * reference instead of sealing it, so an acquire that inflates after that load acquires a stripe
 * nobody marks, and both succeed. jcstress must report this test FAILED; `make jcstress-broken`
 * requires that.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "the acquire first: the close fails on its stripe")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE, desc = "the close first: the acquire fails")
@Outcome(id = "1, 1", expect = Expect.FORBIDDEN, desc = "both succeeded: expected here, the variant is broken")
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = "both failed")
@State
public class NoSealInflateVsCloseTest {
    final NoSealSession session = new NoSealSession(2);

    @Actor
    public void acquire(II_Result r) {
        r.r1 = Sessions.acquired(session::acquireAfterFailedBaseCas);
    }

    @Actor
    public void close(II_Result r) {
        r.r2 = Sessions.closed(session::close);
    }
}
