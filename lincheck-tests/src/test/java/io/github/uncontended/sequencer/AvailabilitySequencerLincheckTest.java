package io.github.uncontended.sequencer;

import io.github.uncontended.lincheck.LincheckRuns;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Lincheck on {@link AvailabilitySequencer}, with the promises {@link SequencerLincheckTest} checks
 * (that suite's cases take an {@link AbstractSequencer}, which this sequencer is not): claims are
 * unique and consecutive (the sequential {@link SequencerLincheckTest.Model}), and once every
 * publish call has returned, {@code cursor()}, a scan of the lap flags, covers every claimed
 * sequence (no flag lost, none read at the wrong lap).
 */
@Timeout(value = 90, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@Param(name = "batch", gen = IntGen.class, conf = "1:2")
public class AvailabilitySequencerLincheckTest {

    /** Large enough that no claim waits for a consumer (there is none here). */
    static final int BUFFER = 64;

    private final AvailabilitySequencer sequencer = new AvailabilitySequencer(BUFFER);

    @Operation
    public long claimAndPublish() {
        long s = sequencer.next();
        sequencer.publish(s);
        return s;
    }

    @Operation
    public long claimAndPublishBatch(@Param(name = "batch") int n) {
        long hi = sequencer.next(n);
        sequencer.publish(hi - n + 1, hi);
        return hi;
    }

    /** Every publish call returned: the flags must show everything claimed. */
    @Validate
    public void cursorCoversEveryReturnedPublish() {
        long claimed = sequencer.claimed();
        long cursor = sequencer.cursor();
        if (cursor != claimed) {
            throw new IllegalStateException("lost publication: every publish returned, but the cursor is " + cursor
                    + " with sequences up to " + claimed + " claimed and published");
        }
    }

    private static <O extends Options<O, ?>> O configured(O options) {
        return LincheckRuns.scenarios(options, SequencerLincheckTest.Model.class);
    }

    @Test
    void modelChecking() {
        configured(LincheckRuns.modelChecking()).check(AvailabilitySequencerLincheckTest.class);
    }

    @Test
    void stress() {
        configured(LincheckRuns.stress()).check(AvailabilitySequencerLincheckTest.class);
    }
}
