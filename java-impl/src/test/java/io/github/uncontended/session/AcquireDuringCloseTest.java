package io.github.uncontended.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.TestThreads;
import io.github.uncontended.Waits;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An acquire that finds a close's mark (CLOSING) waits until that close commits or rolls back,
 * and after a rollback it succeeds. The close is set up without a race: counters that start
 * CLOSING (the tests' constructor) stand for a close in its phase 1, and once the acquirer is seen
 * in its wait ({@link Waits#idle} in its stack, which only a CLOSING counter leads to) the test
 * runs that close's own rollback step. An acquire that failed at once instead (mutation testing
 * found nothing else telling it apart: docs/records/mutation-survivors.md) ends before it is seen waiting.
 */
@Timeout(value = 20, threadMode = SEPARATE_THREAD)   // a hang only: each case ends as soon as the acquirer waits
class AcquireDuringCloseTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @Test
    void aShardedAcquireWaitsOutAMarkThenAcquiresAfterTheRollback() throws Exception {
        ShardedSession s = new ShardedSession(1, ShardedSession.CLOSING);
        int[] ticket = {-1};
        Thread acquirer = threads.start("acquirer", () -> ticket[0] = s.acquire());
        awaitInTheWait(acquirer);
        rollback(s, ShardedSession.class.getDeclaredMethod("rollbackMarks", int.class), 1);   // the mark of counter 0
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals(0, ticket[0]);
        assertEquals(1, s.holders(0));
    }

    @Test
    void anAdaptiveAcquireWaitsOutTheBasesMarkThenAcquiresAfterTheRollback() throws Exception {
        AdaptiveSession s = new AdaptiveSession(2, ShardedSession.CLOSING);
        int[] ticket = {-1};
        Thread acquirer = threads.start("acquirer", () -> ticket[0] = s.acquire());
        awaitInTheWait(acquirer);
        rollback(s, AdaptiveSession.class.getDeclaredMethod("rollbackMarks", Counter[].class, int.class), null, 0);
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals(AdaptiveSession.BASE, ticket[0]);
        assertEquals(1, s.holders(AdaptiveSession.BASE));
    }

    /** Returns once the acquirer is in Waits.idle; fails if it ended first (rethrowing what it threw). */
    private void awaitInTheWait(Thread acquirer) throws InterruptedException {
        while (Arrays.stream(acquirer.getStackTrace()).noneMatch(f -> f.getClassName().equals(Waits.class.getName()))) {
            if (!acquirer.isAlive()) {
                threads.joinAll(Duration.ofSeconds(5));
                fail("the acquire ended before it was seen waiting on CLOSING: it must wait for the close");
            }
            TestThreads.pause();
        }
    }

    private static void rollback(Session s, Method rollbackMarks, Object... args) throws ReflectiveOperationException {
        rollbackMarks.setAccessible(true);
        rollbackMarks.invoke(s, args);
    }
}
