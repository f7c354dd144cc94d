package io.github.uncontended.session.broken;

import io.github.uncontended.session.Session;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * BROKEN, test sources only: sibling (b) of specs/session/broken/LongAdderSession.tla in Java. A
 * liveness flag plus striped cells, summed one by one at close: an acquire that passed the flag
 * check before close cleared it adds to a cell the closer has already summed, and holds a closed
 * session.
 */
public final class LongAdderSession implements Session {
    private volatile boolean alive = true;
    private final AtomicLongArray cells;
    private final int mask;

    public LongAdderSession(int cells) {
        this.cells = new AtomicLongArray(cells);
        this.mask = cells - 1;
    }

    @Override
    public int acquire() {
        if (!alive) {                                            // CheckAlive
            throw new IllegalStateException("Already closed");
        }
        int i = (int) Thread.currentThread().getId() & mask;
        cells.incrementAndGet(i);                                // AddToCell
        return i;
    }

    @Override
    public void release(int ticket) {
        cells.decrementAndGet(ticket);
    }

    @Override
    public synchronized void close() {
        if (!alive) {
            throw new IllegalStateException("Already closed");
        }
        alive = false;                                           // ClearFlag
        long sum = 0;
        for (int i = 0; i <= mask; i++) {
            sum += cells.get(i);                                 // SumCell, one at a time
        }
        if (sum != 0) {
            alive = true;                                        // Reopen
            throw new IllegalStateException("Session is acquired");
        }
    }

    @Override
    public boolean isAlive() {
        return alive;
    }
}
