package io.github.uncontended.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The counters are 128 bytes apart, with a free 128 bytes before the first and after the last. */
class SessionLayoutTest {
    @Test
    void countersSitOnSeparateCacheLinePairs() {
        assertEquals(128, ShardedSession.STRIDE * Long.BYTES);
        ShardedSession s = new ShardedSession(4);
        for (int i = 0; i < 4; i++) {
            assertEquals(0, s.holders(i));
        }
        assertTrue(s.toString().startsWith("ShardedSession[0, 0, 0, 0]"));
    }
}
