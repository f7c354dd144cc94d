package io.github.uncontended.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD;

import io.github.uncontended.TestThreads;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every wait of the sequencers can be stopped: by {@link Sequencer#halt()} with
 * {@link AlertException}, by an interrupt with {@link WaitInterruptedException}, whatever the
 * {@link WaitStrategy}, each with a message that says what the thread waited for and what it
 * leaves behind. Each test starts a thread in one wait, waits until it is in it, stops it, and
 * requires it to end within 5 s with the exception: a wait that ignores the halt or the interrupt
 * fails the test there, naming the thread.
 *
 * <p>"In its wait" is observed, not assumed after a sleep: the sequencer's strategy is wrapped in
 * a {@link Counting} one, and the test stops the thread once it has paused past the spins and
 * yields of every strategy (a parking one has parked); the spin baseline's publish, which spins
 * whatever the strategy, is seen in the thread's stack ({@link #inMethod}). A fixed sleep left
 * that to the scheduler: on a loaded machine the thread might not have reached its wait, and the
 * test then checked a stop before the wait, not of one.
 */
@Timeout(value = 20, threadMode = SEPARATE_THREAD)   // each test at most 0.23 s here (load 7), 1.5 s in 20 runs with the other core busy
class SequencerWaitTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    static Stream<Arguments> waitStrategies() {
        return Stream.of(
                Arguments.of("yielding", WaitStrategy.yielding()),
                Arguments.of("busySpin", WaitStrategy.busySpin()),
                Arguments.of("parking", WaitStrategy.parking(1_000_000)));
    }

    /** How a test knows that the thread it started is in its wait; returns once it is. */
    @FunctionalInterface
    interface InTheWait {
        void await(Thread waiter) throws InterruptedException;
    }

    /**
     * A wait strategy that counts the pauses each thread has completed: a thread that has made one
     * is in a wait whose condition was false.
     */
    static final class Counting implements WaitStrategy {
        /** Pauses after which a thread is past the spins and yields of every strategy: a parking one has parked once. */
        static final int IN_THE_WAIT = WaitStrategies.Parking.SPINS + WaitStrategies.Parking.YIELDS + 1;

        private final WaitStrategy strategy;
        private final Map<Thread, Integer> pauses = new ConcurrentHashMap<>();

        Counting(WaitStrategy strategy) {
            this.strategy = strategy;
        }

        @Override
        public void idle(int round) {
            strategy.idle(round);
            pauses.merge(Thread.currentThread(), 1, Integer::sum);
        }

        /**
         * Returns once {@code waiter} has paused {@link #IN_THE_WAIT} times in this strategy;
         * certain for a call whose condition cannot become true meanwhile. Fails if the thread
         * ended first (rethrowing what it threw).
         */
        void awaitInTheWait(Thread waiter, TestThreads threads) throws InterruptedException {
            awaitUntil(waiter, threads, () -> pauses.getOrDefault(waiter, 0) >= IN_THE_WAIT);
        }

        @Override
        public String toString() {
            return strategy.toString();
        }
    }

    /**
     * Returns once {@code condition} holds, which the waiting thread makes true; fails if the
     * thread ended first (rethrowing what it threw).
     */
    static void awaitUntil(Thread waiter, TestThreads threads, java.util.function.BooleanSupplier condition)
            throws InterruptedException {
        while (!condition.getAsBoolean()) {
            if (!waiter.isAlive()) {
                threads.joinAll(Duration.ofSeconds(5));
                fail(waiter.getName() + " ended before it was seen in its wait: the call must wait");
            }
            TestThreads.pause();
        }
    }

    /**
     * For a wait that uses no wait strategy: the thread is in {@code type.method} (its stack shows
     * it), a method whose only loop is the wait.
     */
    private InTheWait inMethod(Class<?> type, String method) {
        return waiter -> awaitUntil(waiter, threads, () -> java.util.Arrays.stream(waiter.getStackTrace())
                .anyMatch(f -> f.getClassName().equals(type.getName()) && f.getMethodName().equals(method)));
    }

    /** How a test stops the waiting thread. */
    enum Stop {
        HALT, INTERRUPT
    }

    static Stream<Arguments> stops() {
        return waitStrategies().flatMap(a -> Stream.of(Stop.values())
                .map(stop -> Arguments.of(a.get()[0] + ", " + stop, a.get()[1], stop)));
    }

    /**
     * Runs {@code waiting} on its own thread, waits until it is in its wait ({@code counting}, the
     * sequencer's strategy, shows its pauses), stops it, and returns what it threw (it must throw
     * within 5 s).
     */
    private RuntimeException stopWhileWaiting(Sequencer s, Counting counting, Stop stop, Consumer<Sequencer> waiting)
            throws Exception {
        return stopWhileWaiting(s, waiter -> counting.awaitInTheWait(waiter, threads), stop, waiting);
    }

    /** As above, with {@code inTheWait} to see that the thread is in its wait. */
    private RuntimeException stopWhileWaiting(Sequencer s, InTheWait inTheWait, Stop stop, Consumer<Sequencer> waiting)
            throws Exception {
        AtomicReference<RuntimeException> thrown = new AtomicReference<>();
        Thread waiter = threads.start("waiter", () -> {
            try {
                waiting.accept(s);
            } catch (AlertException | WaitInterruptedException e) {
                thrown.set(e);
                assertEquals(e instanceof WaitInterruptedException, Thread.currentThread().isInterrupted(),
                        "the interrupt status is set again, and only after an interrupt");
            }
        });
        inTheWait.await(waiter);
        if (stop == Stop.HALT) {
            s.halt();
        } else {
            waiter.interrupt();
        }
        threads.joinAll(Duration.ofSeconds(5));
        RuntimeException e = thrown.get();
        Class<? extends RuntimeException> expected = stop == Stop.HALT ? AlertException.class : WaitInterruptedException.class;
        assertInstanceOf(expected, e, "the wait ended without the exception");
        if (stop == Stop.INTERRUPT) {
            assertInstanceOf(InterruptedException.class, e.getCause());
        }
        return e;
    }

    private static String how(Stop stop) {
        return stop == Stop.HALT ? "halted" : "interrupted";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stops")
    void aConsumerWaitingForTheCursorStops(String name, WaitStrategy strategy, Stop stop) throws Exception {
        Counting counting = new Counting(strategy);
        PendingListSequencer s = new PendingListSequencer(16, 4, counting);
        s.publish(s.next());                                     // sequence 0 published, 1 not yet
        RuntimeException e = stopWhileWaiting(s, counting, stop, q -> q.waitFor(1));
        assertEquals(how(stop) + " while waiting for sequence 1: the cursor is at 0, sequences up to 0 are claimed",
                e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stops")
    void aClaimWaitingForASlotStops(String name, WaitStrategy strategy, Stop stop) throws Exception {
        Counting counting = new Counting(strategy);
        PendingListSequencer s = new PendingListSequencer(4, 2, counting);
        for (int i = 0; i < 4; i++) {
            s.publish(s.next());                                 // the ring is full, nothing consumed
        }
        RuntimeException e = stopWhileWaiting(s, counting, stop, Sequencer::next);
        assertEquals(how(stop) + " while claiming sequence 4: waiting for the consumer to free the slot (consumed -1,"
                + " ring of 4); it stays claimed and unpublished: the cursor never passes 4 (see Sequencer: a publisher"
                + " stopped between claim and publish)", e.getMessage());
        assertEquals(4, s.claimed());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stops")
    void aPublisherWaitingInTheGuardStops(String name, WaitStrategy strategy, Stop stop) throws Exception {
        Counting counting = new Counting(strategy);
        PendingListSequencer s = new PendingListSequencer(16, 2, counting);
        long hi = 0;
        for (int i = 0; i < 4; i++) {
            hi = s.next();                                       // 0..3 claimed; 0 never published
        }
        long ahead = hi;
        RuntimeException e = stopWhileWaiting(s, counting, stop, q -> q.publish(ahead));   // 3 - (-1) > 2: the guard waits
        assertEquals(how(stop) + " while publishing sequence 3: waiting for the cursor (-1) to come within 2 of 3; it"
                + " stays claimed and unpublished: the cursor never passes 3 (see Sequencer: a publisher stopped between"
                + " claim and publish)", e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stops")
    void theSpinBaselinesPublishStops(String name, WaitStrategy strategy, Stop stop) throws Exception {
        SpinSequencer s = new SpinSequencer(16, strategy);
        s.next();
        long second = s.next();                                  // its turn comes after 0, never published
        // The spin baseline's publish spins whatever the strategy: seen in the waiter's stack.
        RuntimeException e = stopWhileWaiting(s, inMethod(SpinSequencer.class, "publish"), stop, q -> q.publish(second));
        assertEquals(how(stop) + " while publishing sequence 1: waiting for the cursor (-1) to reach 0; it stays claimed"
                + " and unpublished: the cursor never passes 1 (see Sequencer: a publisher stopped between claim and"
                + " publish)", e.getMessage());
    }

    /**
     * A halt stops waits, not steps: what is published before it is still read, and the consumer
     * gets the AlertException at its first wait after that; a claim with a free slot still
     * succeeds. Replaces the STOP sentinel a benchmark consumer used to need.
     */
    @Test
    void afterAHaltCallsThatNeedNoWaitStillComplete() {
        PendingListSequencer s = new PendingListSequencer(16, 4);
        for (int i = 0; i < 3; i++) {
            s.publish(s.next());
        }
        assertFalse(s.isHalted());
        s.halt();
        assertTrue(s.isHalted());
        assertEquals(2, s.waitFor(2), "published before the halt: no wait, no exception");
        s.markConsumed(2);
        assertEquals(3, s.next(), "a free slot: the claim needs no wait");
        assertThrows(AlertException.class, () -> s.waitFor(4));
    }

    /**
     * The state a publisher leaves when it stops between claim and publish (here its thread
     * simply ends): the cursor stays below its sequence for good while later sequences are
     * published; a consumer waits for it until a halt, whose exception says so.
     */
    @Test
    void aPublisherThatDiesBetweenClaimAndPublishStallsTheCursorVisibly() throws Exception {
        Counting counting = new Counting(WaitStrategy.yielding());   // the default strategy, counted
        PendingListSequencer s = new PendingListSequencer(16, 4, counting);
        threads.start("dies after its claim", s::next).join();   // claims 0, never publishes
        threads.start("publisher of 1", () -> s.publish(s.next())).join();
        assertEquals(-1, s.cursor(), "the cursor cannot pass the unpublished 0");
        assertEquals(1, s.claimed());
        RuntimeException e = stopWhileWaiting(s, counting, Stop.HALT, q -> q.waitFor(0));
        assertEquals("halted while waiting for sequence 0: the cursor is at -1, sequences up to 1 are claimed (0 is"
                + " claimed and not yet published, or its publisher was stopped)", e.getMessage());
    }

    @Test
    void parkingRejectsBadBounds() {
        assertEquals("maxParkNanos must be in 1..1000000000 (1 ns to 1 s: a parked waiter notices a halt only when it"
                + " wakes), got 0", assertThrows(IllegalArgumentException.class, () -> WaitStrategy.parking(0)).getMessage());
        assertEquals("waitStrategy", assertThrows(NullPointerException.class,
                () -> new PendingListSequencer(16, 4, null)).getMessage());
    }

    /**
     * A waiter in its wait (a parked one, with parking) sees the awaited step within its bound:
     * the wait ends, no stop needed.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("waitStrategies")
    void aWaitEndsWhenItsConditionHolds(String name, WaitStrategy strategy) throws Exception {
        Counting counting = new Counting(strategy);
        PendingListSequencer s = new PendingListSequencer(16, 4, counting);
        long[] got = {-2};
        Thread consumer = threads.start("consumer", () -> got[0] = s.waitFor(0));
        counting.awaitInTheWait(consumer, threads);
        s.publish(s.next());
        threads.joinAll(Duration.ofSeconds(5));
        assertEquals(0, got[0]);
    }
}
