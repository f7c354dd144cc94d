package io.github.uncontended.tlc.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/**
 * Which results a manifest may expect (the five TLC can end a complete run in; a crash, a timeout,
 * a parse or config error and a PlusCal failure never), and which name the property they violate
 * (the judge credits an unnamed action-property violation to the config's property).
 */
class ResultKindTest {

    @Test
    void onlyTheFiveEndsOfACompleteRunAreExpectable() {
        assertEquals(EnumSet.of(ResultKind.SUCCESS, ResultKind.SAFETY, ResultKind.LIVENESS, ResultKind.DEADLOCK,
                ResultKind.ASSERTION), EnumSet.copyOf(Arrays.stream(ResultKind.values()).filter(ResultKind::expectable).toList()));
    }

    @Test
    void onlySafetyAndLivenessNameAProperty() {
        assertEquals(EnumSet.of(ResultKind.SAFETY, ResultKind.LIVENESS),
                EnumSet.copyOf(Arrays.stream(ResultKind.values()).filter(ResultKind::namesProperty).toList()));
    }
}
