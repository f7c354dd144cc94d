package io.github.uncontended;

/** How every busy-wait in this project waits. */
public final class Waits {

    /** Busy-wait iterations before a waiting thread starts yielding its core. */
    public static final int SPINS_BEFORE_YIELD = 64;

    private Waits() {}

    /**
     * One iteration of a wait: spin briefly (cheap when the awaited thread runs on another core),
     * then yield (when it is not scheduled, as soon as threads outnumber cores, spinning only
     * burns the time slice it needs). Returns the next iteration count:
     * {@code for (int spins = 0; !done(); ) spins = Waits.idle(spins);}
     */
    public static int idle(int spins) {
        if (spins < SPINS_BEFORE_YIELD) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
        return spins + 1;
    }
}
