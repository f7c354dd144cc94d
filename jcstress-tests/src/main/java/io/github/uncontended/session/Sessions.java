package io.github.uncontended.session;

import java.util.function.IntSupplier;

/** What the session's jcstress tests share. */
public final class Sessions {
    private Sessions() {}

    /** 1 if {@code acquire} returned a ticket, 0 if it was refused with IllegalStateException. */
    public static int acquired(IntSupplier acquire) {
        try {
            acquire.getAsInt();
            return 1;
        } catch (IllegalStateException refused) {
            return 0;
        }
    }

    /** 1 if {@code close} returned, 0 if it was refused with IllegalStateException. */
    public static int closed(Runnable close) {
        try {
            close.run();
            return 1;
        } catch (IllegalStateException refused) {
            return 0;
        }
    }
}
