package io.github.uncontended.session;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.uncontended.TestThreads;
import io.github.uncontended.TraceRecorder;
import io.github.uncontended.session.broken.RollbackAllSession;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Records short stress runs of the session for trace validation against
 * {@code specs/session/trace/ShardedSessionTrace.tla} ({@code make trace} checks them with TLC):
 * acquirers acquire and release in a loop while closers, once the acquirers are under way, try to
 * close until one succeeds; the acquirers then fail and stop.
 *
 * <p>The spec's closers close once, and here its threads acquire once ({@code Acquires = 1}), so
 * {@link #numbered} turns each Java call into a spec instance: the m-th acquire on counter i
 * becomes spec thread {@code m * N + i} (N for i = 0), whose acquire the trace spec puts on
 * counter i; the k-th close call becomes closer k.
 * A call's events are those of its Java thread from the call's first step to its last, which the
 * step sequence of each call delimits (an acquire starts at an AcquireLoad when the thread has no
 * acquire open and ends at a successful AcquireCas or a load of CLOSED; a close starts at its
 * CloseMark of counter 0).
 */
@Timeout(value = 40, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // each records in well under a second
class SessionTraceRecordingTest {

    private static final String SPEC = "session/trace/ShardedSessionTrace";
    private static final int COUNTERS_BROKEN = 8;

    /** Retried (at most 40 runs) until the run exercised a rollback (a close that marked a counter, then found one busy) and a commit. */
    @Test
    void threeAcquirersTwoClosers() throws Exception {
        for (int attempt = 1; attempt <= 40; attempt++) {
            List<String> raw = run(new ShardedSession(2), 3, 2, false);
            if (raw.stream().anyMatch(e -> e.contains(" CloseRollback ")) && raw.stream().anyMatch(e -> e.contains(" CloseCommit "))) {
                write("session-2counters-3acq-2closers", true, 2, raw);
                return;
            }
        }
        fail("in 40 runs session-2counters-3acq-2closers never recorded a rollback and a commit");
    }

    @Test
    void handOffReleaseOneCloser() throws Exception {
        write("session-2counters-handoff", true, 2, run(new ShardedSession(2), 1, 1, true));
    }

    @Test
    void fourCounters() throws Exception {
        write("session-4counters", true, 4, run(new ShardedSession(4), 2, 1, false));
    }

    /**
     * Re-choosing (spec: Rechoose = TRUE): three acquirers that all start on counter 0 (selector
     * 0), one closer. Retried (at most 40 runs) until an acquire moved: every acquire starts on
     * counter 0, so a load of counter 1 is one that moved after a failed CAS.
     */
    @Test
    void rechoosingCollidingAcquirers() throws Exception {
        for (int attempt = 1; attempt <= 40; attempt++) {
            ShardedSession session = new ShardedSession(2, () -> 0, ShardedSession.CounterChoice.RECHOOSE);
            List<String> raw = run(session, 3, 1, false);
            if (raw.stream().anyMatch(e -> e.contains(" AcquireLoad counter=1 "))) {
                write("session-rechoose", true, 2, true, raw);
                return;
            }
        }
        fail("in 40 runs session-rechoose never recorded an acquire that moved to another counter");
    }

    /**
     * Sibling (a) in Java: a failed close resets every CLOSING counter. TLC must reject the trace.
     * A holder pins the last of 8 counters, so every close marks counters 0..6, fails at 7 and
     * rolls back, while a second closer tries too (a wide window: with 4 counters, 40 runs in a
     * clean clone once recorded no such reset): the bug shows when one closer's rollback meets
     * the other's marks. The run is repeated until the recording holds such a reset, and the log
     * ends with that event (a prefix of a recorded execution is itself an execution), so the TLC
     * verdict is certain, not left to the scheduler, and the log stays short.
     */
    @Test
    void rollbackAllIsRecordedForRejection() throws Exception {
        for (int attempt = 1; attempt <= 100; attempt++) {
            RollbackAllSession session = new RollbackAllSession(COUNTERS_BROKEN);
            CountDownLatch held = new CountDownLatch(1);
            AtomicBoolean closersDone = new AtomicBoolean();
            AtomicInteger closersLeft = new AtomicInteger(2);
            List<TestThreads.Body> actors = new ArrayList<>();
            actors.add(() -> {                                 // the holder of counter 3
                int ticket = session.acquireOn(COUNTERS_BROKEN - 1);
                held.countDown();
                while (!closersDone.get()) {
                    Thread.onSpinWait();
                    TestThreads.checkInterrupted();
                }
                session.release(ticket);
            });
            for (int k = 0; k < 2; k++) {
                actors.add(() -> {
                    held.await();
                    for (int tries = 0; tries < 50; tries++) {
                        try {
                            session.close();
                        } catch (IllegalStateException busy) {
                            Thread.onSpinWait();       // keep contending: the other closer's window is short
                        }
                    }
                    if (closersLeft.decrementAndGet() == 0) {
                        closersDone.set(true);
                    }
                });
            }
            List<String> raw = TraceRecorder.run("session-broken", actors);
            int keep = firstForeignReset(numbered(raw, COUNTERS_BROKEN).events());
            if (keep >= 0) {
                write("broken-session-rollback-all", false, COUNTERS_BROKEN, raw.subList(0, keep));
                return;
            }
        }
        fail("in 100 runs no rollback of RollbackAllSession reset another closer's mark");
    }

    private static void write(String name, boolean real, int counters, List<String> raw) throws Exception {
        write(name, real, counters, false, raw);
    }

    /** {@code rechoose}: the session re-chooses (the trace is checked with Rechoose = TRUE). */
    private static void write(String name, boolean real, int counters, boolean rechoose, List<String> raw)
            throws Exception {
        Numbered n = numbered(raw, counters);
        (real ? TraceRecorder.accepted(SPEC) : TraceRecorder.rejected(SPEC))
                .constant("T", n.threads()).constant("N", counters).constant("Acquires", 1)
                .constant("Rechoose", rechoose ? "TRUE" : "FALSE")
                .constant("Closers", TraceRecorder.ids(1, Math.max(1, n.closers())))
                .value(ShardedSession.CLOSING, "CLOSING").value(ShardedSession.CLOSED, "CLOSED")
                .write(name, n.events());
    }

    /** Acquirers acquire and release (or hand the ticket to a releaser); closers close once they are under way. */
    private static List<String> run(Session session, int acquirers, int closers, boolean handOff)
            throws Exception {
        int rounds = 12 * TraceRecorder.scale();
        AtomicInteger acquired = new AtomicInteger();
        AtomicInteger running = new AtomicInteger(acquirers);
        AtomicBoolean stopped = new AtomicBoolean();
        List<TestThreads.Body> actors = new ArrayList<>();
        BlockingQueue<Integer> handed = new ArrayBlockingQueue<>(rounds + 1);
        for (int a = 0; a < acquirers; a++) {
            actors.add(() -> {
                for (int r = 0; r < rounds; r++) {
                    int ticket;
                    try {
                        ticket = session.acquire();
                    } catch (IllegalStateException closed) {
                        break;
                    }
                    acquired.incrementAndGet();
                    Thread.yield();
                    if (handOff) {
                        handed.add(ticket);
                    } else {
                        session.release(ticket);
                    }
                }
                handed.add(-1);
                if (running.decrementAndGet() == 0) {
                    stopped.set(true);
                }
            });
        }
        if (handOff) {
            actors.add(() -> {                            // releases the tickets another thread acquired
                for (int t; (t = handed.take()) >= 0; ) {
                    session.release(t);
                }
            });
        }
        for (int k = 0; k < closers; k++) {
            actors.add(closer(session, acquired, stopped, rounds / 2));
        }
        return TraceRecorder.run("session", actors);
    }

    /**
     * A closer: waits until {@code after} acquires happened (or the acquirers stopped), then
     * closes, retrying a busy close once some acquire happened since (which bounds the trace's
     * length), until a close succeeds or finds the session closed. Shared with
     * {@link AdaptiveSessionTraceRecordingTest}.
     */
    static TestThreads.Body closer(Session session, AtomicInteger acquired, AtomicBoolean stopped, int after) {
        return () -> {
            while (acquired.get() < after && !stopped.get()) {
                Thread.onSpinWait();
                TestThreads.checkInterrupted();
            }
            for (int attempt = 0; attempt < 100_000; attempt++) {
                int seen = acquired.get();
                try {
                    session.close();
                    return;
                } catch (IllegalStateException busy) {
                    if (busy.getMessage().startsWith("Already closed")) {
                        return;
                    }
                }
                while (acquired.get() == seen && !stopped.get()) {
                    TestThreads.pause();
                }
            }
            throw new AssertionError("close never succeeded");
        };
    }

    /** The events with each acquire's spec thread ({@code inst=}) and each close's closer ({@code closer=}). */
    record Numbered(List<String> events, int threads, int closers) {}

    static Numbered numbered(List<String> raw, int counters) {
        Map<String, Integer> openAcquire = new HashMap<>();   // Java thread -> spec thread of its open acquire
        Map<String, Integer> openClose = new HashMap<>();     // Java thread -> closer of its current close
        int[] acquiresOn = new int[counters];
        int maxThread = 1;
        int closers = 0;
        List<String> out = new ArrayList<>();
        for (String e : raw) {
            String[] w = e.split(" ");
            String thread = w[0];
            String action = w[1];
            Map<String, Long> kv = new HashMap<>();
            for (int j = 2; j < w.length; j++) {
                String[] p = w[j].split("=");
                kv.put(p[0], Long.parseLong(p[1]));
            }
            int counter = kv.get("counter").intValue();
            switch (action) {
                case "AcquireLoad", "AcquireCas" -> {
                    Integer t = openAcquire.get(thread);
                    if (t == null) {
                        int m = acquiresOn[counter]++;
                        t = counter == 0 ? (m + 1) * counters : m * counters + counter;
                        maxThread = Math.max(maxThread, t);
                        openAcquire.put(thread, t);
                    }
                    out.add(e + " inst=" + t);
                    boolean done = action.equals("AcquireCas") ? kv.get("ok") == 1 : kv.get("value") == ShardedSession.CLOSED;
                    if (done) {
                        openAcquire.remove(thread);
                    }
                }
                case "CloseMark", "CloseRollback", "CloseCommit" -> {
                    if (action.equals("CloseMark") && counter == 0) {
                        openClose.put(thread, ++closers);
                    }
                    out.add(e + " closer=" + openClose.get(thread));
                }
                default -> out.add(e);                        // ReleaseLoad, Release: any holder of the ticket
            }
        }
        return new Numbered(out, maxThread, closers);
    }

    /** How many events to keep: up to and including the first reset of a counter its close call did not mark; -1 if none. */
    static int firstForeignReset(List<String> events) {
        Map<String, Set<String>> marked = new HashMap<>();
        for (int at = 0; at < events.size(); at++) {
            String[] w = events.get(at).split(" ");
            String closer = w[w.length - 1];
            if (w[1].equals("CloseMark") && w[3].equals("witness=0")) {
                marked.computeIfAbsent(closer, k -> new HashSet<>()).add(w[2]);
            } else if (w[1].equals("CloseRollback") && !marked.getOrDefault(closer, Set.of()).contains(w[2])) {
                return at + 1;
            }
        }
        return -1;
    }
}
