package io.github.uncontended.session;

/**
 * A closeable acquire/release session, the contract of {@code specs/session/Session.tla}: one
 * count of holders and a state, open or closed. {@link #acquire()} succeeds only while open;
 * {@link #close()} succeeds only while open with no holder; once closed, it stays closed. This is
 * what a JDK shared memory session does for every access to a segment of a shared arena.
 *
 * <p>{@code acquire} returns a ticket that {@link #release(int)} must pass back: the releasing
 * thread need not be the acquiring one.
 */
public interface Session extends AutoCloseable {

    /**
     * Becomes a holder and returns the ticket to release with.
     *
     * @throws IllegalStateException "Already closed" once the session is closed
     */
    int acquire();

    /**
     * Gives back a ticket {@link #acquire()} returned, from any thread.
     *
     * @throws IllegalArgumentException for a ticket no acquire could have returned
     * @throws IllegalStateException for a release with no holder to release
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

    /** Acquires, for use in try-with-resources: {@code try (Session.Lease l = s.lease()) { ... }}. */
    default Lease lease() {
        return new Lease(this, acquire());
    }

    /** One acquire, released by {@link #close()}, exactly once. */
    final class Lease implements AutoCloseable {
        private final Session session;
        private final int ticket;
        private boolean released;

        Lease(Session session, int ticket) {
            this.session = session;
            this.ticket = ticket;
        }

        /** The ticket this lease holds, for a hand-off to the thread that will release it. */
        public int ticket() {
            return ticket;
        }

        @Override
        public void close() {
            if (released) {
                throw new IllegalStateException("lease already released (ticket " + ticket + ")");
            }
            released = true;
            session.release(ticket);
        }
    }
}
