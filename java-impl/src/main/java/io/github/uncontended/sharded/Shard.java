package io.github.uncontended.sharded;

import io.github.uncontended.Trace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * One shard's ring. The producers' tail and the consumer's head are written by different cores:
 * each sits between 128 bytes of padding (adjacent-line prefetch pairs 64-byte lines), as a class
 * hierarchy because the JVM lays out a superclass's fields before a subclass's. The shards are
 * separate objects, so neighbouring shards never share these lines either. ShardLayoutTest
 * checks the offsets with JOL.
 */
abstract class ShardPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class ShardTailField extends ShardPad0 {
    /** Spec: tail. The next slot producers claim. */
    volatile long tail;
    /** Offers that found the shard full: slow path only. */
    volatile long failedOffers;
    /** Tail CASes lost to another producer of the shard: slow path only. */
    volatile long casRetries;
}

abstract class ShardPad1 extends ShardTailField {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}

abstract class ShardHeadField extends ShardPad1 {
    /** Spec: head. The next slot the consumer reads; written by the consumer only. */
    volatile long head;
}

abstract class ShardPad2 extends ShardHeadField {
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;
}

/**
 * One bounded ring with per-slot sequence numbers (slot i starts with sequence i). Each traced
 * step is a method named for its action of {@code specs/sharded/ShardedBuffer.tla}, one
 * {@link Trace} bracket around one accessor; each accessor is one access, named for what it
 * accesses and prefixed with its mode, as the legend in {@link io.github.uncontended}
 * (package-info) defines the prefixes.
 */
final class Shard<E> extends ShardPad2 {

