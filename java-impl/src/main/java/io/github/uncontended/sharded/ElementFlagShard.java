package io.github.uncontended.sharded;

import io.github.uncontended.Trace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * One element-flag shard, laid out as JCTools' MpscArrayQueue: the producers' tail, the producers'
 * shared limit and the consumer's head each sit between 128 bytes of padding (adjacent-line
 * prefetch pairs 64-byte lines), as a class hierarchy because the JVM lays out a superclass's
 * fields before a subclass's. The limit has a line of its own although only producers touch it:
 * every offer CASes the tail, and a limit beside it would be invalidated with it, where the limit
 * is read on every offer and written once a lap. ShardLayoutTest checks the offsets with JOL.
 */
abstract class EfsShardPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class EfsShardTailField extends EfsShardPad0 {
    /** Spec: tail (JCTools: producerIndex). The next slot producers claim. */
    volatile long tail;
}

abstract class EfsShardPad1 extends EfsShardTailField {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}

abstract class EfsShardLimitField extends EfsShardPad1 {
    /**
     * Spec: limit (JCTools: producerLimit). A head some producer loaded, plus the capacity: slots
     * below it are free. Written and read by producers only (soLimit, laLimit).
     */
    volatile long limit;
}

abstract class EfsShardPad2 extends EfsShardLimitField {
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;
}

abstract class EfsShardHeadField extends EfsShardPad2 {
    /** Spec: head (JCTools: consumerIndex). The next slot the consumer takes; written by the consumer only. */
    volatile long head;
}

abstract class EfsShardPad3 extends EfsShardHeadField {
    long s00, s01, s02, s03, s04, s05, s06, s07;
    long s08, s09, s10, s11, s12, s13, s14, s15;
}

/**
 * One bounded ring whose slots hold only their elements: a null element is an empty slot, and
 * storing the element publishes it (no sequence per slot). One accessor per action of
 * {@code specs/sharded/ElementFlagShards.tla}, named for what it accesses and prefixed with its
 * access mode as the legend in {@link io.github.uncontended} (package-info) defines the
 * prefixes; each brackets its one memory access with {@link Trace} hooks named after the action.
 *
 * <p>The modes are those of specs/sharded/memory/ElementFlagMemory.tla's JavaMode (JCTools'
 * choices), which TLC checks on x86-TSO and weak hardware with a sibling per weakened access.
 */
final class ElementFlagShard<E> extends EfsShardPad3 {

