package io.github.uncontended.session;

import static io.github.uncontended.Layouts.offset;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;

/**
 * Each counter is the field {@code holders} of its own {@code Counter} object, with at least 128
 * bytes before it (from the object's start: the header and the pad) and after it (to the object's
 * end), so two counters never share a cache-line pair, whatever the heap puts next to them.
 */
class SessionLayoutTest {
    @Test
    void eachCounterSitsAloneOnItsCacheLinePair() {
        ClassLayout layout = ClassLayout.parseClass(Counter.class);
        long holders = offset(layout, "holders");
        String printed = layout.toPrintable();
        assertTrue(holders >= 128, "holders is within 128 bytes of the object's start:\n" + printed);
        assertTrue(layout.instanceSize() - (holders + Long.BYTES) >= 128,
                "fewer than 128 bytes follow holders in the object:\n" + printed);
    }

    @Test
    void newCountersHoldNobody() {
        ShardedSession s = new ShardedSession(4);
        for (int i = 0; i < 4; i++) {
            assertEquals(0, s.holders(i));
        }
        assertTrue(s.toString().startsWith("ShardedSession[0, 0, 0, 0]"));
    }
}
