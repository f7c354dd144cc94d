package io.github.uncontended.session;

import io.github.uncontended.ShardSelector;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A session whose holders are counted in {@code N} counters, one per cache-line pair, so that
 * threads acquiring and releasing on different counters do not contend: the split-counter
 * design proposed for the JDK's shared sessions (openjdk/jdk PR 28575). Closing must still race
 * correctly with acquires, which a plain {@code LongAdder} cannot do (its sum is not atomic with
 * any liveness flag: sibling {@code LongAdderSession.tla}); hence the two-phase close.
 *
 * <p>Each atomic step is one action of {@code specs/session/ShardedSession.tla}; TLC checks it
 * refines the abstract {@code Session.tla}, and rejects nine broken siblings.
 */
public final class ShardedSession implements Session {

    /*
     * Implementation notes.
     *
     * A counter holds the number of holders that acquired through it (>= 0), or a sentinel:
     * CLOSING (a close's phase 1 marked it) or CLOSED. The sentinels are far below any count, so a
     * count that went negative would not read as a sentinel. A count never reaches them from
     * above either: an acquire that loads Long.MAX_VALUE (MAX_HOLDERS) fails instead of CASing it
     * to MAX + 1 = CLOSING, as the JDK's sessions refuse nested acquires past their limit. The
     * specs bound the holders by the threads and never come near it.
     *
     *   acquire   AcquireLoad  v = c[i] (i = this thread's counter: see "Counter choice");
     *                          CLOSED: fail; CLOSING: spin and load again
     *             AcquireCas   CAS(c[i], v, v + 1); success: ticket i; failure: load again,
     *                          with RECHOOSE from another counter (the spec's Rechoose)
     *   release   Release      CAS(c[t], v, v - 1) for the ticket t, v >= 1 (checked: a
     *                          release with no holder fails instead of corrupting the count)
     *   close     CloseMark    for i in order: CAS(c[i], 0, CLOSING); a busy counter (holders,
     *                          another closer's mark, CLOSED) sends us to
     *             CloseRollback  c[j] = 0 for the counters THIS call marked (0..i-1), then fail
     *             CloseCommit  c[i] = CLOSED for every i, in order
     *
     * The close linearizes at its last successful CloseMark: from then on every counter is
     * CLOSING or CLOSED, so no acquire can succeed, and each counter was 0 when marked, so there
     * is no holder. A rollback resets only this call's marks: resetting another closer's marks
     * lets that closer commit over an acquire that slipped in (sibling RollbackAll.tla).
     *
     * Two closes at once. Every close marks counter 0 first, so of two closes of a session nobody
     * holds, the first to mark counter 0 succeeds and the other fails ("being closed by another
     * thread", or "Already closed" once counter 0 is CLOSED): exactly one succeeds, as with the
     * JDK 22+ close, which is one CAS (ShardedSession.tla: IdleClosesOneSucceeds; closers that
     * started at different counters could both fail, sibling OwnStartClose.tla). Unlike that
     * close, the loser may return while the winner is still marking (isAlive() is still true),
     * and with holders coming and going the winner may then roll back, so both fail. A close
     * never waits for another close; what the spec promises is IdleCloseSucceeds: a close fails
     * only while the session is held, closed, or being closed by another call.
     *
     * Memory ordering (checked on weak hardware: specs/session/memory, docs/memory-model.md):
     * every counter access is volatile or a CAS except the close's rollback and commit stores,
     * which are release stores (the weakest mode TLC accepts there: opaque fails, and with them
     * the acquire load must stay at least acquire: SessMemAcquireLoadPlain). The acquire CAS
     * orders the holder's accesses after it, the release CAS before it (SessMemReleaseAcquire);
     * a close's CAS(0, CLOSING) reads
     * that 0, so they happen before the commit (SessMemCloseMarkRelease). CLOSED is stored in
     * counter order and isAlive() reads counter 0: an acquire that saw CLOSED sees the session dead.
     *
     * Layout: counter i is the object counters[i] (class Counter, padded: see the top of Counter.java).
     * The steps on one counter (AcquireLoad, AcquireCas, Release, CloseMark, CloseRollback,
     * CloseCommit) are Counter's methods, which AdaptiveSession's stripes share; this class chooses
     * the counter and orders the steps.
     *
     * Counter choice. h is the selector's value (the thread id by default). With FIXED a thread's
     * counter is h & mask, the design's stable map, where two threads whose ids are equal under the
     * mask share a counter for good; there is no table, and the acquire reads none (reading it costs
     * 0.5 to 2 ns of the 6 an uncontended acquire+release takes on JDK 17: docs/records/performance-history.md). With
     * RECHOOSE it is (h + moves[h & movesMask]) & mask, and a failed acquire CAS (another thread
     * changed the counter between our load and CAS) moves the thread by a random step of 1..mask,
     * as LongAdder's advanceProbe gives a thread whose CAS failed another cell: the retry and the
     * thread's later acquires use the new counter. The entry is indexed by h over a table 16
     * times the counters (at least 64, at most 2^16: movesLength), so threads that collide under
     * the mask have different entries and move apart.
     * moves[] is plain and racy: two threads with one entry may overwrite each other, a reader may
     * see any value ever written, and every value is some counter. The spec lets an acquire go on
     * with ANY counter after a failed CAS (ShardedSession.tla, Rechoose = TRUE), so no ordering of
     * these accesses can break a property; the ticket is the counter whose CAS succeeded (returning
     * the first one instead is sibling RechooseOldTicket.tla). Nothing moves a thread back: like
     * LongAdder's probe, a choice that works is kept.
     */

