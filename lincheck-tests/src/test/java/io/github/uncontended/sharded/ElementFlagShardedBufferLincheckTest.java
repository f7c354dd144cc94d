package io.github.uncontended.sharded;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.lincheck.LincheckRuns;
import io.github.uncontended.sharded.BrokenElementFlagShardedBuffer.Defect;
import io.github.uncontended.sharded.ShardedQueueLincheck.Harnessed;
import io.github.uncontended.sharded.ShardedQueueLincheck.OneShardModel;
import io.github.uncontended.sharded.ShardedQueueLincheck.OneSlotModel;
import io.github.uncontended.sharded.ShardedQueueLincheck.TwoShardsModel;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Lincheck checks the element-flag sharded buffer with the harness both sharded buffers share
 * ({@link ShardedQueueLincheck}: its class comment says what is checked, in which two
 * configurations, and why a relaxed call is repeated): one shard, a bounded MPSC FIFO; two shards,
 * offers and whether a poll got an item, with every item once in its producer's order checked
 * after the run. This buffer's poll is not relaxed: it waits for a claimed slot's element, so a
 * null means every shard it looked at was empty then (one shard: the queue was empty at that
 * moment; two: each shard was empty when visited, and since only tails grow and only this poll
 * could move a head, the one visited first was still empty when the last was, so both were empty
 * at that moment), and poll is checked as it is, never repeated. Its drain is relaxed (it moves
 * on from a claimed, unstored slot, as JCTools' drain does), so the harness repeats it while a
 * slot is claimed.
 *
 * <p>Also one shard of one slot (C = 1, which this buffer accepts and ShardedBuffer does not),
 * shared by every producer: a configuration no TLC model has (ElementFlagShardsTwoShards gives
 * each producer its own one-slot shard).
 *
 * <p>Anti-vacuity: the one-shard configuration rejects each defect of
 * {@link BrokenElementFlagShardedBuffer}, the Java twins of the spec's broken siblings.
 */
@Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // see LincheckRuns
public class ElementFlagShardedBufferLincheckTest {

    /** One shard of 2 slots shared by every producer, batch 1. */
    public static class OneShard extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.elementFlag(new ElementFlagShardedBuffer<>(1, SLOTS, 1, () -> 0));
        }
    }

    /** One shard of one slot shared by every producer. */
    public static class OneSlot extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.elementFlag(new ElementFlagShardedBuffer<>(1, 1, 1, () -> 0));
        }
    }

    /** Two shards of 8 slots; threads 1 and 3 share shard 1, thread 2 has shard 0. */
    public static class TwoShards extends ShardedQueueLincheck.TwoShards {
        @Override
        protected Harnessed buffer(ShardSelector selector) {
            return Harnessed.elementFlag(new ElementFlagShardedBuffer<>(2, SLOTS, 1, selector));
        }
    }

    // ---------------------------------------------------------------------------------------------

    /*
     * Budgets. Model checking this buffer costs several times ShardedBuffer's: the consumer's wait
     * at a claimed slot is a spin loop, which the model checker must detect and cut. Measured
     * with LincheckRuns' 10 x 1000 interleavings, on the 2-core machine at load average 10 to 14
     * (other jobs running): one shard 80 s, one slot over 90 s, two shards (10 x 100) 74 s,
     * the broken variants 35 to 90 s. Hence fewer interleavings per scenario, and for the broken
     * variants more scenarios of fewer interleavings each (their defects need the right
     * operations more than a rare interleaving). With these budgets, at load average 7 to 9: one
     * shard 24 s, one slot 22 s, two shards 18 s, stress 2 to 6 s, broken 4 to 12 s, 116 s in
     * all. Override with -Dlincheck.efs.invocations=N, -Dlincheck.efs.twoShards.invocations=N.
     */
    static final int INVOCATIONS = Integer.getInteger("lincheck.efs.invocations", 200);
    static final int TWO_SHARDS_INVOCATIONS = Integer.getInteger("lincheck.efs.twoShards.invocations", 30);
    static final int BROKEN_ITERATIONS = 30;
    static final int BROKEN_INVOCATIONS = 100;

    private static ModelCheckingOptions modelChecking(Class<?> model) {
        return LincheckRuns.scenarios(LincheckRuns.modelChecking(), model)
                .loopIterationsBeforeThreadSwitch(ShardedQueueLincheck.LOOP_ITERATIONS_BEFORE_SWITCH)
                .invocationsPerIteration(INVOCATIONS);
    }

    private static ModelCheckingOptions twoShardsOptions() {
        return modelChecking(TwoShardsModel.class).invocationsPerIteration(TWO_SHARDS_INVOCATIONS);
    }

    /**
     * For the broken variants: the first counterexample is enough (minimizing it takes most of
     * the time); many scenarios, few interleavings each.
     */
    private static ModelCheckingOptions brokenOptions() {
        return modelChecking(OneShardModel.class).iterations(BROKEN_ITERATIONS).invocationsPerIteration(BROKEN_INVOCATIONS)
                .minimizeFailedScenario(false);
    }

    @Test
    void oneShardModelChecking() {
        modelChecking(OneShardModel.class).check(OneShard.class);
    }

    @Test
    void oneShardStress() {
        LincheckRuns.scenarios(LincheckRuns.stress(), OneShardModel.class).check(OneShard.class);
    }

    @Test
    void oneSlotModelChecking() {
        modelChecking(OneSlotModel.class).check(OneSlot.class);
    }

    @Test
    void oneSlotStress() {
        LincheckRuns.scenarios(LincheckRuns.stress(), OneSlotModel.class).check(OneSlot.class);
    }

    @Test
    void twoShardsModelChecking() {
        twoShardsOptions().check(TwoShards.class);
    }

    @Test
    void twoShardsStress() {
        LincheckRuns.scenarios(LincheckRuns.stress(), TwoShardsModel.class).check(TwoShards.class);
    }

    // ---------------------------------------------------------------------------------------------
    // The broken variants, one shard of 2 slots each.

    /** EfsSkipClaimed.tla in Java: the consumer moves past a claimed, empty slot; its item is lost. */
    public static class SkipClaimed extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.waiting(new BrokenElementFlagShardedBuffer<>(1, SLOTS, () -> 0, Defect.SKIP_CLAIMED));
        }
    }

    /** EfsAdvanceBeforeClear.tla in Java: the late clear wipes the next lap's element. */
    public static class AdvanceBeforeClear extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.waiting(new BrokenElementFlagShardedBuffer<>(1, SLOTS, () -> 0, Defect.ADVANCE_BEFORE_CLEAR));
        }
    }

    /** EfsStoreBeforeCas.tla in Java: the CAS loser's element overwrites the winner's. */
    public static class StoreBeforeCas extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.waiting(new BrokenElementFlagShardedBuffer<>(1, SLOTS, () -> 0, Defect.STORE_BEFORE_CAS));
        }
    }

    /** EfsNoClear.tla in Java: a lap later the old element is taken again. */
    public static class NoClear extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.waiting(new BrokenElementFlagShardedBuffer<>(1, SLOTS, () -> 0, Defect.NO_CLEAR));
        }
    }

    /** EfsLimitOffByOne.tla in Java: a producer passes the limit into a slot not yet taken. */
    public static class LimitOffByOne extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.waiting(new BrokenElementFlagShardedBuffer<>(1, SLOTS, () -> 0, Defect.LIMIT_OFF_BY_ONE));
        }
    }

    /** EfsFullFromLimit.tla in Java: an offer is refused on the cached limit with room in the shard. */
    public static class FullFromLimit extends ShardedQueueLincheck.OneShard {
        @Override
        protected Harnessed buffer() {
            return Harnessed.waiting(new BrokenElementFlagShardedBuffer<>(1, SLOTS, () -> 0, Defect.FULL_FROM_LIMIT));
        }
    }

    /** Asserts that Lincheck rejects {@code brokenTest}, and prints its report (the surefire output keeps it). */
    private static void caught(Class<?> brokenTest) {
        String report = LincheckRuns.assertCaught(brokenOptions(), brokenTest);
        System.out.println("== " + brokenTest.getSimpleName() + " rejected by Lincheck:\n" + report);
    }

    @Test
    void rejectsSkipClaimed() {
        caught(SkipClaimed.class);
    }

    @Test
    void rejectsAdvanceBeforeClear() {
        caught(AdvanceBeforeClear.class);
    }

    @Test
    void rejectsStoreBeforeCas() {
        caught(StoreBeforeCas.class);
    }

    @Test
    void rejectsNoClear() {
        caught(NoClear.class);
    }

    @Test
    void rejectsLimitOffByOne() {
        caught(LimitOffByOne.class);
    }

    @Test
    void rejectsFullFromLimit() {
        caught(FullFromLimit.class);
    }
}
