package io.github.uncontended.session;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.Trace;
import io.github.uncontended.Waits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A session counted in one base counter until it is contended, then in stripes: the
 * contention-adaptive striping of {@link java.util.concurrent.atomic.LongAdder}, with the
 * two-phase close of {@link ShardedSession} (issue 16). A session only one thread at a time uses
 * costs what {@link AtomicSession} costs, to create, to hold and to close; once two acquires
 * collide on the base, the session creates its stripes and spreads as a {@code ShardedSession}
 * does, for good.
 *
 * <p>Each atomic step is one action of {@code specs/session/AdaptiveSession.tla}; TLC checks
 * that it refines the abstract {@code Session.tla}, and rejects eleven broken siblings. Tickets:
 * {@code 0} is the base (the spec's {@code Base}), {@code 1..N} the stripes.
 */
public final class AdaptiveSession implements Session {

    /*
     * Implementation notes.
     *
     * Counters hold holders (>= 0) or a sentinel, CLOSING or CLOSED, as in ShardedSession (whose
     * notes give the overflow limit, MAX_HOLDERS, shared here). The steps on a stripe are
     * Counter's methods, shared with ShardedSession; the base's are this class's, the same steps
     * on the field `base` (BASE_COUNT). `cells` is null until the first
     * base CAS fails, then the stripes: N padded Counters, published by one CAS. A close that
     * finds no stripes stores SEALED there instead, so that none can appear after it.
     *
     *   acquire   LoadCells    cs = cells; stripes: go to stripe (h & mask); else the base
     *             AcquireLoad  v = c[i]; CLOSED: fail; CLOSING: spin and load again
     *             AcquireCas   CAS(c[i], v, v + 1); success: ticket i; failure on a stripe: load
     *                          again; failure on the base:
     *             Inflate      w = compareAndExchange(cells, null, fresh stripes); null (ours)
     *                          or stripes (another's): go on with a stripe; SEALED: back to the
     *                          base, which a close has marked: wait there and fail
     *   release   Release      CAS(c[t], v, v - 1) on the ticket's counter (as ShardedSession)
     *   close     CloseMark    CAS(base, 0, CLOSING); busy: fail, nothing to roll back
     *             CloseSeal    w = compareAndExchange(cells, null, SEALED); null: phase 1 is
     *                          over; the stripes: CloseMark each in order; a busy one sends us to
     *             CloseRollback  the base and the stripes this call marked back to 0, then fail
     *             CloseCommit  CLOSED into the base, then into every stripe there is
     *
     * Why the seal. A close that only loaded `cells`, saw null and committed the base would miss
     * the acquire whose base CAS failed against that very mark: it inflates after the load, and
     * acquires a fresh stripe nobody marks (sibling AdaptNoSeal.tla; broken/NoSealSession in the
     * tests). The seal and the inflate are CASes on one reference: either the close sees the
     * stripes and marks them, or the acquire sees the seal and goes back to the base, which is
     * CLOSING until the close commits. The seal is never undone: a close seals only as the last
     * step of a phase 1 that can no longer fail, so it is permanent like CLOSED (and a close never
     * finds one: SealFindsNoSeal).
     *
     * Two closes at once: both mark the base first, so exactly one of two closes of a session
     * nobody holds succeeds (IdleClosesOneSucceeds), as in ShardedSession.
     *
     * The base is a plain field of this object, not padded. It is hot only while one thread at a
     * time uses the session, when there is no other core to share its line with; once two
     * threads collide the acquires move to the padded stripes and the base is written again only
     * by the releases of holders from before, and by close. Unpadded, creating a session
     * allocates one small object, as AtomicSession does: a user opens and closes arenas often.
     *
     * Memory ordering (specs/session/memory/AdaptiveSessionMemory.tla, docs/memory-model.md):
     * the counters' accesses have ShardedSession's modes (volatile loads and CASes, release
     * stores for rollback and commit). The stripes are published by the Inflate CAS: the inflater
     * fills the array with plain stores, then CASes it in; a volatile CAS releases those stores,
     * and it acquires the array another inflater published when it fails (its witness). LoadCells
     * is an acquire load, so that the array it returns is seen filled: with an opaque load TLC finds
     * a null stripe (AdaptSessMemLoadCellsOpaque). CloseSeal is a volatile CAS: it too reads the
     * array it then marks.
     */

    static final long CLOSING = ShardedSession.CLOSING;
    static final long CLOSED = ShardedSession.CLOSED;
    static final long MAX_HOLDERS = ShardedSession.MAX_HOLDERS;
    /** The base counter's ticket (spec: Base). Stripe i (0-based in the array) is ticket i + 1. */
    static final int BASE = 0;
    /** The most stripes a session has: a close marks every one, and each is 280 bytes. */
    static final int MAX_STRIPES = ShardedSession.MAX_COUNTERS;
    /**
     * What a close stores into {@code cells} when there are no stripes: no stripes will ever
     * exist. A distinct, empty array, compared by identity.
     */
    static final Counter[] SEALED = new Counter[0];

    /** How the trace names what {@code cells} holds: 0 null (spec "none"), 1 stripes, 2 SEALED. */
    private static final int NONE = 0, INFLATED = 1, SEALED_CODE = 2;

    private static final VarHandle BASE_COUNT;
    private static final VarHandle CELLS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            BASE_COUNT = lookup.findVarHandle(AdaptiveSession.class, "base", long.class);
            CELLS = lookup.findVarHandle(AdaptiveSession.class, "cells", Counter[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Spec: c[Base]. Holders counted on the base (>= 0), or CLOSING, CLOSED. */
    private volatile long base;
    /** Spec: cells. null (none), the stripes (inflated), or {@link #SEALED}. */
    private volatile Counter[] cells;
    private final int mask;
    /** Gives h: a thread's stripe is h & mask (the thread id by default, as ShardedSession's FIXED). */
    private final ShardSelector selector;

    /**
     * A session that will spread over {@code stripes} counters once contended.
     *
     * @param stripes the number of stripes, a power of two, at least the number of cores
     */
    public AdaptiveSession(int stripes) {
        this(stripes, ShardSelector.THREAD_ID);
    }

    /**
     * @param stripes  the number of stripes, a power of two, at least the number of cores
     * @param selector the value a thread's stripe is computed from, masked
     */
    public AdaptiveSession(int stripes, ShardSelector selector) {
        this(stripes, selector, 0);
    }

    /**
     * Tests only: the base starts with {@code holders} holders, a state no test can reach by
     * acquiring (the overflow limit). A plain store, published with the session.
     */
    AdaptiveSession(int stripes, long holders) {
        this(stripes, ShardSelector.THREAD_ID, holders);
    }

    private AdaptiveSession(int stripes, ShardSelector selector, long holders) {
        if (stripes < 1 || Integer.bitCount(stripes) != 1) {
            throw new IllegalArgumentException("stripes must be a power of two >= 1, got " + stripes);
        }
        if (stripes > MAX_STRIPES) {
            throw new IllegalArgumentException("stripes must be at most " + MAX_STRIPES + ", got " + stripes);
        }
        if (selector == null) {
            throw new NullPointerException("selector is null");
        }
        this.mask = stripes - 1;
        this.selector = selector;
        if (holders != 0) {
            this.base = holders;
        }
    }

    /** A session with one stripe per available processor (rounded up to a power of two) once contended. */
    public static AdaptiveSession forAvailableProcessors() {
        int cores = Runtime.getRuntime().availableProcessors();
        return new AdaptiveSession(Integer.highestOneBit(Math.max(1, cores - 1)) << 1);
    }

    /** How many stripes the holders spread over once the session is contended. */
    public int stripes() {
        return mask + 1;
    }

    /** Whether the stripes exist: an acquire's CAS on the base has failed (monitoring and tests). */
    public boolean striped() {
        Counter[] cs = lvCells();
        return cs != null && cs != SEALED;
    }

    @Override
    public int acquire() {
        Counter[] cs = loadCells();
        if (cs != null && cs != SEALED) {
            return acquireStripe(cs);
        }
        if (acquireCasBase(loadOpenBase())) {
            return BASE;
        }
        return acquireAfterFailedBaseCas();
    }

    /**
     * The rest of an acquire whose CAS on the base failed: Inflate, then the stripes; or, when a
     * close has sealed, the base again (CLOSING until that close commits: the acquire waits there,
     * then fails). Package-private for jcstress, which races this path with a close without
     * needing a second acquire to make the base CAS fail.
     */
    int acquireAfterFailedBaseCas() {
        Counter[] cs;
        while ((cs = inflate(newStripes())) == SEALED) {
            if (acquireCasBase(loadOpenBase())) {
                return BASE;
            }
        }
        return acquireStripe(cs);
    }

    /** The steps AcquireLoad and AcquireCas on this thread's stripe, until the CAS succeeds. */
    private int acquireStripe(Counter[] cs) {
        int i = selector.shard() & mask;
        Counter c = cs[i];
        int ticket = i + 1;
        while (!c.acquireCas(ticket, c.loadOpen(ticket))) {
            // the stripe changed between the load and the CAS: load again
        }
        return ticket;
    }

    /** Spec action LoadCells: {@code cs = cells}. */
    private Counter[] loadCells() {
        Trace.enter();
        Counter[] cs = laCells();
        int found = code(cs);
        Trace.exit("LoadCells", "found", found);
        return cs;
    }

    /** Fresh stripes, filled with plain stores before the Inflate CAS publishes them (a losing inflater's are garbage). */
    private Counter[] newStripes() {
        Counter[] fresh = new Counter[mask + 1];
        for (int i = 0; i <= mask; i++) {
            fresh[i] = new Counter(0);
        }
        return fresh;
    }

    /**
     * Spec action Inflate: publish {@code fresh} stripes unless some are there, or the seal.
     * Returns the stripes (ours, or another inflater's), or {@link #SEALED}.
     */
    private Counter[] inflate(Counter[] fresh) {
        Trace.enter();
        Counter[] witness = caeCells(null, fresh);
        int found = code(witness);
        Trace.exit("Inflate", "found", found);
        return witness == null ? fresh : witness;
    }

    /** The step AcquireLoad of the base until it is not CLOSING: the count to CAS from (as Counter.loadOpen). */
    private long loadOpenBase() {
        for (int spins = 0; ; ) {
            long v = acquireLoadBase();
            if (v >= 0 && v != MAX_HOLDERS) {
                return v;
            }
            if (v == CLOSING) {
                spins = Waits.idle(spins);
            } else {
                throw Counter.refused(v, BASE);
            }
        }
    }

    /** Spec action AcquireLoad on the base: {@code v = c[Base]}. */
    private long acquireLoadBase() {
        Trace.enter();
        long v = lvBase();
        Trace.exit("AcquireLoad", "counter", BASE, "value", v);
        return v;
    }

    /** Spec action AcquireCas on the base: {@code CAS(c[Base], v, v + 1)}. */
    private boolean acquireCasBase(long v) {
        Trace.enter();
        boolean ok = casBase(v, v + 1);
        Trace.exit("AcquireCas", "counter", BASE, "expected", v, "ok", ok ? 1 : 0);
        return ok;
    }

    /**
     * Releases the ticket's holder: the steps ReleaseLoad and Release, CAS(v, v - 1) on the ticket's
     * counter, refusing to go below one holder. A stripe's ticket first loads the stripes reference
     * (the step ReleaseLoadCells, a load that changes nothing in AdaptiveSession.tla): the
     * releasing thread saw the stripes when it acquired, or was handed the ticket by one that did.
     */
    @Override
    public void release(int ticket) {
        if (ticket == BASE) {
            releaseBaseHolder();
            return;
        }
        if (ticket < 0 || ticket > mask + 1) {
            throw new IllegalArgumentException("invalid ticket " + ticket + ": tickets are 0 (the base).." + (mask + 1));
        }
        Counter[] cs = releaseLoadCells();
        if (cs == null || cs == SEALED) {
            throw new IllegalStateException("release without acquire: ticket " + ticket
                    + " names a stripe, and this session has none");
        }
        cs[ticket - 1].releaseHolder(ticket);
    }

    /**
     * Spec action ReleaseLoadCells (AdaptiveSessionMemory.tla; in AdaptiveSession.tla a load that
     * changes nothing): {@code cs = cells}, a release's load of the stripes reference.
     */
    private Counter[] releaseLoadCells() {
        Trace.enter();
        Counter[] cs = laCells();
        int found = code(cs);
        Trace.exit("ReleaseLoadCells", "found", found);
        return cs;
    }

    /** Releases one holder of the base: the step ReleaseLoad, then the step Release, again until the CAS succeeds. */
    private void releaseBaseHolder() {
        while (true) {
            long v = releaseLoadBase();
            Counter.checkHeld(v, BASE);
            if (releaseBase(v)) {
                return;
            }
        }
    }

    /** Spec action ReleaseLoad on the base (AdaptiveSessionMemory.tla): {@code v = c[Base]}. */
    private long releaseLoadBase() {
        Trace.enter();
        long v = lvBase();
        Trace.exit("ReleaseLoad", "counter", BASE, "value", v);
        return v;
    }

    /** Spec action Release on the base: {@code CAS(c[Base], v, v - 1)}. */
    private boolean releaseBase(long v) {
        Trace.enter();
        boolean ok = casBase(v, v - 1);
        Trace.exit("Release", "counter", BASE, "expected", v, "ok", ok ? 1 : 0);
        return ok;
    }

    @Override
    public void close() {
        long witness = closeMarkBase();
        if (witness != 0) {
            throw busy(witness, BASE);       // nothing of ours is marked yet
        }
        Counter[] cs = closeSeal();
        if (cs == SEALED) {
            // Unreachable (SealFindsNoSeal): only a close holding the base's mark seals. Read as closed.
            rollbackMarks(null, 0);
            throw new IllegalStateException("Already closed");
        }
        if (cs != null) {
            for (int i = 0; i < cs.length; i++) {
                witness = cs[i].closeMark(i + 1);
                if (witness != 0) {
                    rollbackMarks(cs, i);
                    throw busy(witness, i + 1);
                }
            }
        }
        closeCommitBase();
        if (cs != null) {
            for (int i = 0; i < cs.length; i++) {
                cs[i].closeCommit(i + 1);
            }
        }
    }

    private static IllegalStateException busy(long witness, int ticket) {
        if (witness == CLOSED) {
            return new IllegalStateException("Already closed");
        }
        if (witness == CLOSING) {
            return new IllegalStateException("Session is being closed by another thread");
        }
        return new IllegalStateException("Session is acquired (" + witness + " holder"
                + (witness == 1 ? "" : "s") + " on counter " + ticket + ")");
    }

    /** Spec action CloseMark on the base: {@code CAS(c[Base], 0, CLOSING)}; returns the value found (0 on success). */
    private long closeMarkBase() {
        Trace.enter();
        long witness = caeBase(0L, CLOSING);
        Trace.exit("CloseMark", "counter", BASE, "witness", witness);
        return witness;
    }

    /**
     * Spec action CloseSeal: seal the stripes reference unless there are stripes. Returns null
     * when this call sealed it (no stripes: phase 1 is over), else what it found.
     */
    private Counter[] closeSeal() {
        Trace.enter();
        Counter[] witness = caeCells(null, SEALED);
        int found = code(witness);
        Trace.exit("CloseSeal", "found", found);
        return witness;
    }

    /**
     * The rollback of a failed close: the step CloseRollback on what this call marked, the base,
     * then stripes 1..upTo (array indices 0..upTo-1).
     */
    private void rollbackMarks(Counter[] cs, int upTo) {
        closeRollbackBase();
        for (int j = 0; j < upTo; j++) {
            cs[j].closeRollback(j + 1);
        }
    }

    /** Spec action CloseRollback on the base: {@code c[Base] = 0}. */
    private void closeRollbackBase() {
        Trace.enter();
        soBase(0L);
        Trace.exit("CloseRollback", "counter", BASE);
    }

    /** Spec action CloseCommit on the base: {@code c[Base] = CLOSED}, before any stripe's. */
    private void closeCommitBase() {
        Trace.enter();
        soBase(CLOSED);
        Trace.exit("CloseCommit", "counter", BASE);
    }

    /** The base is committed first: once it reads CLOSED, the session is closed. */
    @Override
    public boolean isAlive() {
        return lvBase() != CLOSED;
    }

    /**
     * The holders counted on ticket's counter right now (0 for a stripe that does not exist), or
     * -1 if it holds a sentinel (tests and monitoring).
     */
    public long holders(int ticket) {
        long v;
        if (ticket == BASE) {
            v = lvBase();
        } else {
            Counter[] cs = lvCells();
            v = cs == null || cs == SEALED ? 0 : cs[ticket - 1].lvHolders();
        }
        return v < 0 ? -1 : v;
    }

    /** What the trace records for a stripes reference (a local computation, not traced itself). */
    private static int code(Counter[] cs) {
        return cs == null ? NONE : cs == SEALED ? SEALED_CODE : INFLATED;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("AdaptiveSession[base ").append(Counter.describe(lvBase()));
        Counter[] cs = lvCells();
        if (cs == SEALED) {
            sb.append(", sealed");
        } else if (cs != null) {
            for (int i = 0; i < cs.length; i++) {
                sb.append(", ").append(Counter.describe(cs[i].lvHolders()));
            }
        }
        return sb.append(']').toString();
    }

    /*
     * The accessors: one access each of the base or the stripes reference, prefixed with its mode
     * (the legend: io.github.uncontended's package-info). The stripes' own are Counter's.
     */

    /**
     * Volatile load of the base, for the steps AcquireLoad and ReleaseLoad on the base, IsAlive, and
     * monitoring and diagnostics: the counters' mode (ShardedSession's notes).
     */
    private long lvBase() {
        return (long) BASE_COUNT.getVolatile(this);
    }

    /** Volatile compare-and-set of the base, for the steps AcquireCas and Release on the base. */
    private boolean casBase(long expect, long update) {
        return BASE_COUNT.compareAndSet(this, expect, update);
    }

    /** Volatile compare-and-exchange of the base, for the step CloseMark on the base: returns the value found. */
    private long caeBase(long expect, long update) {
        return (long) BASE_COUNT.compareAndExchange(this, expect, update);
    }

    /** Release store of the base, for the steps CloseRollback and CloseCommit on the base ({@link Counter} says why). */
    private void soBase(long value) {
        BASE_COUNT.setRelease(this, value);
    }

    /**
     * Acquire load of the stripes reference, for the steps LoadCells and ReleaseLoadCells: so that
     * the array it returns is seen filled (with an opaque load TLC finds a null stripe:
     * AdaptSessMemLoadCellsOpaque).
     */
    private Counter[] laCells() {
        return (Counter[]) CELLS.getAcquire(this);
    }

    /** Volatile load of the stripes reference: monitoring (striped(), holders()) and diagnostics. */
    private Counter[] lvCells() {
        return (Counter[]) CELLS.getVolatile(this);
    }

    /**
     * Volatile compare-and-exchange of the stripes reference, for the steps Inflate (null to fresh
     * stripes: it releases the stripes' plain stores, and its witness acquires another inflater's)
     * and CloseSeal (null to SEALED: it too reads the array it then marks); returns the value found.
     */
    private Counter[] caeCells(Counter[] expect, Counter[] update) {
        return (Counter[]) CELLS.compareAndExchange(this, expect, update);
    }
}
