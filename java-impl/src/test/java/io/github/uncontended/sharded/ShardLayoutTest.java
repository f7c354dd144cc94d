package io.github.uncontended.sharded;

import static io.github.uncontended.Layouts.offset;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The producers' tail and the consumer's head of a shard are at least 128 bytes apart, and padded
 * outside (the element-flag shard's limit too); the consumer's position is padded on both sides.
 */
class ShardLayoutTest {

    @Test
    void tailAndHeadSitOnSeparateCacheLinePairs() {
        ClassLayout layout = ClassLayout.parseClass(Shard.class);
        long tail = offset(layout, "tail");
        long head = offset(layout, "head");
        String printed = layout.toPrintable();
        assertTrue(head - tail >= 128, "tail and head share a line pair:\n" + printed);
        assertTrue(tail >= 128, "tail is within 128 bytes of the header:\n" + printed);
        long afterHead = Long.MAX_VALUE;
        for (FieldLayout f : layout.fields()) {
            if (f.offset() > head && !f.classShortName().startsWith("ShardPad")) {   // the next real field
                afterHead = Math.min(afterHead, f.offset());
            }
        }
        assertTrue(afterHead - head >= 128, "head is within 128 bytes of the next field:\n" + printed);
    }

    /** The element-flag shard: tail, limit and head each on a line pair of its own, as in JCTools. */
    @Test
    void tailLimitAndHeadOfAnElementFlagShardSitOnSeparateLinePairs() {
        ClassLayout layout = ClassLayout.parseClass(ElementFlagShard.class);
        long tail = offset(layout, "tail");
        long limit = offset(layout, "limit");
        long head = offset(layout, "head");
        String printed = layout.toPrintable();
        assertTrue(tail >= 128, "tail is within 128 bytes of the header:\n" + printed);
        assertTrue(limit - tail >= 128, "tail and limit share a line pair:\n" + printed);
        assertTrue(head - limit >= 128, "limit and head share a line pair:\n" + printed);
        long afterHead = Long.MAX_VALUE;
        for (FieldLayout f : layout.fields()) {
            if (f.offset() > head && !f.classShortName().startsWith("EfsShardPad")) {   // the next real field
                afterHead = Math.min(afterHead, f.offset());
            }
        }
        assertTrue(afterHead - head >= 128, "head is within 128 bytes of the next field:\n" + printed);
    }

    @Test
    void theConsumerPositionIsPaddedOnBothSides() {
        ClassLayout layout = ClassLayout.parseClass(ConsumerPosition.class);
        long current = offset(layout, "current");
        long takenHere = offset(layout, "takenHere");
        String printed = layout.toPrintable();
        assertTrue(Math.min(current, takenHere) >= 128, "the position is within 128 bytes of the header:\n" + printed);
        assertTrue(layout.instanceSize() - Math.max(current, takenHere) >= 128,
                "the position is within 128 bytes of the object's end:\n" + printed);
    }
}
