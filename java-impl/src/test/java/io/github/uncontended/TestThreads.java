package io.github.uncontended;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Test harness: the helper threads of one concurrent test, bounded. Every concurrent test of the
 * project starts its threads through this class (and carries a JUnit {@code @Timeout}), so that
 * a liveness bug fails the test, naming it, instead of hanging the build.
 *
 * <pre>{@code
 *   @RegisterExtension final TestThreads threads = new TestThreads();
 *
 *   @Test @Timeout(value = 10, threadMode = SEPARATE_THREAD)
 *   void twoProducers() {
 *       threads.start("producer-1", () -> { ... });
 *       threads.start("producer-2", () -> { ... });
 *       ...
 *       threads.joinAll(Duration.ofSeconds(5));   // fails naming a thread that did not end
 *   }
 * }</pre>
 *
 * <ul>
 *   <li>Threads are daemons: one left running can never keep the test JVM alive.
 *   <li>{@link #joinAll} waits for all of them with one deadline, fails with the names and stack
 *       traces of those still running, and rethrows what a thread threw (the first, the others
 *       suppressed): an assertion inside a helper thread fails the test.
 *   <li>After each test (this is a JUnit extension; elsewhere, {@link #close()}) every thread
 *       still alive is interrupted, and the test fails if one is still alive a second later: helper loops must be interruptible,
 *       which is what {@link #checkInterrupted()} is for. A test that timed out or failed leaves
 *       no spinning thread behind to slow the tests after it.
 * </ul>
 */
public final class TestThreads implements AfterEachCallback, AutoCloseable {

    /** How long threads get to end after the interrupt that follows each test. */
    private static final Duration AFTER_INTERRUPT = Duration.ofSeconds(1);

    /** Work that a helper thread runs; may throw anything, which fails the test at {@link #joinAll}. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    /** Copy-on-write: the test body adds threads, JUnit's cleanup reads them, on different threads. */
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();

    /** Creates a daemon thread running {@code body}, not started: see {@link #startAll()}. */
    public Thread create(String name, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failures.add(new AssertionError(Thread.currentThread().getName() + " failed: " + e, e));
            }
        }, name);
        t.setDaemon(true);
        threads.add(t);
        return t;
    }

    /** Starts every thread created and not started yet. */
    public void startAll() {
        for (Thread t : threads) {
            if (t.getState() == Thread.State.NEW) {
                t.start();
            }
        }
    }

    /** Creates and starts a daemon thread running {@code body}. */
    public Thread start(String name, Body body) {
        Thread t = create(name, body);
        t.start();
        return t;
    }

    /**
     * Waits until every thread has ended, for at most {@code timeout} in all; fails naming each
     * thread still running (with its stack), or rethrows the first failure of a thread.
     */
    public void joinAll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
        List<Thread> alive = alive();
        if (!alive.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (Thread t : alive) {
                sb.append("\n  ").append(t.getName()).append(" (").append(t.getState()).append(')');
                for (StackTraceElement f : t.getStackTrace()) {
                    sb.append("\n      at ").append(f);
                }
            }
            fail(alive.size() + " of " + threads.size() + " threads still running after " + timeout.toMillis()
                    + " ms (a liveness bug, or a helper that cannot end):" + sb);
        }
        rethrowFailures();
    }

    /**
     * A spin barrier for {@code parties} threads that meet round after round (a race test's
     * rounds): meeting {@code k} (0, 1, 2, ...) returns once all parties have arrived at it, or
     * returns false at once when {@code failed} is set, so that a thread that failed does not leave
     * the others spinning. Spinning, not parking: the threads are to start each round together.
     */
    public static boolean meet(AtomicInteger arrived, int parties, int k, AtomicBoolean failed) {
        arrived.incrementAndGet();
        while (arrived.get() < parties * (k + 1)) {
            if (failed.get()) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /** Whether a thread created here is still running (for a test's own wait loop). */
    public boolean anyAlive() {
        return !alive().isEmpty();
    }

    /** Rethrows what the threads threw so far (the first, with the others suppressed). */
    public void rethrowFailures() {
        Throwable first = failures.peek();
        if (first != null) {
            AssertionError e = new AssertionError(first.getMessage(), first.getCause());
            failures.stream().skip(1).forEach(e::addSuppressed);
            throw e;
        }
    }

    /**
     * For the loops of helper threads and of the test itself: throws if this thread was
     * interrupted (by the cleanup after a test, or by JUnit's timeout), so that no loop outlives
     * its test.
     */
    public static void checkInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException(Thread.currentThread().getName() + " interrupted: its test has ended");
        }
    }

    /** {@link Thread#yield()}, then {@link #checkInterrupted()}: one round of a test's wait loop. */
    public static void pause() throws InterruptedException {
        Thread.yield();
        checkInterrupted();
    }

    /** JUnit's cleanup after each test: {@link #close()}. */
    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        close();
    }

    /**
     * Interrupts every thread still alive and fails if one of them is still alive a second later
     * (for a harness that is not a JUnit extension: call it in a {@code finally}).
     */
    @Override
    public void close() throws InterruptedException {
        List<Thread> alive = alive();
        if (alive.isEmpty()) {
            return;
        }
        alive.forEach(Thread::interrupt);
        long deadline = System.nanoTime() + AFTER_INTERRUPT.toNanos();
        for (Thread t : alive) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
        List<Thread> stuck = alive();
        if (!stuck.isEmpty()) {
            fail("helper threads ignore interruption and outlive their test: "
                    + stuck.stream().map(Thread::getName).toList());
        }
    }

    private List<Thread> alive() {
        return threads.stream().filter(Thread::isAlive).toList();
    }
}
