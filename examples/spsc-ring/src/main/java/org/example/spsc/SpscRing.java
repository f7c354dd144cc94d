package org.example.spsc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * A bounded single-producer single-consumer ring: one thread calls {@link #offer}, one other
 * thread calls {@link #poll}. Elements come out in the order they went in.
 *
 * <p>Each shared access is one atomic step of the specs, named in a comment beside it:
 * {@code specs/spsc/SpscRing.tla} (the algorithm, sequentially consistent) and
 * {@code specs/spsc/memory/SpscRingMemory.tla} (the same steps on weak hardware, whose
 * {@code JavaMode} table gives each step the access mode used here). The memory manifest
 * ({@code specs/spsc/memory/manifest.json}, "java") binds each access to its step, so the
 * access-mode check fails if a mode here and the model's differ.
 */
public final class SpscRing<E> {

    /*
     * Implementation notes. tail is the producer's: only offer writes it, with a release store
     * (PublishTail) that publishes the slot written before it; poll reads it with an acquire load
     * (LoadTail) before reading that slot. head is the consumer's: only poll writes it, with a
     * release store (ReleaseHead) that frees the slot cleared before it; offer reads it with an
     * acquire load (LoadHead) before writing into that slot again. Each thread reads its own
     * field plain (LoadOwnTail, LoadOwnHead): nobody else writes it. The slots are plain: the
     * producer writes one only while tail - head < capacity, the consumer reads and clears one
     * only while head < tail, and the release/acquire pair of the counter that hands a slot over
     * orders each access with the other thread's. The memory model's broken siblings show each
     * of the four release/acquire accesses one step weaker (opaque) losing an element.
     */

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SpscRing.class, "head", long.class);
            TAIL = lookup.findVarHandle(SpscRing.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] slots;
    private final int mask;
    /** The index poll reads next; written by poll only (ReleaseHead). */
    private long head;
    /** The index offer writes next; written by offer only (PublishTail). */
    private long tail;

    /** A ring of {@code capacity} slots, a power of two. */
    public SpscRing(int capacity) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two, not " + capacity);
        }
        slots = new Object[capacity];
        mask = capacity - 1;
    }

    /**
     * Adds {@code e} at the tail; the producer thread only. Steps: LoadOwnTail, LoadHead, then
     * OfferFails (the ring is full: returns false) or WriteSlot and PublishTail.
     */
    public boolean offer(E e) {
        Objects.requireNonNull(e, "e");
        long t = tail;                                          // LoadOwnTail
        if (t - (long) HEAD.getAcquire(this) == slots.length) { // LoadHead
            return false;                                       // OfferFails
        }
        SLOT.set(slots, (int) t & mask, e);                     // WriteSlot
        TAIL.setRelease(this, t + 1);                           // PublishTail
        return true;
    }

    /**
     * Removes the element at the head, or returns null if there is none; the consumer thread
     * only. Steps: LoadOwnHead, LoadTail, then PollEmpty (returns null) or ReadSlot, ClearSlot
     * and ReleaseHead.
     */
    @SuppressWarnings("unchecked")
    public E poll() {
        long h = head;                                          // LoadOwnHead
        if (h == (long) TAIL.getAcquire(this)) {                // LoadTail
            return null;                                        // PollEmpty
        }
        int i = (int) h & mask;
        E e = (E) SLOT.get(slots, i);                           // ReadSlot
        SLOT.set(slots, i, null);                               // ClearSlot
        HEAD.setRelease(this, h + 1);                           // ReleaseHead
        return e;
    }
}
