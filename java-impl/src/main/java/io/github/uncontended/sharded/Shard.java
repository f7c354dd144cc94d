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
 * One bounded ring with per-slot sequence numbers (slot i starts with sequence i). Accessors are
 * named for the spec actions and prefixed with their access mode, as the legend in
 * {@link io.github.uncontended} (package-info) defines the prefixes.
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

    /** Spec action LoadTail. Volatile; TLC accepts plain (ShardMemLoadTailPlain), but a retry loop's load must not be hoisted. */
    long lvTail() {
        Trace.enter();
        long t = (long) TAIL.getVolatile(this);
        Trace.exit("LoadTail", "shard", id, "tail", t);
        return t;
    }

    /** Spec actions LoadSlotSeq (producer), ConsumerLoadSeq: acquire, pairs with soSeq's release (ShardMem*LoadSeqOpaque). */
    long laSeq(long index) {
        Trace.enter();
        long q = (long) SEQ.getAcquire(seq, (int) index & mask);
        Trace.exit("LoadSeq", "shard", id, "index", index, "seq", q);   // LoadSlotSeq or ConsumerLoadSeq, by thread
        return q;
    }

    /**
     * The offer's result "full" (the spec's LoadSlotSeq to "full": offer returns false), for trace
     * validation. This block makes NO memory access: it only reports the result the preceding
     * LoadSlotSeq decided, so that TLC checks that the spec reached "full" there.
     */
    void traceOfferFull(long t) {
        Trace.enter();
        Trace.exit("OfferFull", "shard", id, "tail", t);   // no memory access: the offer's result only
    }

    /** Spec action CasTail: one producer of the shard wins slot t (TLC accepts a weak plain CAS: ShardMemCasTailWeakPlain). */
    boolean casTail(long t) {
        Trace.enter();
        boolean ok = TAIL.compareAndSet(this, t, t + 1);
        Trace.exit("CasTail", "shard", id, "expected", t, "ok", ok ? 1 : 0);
        return ok;
    }

    /** Spec action WriteItem: plain, published by the release store of the sequence that follows. */
    void writeItem(long t, E e) {
        Trace.enter();
        items[(int) t & mask] = e;
        Trace.exit("WriteItem", "shard", id, "index", t, "item", e);
    }

    /** Spec actions PublishSeq (t + 1), ConsumerRelease (h + C): release, after the item access (ShardMem*Opaque). */
    void soSeq(long index, long value) {
        Trace.enter();
        SEQ.setRelease(seq, (int) index & mask, value);
        Trace.exit("StoreSeq", "shard", id, "index", index, "seq", value);   // PublishSeq or ConsumerRelease, by thread
    }

    /** Spec action ConsumerReadItem: plain, ordered after the acquire load of the sequence. */
    @SuppressWarnings("unchecked")
    E readItem(long h) {
        Trace.enter();
        E e = (E) items[(int) h & mask];
        Trace.exit("ConsumerReadItem", "shard", id, "index", h, "item", e);
        return e;
    }

    /** Spec action ConsumerClear: plain; the release of the sequence orders it before reuse. */
    void clearItem(long h) {
        Trace.enter();
        items[(int) h & mask] = null;
        Trace.exit("ConsumerClear", "shard", id, "index", h);
    }

    /** Spec step LoadHead: plain; a new consumer reads the old one's head after the role's handover (HandoverMemory.tla). */
    long lpHead() {
        return (long) HEAD.get(this);
    }

    /** Spec action ConsumerAdvance: opaque, so sizeEstimate() reads an untorn long (JLS 17.7); it publishes nothing. */
    void sopHead(long h) {
        Trace.enter();
        HEAD.setOpaque(this, h);
        Trace.exit("ConsumerAdvance", "shard", id, "head", h);
    }

    long loHead() {
        return (long) HEAD.getOpaque(this);
    }

    long loTail() {
        return (long) TAIL.getOpaque(this);
    }

    void countFailedOffer() {
        FAILED_OFFERS.getAndAdd(this, 1L);
    }

    void countCasRetry() {
        CAS_RETRIES.getAndAdd(this, 1L);
    }
}
