package io.github.uncontended.session.broken;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * AcquireVsCloseTest run against sibling (b), LongAdderSession: an acquire that passed the flag
 * check before the close cleared it adds to a cell already summed, and both succeed. jcstress
 * must report this test FAILED; `make jcstress-broken` requires that.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "acquire first")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE, desc = "close first")
@Outcome(id = "1, 1", expect = Expect.FORBIDDEN, desc = "both succeeded: expected here, the variant is broken")
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = "both failed")
@State
public class LongAdderAcquireVsCloseTest {
    final LongAdderSession session = new LongAdderSession(2);

    @Actor
    public void acquire(II_Result r) {
        try {
            session.acquire();
            r.r1 = 1;
        } catch (IllegalStateException closed) {
            r.r1 = 0;
        }
    }

    @Actor
    public void close(II_Result r) {
        try {
            session.close();
            r.r2 = 1;
        } catch (IllegalStateException held) {
            r.r2 = 0;
        }
    }
}
