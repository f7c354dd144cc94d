package io.github.uncontended.tlc.check;

import java.util.Locale;

/** The load-buffering pass (filled in below). */
public final class LoadBuffering {

    /** Which accepted weak-memory models get the pass. */
    public enum When {
        AUTO, ALL, OFF;

        static When of(String s) {
            for (When w : values()) {
                if (w.name().toLowerCase(Locale.ROOT).equals(s)) {
                    return w;
                }
            }
            return null;
        }
    }

    private LoadBuffering() {}
}
