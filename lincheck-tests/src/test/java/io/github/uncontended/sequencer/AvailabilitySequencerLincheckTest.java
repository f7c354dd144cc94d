package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.lincheck.LincheckRuns;
import io.github.uncontended.sequencer.broken.BrokenAvailabilitySequencer;
import org.jetbrains.lincheck.datastructures.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Lincheck on {@link AvailabilitySequencer}, with {@link SequencerLincheckTest}'s harness and
 * promises: claims are unique and consecutive (its sequential {@link SequencerLincheckTest.Model}),
 * and once every publish call has returned, {@code cursor()}, a scan of the lap flags, covers
 * every claimed sequence (no flag lost, none read at the wrong lap).
 *
 * <p>One promise more, an operation: {@code cursor()} covers only sequences whose events are
 * written (the spec's CursorOnlyCoversPublished and NoStaleEvent). The harness's publishers
 * mark each sequence's event written, between the claim and the publish call, in an array of
 * the test's; {@code cursorCoversOnlyWritten()} scans, then checks every sequence up to what the
 * scan returned is marked, and always returns true in the sequential model. The broken variants
 * ({@link BrokenAvailabilitySequencer}: the scan that skips a gap, the flag stored before the
 * event) must be rejected by it.
 */
@Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
public class AvailabilitySequencerLincheckTest {

    /** The harness on the availability sequencer, with the check operation (SequencerLincheckTest's). */
    public static class Availability extends SequencerLincheckTest.WritesEvents {
        @Override
        protected Sequencer sequencer() {
            return new AvailabilitySequencer(BUFFER);
        }

        @Override
        protected long claimed() {
            return ((AvailabilitySequencer) sequencer).claimed();
        }
    }

    /** The sequential specification: SequencerLincheckTest's, and the check always holds. */
    public static class Model extends SequencerLincheckTest.WrittenModel {}

    /** Sibling AvailabilityScanSkipsGap.tla in Java: the scan steps over an unpublished sequence. */
    public static class ScanSkipsGap extends Availability {
        @Override
        protected Sequencer sequencer() {
            return new BrokenAvailabilitySequencer(BUFFER, BrokenAvailabilitySequencer.Defect.SCAN_SKIPS_GAP);
        }

        @Override
        protected long claimed() {
            return ((BrokenAvailabilitySequencer) sequencer).claimed();
        }
    }

    /** Sibling AvailabilityFlagBeforeEvent.tla in Java: next(n) stores the flags before the events. */
    public static class FlagBeforeEvent extends ScanSkipsGap {
        @Override
        protected Sequencer sequencer() {
            return new BrokenAvailabilitySequencer(BUFFER, BrokenAvailabilitySequencer.Defect.FLAG_BEFORE_EVENT);
        }
    }

    private static <O extends Options<O, ?>> O configured(O options) {
        return LincheckRuns.scenarios(options, Model.class);
    }

    @Test
    void modelChecking() {
        configured(LincheckRuns.modelChecking()).check(Availability.class);
    }

    @Test
    void stress() {
        configured(LincheckRuns.stress()).check(Availability.class);
    }

    @Test
    void rejectsScanSkipsGap() {
        assertUnwrittenCovered(ScanSkipsGap.class);
    }

    @Test
    void rejectsFlagBeforeEvent() {
        assertUnwrittenCovered(FlagBeforeEvent.class);
    }

    /** Model checking must reject a broken variant on the check operation: a scan that returned false. */
    private static void assertUnwrittenCovered(Class<? extends Availability> broken) {
        String report = LincheckRuns.assertCaught(configured(LincheckRuns.modelChecking()), broken);
        assertTrue(report.contains("cursorCoversOnlyWritten(): false"), report);
    }
}
