package io.github.uncontended.session;

/** What the session's jcstress tests share. */
public final class Sessions {
    private Sessions() {}

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