    private static final VarHandle TAIL;
    private static final VarHandle HEAD;
    private static final VarHandle FAILED_OFFERS;
    private static final VarHandle CAS_RETRIES;
    private static final VarHandle SEQ = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(ShardTailField.class, "tail", long.class);
            HEAD = l.findVarHandle(ShardHeadField.class, "head", long.class);
            FAILED_OFFERS = l.findVarHandle(ShardTailField.class, "failedOffers", long.class);
            CAS_RETRIES = l.findVarHandle(ShardTailField.class, "casRetries", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final long[] seq;
    final Object[] items;
    final int mask;
    /** This shard's index in its buffer: named in trace events only. */
    final int id;

    Shard(int id, int capacity) {
        this.id = id;
        seq = new long[capacity];
        for (int i = 0; i < capacity; i++) {
            seq[i] = i;
        }
        items = new Object[capacity];
        mask = capacity - 1;
    }

    // ------------------------------------------------------------------ the producer's steps

    /** Spec action LoadTail: {@code t = tail}. */
    long loadTail() {
        Trace.enter();
        long t = lvTail();
        Trace.exit("LoadTail", "shard", id, "tail", t);
        return t;
    }

    /**
     * Spec action LoadSlotSeq: {@code q = seq[t % C]}; the offer claims the slot ({@code q == t}),
     * reports the shard full ({@code q < t}), or loads the tail again.
     */
    long loadSlotSeq(long t) {
        Trace.enter();
        long q = laSeq(t);
        Trace.exit("LoadSlotSeq", "shard", id, "index", t, "seq", q);
        return q;
    }

    /** Spec action CasTail: {@code CAS(tail, t, t + 1)}; the winner owns slot t. */
    boolean casTail(long t) {
        Trace.enter();
        boolean ok = casTail(t, t + 1);
        Trace.exit("CasTail", "shard", id, "expected", t, "ok", ok ? 1 : 0);
        return ok;
    }

    /** Spec action WriteItem: {@code items[t % C] = e}. */
    void writeItem(long t, E e) {
        Trace.enter();
        spItem(t, e);
        Trace.exit("WriteItem", "shard", id, "index", t, "item", e);
    }

    /** Spec action PublishSeq: {@code seq[t % C] = t + 1}; the offer returns true. */
    void publishSeq(long t) {
        Trace.enter();
        soSeq(t, t + 1);
        Trace.exit("PublishSeq", "shard", id, "index", t, "seq", t + 1);
    }

    // ------------------------------------------------------------------ the consumer's steps

    /** Spec action ConsumerLoadSeq: {@code q = seq[h % C]}; an item is there iff {@code q == h + 1}. */
    long consumerLoadSeq(long h) {
        Trace.enter();
        long q = laSeq(h);
        Trace.exit("ConsumerLoadSeq", "shard", id, "index", h, "seq", q);
        return q;
    }

    /** Spec action ConsumerReadItem: {@code e = items[h % C]}. */
    E consumerReadItem(long h) {
        Trace.enter();
        E e = lpItem(h);
        Trace.exit("ConsumerReadItem", "shard", id, "index", h, "item", e);
        return e;
    }

    /** Spec action ConsumerClear: {@code items[h % C] = null}. */
    void consumerClear(long h) {
        Trace.enter();
        spItem(h, null);
        Trace.exit("ConsumerClear", "shard", id, "index", h);
    }

    /** Spec action ConsumerRelease: {@code seq[h % C] = h + C}, the slot free for the next lap. */
    void consumerRelease(long h) {
        Trace.enter();
        soSeq(h, h + mask + 1);
        Trace.exit("ConsumerRelease", "shard", id, "index", h, "seq", h + mask + 1);
    }

    /** Spec action ConsumerAdvance: {@code head = h}, the slot after the one just taken. */
    void consumerAdvance(long h) {
        Trace.enter();
        sopHead(h);
        Trace.exit("ConsumerAdvance", "shard", id, "head", h);
    }

    // ------------------------------------------------------------------ the accessors

    /**
     * Volatile load of the tail, for the step LoadTail. TLC accepts plain (ShardMemLoadTailPlain),
     * but the offer's retry loop re-reads it, and a plain load may be hoisted out of the loop.
     */
    private long lvTail() {
        return (long) TAIL.getVolatile(this);
    }

    /** Opaque load of the tail: sizeEstimate (monitoring), an untorn value that orders nothing. */
    long loTail() {
        return (long) TAIL.getOpaque(this);
    }

    /**
     * Volatile compare-and-set of the tail, for the step CasTail: one producer of the shard wins
     * the slot (TLC accepts a weak plain CAS: ShardMemCasTailWeakPlain).
     */
    private boolean casTail(long expect, long update) {
        return TAIL.compareAndSet(this, expect, update);
    }

    /**
     * Acquire load of a slot's sequence, for the steps LoadSlotSeq (the producer's: its write
     * follows the consumer's read and clear of the slot) and ConsumerLoadSeq (the consumer's: its
     * read of the item follows the producer's write); pairs with {@link #soSeq}'s release
     * (ShardMem*LoadSeqOpaque).
     */
    private long laSeq(long index) {
        return (long) SEQ.getAcquire(seq, (int) index & mask);
    }

    /**
     * Release store of a slot's sequence, for the steps PublishSeq ({@code t + 1}, after the item's
     * write) and ConsumerRelease ({@code h + C}, after the item's read and clear) (ShardMem*Opaque).
     */
    private void soSeq(long index, long value) {
        SEQ.setRelease(seq, (int) index & mask, value);
    }

    /**
     * Plain store of a slot's item, for the steps WriteItem (published by the release store of the
     * sequence that follows) and ConsumerClear (null; that release orders it before the slot's reuse).
     */
    private void spItem(long index, E e) {
        items[(int) index & mask] = e;
    }

    /** Plain load of a slot's item, for the step ConsumerReadItem: ordered after the acquire load of its sequence. */
    @SuppressWarnings("unchecked")
    private E lpItem(long index) {
        return (E) items[(int) index & mask];
    }

    /**
     * Plain load of the head, for the spec step LoadHead (HandoverMemory.tla; untraced): only the
     * consumer writes it, and a new consumer reads the old one's after the role's handover.
     */
    long lpHead() {
        return (long) HEAD.get(this);
    }

    /** Opaque load of the head: sizeEstimate (monitoring), an untorn value that orders nothing. */
    long loHead() {
        return (long) HEAD.getOpaque(this);
    }

    /**
     * Opaque store of the head, for the step ConsumerAdvance: so that sizeEstimate() reads an
     * untorn long (JLS 17.7); it publishes nothing.
     */
    private void sopHead(long h) {
        HEAD.setOpaque(this, h);
    }

    /** The failed-offer counter's getAndAdd: monitoring, on the slow path only. */
    long getAndAddFailedOffers(long delta) {
        return (long) FAILED_OFFERS.getAndAdd(this, delta);
    }

    /** Volatile load of the failed-offer counter: monitoring. */
    long lvFailedOffers() {
        return (long) FAILED_OFFERS.getVolatile(this);
    }

    /** The lost-CAS counter's getAndAdd: monitoring, on the slow path only. */
    long getAndAddCasRetries(long delta) {
        return (long) CAS_RETRIES.getAndAdd(this, delta);
    }

    /** Volatile load of the lost-CAS counter: monitoring. */
    long lvCasRetries() {
        return (long) CAS_RETRIES.getVolatile(this);
    }
}
