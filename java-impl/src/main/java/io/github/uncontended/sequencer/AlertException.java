package io.github.uncontended.sequencer;

/**
 * A wait of a sequencer ended because the sequencer was {@linkplain Sequencer#halt() halted}. The
 * message says what the thread was waiting for and where the sequencer stood: a sequence this
 * thread had claimed and not published stays unpublished, and the cursor never passes it.
 *
 * <p>Unchecked, unlike the Disruptor's {@code AlertException}: it belongs to the same family as
 * {@link IllegalStateException} (the sequencer is in a state where the call cannot complete), and
 * the sequencer's methods are called from code that cannot declare checked exceptions (event
 * handlers, lambdas).
 */
public final class AlertException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    AlertException(String message) {
        super(message);
    }
}
