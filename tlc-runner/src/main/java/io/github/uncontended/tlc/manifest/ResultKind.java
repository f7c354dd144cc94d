package io.github.uncontended.tlc.manifest;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a TLC run ended in. The first five are results a manifest may expect; the rest are
 * failures of the run itself, never expected.
 */
public enum ResultKind {
    SUCCESS("success"),
    /** An invariant or an action property ({@code [][A]_v}) is violated. */
    SAFETY("safety"),
    /** A temporal property is violated (a lasso or a stuttering counterexample). */
    LIVENESS("liveness"),
    DEADLOCK("deadlock"),
    /** A TLA+ {@code Assert} evaluated to FALSE. */
    ASSERTION("assertion"),
    PARSE_ERROR("parse-error"),
    CONFIG_ERROR("config-error"),
    TIMEOUT("timeout"),
    /** TLC stopped for any other reason (an evaluation error, an I/O error, a JVM crash). */
    CRASH("crash"),
    PLUSCAL_STALE("pluscal-stale"),
    PLUSCAL_ERROR("pluscal-error");

    private final String label;

    ResultKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Results a model may be expected to end in. */
    public boolean expectable() {
        return ordinal() <= ASSERTION.ordinal();
    }

    /** Results that name the property they violate. */
    public boolean namesProperty() {
        return this == SAFETY || this == LIVENESS;
    }

    public static Optional<ResultKind> ofLabel(String label) {
        return Arrays.stream(values()).filter(k -> k.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
