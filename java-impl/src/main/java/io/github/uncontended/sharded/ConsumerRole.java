package io.github.uncontended.sharded;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The one-consumer rule of a sharded buffer, as {@link ShardedBuffer} enforces it, for the
 * buffers that share it by composition ({@link ElementFlagShardedBuffer}): the first thread that
 * polls claims the role (a CAS); while it holds it, a poll from any other thread throws
 * {@link IllegalStateException}; the holder hands the role over with {@link #release()}, and the
 * role of a holder that terminated is taken over. The same steps, modes and messages as
 * ShardedBuffer's own (specs/sharded/ConsumerHandover.tla), the buffer's name in the messages.
 *
 * <p>ShardedBuffer keeps its own copy of these steps for now: the access-mode check
 * ({@code make modes}) binds ShardedBuffer.loConsumer, caeConsumer and soConsumer by name in
 * specs/sharded/memory/manifest.json, so moving it onto this class is a change of that binding too.
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
     * terminated, or gone since, the CAS is tried again from it), as ShardedBuffer.claimConsumer.
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
     * Spec action LoadRole, opaque (as ShardedBuffer.loConsumer): only a thread stores itself, only
     * the holder null, so a holder reads itself exactly; any other value sends the caller to the CAS.
     */
    private Thread loConsumer() {
        return (Thread) HOLDER.getOpaque(this);
    }

    /** Spec action ClaimConsumer: compareAndExchange (volatile); it reads soConsumer's release store. */
    private Thread caeConsumer(Thread expected, Thread me) {
        return (Thread) HOLDER.compareAndExchange(this, expected, me);
    }

    /** Spec action ReleaseConsumer: release store, after every step of this consumer. */
    private void soConsumer(Thread value) {
        HOLDER.setRelease(this, value);
    }
}
