package io.github.uncontended;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A second thread that makes the measured thread's next call wait, once per unit, and ends the
 * wait only once the call is seen in it: for unit {@code u} the measured thread asks
 * ({@link #request}); the partner takes a step that makes the call wait (a producer's claim
 * without its store, a close's CLOSING mark) and says so; the measured thread makes its call; the
 * partner watches its stack until it shows {@link Waits#idle} (every wait of the implementations
 * pauses there), and only then takes the step that ends the wait. So every unit's call passes
 * through the implementation's own wait loop, however the two threads are scheduled. A unit whose
 * call is not seen waiting within {@value #SEEN_WITHIN_MILLIS} ms is counted ({@link #unseen()}):
 * the test fails on it.
 *
 * <p>The handshake's own waits spin, then yield (the two threads may share a core), on
 * {@link AtomicLong}s: no allocation on the measured thread; they do not call {@link Waits},
 * whose pauses are part of what is measured. The stack traces are taken on the partner's thread.
 */
public final class StalledPartner implements TestThreads.Body {
    /** How long the partner looks for the measured call in its wait before it gives up on a unit. */
    public static final long SEEN_WITHIN_MILLIS = 2_000;

    /** The partner's two steps. */
    public interface Steps {
        /** Makes the measured call wait (the partner's thread). */
        void hold();

        /** Ends that wait (the partner's thread). */
        void release();
    }

    private final Thread measured;
    private final Steps steps;
    private final AtomicLong requested = new AtomicLong();
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong released = new AtomicLong();
    private final AtomicLong unseen = new AtomicLong();

    /** @param measured the thread whose calls are to wait (the one that calls {@link #request}) */
    public StalledPartner(Thread measured, Steps steps) {
        this.measured = measured;
        this.steps = steps;
    }

    /** The partner's loop; run it on a {@link TestThreads} thread, stop it with an interrupt (it then returns). */
    @Override
    public void run() {
        for (long u = 1; ; u++) {
            for (int spins = 0; requested.get() != u; spins = pause(spins)) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
            }
            steps.hold();
            held.set(u);
            long giveUp = System.nanoTime() + SEEN_WITHIN_MILLIS * 1_000_000;
            while (!inWait(measured)) {
                if (System.nanoTime() > giveUp || Thread.currentThread().isInterrupted()) {
                    unseen.incrementAndGet();
                    break;
                }
                Thread.yield();
            }
            steps.release();
            released.set(u);
        }
    }

    /** Units whose call was not seen in its wait (the test fails on any). */
    public long unseen() {
        return unseen.get();
    }

    private static boolean inWait(Thread t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().equals(Waits.class.getName()) && e.getMethodName().equals("idle")) {
                return true;
            }
        }
        return false;
    }

    /** The handshake's pause: spin, then yield (not {@link Waits#idle}: that is the code under test). */
    private static int pause(int spins) {
        if (spins < 64) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
        return spins + 1;
    }

    /** The measured thread, before unit {@code u} (1, 2, ...): returns once the partner holds. */
    public void request(long u) {
        requested.set(u);
        for (int spins = 0; held.get() != u; ) {
            spins = pause(spins);
        }
    }

    /** The measured thread, after its call of unit {@code u}: returns once the partner has released. */
    public void awaitRelease(long u) {
        for (int spins = 0; released.get() != u; ) {
            spins = pause(spins);
        }
    }
}
