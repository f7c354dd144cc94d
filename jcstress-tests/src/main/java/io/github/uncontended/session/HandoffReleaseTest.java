package io.github.uncontended.session;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A ticket acquired by the thread that built the state is released by another thread while a
 * third closes. Recorded: did that close succeed, and did a close by the arbiter afterwards
 * succeed. The release must hit the ticket's counter: then exactly one of the two closes succeeds.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "release first: the close succeeds, the later one finds it closed")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE, desc = "close first fails (acquired); after the release the later one succeeds")
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = "no close ever succeeds: the release missed the ticket's counter")
@Outcome(id = "1, 1", expect = Expect.FORBIDDEN, desc = "closed twice")
@State
public class HandoffReleaseTest {
    final Session session = new ShardedSession(4);
    final int ticket = session.acquire();

    @Actor
    public void releaseOnAnotherThread() {
        session.release(ticket);
    }

    @Actor
    public void close(II_Result r) {
        r.r1 = tryClose();
    }

    @Arbiter
    public void closeAfterwards(II_Result r) {
        r.r2 = tryClose();
    }

    private int tryClose() {
        try {
            session.close();
            return 1;
        } catch (IllegalStateException e) {
            return 0;
        }
    }
}
