package io.github.uncontended.session;

import io.github.uncontended.lincheck.LincheckRuns;
import io.github.uncontended.session.broken.LongAdderSession;
import io.github.uncontended.session.broken.NoSealSession;
import io.github.uncontended.session.broken.RechooseOldTicketSession;
import java.util.ArrayDeque;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of the sessions against the abstract {@code specs/session/Session.tla}: one
 * count and OPEN/CLOSED. acquire returns whether it got a ticket ("closed" otherwise); release
 * gives back a ticket some thread acquired (a hand-off when that was another thread) and returns
 * whether there was one; close returns "ok", "acquired" or "closed"; isAlive.
 *
 * <p>The tickets wait in a shared queue between acquire and release. "acquire, then enqueue" and
 * "dequeue, then release" hold a harness lock: without it, a close could observe an acquire whose
 * ticket is not enqueued yet, and a release that starts after that close would find no ticket, a
 * history the harness made and the model rightly rejects (Lincheck found exactly that). close()
 * and isAlive() take no lock, so every interleaving of a close with acquires and releases is
 * still explored against acquires and releases. What the lock hides, two acquires racing on one counter (the CAS retry), is
 * covered by TLC (AcquireCas) and by SessionTest.closeRacesAcquiresCorrectly.
 */
@Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // see LincheckRuns
public class SessionLincheckTest {

    protected Session session() {
        return new ShardedSession(2);
    }

    private final Session session = session();
    private final ArrayDeque<Integer> tickets = new ArrayDeque<>();   // guarded by itself

    @Operation
    public boolean acquire() {
        synchronized (tickets) {
            try {
                tickets.add(session.acquire());
                return true;
            } catch (IllegalStateException closed) {
                return false;
            }
        }
    }

    @Operation
    public boolean release() {
        synchronized (tickets) {
            Integer ticket = tickets.poll();
            if (ticket == null) {
                return false;
            }
            session.release(ticket);
            return true;
        }
    }

    /**
     * Closes run on one thread (a non-parallel group). Two closes racing each other have no
     * deterministic result in this model: the loser fails ("being closed by another thread")
     * while the winner may still roll back, a failure the abstract spec allows (a failed close is
     * a stuttering step of Session.tla) but no sequential order of two closes returns. Lincheck
     * found that interleaving once the exploration reached it. Racing closers are checked where
     * the spec itself is the judge: TLC with two closers (ShardedSession.cfg, sibling
     * RollbackAll) and the two-closer traces of trace validation.
     */
    @Operation(nonParallelGroup = "closer")
    public String close() {
        try {
            session.close();
            return "ok";
        } catch (IllegalStateException e) {
            return e.getMessage().startsWith("Already closed") ? "closed" : "acquired";
        }
    }

    @Operation
    public boolean isAlive() {
        return session.isAlive();
    }

    /** The sequential specification: Session.tla, one count and a state. */
    public static class Model {
        private int count;
        private boolean open = true;

        public boolean acquire() {
            if (!open) {
                return false;
            }
            count++;
            return true;
        }

        public boolean release() {
            if (count == 0) {
                return false;
            }
            count--;
            return true;
        }

        public String close() {
            if (!open) {
                return "closed";
            }
            if (count > 0) {
                return "acquired";
            }
            open = false;
            return "ok";
        }

        public boolean isAlive() {
            return open;
        }
    }

    private static <O extends Options<O, ?>> O configured(O options) {
        return LincheckRuns.scenarios(options, Model.class);
    }

    @Test
    void shardedModelChecking() {
        configured(LincheckRuns.modelChecking()).check(SessionLincheckTest.class);
    }

    @Test
    void shardedStress() {
        configured(LincheckRuns.stress()).check(SessionLincheckTest.class);
    }

    /** The baseline keeps the same promises. */
    public static class Atomic extends SessionLincheckTest {
        @Override
        protected Session session() {
            return new AtomicSession();
        }
    }

    @Test
    void atomicModelChecking() {
        configured(LincheckRuns.modelChecking()).check(Atomic.class);
    }

    /**
     * Re-choosing ({@code CounterChoice.RECHOOSE}), every thread starting on counter 0: here an
     * acquire's CAS fails when a close marks or rolls back its counter between its load and its
     * CAS, and the acquire goes on from the other counter (the harness lock keeps two acquires
     * from racing: that case is SessionTest's and jcstress RechooseTest's).
     */
    public static class Rechoosing extends SessionLincheckTest {
        @Override
        protected Session session() {
            return new ShardedSession(2, () -> 0, ShardedSession.CounterChoice.RECHOOSE);
        }
    }

    @Test
    void rechoosingModelChecking() {
        configured(LincheckRuns.modelChecking()).check(Rechoosing.class);
    }

    /** Sibling (l) in Java: re-choosing, but returning the first counter as the ticket. */
    public static class RechooseOldTicket extends SessionLincheckTest {
        @Override
        protected Session session() {
            return new RechooseOldTicketSession(2);
        }
    }

    @Test
    void rejectsRechooseOldTicket() {
        LincheckRuns.assertCaught(configured(LincheckRuns.modelChecking()), RechooseOldTicket.class);
    }

    /**
     * The adaptive session from new: the harness lock keeps two acquires from racing, so here a
     * base CAS fails when a close marks the base between an acquire's load and its CAS, and that
     * acquire inflates while the close seals (the race the seal is for).
     */
    public static class Adaptive extends SessionLincheckTest {
        @Override
        protected Session session() {
            return new AdaptiveSession(2);
        }
    }

    @Test
    void adaptiveModelChecking() {
        configured(LincheckRuns.modelChecking()).check(Adaptive.class);
    }

    /** The adaptive session with its stripes made: acquires on a stripe, closes that mark the base and the stripes. */
    public static class AdaptiveStriped extends SessionLincheckTest {
        @Override
        protected Session session() {
            AdaptiveSession s = new AdaptiveSession(2);
            s.release(s.acquireAfterFailedBaseCas());
            return s;
        }
    }

    @Test
    void adaptiveStripedModelChecking() {
        configured(LincheckRuns.modelChecking()).check(AdaptiveStriped.class);
    }

    /** Sibling (m) in Java: a close that loads the stripes reference instead of sealing it. */
    public static class NoSeal extends SessionLincheckTest {
        @Override
        protected Session session() {
            return new NoSealSession(2);
        }
    }

    @Test
    void rejectsNoSealSession() {
        LincheckRuns.assertCaught(configured(LincheckRuns.modelChecking()), NoSeal.class);
    }

    /** Sibling (b) in Java, the LongAdder design: the suite must reject it. */
    public static class LongAdder extends SessionLincheckTest {
        @Override
        protected Session session() {
            return new LongAdderSession(2);
        }
    }

    @Test
    void rejectsLongAdderSession() {
        LincheckRuns.assertCaught(configured(LincheckRuns.modelChecking()), LongAdder.class);
    }
}