    static final long CLOSING = Long.MIN_VALUE;
    static final long CLOSED = Long.MIN_VALUE + 1;
    /** The most holders a counter counts: one more would wrap to CLOSING. */
    static final long MAX_HOLDERS = Long.MAX_VALUE;
    /** The most counters a session has: a close marks every one, and each is 280 bytes. */
    static final int MAX_COUNTERS = 1 << 20;

    /**
     * Final: the counters, created in the constructor, are seen by every thread that sees the
     * session (the final-field guarantee covers what is reachable through the array).
     */
    private final Counter[] counters;
    private final int mask;
    /** Gives h, the value a thread's counter is computed from (see "Counter choice"). */
    private final ShardSelector selector;
    private final boolean rechoose;
    /**
     * Per value of h (masked), how far threads with it have moved from counter h & mask: plain,
     * racy, written only when an acquire CAS fails (see "Counter choice"). RECHOOSE only: null
     * with FIXED, whose counter is h & mask.
     */
    private final int[] moves;
    private final int movesMask;

    /** How an acquire picks its counter. */
    public enum CounterChoice {
        /** The selector's value masked, always (the design's map: a collision is permanent). */
        FIXED,
        /**
         * As FIXED until an acquire CAS fails; then the thread moves to another counter, for the
         * retry and its later acquires (LongAdder's advanceProbe; spec: {@code Rechoose = TRUE}).
         */
        RECHOOSE
    }

    /**
     * One counter per thread id under the mask, never moved ({@link CounterChoice#FIXED}).
     *
     * @param counters the number of counters, a power of two, at least the number of cores
     */
    public ShardedSession(int counters) {
        this(counters, 0, ShardSelector.THREAD_ID, CounterChoice.FIXED);
    }

    /**
     * @param counters the number of counters, a power of two, at least the number of cores
     * @param selector the value a thread's counter starts from, masked ({@link ShardSelector#THREAD_ID}
     *                 is the design's map; benchmarks use others to force collisions)
     * @param choice   whether a failed acquire CAS moves the thread to another counter
     */
    public ShardedSession(int counters, ShardSelector selector, CounterChoice choice) {
        this(counters, 0, selector, choice);
    }

    /**
     * Tests only: every counter starts with {@code holders} holders, a state no test can reach by
     * acquiring (the overflow limit). Plain stores to a new array, published with the session.
     */
    ShardedSession(int counters, long holders) {
        this(counters, holders, ShardSelector.THREAD_ID, CounterChoice.FIXED);
    }

    private ShardedSession(int counters, long holders, ShardSelector selector, CounterChoice choice) {
        if (counters < 1 || Integer.bitCount(counters) != 1) {
            throw new IllegalArgumentException("counters must be a power of two >= 1, got " + counters);
        }
        if (counters > MAX_COUNTERS) {
            throw new IllegalArgumentException("counters must be at most " + MAX_COUNTERS + ", got " + counters);
        }
        if (selector == null || choice == null) {
            throw new NullPointerException(selector == null ? "selector is null" : "choice is null");
        }
        this.counters = new Counter[counters];
        this.mask = counters - 1;
        this.selector = selector;
        this.rechoose = choice == CounterChoice.RECHOOSE;
        this.moves = rechoose ? new int[movesLength(counters)] : null;   // FIXED never reads it
        this.movesMask = rechoose ? moves.length - 1 : 0;
        for (int i = 0; i < counters; i++) {
            this.counters[i] = new Counter(holders);
        }
    }

