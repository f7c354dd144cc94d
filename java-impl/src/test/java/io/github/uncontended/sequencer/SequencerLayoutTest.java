package io.github.uncontended.sequencer;

import static io.github.uncontended.Layouts.offset;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;

/** The padding does what it claims: the three hot counters are at least 128 bytes apart. */
class SequencerLayoutTest {

    @Test
    void hotCountersSitOnSeparateCacheLinePairs() {
        ClassLayout layout = ClassLayout.parseClass(PendingListSequencer.class);
        long next = offset(layout, "next");
        long cursor = offset(layout, "cursor");
        long consumed = offset(layout, "consumed");
        String printed = layout.toPrintable();
        assertTrue(cursor - next >= 128, "next and cursor share a line pair:\n" + printed);
        assertTrue(consumed - cursor >= 128, "cursor and consumed share a line pair:\n" + printed);
        assertTrue(next >= 128, "next is within 128 bytes of the object header:\n" + printed);
        assertTrue(layout.instanceSize() - consumed >= 128, "nothing pads consumed from what follows:\n" + printed);
    }
}