    private static final VarHandle TAIL;
    private static final VarHandle LIMIT;
    private static final VarHandle HEAD;
    private static final VarHandle ELEMENT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(EfsShardTailField.class, "tail", long.class);
            LIMIT = l.findVarHandle(EfsShardLimitField.class, "limit", long.class);
            HEAD = l.findVarHandle(EfsShardHeadField.class, "head", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The elements (JCTools: buffer); null is an empty slot. */
    final Object[] elements;
    /** Slots - 1: the capacity is a power of two, 1 included (mask 0). */
    final int mask;
    /** This shard's index in its buffer: named in trace events only. */
    final int id;

    ElementFlagShard(int id, int capacity) {
        this.id = id;
        elements = new Object[capacity];
        mask = capacity - 1;
        limit = capacity;            // spec Init: limit = C (JCTools starts producerLimit at the capacity)
    }

    /** Spec action LoadTail (offer: t = tail): volatile, as JCTools' lvProducerIndex; a retry loop's load must not be hoisted. */
    long lvTail() {
        Trace.enter();
        long t = (long) TAIL.getVolatile(this);
        Trace.exit("LoadTail", "shard", id, "tail", t);
        return t;
    }

    /**
     * Spec action LoadLimit (offer: t &lt; limit, the slot is free without a look at head):
     * acquire, as JCTools' lvProducerLimit. A stale limit is only ever too low (every limit stored
     * was a head loaded, plus C, and heads only grow), which costs a load of head, never a slot.
     * Acquire because a claim of the next lap that passes on a limit another producer stored must
     * be ordered after the consumer's clear of that slot: the chain is the consumer's release of
     * head, that producer's acquire of it, its release of the limit (soLimit), this acquire.
     * ElementFlagMemory.tla rejects opaque (EfsMemLoadLimitOpaque: NoAcceptedItemLost), so plain too.
     */
    long laLimit() {
        Trace.enter();
        long l = (long) LIMIT.getAcquire(this);
        Trace.exit("LoadLimit", "shard", id, "limit", l);
        return l;
    }

    /**
     * Spec action LoadHead (offer, the limit used up: h = head; t &gt;= h + C, full): acquire,
     * pairs with soHead's release, so that the consumer's clear of the slot (ConsumerClear)
     * happens before this producer's store into it a lap later.
     */
    long laHead() {
        Trace.enter();
        long h = (long) HEAD.getAcquire(this);
        Trace.exit("LoadHead", "shard", id, "head", h);
        return h;
    }

    /**
     * Spec action StoreLimit (limit = h + C, for the next offers of the shard's producers):
     * release, as JCTools' soProducerLimit, after this producer's acquire of head, so that a
     * producer that passes on this limit (laLimit) is ordered after the consumer's clears below
     * it. ElementFlagMemory.tla rejects opaque (EfsMemStoreLimitOpaque: NoAcceptedItemLost).
     */
    void soLimit(long l) {
        Trace.enter();
        LIMIT.setRelease(this, l);
        Trace.exit("StoreLimit", "shard", id, "limit", l);
    }

    /**
     * The offer's result "full" (the spec's LoadHead to "full": offer returns false), for trace
     * validation. This block makes NO memory access: it only reports the result the preceding
     * LoadHead decided, so that TLC checks that the spec reached "full" there.
     */
    void traceOfferFull(long t) {
        Trace.enter();
        Trace.exit("OfferFull", "shard", id, "tail", t);   // no memory access: the offer's result only
    }

    /** Spec action CasTail (CAS(tail, t, t + 1)): volatile compare-and-set; the winner owns slot t. */
    boolean casTail(long t) {
        Trace.enter();
        boolean ok = TAIL.compareAndSet(this, t, t + 1);
        Trace.exit("CasTail", "shard", id, "expected", t, "ok", ok ? 1 : 0);
        return ok;
    }

    /**
     * Spec action StoreElement (slot t % C = e): release, as JCTools' soRefElement: the element
     * publishes itself and everything the producer wrote before offering it (ConsumerLoadElement
     * acquires it).
     */
    void soElement(long t, E e) {
        Trace.enter();
        ELEMENT.setRelease(elements, (int) t & mask, e);
        Trace.exit("StoreElement", "shard", id, "index", t, "item", e);
    }

    /**
     * Spec action ConsumerLoadElement (e = slot h % C; null: empty, or claimed and not yet
     * stored): acquire, pairs with soElement's release, so that the element's contents are
     * visible to the consumer.
     */
    @SuppressWarnings("unchecked")
    E laElement(long h) {
        Trace.enter();
        E e = (E) ELEMENT.getAcquire(elements, (int) h & mask);
        Trace.exit("ConsumerLoadElement", "shard", id, "index", h, "item", e);
        return e;
    }

    /**
     * Spec action ConsumerLoadTail (a null element: head = tail, the shard is empty; else slot h
     * is claimed, not yet stored): volatile, as JCTools' lvProducerIndex: an acquire, opaque or
     * plain load may read a tail older than a claim on weak hardware, and poll would return null
     * for a shard that is not empty (PollNullOnlyWhenEmpty; EfsMemConsumerLoadTailAcquire).
     */
    long lvConsumerTail() {
        Trace.enter();
        long t = (long) TAIL.getVolatile(this);
        Trace.exit("ConsumerLoadTail", "shard", id, "tail", t);
        return t;
    }

    /** Spec action ConsumerClear (slot h % C = null): plain, ordered before the slot's reuse by soHead's release. */
    void spElement(long h, E e) {
        Trace.enter();
        ELEMENT.set(elements, (int) h & mask, e);
        Trace.exit("ConsumerClear", "shard", id, "index", h);
    }

    /**
     * Spec action ConsumerAdvance (head = h + 1): release, as JCTools' soConsumerIndex: the slot is
     * free for the next lap, and the clear before it is visible to the producer that acquires
     * this head (laHead).
     */
    void soHead(long h) {
        Trace.enter();
        HEAD.setRelease(this, h);
        Trace.exit("ConsumerAdvance", "shard", id, "head", h);
    }

    /**
     * Spec step ConsumerLoadHead of specs/sharded/memory/ElementFlagHandoverMemory.tla (h =
     * lpHead(); ElementFlagShards.tla has one consumer, which reads its head[cs] freely). Plain:
     * only the consumer writes the head, and a new consumer reads the old one's after the role's
     * handover, ordered by the role's release store and claiming CAS (ConsumerRole). TLC shows it
     * suffices on x86-TSO and weak hardware, and that a stale head (siblings
     * EfsHandoverMemReleaseConsumerOpaque, EfsHandoverMemClaimConsumerRelease) leaves the new
     * consumer waiting for ever at the slot the old one cleared (ConsumerStartsWhereTheLastStopped).
     */
    long lpHead() {
        return (long) HEAD.get(this);
    }

    /** Monitoring (sizeEstimate): opaque, an untorn value, orders nothing. */
    long loHead() {
        return (long) HEAD.getOpaque(this);
    }

    /** Monitoring (sizeEstimate): opaque, an untorn value, orders nothing. */
    long loTail() {
        return (long) TAIL.getOpaque(this);
    }
}
