package io.github.uncontended.sharded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.uncontended.ShardSelector;
import io.github.uncontended.TestThreads;
import io.github.uncontended.Trace;
import io.github.uncontended.TraceRecorder;
import io.github.uncontended.Waits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The trace-recording harness both sharded buffers share: short stress runs of a
 * {@link ShardedQueue} with the Trace hooks on, for trace validation against the buffer's trace
 * spec ({@code make trace} checks them with TLC). A buffer's recording test is a small subclass
 * that says which buffer and which spec ({@link ShardedBufferTraceRecordingTest},
 * {@link ElementFlagShardedBufferTraceRecordingTest}); the workloads both buffers run are here,
 * each buffer's own in its class.
 *
 * <p>The workload: producer p (thread p, 1..P) offers to shard {@code p & (S - 1)}, the specs'
 * ShardOf, its items p * 1000 + 1, p * 1000 + 2, ... in order ({@link Item}), offering an item
 * again while its offer returns false; thread P + 1 takes items until it has every one. After an
 * offer returned false the producer logs {@code Reject shard=s} (Channels.tla's action for an
 * offer that returns false; the buffers log only their memory steps), so that the trace spec
 * checks the result itself: an offer that returned false anywhere but at a full shard is
 * rejected there.
 *
 * <p>Each accepted recording declares the hard case it exists for, one of its model's witnesses
 * (ShardedBufferWitnesses.tla, ElementFlagShardsWitnesses.tla; the trace specs define them by the
 * same names), in its log's {@code witness} line; {@code make trace-check} fails if no replayed
 * state reaches it. A run is repeated, at most {@value #RUNS} times, until its events show the
 * case ({@link #reaches}: what this harness looks for to stop retrying; TLC's predicate is the
 * judge), so that a recording that happened to miss its case is not what gets checked.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // each records in well under a second
abstract class ShardedQueueTraceRecording {

    /** An item the trace can name: its toString() is p * 1000 + k, the spec's <<p, k>>. */
    record Item(int producer, int index) {
        @Override
        public String toString() {
            return String.valueOf(producer * 1000 + index);
        }
    }

    /** Runs of a workload at most, until one reaches its witness. */
    static final int RUNS = 40;

    /** The buffer under test: {@code shards} shards of {@code capacity} slots, {@code batch} items per visit. */
    abstract ShardedQueue<Item> queue(int shards, int capacity, int batch, ShardSelector selector);

    /** The buffer's trace spec, under specs/: {@code sharded/trace/ShardedBufferTrace}. */
    abstract String spec();

    /** The recordings' file name prefix: {@code sharded}, {@code efs}. */
    abstract String prefix();

    /**
     * Two producers share one shard of two slots: the tail CAS race. Witness LostTailCas, a
     * producer beaten to its slot, which loads the tail again: the case the "full when beaten"
     * offer gets wrong (it returns false there, and the trace spec rejects the Reject that
     * follows). Left to the scheduler, threads that share a loaded core rarely interleave between
     * a load of the tail and the CAS, so the producers are gated
     * ({@link TraceRecorder#run(String, List, int...)}): both load the tail before either goes on,
     * and the trace's fair lock then lets them in one step each in turn. Measured for the broken
     * variant's recording with the same gate: 87 to 94% of runs.
     */
    @Test
    void twoProducersShareOneShard() throws Exception {
        record("1shard-2p", 1, 2, 2, 1, 6 * TraceRecorder.scale(), "LostTailCas", 2, false, q -> q::poll);
    }

    /** Three producers on two shards of two slots, taken two at a time: witness ShardFull, an offer refused. */
    @Test
    void threeProducersOnTwoShards() throws Exception {
        record("2shards-3p", 2, 2, 3, 2, 5 * TraceRecorder.scale(), "ShardFull", 0, false, q -> q::poll);
    }

    /**
     * Records the workload on a fresh buffer of {@code shards} shards of {@code capacity} slots,
     * {@code producers} producers of {@code items} items each, the consumer taking with
     * {@code take} (poll, or a drain of one), as {@code <prefix>-<suffix>}: repeated until a run
     * reaches {@code witness} ({@link #reaches}), which the log then declares. {@code gate}: how
     * many of the actors, producers first and then the consumer, are gated (their first steps all
     * come before any second one, and the trace's fair lock then lets them in one step each in
     * turn while they contend: {@link TraceRecorder#run(String, List, int...)}); {@code spin}: the
     * consumer spins before it yields after finding nothing, to keep its turns.
     */
    final List<String> record(String suffix, int shards, int capacity, int producers, int batch, int items,
            String witness, int gate, boolean spin, Function<ShardedQueue<Item>, Supplier<Item>> take)
            throws Exception {
        String name = prefix() + "-" + suffix;
        int total = producers * items;
        List<List<Item>> got = new ArrayList<>();                 // the last run's consumer's items
        List<String> events = TraceRecorder.runUntil(name, witness, RUNS, reaches(witness, capacity), () -> {
            ThreadLocal<Integer> producer = ThreadLocal.withInitial(() -> 0);
            ShardedQueue<Item> q = queue(shards, capacity, batch, producer::get);
            List<TestThreads.Body> actors = producers(producer, producers, shards, items, q::offer);
            got.add(0, new ArrayList<>());
            actors.add(consumer(total, take.apply(q), got.get(0), spin));
            return actors;
        }, range(gate));
        assertEquals(total, got.get(0).size(), name + ": the consumer's items");
        TraceRecorder.accepted(spec(), witness)
                .constant("P", producers).constant("S", shards).constant("C", capacity)
                .constant("Items", items).constant("Batch", batch).constant("ConsumerThread", producers + 1)
                .write(name, events);
        return events;
    }

    private static int[] range(int n) {
        return java.util.stream.IntStream.range(0, n).toArray();
    }

    /**
     * Whether a run's events show the model's witness {@code witness} (shards of {@code capacity}
     * slots): what the recordings look for to stop retrying. The trace spec's predicate of the
     * same name, on the states of the replay, is the judge; these read the same case off the events.
     */
    static Predicate<List<String>> reaches(String witness, int capacity) {
        return switch (witness) {
            // a producer's CAS of the tail lost: another producer of the shard moved it since its load
            case "LostTailCas" -> events -> events.stream().anyMatch(e -> e.contains(" CasTail ") && e.endsWith(" ok=0"));
            // an offer refused by a full shard
            case "ShardFull" -> events -> events.stream().anyMatch(e -> e.contains(" Reject "));
            // an item written into a slot on its second lap or later
            case "ShardWraps" -> events -> events.stream().anyMatch(e -> (e.contains(" WriteItem ")
                    || e.contains(" StoreElement ")) && value(e, "index") >= capacity);
            // the consumer found its head slot empty and the tail past it: claimed, not yet stored
            case "ClaimedNotStored" -> events -> {
                long head = -1;
                for (String e : events) {
                    if (e.contains(" ConsumerLoadElement ")) {
                        head = value(e, "index");
                    } else if (e.contains(" ConsumerLoadTail ") && value(e, "tail") > head) {
                        return true;
                    }
                }
                return false;
            };
            // a drain found a null element at a slot some producer has claimed (the tail is past it)
            case "DrainMovesOnFromClaimed" -> events -> {
                Map<Long, Long> tail = new HashMap<>();
                for (String e : events) {
                    if (e.contains(" CasTail ") && e.endsWith(" ok=1")) {
                        tail.put(value(e, "shard"), value(e, "expected") + 1);
                    } else if (e.contains(" ConsumerLoadElement ") && e.endsWith(" item=0")
                            && tail.getOrDefault(value(e, "shard"), 0L) > value(e, "index")) {
                        return true;
                    }
                }
                return false;
            };
            default -> throw new IllegalArgumentException("no event pattern for witness " + witness);
        };
    }

    static long value(String event, String key) {
        return TraceRecorder.value(event, key);
    }

    /**
     * Producers 1..count on {@code shards} shards: producer p (its shard is the selector's
     * {@code producer}) offers p * 1000 + 1, ..., p * 1000 + items in order, offering an item again
     * while its offer returns false, and logs each false as {@code Reject shard=s}.
     */
    static List<TestThreads.Body> producers(ThreadLocal<Integer> producer, int count, int shards, int items,
            Predicate<Item> offer) {
        List<TestThreads.Body> actors = new ArrayList<>();
        for (int p = 1; p <= count; p++) {
            int me = p;
            actors.add(() -> {
                producer.set(me);
                for (int k = 1; k <= items; k++) {
                    Item item = new Item(me, k);
                    while (!offer.test(item)) {
                        Trace.enter();                       // the result, Channels.tla's Reject (no memory access)
                        Trace.exit("Reject", "shard", me & (shards - 1));
                        TestThreads.pause();
                    }
                }
            });
        }
        return actors;
    }

    /** The consumer: takes until it has {@code total} items, into {@code got}, yielding after a take that found none. */
    static TestThreads.Body consumer(int total, Supplier<Item> take, List<Item> got) {
        return consumer(total, take, got, false);
    }

    /**
     * As {@link #consumer(int, Supplier, List)}; {@code spin}: after a take that found none, it
     * spins before it yields ({@link Waits#idle}), so that it stays in the trace lock's queue and
     * takes a step between a producer's claim of a slot and its store (what a gated run's turns
     * need), at the cost of a longer log.
     */
    static TestThreads.Body consumer(int total, Supplier<Item> take, List<Item> got, boolean spin) {
        return () -> {
            for (int spins = 0; got.size() < total; ) {
                Item e = take.get();
                if (e != null) {
                    got.add(e);
                    spins = 0;
                } else if (spin) {
                    spins = Waits.idle(spins);
                    TestThreads.checkInterrupted();
                } else {
                    TestThreads.pause();
                }
            }
        };
    }

    /** A drain of one item, as a take: the drain's own loop, not poll's. */
    static Supplier<Item> drainOne(ShardedQueue<Item> q) {
        List<Item> one = new ArrayList<>(1);
        return () -> {
            one.clear();
            q.drain(one::add, 1);
            return one.isEmpty() ? null : one.get(0);
        };
    }
}
