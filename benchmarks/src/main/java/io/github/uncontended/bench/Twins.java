package io.github.uncontended.bench;

/**
 * A/A twins (issue 48, item 3): every comparison benchmark lists some implementations twice, the
 * second time as {@code <name>~aa}. A twin is built exactly as its original; JMH runs it in
 * forks of its own in the same invocation, so the two differ by nothing but noise, and the
 * report judges every ratio at that point against their spread (docs/performance.md, the verdict
 * rule).
 */
public final class Twins {
    /** The suffix of an A/A twin. */
    public static final String SUFFIX = "~aa";

    private Twins() {}

    /** The implementation's name without the A/A suffix. */
    public static String base(String impl) {
        return impl.endsWith(SUFFIX) ? impl.substring(0, impl.length() - SUFFIX.length()) : impl;
    }
}
