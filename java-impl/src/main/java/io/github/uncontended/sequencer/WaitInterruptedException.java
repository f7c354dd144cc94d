package io.github.uncontended.sequencer;

/**
 * A wait of a sequencer ended because the waiting thread was interrupted. The thread's interrupt
 * status is set again when this is thrown, so code further up still sees the interrupt; the
 * {@linkplain #getCause() cause} is the {@link InterruptedException} the wait stands for. The
 * message says what the thread was waiting for: a sequence this thread had claimed and not
 * published stays unpublished, and the cursor never passes it.
 *
 * <p>Unchecked, so that {@link Sequencer#next()}, {@link Sequencer#publish(long)} and
 * {@link Sequencer#waitFor(long)} keep their signatures.
 */
public final class WaitInterruptedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WaitInterruptedException(String message) {
        super(message, new InterruptedException(message));
    }
}
