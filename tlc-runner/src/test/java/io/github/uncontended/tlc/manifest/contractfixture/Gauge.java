package io.github.uncontended.tlc.manifest.contractfixture;

/**
 * ContractsTest's public API: a constructor, a method, an overloaded method, a public enum
 * (whose implicit values() and valueOf need no clause) and a nested class that is not public.
 */
public final class Gauge {

    private long value;

    public Gauge() {}

    /** @return the value */
    public long get() {
        return value;
    }

    /** Adds {@code n}. */
    public void add(int n) {
        value += n;
    }

    /** Adds {@code n}. */
    public void add(long n) {
        value += n;
    }

    /** Units: an enum with no method of its own. */
    public enum Unit { ONE }

    /** Not public: not part of the API, whatever its methods. */
    static final class Hidden {
        public void touch() {}
    }
}
