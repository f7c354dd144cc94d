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
 * storing the element publishes it (no sequence per slot). Each traced step is a method named for
 * its action of {@code specs/sharded/ElementFlagShards.tla}, one {@link Trace} bracket around one
 * accessor; each accessor is one access, named for what it accesses and prefixed with its access
 * mode as the legend in {@link io.github.uncontended} (package-info) defines the prefixes.
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

    // ------------------------------------------------------------------ the producer's steps

    /** Spec action LoadTail: {@code t = tail}. */
    long loadTail() {
        Trace.enter();
        long t = lvTail();
        Trace.exit("LoadTail", "shard", id, "tail", t);
        return t;
    }

    /** Spec action LoadLimit: {@code t < limit}: the slot is free without a look at head. */
    long loadLimit() {
        Trace.enter();
        long l = laLimit();
        Trace.exit("LoadLimit", "shard", id, "limit", l);
        return l;
    }

    /** Spec action LoadHead (the limit used up): {@code h = head}; {@code t >= h + C}: full. */
    long loadHead() {
        Trace.enter();
        long h = laHead();
        Trace.exit("LoadHead", "shard", id, "head", h);
        return h;
    }

    /** Spec action StoreLimit: {@code limit = h + C}, for the next offers of the shard's producers. */
    void storeLimit(long l) {
        Trace.enter();
        soLimit(l);
        Trace.exit("StoreLimit", "shard", id, "limit", l);
    }

    /** Spec action CasTail: {@code CAS(tail, t, t + 1)}; the winner owns slot t. */
    boolean casTail(long t) {
        Trace.enter();
        boolean ok = casTail(t, t + 1);
        Trace.exit("CasTail", "shard", id, "expected", t, "ok", ok ? 1 : 0);
        return ok;
    }

    /** Spec action StoreElement: {@code slot t % C = e}; the offer returns true. */
    void storeElement(long t, E e) {
        Trace.enter();
        soElement(t, e);
        Trace.exit("StoreElement", "shard", id, "index", t, "item", e);
    }

    // ------------------------------------------------------------------ the consumer's steps

    /** Spec action ConsumerLoadElement: {@code e = slot h % C}; null: empty, or claimed and not yet stored. */
    E consumerLoadElement(long h) {
        Trace.enter();
        E e = laElement(h);
        Trace.exit("ConsumerLoadElement", "shard", id, "index", h, "item", e);
        return e;
    }

    /** Spec action ConsumerLoadTail (after a null element): {@code tail == h}: empty; else slot h is claimed. */
    long consumerLoadTail() {
        Trace.enter();
        long t = lvTail();
        Trace.exit("ConsumerLoadTail", "shard", id, "tail", t);
        return t;
    }

    /** Spec action ConsumerClear: {@code slot h % C = null}. */
    void consumerClear(long h) {
        Trace.enter();
        spElement(h, null);
        Trace.exit("ConsumerClear", "shard", id, "index", h);
    }

    /** Spec action ConsumerAdvance: {@code head = h}, the slot after the one just taken, free for the next lap. */
    void consumerAdvance(long h) {
        Trace.enter();
        soHead(h);
        Trace.exit("ConsumerAdvance", "shard", id, "head", h);
    }

    // ------------------------------------------------------------------ the accessors

    /**
     * Volatile load of the tail, as JCTools' lvProducerIndex, for the steps LoadTail (a retry
     * loop's load must not be hoisted) and ConsumerLoadTail (an acquire, opaque or plain load may
     * read a tail older than a claim on weak hardware, and poll would return null for a shard that
     * is not empty: PollNullOnlyWhenEmpty; EfsMemConsumerLoadTailAcquire).
     */
    private long lvTail() {
        return (long) TAIL.getVolatile(this);
    }

    /** Opaque load of the tail: sizeEstimate (monitoring), an untorn value that orders nothing. */
    long loTail() {
        return (long) TAIL.getOpaque(this);
    }

    /** Volatile compare-and-set of the tail, for the step CasTail: one producer of the shard wins the slot. */
    private boolean casTail(long expect, long update) {
        return TAIL.compareAndSet(this, expect, update);
    }

    /**
     * Acquire load of the limit, as JCTools' lvProducerLimit, for the step LoadLimit. A stale limit
     * is only ever too low (every limit stored was a head loaded, plus C, and heads only grow),
     * which costs a load of head, never a slot. Acquire because a claim of the next lap that
     * passes on a limit another producer stored must be ordered after the consumer's clear of that
     * slot: the chain is the consumer's release of head, that producer's acquire of it, its
     * release of the limit (soLimit), this acquire. ElementFlagMemory.tla rejects opaque
     * (EfsMemLoadLimitOpaque: NoAcceptedItemLost), so plain too.
     */
    private long laLimit() {
        return (long) LIMIT.getAcquire(this);
    }

    /**
     * Release store of the limit, as JCTools' soProducerLimit, for the step StoreLimit: after this
     * producer's acquire of head, so that a producer that passes on this limit (laLimit) is ordered
     * after the consumer's clears below it. ElementFlagMemory.tla rejects opaque
     * (EfsMemStoreLimitOpaque: NoAcceptedItemLost).
     */
    private void soLimit(long l) {
        LIMIT.setRelease(this, l);
    }

    /**
     * Acquire load of the head, for the step LoadHead: pairs with soHead's release, so that the
     * consumer's clear of the slot (ConsumerClear) happens before this producer's store into it a
     * lap later.
     */
    private long laHead() {
        return (long) HEAD.getAcquire(this);
    }

    /**
     * Release store of the head, as JCTools' soConsumerIndex, for the step ConsumerAdvance: the slot
     * is free for the next lap, and the clear before it is visible to the producer that acquires
     * this head (laHead).
     */
    private void soHead(long h) {
        HEAD.setRelease(this, h);
    }

    /**
     * Plain load of the head, for the step ConsumerLoadHead of
     * specs/sharded/memory/ElementFlagHandoverMemory.tla (untraced: ElementFlagShards.tla has one
     * consumer, which reads its head[cs] freely). Plain: only the consumer writes the head, and a
     * new consumer reads the old one's after the role's handover, ordered by the role's release
     * store and claiming CAS (ConsumerRole). TLC shows it suffices on x86-TSO and weak hardware,
     * and that a stale head (siblings EfsHandoverMemReleaseConsumerOpaque,
     * EfsHandoverMemClaimConsumerRelease) leaves the new consumer waiting for ever at the slot the
     * old one cleared (ConsumerStartsWhereTheLastStopped).
     */
    long lpHead() {
        return (long) HEAD.get(this);
    }

    /** Opaque load of the head: sizeEstimate (monitoring), an untorn value that orders nothing. */
    long loHead() {
        return (long) HEAD.getOpaque(this);
    }

    /**
     * Release store of an element, as JCTools' soRefElement, for the step StoreElement: the element
     * publishes itself and everything the producer wrote before offering it (ConsumerLoadElement
     * acquires it).
     */
    private void soElement(long t, E e) {
        ELEMENT.setRelease(elements, (int) t & mask, e);
    }

    /**
     * Acquire load of an element, for the step ConsumerLoadElement: pairs with soElement's release,
     * so that the element's contents are visible to the consumer.
     */
    @SuppressWarnings("unchecked")
    private E laElement(long h) {
        return (E) ELEMENT.getAcquire(elements, (int) h & mask);
    }

    /** Plain store of an element, for the step ConsumerClear (null): soHead's release orders it before the slot's reuse. */
    private void spElement(long h, E e) {
        ELEMENT.set(elements, (int) h & mask, e);
    }
}
