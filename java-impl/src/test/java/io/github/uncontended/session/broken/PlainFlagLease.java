package io.github.uncontended.session.broken;

import io.github.uncontended.session.Session;

/**
 * BROKEN, test sources only: {@link Session.Lease} as it was before issue 15, a released flag
 * checked, then set, with no atomic step between. Two threads closing one lease at once can both
 * find it unreleased and both release its ticket: the second release lowers another holder's
 * count. The jcstress test {@code broken/PlainFlagLeaseCloseTest} must catch it.
 */
public final class PlainFlagLease implements AutoCloseable {
    private final Session session;
    private final int ticket;
    private boolean released;

    public PlainFlagLease(Session session) {
        this.session = session;
        this.ticket = session.acquire();
    }

    @Override
    public void close() {
        if (released) {                                    // check ...
            throw new IllegalStateException("lease already released (ticket " + ticket + ")");
        }
        released = true;                                   // ... then act: two closers may both get here
        session.release(ticket);
    }
}