    /** A session with one counter per available processor, rounded up to a power of two. */
    public static ShardedSession forAvailableProcessors() {
        int cores = Runtime.getRuntime().availableProcessors();
        return new ShardedSession(Integer.highestOneBit(Math.max(1, cores - 1)) << 1);
    }

    /** How many counters the holders are spread over. */
    public int counters() {
        return mask + 1;
    }

    /**
     * The counter-choice table's length: 16 entries per counter, at least 64, at most 2^16 (256
     * KB; past 4,096 counters, threads whose h are equal modulo 2^16 share an entry and move
     * together, which costs speed only).
     */
    static int movesLength(int counters) {
        return counters >= 1 << 12 ? 1 << 16 : Math.max(64, counters << 4);
    }

    /** Whether a failed acquire CAS moves the thread to another counter. */
    public CounterChoice counterChoice() {
        return rechoose ? CounterChoice.RECHOOSE : CounterChoice.FIXED;
    }

    /**
     * The counter a thread with selector value {@code h} acquires through (see "Counter choice").
     * By default h is the thread's id: the same stable map as the sharded buffer's shards. Thread
     * ids are handed out in sequence, so threads started together (a pool, a benchmark's workers)
     * land on distinct counters; a hash of the id spread them at random instead, and two JMH
     * workers shared one counter in half the 2-thread trials.
     */
    private int counterOf(int h) {
        return (h + moves[h & movesMask]) & mask;
    }

    @Override
    public int acquire() {
        if (rechoose) {
            return acquireRechoosing();
        }
        int i = selector.shard() & mask;
        Counter c = counters[i];
        while (!c.acquireCas(i, c.loadOpen(i))) {
            // the counter changed between the load and the CAS: load again
        }
        return i;
    }

    /** acquire() with RECHOOSE: after a failed CAS, from another counter (see "Counter choice"). */
    private int acquireRechoosing() {
        int h = selector.shard();
        int i = counterOf(h);
        Counter c = counters[i];
        while (!c.acquireCas(i, c.loadOpen(i))) {
            if (mask != 0) {
                i = rechoose(h, i);
                c = counters[i];
            }
        }
        return i;
    }

    /**
     * The failure branch of spec action AcquireCas with Rechoose: the thread with selector value
     * {@code h}, whose CAS on counter {@code i} failed, moves by a random step of 1..mask, so to
     * another counter, and records the move for its later acquires. Touches no counter. A plain
     * store: whatever another thread reads is a counter, and the spec lets its acquire go on
     * with any.
     */
    private int rechoose(int h, int i) {
        int next = (i + 1 + ThreadLocalRandom.current().nextInt(mask)) & mask;
        moves[h & movesMask] = next - h;       // so that counterOf(h) == next
        return next;
    }

    /**
     * The release of the ticket's counter ({@link Counter#releaseHolder}: the steps ReleaseLoad and
     * Release, CAS(v, v - 1), refusing to go below one holder).
     */
    @Override
    public void release(int ticket) {
        if (ticket < 0 || ticket > mask) {
            throw new IllegalArgumentException("invalid ticket " + ticket + ": tickets are 0.." + mask);
        }
        counters[ticket].releaseHolder(ticket);
    }

    @Override
    public void close() {
        for (int i = 0; i <= mask; i++) {
            long witness = counters[i].closeMark(i);
            if (witness != 0) {
                rollbackMarks(i);
                if (witness == CLOSED) {
                    throw new IllegalStateException("Already closed");
                }
                if (witness == CLOSING) {
                    throw new IllegalStateException("Session is being closed by another thread");
                }
                throw new IllegalStateException("Session is acquired (" + witness + " holder"
                        + (witness == 1 ? "" : "s") + " on counter " + i + ")");
            }
        }
        for (int i = 0; i <= mask; i++) {
            counters[i].closeCommit(i);
        }
    }

    /**
     * The rollback of a failed close: the step CloseRollback on each counter this call marked,
     * 0..upTo-1 ({@link Counter#closeRollback}: a release store, Counter says why).
     */
    private void rollbackMarks(int upTo) {
        for (int j = 0; j < upTo; j++) {
            counters[j].closeRollback(j);
        }
    }

    @Override
    public boolean isAlive() {
        return counters[0].lvHolders() != CLOSED;
    }

    /** The holders of counter i right now, or -1 if it holds a sentinel (tests and monitoring). */
    public long holders(int i) {
        long v = counters[i].lvHolders();
        return v < 0 ? -1 : v;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ShardedSession[");
        for (int i = 0; i <= mask; i++) {
            sb.append(i == 0 ? "" : ", ").append(Counter.describe(counters[i].lvHolders()));
        }
        return sb.append(']').toString();
    }
}
