package io.github.uncontended.sequencer;

import io.github.uncontended.Waits;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** The implementations behind {@link WaitStrategy}'s factories. None has shared state. */
final class WaitStrategies {
    static final WaitStrategy BUSY_SPIN = new BusySpin();
    static final WaitStrategy YIELDING = new Yielding();

    private WaitStrategies() {}

    /** {@link WaitStrategy#busySpin()}. */
    static final class BusySpin implements WaitStrategy {
        @Override
        public void idle(int round) {
            Thread.onSpinWait();
        }

        @Override
        public String toString() {
            return "busySpin";
        }
    }

    /** {@link WaitStrategy#yielding()}. */
    static final class Yielding implements WaitStrategy {
        @Override
        public void idle(int round) {
            Waits.idle(round);
        }

        @Override
        public String toString() {
            return "yielding";
        }
    }

    /** {@link WaitStrategy#parking(long)}. */
    static final class Parking implements WaitStrategy {
        /** Rounds of spinning, then of yielding, before the first park. */
        static final int SPINS = Waits.SPINS_BEFORE_YIELD;
        static final int YIELDS = 16;
        private static final long MIN_PARK_NANOS = 1_000;
        private static final long MAX_PARK_NANOS_LIMIT = TimeUnit.SECONDS.toNanos(1);

        private final long maxParkNanos;

        Parking(long maxParkNanos) {
            if (maxParkNanos < 1 || maxParkNanos > MAX_PARK_NANOS_LIMIT) {
                throw new IllegalArgumentException("maxParkNanos must be in 1.." + MAX_PARK_NANOS_LIMIT
                        + " (1 ns to 1 s: a parked waiter notices a halt only when it wakes), got " + maxParkNanos);
            }
            this.maxParkNanos = maxParkNanos;
        }

        @Override
        public void idle(int round) {
            if (round < SPINS) {
                Thread.onSpinWait();
            } else if (round < SPINS + YIELDS) {
                Thread.yield();
            } else {
                int doublings = Math.min(round - SPINS - YIELDS, 30);
                LockSupport.parkNanos(this, Math.min(maxParkNanos, MIN_PARK_NANOS << doublings));
            }
        }

        @Override
        public String toString() {
            return "parking(" + maxParkNanos + " ns)";
        }
    }
}
