package io.github.uncontended;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The trace-validation hook: records each atomic step the specs model, with the values it read
 * and wrote, so that TLC can check a recorded execution against the design's spec
 * ({@code specs/<design>/trace/}, {@code make trace}).
 *
 * <p>Off unless the JVM starts with {@code -Duncontended.trace=true}; only the trace-recording
 * tests do that. Every step of the implementations is a method named for its spec action, whose
 * body is one bracket around one accessor (the shape java-impl's root package-info gives):
 * <pre>{@code
 *   Trace.enter();
 *   long c = lvCursor();                  // the step's one atomic memory operation
 *   Trace.exit("ReadCursor", "cursor", c); // the event: the spec action's name
 * }</pre>
 *
 * <p><b>What production pays: nothing.</b> {@link #ON} is a {@code static final} field, which
 * the JIT treats as a constant once this class is initialised; {@code enter} and {@code exit}
 * are tiny static methods, always inlined, whose bodies become {@code if (false) ...} and are
 * removed with the constant string and long arguments. {@code TraceHookBench} in the JMH set
 * measures a hooked step against the same step without the hook lines, in one run.
 *
 * <p><b>Why the log order is a real order of the atomic steps.</b> While tracing, {@code enter}
 * takes one global lock and {@code exit} appends the event and releases it. Every traced step's
 * memory operation happens inside its critical section, and critical sections of one lock are
 * totally ordered; so the order of the events in the log is exactly the order in which the
 * steps' memory operations took effect, and each step sees the effects of every step before it
 * (the lock's happens-before edges make the traced run sequentially consistent, which is the
 * interleaving semantics TLC checks). Threads still interleave at every step: the lock is held
 * for one memory operation, not for a whole offer or publish. What a traced run cannot show is
 * a weak-memory reordering; the jcstress tests cover those. Accesses that are not traced must be
 * thread-private (a consumer's own head) or outside the spec (monitoring reads).
 */
public final class Trace {

    /** True only in trace-recording JVMs; a constant to the JIT. */
    public static final boolean ON = Boolean.getBoolean("uncontended.trace");

    /**
     * Fair: a thread releasing it cannot barge back in while others wait, so contending threads
     * interleave at every step. (Unfair, one thread ran whole close() calls alone and the traces
     * held far fewer interleavings.)
     */
    private static final ReentrantLock LOCK = new ReentrantLock(true);
    private static final List<String> EVENTS = new ArrayList<>();             // guarded by LOCK
    private static final Map<Thread, Integer> THREADS = new HashMap<>();      // guarded by LOCK

    private Trace() {}

    /** Before a step's memory operation: takes the trace lock. */
    public static void enter() {
        if (ON) {
            LOCK.lock();
        }
    }

    /** After a step's memory operation: logs it with one value, releases the trace lock. */
    public static void exit(String action, String k1, long v1) {
        if (ON) {
            log(action + " " + k1 + "=" + v1);
        }
    }

    /** As {@link #exit(String, String, long)}, with two values. */
    public static void exit(String action, String k1, long v1, String k2, long v2) {
        if (ON) {
            log(action + " " + k1 + "=" + v1 + " " + k2 + "=" + v2);
        }
    }

    /** As {@link #exit(String, String, long)}, with three values. */
    public static void exit(String action, String k1, long v1, String k2, long v2, String k3, long v3) {
        if (ON) {
            log(action + " " + k1 + "=" + v1 + " " + k2 + "=" + v2 + " " + k3 + "=" + v3);
        }
    }

    /**
     * As {@link #exit(String, String, long)}, with two values and an item, logged by its
     * {@code toString()} (an empty slot, null, as 0): recordings offer items whose
     * {@code toString()} is a number that names the producer and the item's index.
     */
    public static void exit(String action, String k1, long v1, String k2, long v2, String k3, Object item) {
        if (ON) {
            log(action + " " + k1 + "=" + v1 + " " + k2 + "=" + v2 + " " + k3 + "=" + (item == null ? "0" : item));
        }
    }

    private static void log(String event) {
        try {
            Integer t = THREADS.get(Thread.currentThread());
            if (t == null) {
                t = THREADS.size() + 1;
                while (THREADS.containsValue(t)) {
                    t++;
                }
                THREADS.put(Thread.currentThread(), t);
            }
            EVENTS.add(t + " " + event);
        } finally {
            LOCK.unlock();
        }
    }

    /**
     * Starts a recording: forgets earlier events and thread numbers. Threads are numbered 1, 2, ...
     * in the order of their first event, or as {@link #name} fixed them.
     *
     * @throws IllegalStateException if this JVM was not started with {@code -Duncontended.trace=true}
     */
    public static void start() {
        requireOn();
        LOCK.lock();
        try {
            EVENTS.clear();
            THREADS.clear();
        } finally {
            LOCK.unlock();
        }
    }

    /** Gives {@code thread} the number {@code id} in the log (call before it takes a step). */
    public static void name(Thread thread, int id) {
        requireOn();
        LOCK.lock();
        try {
            if (THREADS.containsValue(id) || THREADS.putIfAbsent(thread, id) != null) {
                throw new IllegalStateException("thread number " + id + " or thread " + thread.getName()
                        + " is already named in this recording");
            }
        } finally {
            LOCK.unlock();
        }
    }

    /** The events recorded since {@link #start}, one line each: {@code <thread> <Action> k=v ...}. */
    public static List<String> events() {
        requireOn();
        LOCK.lock();
        try {
            return List.copyOf(EVENTS);
        } finally {
            LOCK.unlock();
        }
    }

    private static void requireOn() {
        if (!ON) {
            throw new IllegalStateException("tracing is off: start the JVM with -Duncontended.trace=true");
        }
    }
}
