package io.github.uncontended;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs a short stress workload with the {@link Trace} hooks on and writes its log for TLC
 * ({@code make trace}: tlc-runner's TraceCheck reads the format). Shared by every design's
 * {@code *TraceRecordingTest}; those run only in the surefire execution that starts the JVM with
 * {@code -Duncontended.trace=true}.
 *
 * <p>Thread {@code i} of the workload appears as thread {@code i + 1} in the log, so a trace spec's
 * constants (who publishes, who consumes) can name them. All threads start together at a barrier,
 * which is what makes their steps interleave; every run is bounded by its operation counts and,
 * against a hang, by a join timeout and a bound on its events ({@link #MAX_EVENTS}: a thread that
 * waits for ever logs the rounds of its wait, and its last events name what it waits for).
 *
 * <p>A barrier does not make threads interleave between two steps of one call (between a load and
 * the CAS that depends on it): on a loaded machine the threads of a run often take turns whole
 * calls at a time. A recording that needs such a race gates its threads ({@link #run(String, List,
 * int...)}): the trace's fair lock lets them in one step at a time.
 */
public final class TraceRecorder {

    /** How long a recorded workload may run before it counts as hung (they take well under a second). */
    private static final Duration JOIN = Duration.ofSeconds(20);

    /**
     * Events a recording may hold, per unit of {@link #scale()}, before it counts as a thread
     * waiting for a step that never comes (the workloads record hundreds to a few thousand; a
     * waiting thread logs each round of its wait). The bound keeps a hung recording from filling
     * the heap while it waits for its join deadline, and ends it sooner.
     */
    static final int MAX_EVENTS = 1_000_000;

    private final String spec;
    private final boolean expectAccept;
    private final String witness;
    private final Map<String, String> constants = new LinkedHashMap<>();
    private final Map<Long, String> values = new LinkedHashMap<>();

    /**
     * @param spec the trace spec under specs/, e.g. {@code sequencer/trace/PendingListTrace}
     * @param witness the hard case the recording exists for, or null
     */
    private TraceRecorder(String spec, boolean expectAccept, String witness) {
        this.spec = spec;
        this.expectAccept = expectAccept;
        this.witness = witness;
    }

    /**
     * A recording that TLC must accept: the real implementation, recorded for the hard case
     * {@code witness}, one of the design's model witnesses, which its trace spec defines by the
     * same name as a state predicate of the replay. The log declares it ({@code witness} line) and
     * {@code make trace-check} fails if no replayed state reaches it: a recording that misses the
     * case it exists for checks nothing about it. Every accepted recording names one.
     */
    public static TraceRecorder accepted(String spec, String witness) {
        if (witness == null || !witness.matches("[A-Za-z][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("an accepted recording names the witness it exists for, got " + witness);
        }
        return new TraceRecorder(spec, true, witness);
    }

    /** A recording of a deliberately broken variant: TLC must reject it. */
    public static TraceRecorder rejected(String spec) {
        return new TraceRecorder(spec, false, null);
    }

    /** A constant of the spec, as a TLA+ expression. */
    public TraceRecorder constant(String name, Object tla) {
        constants.put(name, String.valueOf(tla));
        return this;
    }

    /** A recorded number that stands for a spec constant (TLC's integers are 32-bit). */
    public TraceRecorder value(long recorded, String specConstant) {
        values.put(recorded, specConstant);
        return this;
    }

    /** How many times larger the deep recordings are (make trace-deep); 1 in make test. */
    public static int scale() {
        return Integer.getInteger("uncontended.trace.scale", 1);
    }

    /** The TLA+ set {1, ..., n}. */
    public static String ids(int from, int to) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = from; i <= to; i++) {
            sb.append(i == from ? "" : ", ").append(i);
        }
        return sb.append('}').toString();
    }

    /**
     * Runs {@code actors} on threads 1..n with tracing on, writes {@code <name>.trace} and returns
     * the events.
     */
    public List<String> record(String name, List<TestThreads.Body> actors) throws IOException, InterruptedException {
        List<String> events = run(name, actors);
        write(name, events);
        return events;
    }

    /**
     * Runs a fresh workload ({@code workload} builds one: new structure, new actors) until a run's
     * events show {@code witness}, at most {@code runs} times, and returns that run's events
     * (written by nobody). {@code reached} is what the recording test reads off the events to
     * stop retrying; the trace spec's predicate of the same name, on the states of the replay,
     * is the judge ({@code make trace-check}). Fails naming the witness if no run reached it.
     * {@code gated}: as in {@link #run(String, List, int...)}.
     */
    public static List<String> runUntil(String name, String witness, int runs,
            java.util.function.Predicate<List<String>> reached,
            java.util.function.Supplier<List<TestThreads.Body>> workload, int... gated) throws InterruptedException {
        for (int run = 1; run <= runs; run++) {
            List<String> events = run(name, workload.get(), gated);
            if (reached.test(events)) {
                System.out.println(name + ": " + witness + " reached in run " + run + " of at most " + runs);
                return events;
            }
        }
        throw new AssertionError(name + ": in " + runs + " runs none reached " + witness + ", the case the recording"
                + " exists for");
    }

    /** The value of {@code key} in a recorded event ({@code <thread> <Action> key=value ...}). */
    public static long value(String event, String key) {
        for (String w : event.split(" ")) {
            if (w.startsWith(key + "=")) {
                return Long.parseLong(w.substring(key.length() + 1));
            }
        }
        throw new IllegalArgumentException("no " + key + " in " + event);
    }

    /**
     * Runs {@code actors} on threads 1..n with tracing on and returns the events (written by
     * nobody). The threads are {@link TestThreads}: daemons, joined with one deadline, and
     * interrupted if the run fails.
     *
     * <p>{@code gated} (indexes into {@code actors}) names actors whose first steps must all come
     * before the second step of any of them: until each of them waits for the trace lock at its
     * first step, this thread holds that lock, so no step is taken. Then the lock, being fair, lets
     * the waiting threads in one step each in the order they queued, and a thread that took a step
     * waits behind the others for its next one. Certain for the first steps (with acquirers: every
     * first load of a counter before any CAS of it, so all but one of those CASes fail), and the
     * usual order for later ones as long as the threads keep contending, whatever the scheduler
     * does between steps.
     */
    public static List<String> run(String name, List<TestThreads.Body> actors, int... gated) throws InterruptedException {
        Trace.start();
        CyclicBarrier start = new CyclicBarrier(actors.size());
        ReentrantLock lock = gated.length == 0 ? null : traceLock();
        try (TestThreads threads = new TestThreads()) {
            List<Thread> all = new ArrayList<>();
            for (int i = 0; i < actors.size(); i++) {
                TestThreads.Body actor = actors.get(i);
                Thread t = threads.create(name + "-" + (i + 1), () -> {
                    start.await();
                    actor.run();
                });
                Trace.name(t, i + 1);
                all.add(t);
            }
            if (lock == null) {
                threads.startAll();
            } else {
                lock.lock();
                try {
                    threads.startAll();
                    long deadline = System.nanoTime() + JOIN.toNanos();
                    for (int g : gated) {
                        Thread t = all.get(g);
                        while (!lock.hasQueuedThread(t)) {           // its first step waits for the lock
                            if (!t.isAlive() || System.nanoTime() > deadline) {
                                throw new AssertionError(name + ": gated actor " + (g + 1) + " never reached a traced"
                                        + " step (" + t.getState() + ")");
                            }
                            TestThreads.pause();
                        }
                    }
                } finally {
                    lock.unlock();
                }
            }
            awaitEnd(name, threads);
        }
        List<String> events = Trace.events();
        assertFalse(events.isEmpty(), name + ": the workload recorded no events (are the hooks in place?)");
        return events;
    }

    /**
     * Waits for the workload's threads to end, for {@link #JOIN} at most (then {@code joinAll}
     * fails naming them), and fails sooner, with the last events of each thread, once the log holds
     * more than {@link #MAX_EVENTS} times {@link #scale()} events: a thread that waits for a step
     * that never comes logs the rounds of its wait (a consumer loading the slot it waits for, a
     * publisher loading the gating sequence), and its last events name what it waits for.
     */
    private static void awaitEnd(String name, TestThreads threads) throws InterruptedException {
        long deadline = System.nanoTime() + JOIN.toNanos();
        long max = (long) MAX_EVENTS * scale();
        @SuppressWarnings("unchecked")
        List<String> log = (List<String>) traceField("EVENTS");
        ReentrantLock lock = traceLock();
        while (threads.anyAlive() && System.nanoTime() < deadline) {
            int n;
            lock.lock();
            try {
                n = log.size();
            } finally {
                lock.unlock();
            }
            if (n > max) {
                List<String> events = Trace.events();
                Map<String, List<String>> last = new LinkedHashMap<>();
                for (int i = Math.max(0, events.size() - 1_000); i < events.size(); i++) {
                    String e = events.get(i);
                    List<String> mine = last.computeIfAbsent(e.substring(0, e.indexOf(' ')), k -> new ArrayList<>());
                    mine.add(e);
                    if (mine.size() > 3) {
                        mine.remove(0);
                    }
                }
                StringBuilder sb = new StringBuilder();
                last.forEach((t, es) -> sb.append("\n  thread ").append(t).append(": ").append(String.join(" | ", es)));
                String message = name + ": " + n + " events recorded and the workload still runs (a recording takes a"
                        + " few thousand at most): a thread waits for a step that never comes. The last events of each"
                        + " thread:" + sb;
                try {
                    threads.joinAll(Duration.ofMillis(1));
                } catch (AssertionError stacks) {
                    throw new AssertionError(message + "\n" + stacks.getMessage(), stacks);
                }
                throw new AssertionError(message);   // its threads ended just now: still far too long a log
            }
            Thread.sleep(2);
        }
        threads.joinAll(Duration.ofMillis(1));   // after the deadline: fails naming the threads still running
    }

    /**
     * The trace's lock ({@link Trace}'s private {@code LOCK}), read reflectively: tests only, to
     * gate a run and to count its events. A rename there fails every recording with NoSuchFieldException.
     */
    private static ReentrantLock traceLock() {
        return (ReentrantLock) traceField("LOCK");
    }

    /** A private static field of {@link Trace} (its lock, its event list), read reflectively: tests only. */
    private static Object traceField(String name) {
        try {
            Field f = Trace.class.getDeclaredField(name);
            f.setAccessible(true);
            return f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read Trace." + name + " (a recording gates its threads with the"
                    + " trace's lock and bounds its events): " + e, e);
        }
    }

    /** Writes {@code events} as {@code <name>.trace}, with this recording's spec, expectation and constants. */
    public void write(String name, List<String> events) throws IOException {
        Path dir = Paths.get(System.getProperty("uncontended.trace.dir", "target/traces"));
        Files.createDirectories(dir);
        List<String> lines = new ArrayList<>();
        lines.add("# " + name + ": recorded by " + getClass().getSimpleName() + ", " + events.size() + " events, "
                + Runtime.getRuntime().availableProcessors() + " cores, JDK " + Runtime.version());
        lines.add("spec " + spec);
        lines.add("expect " + (expectAccept ? "accept" : "reject"));
        if (witness != null) {
            lines.add("witness " + witness);
        }
        constants.forEach((k, v) -> lines.add("const " + k + " " + v));
        values.forEach((k, v) -> lines.add("value " + k + " " + v));
        lines.addAll(events);
        Path file = dir.resolve(name + ".trace");
        Files.write(file, lines);
        assertTrue(Files.size(file) > 0, "could not write " + file);
    }
}
