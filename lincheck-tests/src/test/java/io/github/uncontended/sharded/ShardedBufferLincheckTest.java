package io.github.uncontended.sharded;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.lincheck.LincheckRuns;
import io.github.uncontended.sharded.BrokenShardedBuffer.Defect;
import io.github.uncontended.sharded.ShardedQueueLincheck.Harnessed;
import io.github.uncontended.sharded.ShardedQueueLincheck.OneShardModel;
import io.github.uncontended.sharded.ShardedQueueLincheck.TwoShardsModel;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Lincheck checks the sharded buffer with the harness both sharded buffers share
 * ({@link ShardedQueueLincheck}: its class comment says what is checked, in which two
 * configurations, and why a relaxed call is repeated): one shard of 2 slots shared by every
 * producer, a bounded MPSC FIFO; two shards, with every item once in its producer's order checked
 * after the run.
 *
 * <p>This buffer's poll and drain are both relaxed: a producer that has claimed the head slot
 * (CasTail) and not yet published it (PublishSeq) hides the items behind it, and the call returns
 * short; Lincheck's counterexample without the repetition was thread 2's offer paused after
 * CasTail for slot 0, thread 1's offer of slot 1 returning true, and thread 1's poll then null.
 *
 * <p>Anti-vacuity: both configurations reject {@link BrokenShardedBuffer}'s racy tail claim
 * (RacyTailClaim.tla), and the one-shard configuration also its release before read
 * (ReleaseBeforeRead.tla).
 */
@Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // see LincheckRuns
public class ShardedBufferLincheckTest {

    /** One shard of 2 slots, shared by every producer. */
    public static class OneShard extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.slotSequence(new ShardedBuffer<>(1, SLOTS, 1, () -> 0));
        }
    }

    /** Two shards of 8 slots; threads 1 and 3 share shard 1, thread 2 has shard 0. */
    public static class TwoShards extends ShardedQueueLincheck.TwoShards {
        @Override
        protected Harnessed buffer(ShardSelector selector) {
            return Harnessed.slotSequence(new ShardedBuffer<>(2, SLOTS, 1, selector));
        }
    }

    // ---------------------------------------------------------------------------------------------

    private static <O extends Options<O, ?>> O configured(O options, Class<?> model) {
        return LincheckRuns.scenarios(options, model);
    }

    /**
     * Interleavings per scenario for the two-shard configuration, whose model checking is slow:
     * measured, 10 scenarios x 1000 interleavings took 85 s (60 s with the switch after 5 loop
     * iterations), x 100 took 8.7 s. Override with -Dlincheck.sharded.invocations=N.
     */
    static final int TWO_SHARDS_INVOCATIONS = Integer.getInteger("lincheck.sharded.invocations", 100);

    private static ModelCheckingOptions modelChecking(Class<?> model) {
        return configured(LincheckRuns.modelChecking(), model).loopIterationsBeforeThreadSwitch(ShardedQueueLincheck.LOOP_ITERATIONS_BEFORE_SWITCH);
    }

    private static ModelCheckingOptions twoShardsOptions() {
        return modelChecking(TwoShardsModel.class).invocationsPerIteration(TWO_SHARDS_INVOCATIONS);
    }

    /**
     * For the broken variants: the first counterexample is enough. Lincheck's minimization of the
     * failing scenario took most of their run time (one shard, release before read: 29 s with it,
     * about 1 s without).
     */
    private static <O extends Options<O, ?>> O unminimized(O options) {
        return options.minimizeFailedScenario(false);
    }

    @Test
    void oneShardModelChecking() {
        modelChecking(OneShardModel.class).check(OneShard.class);
    }

    @Test
    void oneShardStress() {
        configured(LincheckRuns.stress(), OneShardModel.class).check(OneShard.class);
    }

    @Test
    void twoShardsModelChecking() {
        twoShardsOptions().check(TwoShards.class);
    }

    @Test
    void twoShardsStress() {
        configured(LincheckRuns.stress(), TwoShardsModel.class).check(TwoShards.class);
    }

    /** RacyTailClaim.tla in Java, one shard: two producers claim one slot; an item vanishes. */
    public static class OneShardRacyTailClaim extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.slotSequence(new BrokenShardedBuffer<>(1, SLOTS, () -> 0, Defect.RACY_TAIL_CLAIM));
        }
    }

    /** ReleaseBeforeRead.tla in Java: a producer of the next lap overwrites the item being read. */
    public static class OneShardReleaseBeforeRead extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.slotSequence(new BrokenShardedBuffer<>(1, SLOTS, () -> 0, Defect.RELEASE_BEFORE_READ));
        }
    }

    /** RacyTailClaim.tla in Java, two shards: threads 1 and 3 share shard 1. */
    public static class TwoShardsRacyTailClaim extends ShardedQueueLincheck.TwoShards {
        @Override
        protected Harnessed buffer(ShardSelector selector) {
            return Harnessed.slotSequence(new BrokenShardedBuffer<>(2, SLOTS, selector, Defect.RACY_TAIL_CLAIM));
        }
    }

    @Test
    void oneShardRejectsRacyTailClaim() {
        LincheckRuns.assertCaught(unminimized(modelChecking(OneShardModel.class)),
                OneShardRacyTailClaim.class);
    }

    @Test
    void oneShardRejectsReleaseBeforeRead() {
        LincheckRuns.assertCaught(unminimized(modelChecking(OneShardModel.class)),
                OneShardReleaseBeforeRead.class);
    }

    @Test
    void twoShardsRejectRacyTailClaim() {
        String report = LincheckRuns.assertCaught(unminimized(twoShardsOptions()), TwoShardsRacyTailClaim.class);
        assertTrue(report.contains("lost item") || report.contains("delivered twice"), report);
    }
}
