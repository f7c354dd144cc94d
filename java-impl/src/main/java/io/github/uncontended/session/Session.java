package io.github.uncontended.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A closeable acquire/release session, the contract of {@code specs/session/Session.tla}: one
 * count of holders and a state, open or closed. {@link #acquire()} succeeds only while open;
 * {@link #close()} succeeds only while open with no holder; once closed, it stays closed. This is
 * what a JDK shared memory session does for every access to a segment of a shared arena.
 *
 * <p>Two ways to hold a session:
 * <ul>
 *   <li>{@link #lease()}, the checked one: a {@link Lease} releases its acquire once, when it is
 *       closed; closing it again, from any thread, racing or not, is refused and changes nothing.
 *       A lease may be handed to another thread, which closes it.
 *       <pre>{@code
 *   try (Session.Lease lease = session.lease()) {
 *       ... use the resource the session guards ...
 *   }                                  // released here, exactly once
 *       }</pre>
 *   <li>{@link #acquire()} and {@link #release(int)}, the bare one, without an allocation: the
 *       ticket is the index of the counter the holder was counted in, not a unique token. A
 *       session refuses a release that would take a counter below zero holders, but a second
 *       release of the same ticket while another holder is counted there lowers that holder's
 *       count, and a close may then succeed while it is still inside. Only a lease can tell.
 * </ul>
 */
public interface Session extends AutoCloseable {

    /**
     * Becomes a holder and returns the ticket to release with.
     *
     * @throws IllegalStateException "Already closed" once the session is closed; "Session acquire
     *         limit exceeded" when the holders' counter is at {@link Long#MAX_VALUE}, where one
     *         more would overflow into a sentinel (the session is unchanged)
     */
    int acquire();

    /**
     * Gives back a ticket {@link #acquire()} returned, from any thread. Unchecked beyond what the
     * counter shows: see the class comment, and prefer {@link #lease()}.
     *
     * @throws IllegalArgumentException for a ticket no acquire could have returned
     * @throws IllegalStateException "release without acquire" when the ticket's counter has no
     *         holder to release (the session is unchanged)
     */
    void release(int ticket);

    /**
     * Closes the session.
     *
     * @throws IllegalStateException "Already closed", or "Session is acquired" while held (the
     *         session stays open), or when another close is in progress
     */
    @Override
    void close();

    /** False once a close has succeeded (or is committing). */
    boolean isAlive();

    /**
     * Acquires, and returns the acquire as a lease that releases it once:
     * {@code try (Session.Lease l = s.lease()) { ... }}.
     *
     * @throws IllegalStateException as {@link #acquire()}
     */
    default Lease lease() {
        return new Lease(this, acquire());
    }

    /**
     * One acquire of a session, released by {@link #close()} exactly once. Thread-safe: a lease may
     * be handed to another thread and closed there; of two closes, racing or one after the other,
     * exactly one releases, and the other is refused with an {@link IllegalStateException} and
     * changes nothing.
     */
    final class Lease implements AutoCloseable {
        private static final VarHandle RELEASED;

        static {
            try {
                RELEASED = MethodHandles.lookup().findVarHandle(Lease.class, "released", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final Session session;
        private final int ticket;
        /** Accessed only through {@link #casReleased()} and {@link #lvReleased()}. */
        private volatile boolean released;

        Lease(Session session, int ticket) {
            this.session = session;
            this.ticket = ticket;
        }

        /**
         * Releases the acquire this lease holds.
         *
         * @throws IllegalStateException if this lease was closed before (by any thread): nothing
         *         is released a second time
         */
        @Override
        public void close() {
            if (!casReleased()) {
                throw new IllegalStateException("lease already released (ticket " + ticket
                        + "): a lease releases its acquire once");
            }
            session.release(ticket);
        }

        /**
         * True once {@link #close()} has released this lease (or is releasing it). A volatile
         * load, so a thread that sees true also sees what the closing thread did before.
         */
        public boolean isReleased() {
            return lvReleased();
        }

        /** Volatile load of the released flag (the accessor; the legend: io.github.uncontended's package-info). */
        private boolean lvReleased() {
            return (boolean) RELEASED.getVolatile(this);
        }

        /**
         * CAS false to true: of any number of closes of this lease, racing or not, exactly one
         * wins and releases; volatile, so a close on another thread than the acquire's sees the
         * lease as handed over.
         */
        private boolean casReleased() {
            return RELEASED.compareAndSet(this, false, true);
        }

        @Override
        public String toString() {
            return "Lease[ticket " + ticket + (lvReleased() ? ", released]" : "]");
        }
    }
}
