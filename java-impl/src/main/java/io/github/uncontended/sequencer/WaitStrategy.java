package io.github.uncontended.sequencer;

import io.github.uncontended.Waits;
import java.util.concurrent.locks.LockSupport;

/**
 * How the threads of a sequencer pause while they wait, in the style of the LMAX Disruptor's wait
 * strategies: a publisher for a free slot ({@link Sequencer#next()}) or, in the pending-list
 * sequencer, for room under its guard ({@link Sequencer#publish(long)}); the consumer for the
 * cursor ({@link Sequencer#waitFor(long)}).
 *
 * <p>A strategy only decides how to pause between two checks of the wait's condition. The checks
 * are the sequencer's own steps (each load is a spec action), and between every two of them the
 * sequencer also checks whether it was {@linkplain Sequencer#halt() halted} (then
 * {@link AlertException}) or the waiting thread interrupted (then
 * {@link WaitInterruptedException}). So every strategy can be stopped, and a pause must return
 * after a bounded time.
 *
 * <pre>{@code
 *   Sequencer s = new PendingListSequencer(1024, 64, WaitStrategy.parking(TimeUnit.MICROSECONDS.toNanos(100)));
 * }</pre>
 *
 * <table>
 *   <caption>The strategies</caption>
 *   <tr><th>strategy</th><th>pauses by</th><th>for</th></tr>
 *   <tr><td>{@link #busySpin()}</td><td>{@link Thread#onSpinWait()}</td>
 *       <td>lowest latency, when every waiting thread has a core of its own</td></tr>
 *   <tr><td>{@link #yielding()} (the default)</td><td>spinning 64 times, then {@link Thread#yield()}</td>
 *       <td>threads that may outnumber cores: a yield gives the awaited thread the core</td></tr>
 *   <tr><td>{@link #parking(long)}</td><td>spinning, yielding, then {@link LockSupport#parkNanos}
 *       for a doubling time up to a bound</td>
 *       <td>waits that may last long: an idle thread costs almost no CPU; it notices the
 *       awaited step, a halt or an interrupt within the bound</td></tr>
 * </table>
 */
public interface WaitStrategy {

    /**
     * Pauses once. {@code round} counts the pauses of this wait so far (0 at the first), so a
     * strategy can back off as a wait goes on. Returns after a bounded time, or earlier (a
     * spurious return only costs another check).
     */
    void idle(int round);

    /** Spins: the lowest latency; it burns the core, and starves the awaited thread if they share one. */
    static WaitStrategy busySpin() {
        return WaitStrategies.BUSY_SPIN;
    }

    /** Spins a little, then yields the core ({@link Waits#idle}): the default, as before wait strategies existed. */
    static WaitStrategy yielding() {
        return WaitStrategies.YIELDING;
    }

    /**
     * Spins, yields, then parks for 1 microsecond, doubling on each round up to
     * {@code maxParkNanos}: the thread notices the awaited step, a halt or an interrupt (which
     * also ends a park at once) within that bound.
     *
     * @throws IllegalArgumentException if {@code maxParkNanos} is not in 1 ns..1 s
     */
    static WaitStrategy parking(long maxParkNanos) {
        return new WaitStrategies.Parking(maxParkNanos);
    }
}
