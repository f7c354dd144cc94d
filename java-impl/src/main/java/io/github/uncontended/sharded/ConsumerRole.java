package io.github.uncontended.sharded;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The one-consumer rule of the sharded buffers ({@link ShardedBuffer},
 * {@link ElementFlagShardedBuffer}): the first thread that polls claims the role (a CAS); while
 * it holds it, a poll from any other thread throws {@link IllegalStateException}; the holder
 * hands the role over with {@link #release()}, and the role of a holder that terminated is taken
 * over. Spec: specs/sharded/ConsumerHandover.tla (sequential consistency); under the memory
 * layer, specs/sharded/memory/RoleMemory.tla, whose steps both buffers' handover models extend
 * (HandoverMemory.tla, ElementFlagHandoverMemory.tla), and whose modes {@code make modes} checks
 * here. The buffer's name goes in the messages.
 */
final class ConsumerRole {

    private static final VarHandle HOLDER;

    static {
        try {
            HOLDER = MethodHandles.lookup().findVarHandle(ConsumerRole.class, "holder", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The buffer's class name, for the messages. */
    private final String owner;

    /** The thread that may poll, or null when none holds the role. Accessed only through the accessors below. */
    private volatile Thread holder;

    ConsumerRole(String owner) {
        this.owner = owner;
    }

    /**
     * The role check of every poll (spec action LoadRole): one opaque load when the caller is the
     * consumer; otherwise the claim.
     *
     * @throws IllegalStateException if another live thread holds the role
     */
    void check() {
        Thread me = Thread.currentThread();
        if (loConsumer() != me) {
            claim(me);
        }
    }

    /**
     * Spec actions ClaimConsumer (one CAS of the role, from the holder this call expects: nobody
     * at first) and CheckHolder (the holder that CAS found instead: alive, the poll is refused;
     * terminated, or gone since, the CAS is tried again from it). A holder can release the role
     * and terminate between this thread's CAS and its check: the next CAS then finds nobody,
     * which is why the check does not assume the holder it saw is still there. (It did once:
     * the jcstress ConsumerClaimTest found the NullPointerException, in its resource check,
     * which runs the actors one after another on threads that end.)
     */
    private void claim(Thread me) {
        Thread expected = null;
        while (true) {
            Thread witness = caeConsumer(expected, me);             // ClaimConsumer
            if (witness == expected) {
                return;
            }
            if (witness != null && witness.isAlive()) {             // CheckHolder
                throw new IllegalStateException(owner + " has a single consumer: thread \"" + witness.getName()
                        + "\" holds the role, so thread \"" + me.getName() + "\" may not poll (the consumer hands"
                        + " the role over with releaseConsumer())");
            }
            // The holder has terminated (its last action happens before isAlive() returned false:
            // take the role over from it), or nobody holds the role any more: CAS from that.
            expected = witness;
        }
    }

    /**
     * Gives up the role (spec action ReleaseConsumer): the next thread that polls claims it.
     *
     * @throws IllegalStateException if the calling thread does not hold the role
     */
    void release() {
        Thread me = Thread.currentThread();
        Thread h = loConsumer();
        if (h != me) {
            throw new IllegalStateException("thread \"" + me.getName() + "\" cannot release the consumer role of this "
                    + owner + ": " + (h == null ? "no thread holds it" : "thread \"" + h.getName() + "\" holds it"));
        }
        soConsumer(null);
    }

    /**
     * Spec action LoadRole, opaque. Only a thread stores itself (the CAS), only the holder null,
     * so a holder reads itself exactly; any other value sends the caller to the CAS, which orders.
     * TLC accepts plain (HandoverMemLoadRolePlain, EfsHandoverMemLoadRolePlain); opaque keeps the
     * JIT from reusing one poll's load in the next.
     */
    private Thread loConsumer() {
        return (Thread) HOLDER.getOpaque(this);
    }

    /**
     * Spec action ClaimConsumer: CAS (compareAndExchange, volatile), so of two threads that claim
     * the role at once exactly one gets it; it reads the release store of {@link #soConsumer}, so
     * the previous consumer's steps happen before this one's (release only:
     * HandoverMemClaimConsumerRelease, EfsHandoverMemClaimConsumerRelease).
     */
    private Thread caeConsumer(Thread expected, Thread me) {
        return (Thread) HOLDER.compareAndExchange(this, expected, me);
    }

    /**
     * Spec action ReleaseConsumer: release store of null, after every step of this consumer (its
     * reads and clears of slots, its heads, its shard and batch position), so that the next
     * consumer's claiming CAS, which reads it, sees them all (opaque:
     * HandoverMemReleaseConsumerOpaque, EfsHandoverMemReleaseConsumerOpaque).
     */
    private void soConsumer(Thread value) {
        HOLDER.setRelease(this, value);
    }
}
