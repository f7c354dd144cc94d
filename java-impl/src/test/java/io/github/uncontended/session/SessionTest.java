package io.github.uncontended.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SessionTest {

    static Stream<Arguments> sessions() {
        return Stream.of(
                Arguments.of("Sharded", (Supplier<Session>) () -> new ShardedSession(4)),
                Arguments.of("Atomic", (Supplier<Session>) AtomicSession::new));
    }

    @Test
    void rejectsCounterCountsThatAreNotPowersOfTwo() {
        assertEquals("counters must be a power of two >= 1, got 3",
                assertThrows(IllegalArgumentException.class, () -> new ShardedSession(3)).getMessage());
        assertEquals("counters must be a power of two >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new ShardedSession(0)).getMessage());
        assertTrue(Integer.bitCount(ShardedSession.forAvailableProcessors().counters()) == 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sessions")
    void acquireReleaseClose(String name, Supplier<Session> factory) {
        Session s = factory.get();
        int ticket = s.acquire();
        IllegalStateException held = assertThrows(IllegalStateException.class, s::close);
        assertTrue(held.getMessage().startsWith("Session is acquired (1 holder"), held.getMessage());
        assertTrue(s.isAlive(), "a failed close leaves the session open");
        s.release(ticket);
        s.close();
        assertFalse(s.isAlive());
        assertEquals("Already closed", assertThrows(IllegalStateException.class, s::acquire).getMessage());
        assertEquals("Already closed", assertThrows(IllegalStateException.class, s::close).getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sessions")
    void badReleasesAreRefused(String name, Supplier<Session> factory) {
        Session s = factory.get();
        assertThrows(IllegalArgumentException.class, () -> s.release(99));
        assertThrows(IllegalArgumentException.class, () -> s.release(-1));
        IllegalStateException none = assertThrows(IllegalStateException.class, () -> s.release(0));
        assertTrue(none.getMessage().startsWith("release without acquire"), none.getMessage());
        s.close();   // the refused release changed nothing: the session is idle
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sessions")
    void leaseReleasesOnceInTryWithResources(String name, Supplier<Session> factory) {
        Session s = factory.get();
        Session.Lease lease;
        try (Session.Lease l = s.lease()) {
            lease = l;
            assertThrows(IllegalStateException.class, s::close);
        }
        assertThrows(IllegalStateException.class, lease::close);
        s.close();
    }

    @Test
    void aTicketHandedToAnotherThreadReleasesTheRightCounter() throws Exception {
        ShardedSession s = new ShardedSession(8);
        int ticket = s.acquire();
        assertEquals(1, s.holders(ticket));
        Thread other = new Thread(() -> s.release(ticket));
        other.start();
        other.join();
        assertEquals(0, s.holders(ticket));
        s.close();
    }

    @Test
    void shardedErrorMessagesNameTheCounter() {
        ShardedSession s = new ShardedSession(2);
        int ticket = s.acquire();
        s.acquire();
        IllegalStateException e = assertThrows(IllegalStateException.class, s::close);
        assertEquals("Session is acquired (2 holders on counter " + ticket + ")", e.getMessage());
        assertEquals("invalid ticket 2: tickets are 0..1", assertThrows(IllegalArgumentException.class, () -> s.release(2)).getMessage());
    }

    /**
     * Threads acquire and release in a loop while another closes repeatedly until it succeeds:
     * no acquire succeeds once the close has returned, and no close succeeds over a holder.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sessions")
    void closeRacesAcquiresCorrectly(String name, Supplier<Session> factory) throws Exception {
        for (int round = 0; round < 50; round++) {
            Session s = factory.get();
            AtomicBoolean closed = new AtomicBoolean();
            AtomicInteger holding = new AtomicInteger();
            List<Throwable> failures = new CopyOnWriteArrayList<>();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                threads.add(new Thread(() -> {
                    try {
                        start.await();
                        while (true) {
                            int ticket;
                            try {
                                ticket = s.acquire();
                            } catch (IllegalStateException e) {
                                return;                                       // closed
                            }
                            holding.incrementAndGet();
                            if (closed.get()) {
                                failures.add(new AssertionError("acquired after close returned"));
                            }
                            holding.decrementAndGet();
                            s.release(ticket);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            threads.forEach(Thread::start);
            start.countDown();
            while (true) {
                try {
                    s.close();
                    closed.set(true);
                    break;
                } catch (IllegalStateException busy) {
                    Thread.yield();
                }
            }
            for (Thread t : threads) {
                t.join(10_000);
                assertFalse(t.isAlive());
            }
            assertEquals(List.of(), failures);
            assertEquals(0, holding.get());
        }
    }
}
