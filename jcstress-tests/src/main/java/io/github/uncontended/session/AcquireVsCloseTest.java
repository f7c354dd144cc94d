package io.github.uncontended.session;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * An acquire (held until the arbiter) races a close. Recorded: did the acquire succeed, did the
 * close succeed. Exactly one must: both is a use after free, neither is a spurious failure.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "acquire first: the close fails, the session is acquired")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE, desc = "close first: the acquire fails, already closed")
@Outcome(id = "1, 1", expect = Expect.FORBIDDEN, desc = "both succeeded: a holder in a closed session")
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = "both failed: a spurious failure")
@State
public class AcquireVsCloseTest {
    final Session session = new ShardedSession(2);

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
