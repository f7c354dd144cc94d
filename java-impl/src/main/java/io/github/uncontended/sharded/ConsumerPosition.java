package io.github.uncontended.sharded;

/*
 * The consumer's round-robin position, in an object of its own between 128 bytes of padding on
 * each side (the Shard's scheme; adjacent-line prefetch pairs 64-byte lines). A poll writes it;
 * an offer reads the buffer's shard array, mask and selector. Kept as fields of ShardedBuffer,
 * the position shared their line: every poll's store took the line from the producers' cores and
 * their next offer's loads took it back. ShardLayoutTest checks the offsets with JOL; issue 16's
 * measurements are in docs/records/performance-history.md.
 */
abstract class ConsumerPositionPad0 {
    /**
     * Fills the 4 bytes after a compressed class pointer: the JVM (15+) puts a subclass's int
     * field into a superclass's gap, which left {@code current} at offset 12 beside the header.
     */
    int gap;
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class ConsumerPositionFields extends ConsumerPositionPad0 {
    /** Spec: cs. The shard the consumer is visiting. */
    int current;
    /** Spec: taken. Items taken in this visit. */
    int takenHere;
}

/**
 * Consumer-private: read and written by the thread holding the consumer role only, and handed to
 * the next holder by the role's release store and claiming CAS (ConsumerHandover.tla).
 */
final class ConsumerPosition extends ConsumerPositionFields {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}
