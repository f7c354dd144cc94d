/**
 * What the designs share: the trace hooks ({@link io.github.uncontended.Trace}), the busy-wait
 * ({@link io.github.uncontended.Waits}) and the thread-to-shard map
 * ({@link io.github.uncontended.ShardSelector}). The designs live in the subpackages
 * {@code sequencer}, {@code sharded} and {@code session}.
 *
 * <h2 id="accessors">Accessor names: the one legend</h2>
 *
 * A method that performs one shared-memory access is named for what it accesses, prefixed with
 * the access's mode, with the prefixes of JCTools, whose idiom the code follows (padding by class
 * hierarchy, {@code lvTail}, {@code soSeq}). Every class of java-impl follows this table, and
 * points here instead of repeating it.
 *
 * <table>
 * <caption>Prefix, access, and the VarHandle (or Atomic*) calls it names</caption>
 * <tr><th>prefix</th><th>access</th><th>call</th></tr>
 * <tr><td>{@code lp}</td><td>load, plain (also a plain field or array element read)</td><td>{@code get}</td></tr>
 * <tr><td>{@code lo}</td><td>load, opaque</td><td>{@code getOpaque}</td></tr>
 * <tr><td>{@code la}</td><td>load, acquire</td><td>{@code getAcquire}</td></tr>
 * <tr><td>{@code lv}</td><td>load, volatile (also a volatile field read; Atomic*'s {@code get})</td>
 *     <td>{@code getVolatile}</td></tr>
 * <tr><td>{@code sp}</td><td>store, plain (also a plain field or array element write)</td><td>{@code set}</td></tr>
 * <tr><td>{@code sop}</td><td>store, opaque</td><td>{@code setOpaque}</td></tr>
 * <tr><td>{@code so}</td><td>store ordered, that is release (JCTools' meaning)</td>
 *     <td>{@code setRelease}, {@code lazySet}</td></tr>
 * <tr><td>{@code sv}</td><td>store, volatile (also a volatile field write; Atomic*'s {@code set})</td>
 *     <td>{@code setVolatile}</td></tr>
 * <tr><td>{@code cas}</td><td>compare-and-set, volatile: true if it stored</td><td>{@code compareAndSet}</td></tr>
 * <tr><td>{@code cae}</td><td>compare-and-exchange, volatile: returns the value found (the witness)</td>
 *     <td>{@code compareAndExchange}</td></tr>
 * <tr><td>{@code getAndAdd}</td><td>get-and-add, volatile: returns the value before the add</td>
 *     <td>{@code getAndAdd}</td></tr>
 * </table>
 *
 * <p>{@code sop} is ours: JCTools has no opaque store, and {@code so} keeps JCTools' meaning,
 * release. No code here uses the acquire or release forms of a read-modify-write
 * ({@code getAndAddRelease}, {@code compareAndExchangeAcquire}) or a weak CAS
 * ({@code weakCompareAndSet*}); one that did would need a prefix of its own in this table first.
 * For an Atomic* class the call is the one of the same mode: its {@code get} and {@code set} are
 * volatile ({@code lv}, {@code sv}), where VarHandle's are plain.
 *
 * <p><b>Accessors.</b> An accessor is one access and nothing else: named {@code <prefix><What>},
 * beside its field or VarHandle (the accessors of a class come after its steps), private unless
 * another class of the design needs it (a buffer's sizeEstimate reads its shards' {@code loTail}),
 * never public (a public method is API, whatever its name: {@code ShardedBuffer.casRetries()}),
 * and small enough for the JIT to inline. Its Javadoc names the spec steps it serves and why its
 * mode is the one it has (often with the weak-memory model that rejects a weaker one). One
 * accessor may serve several steps ({@code AbstractSequencer.lvCursor}: Guard and ReadCursor).
 *
 * <p><b>Steps.</b> Each atomic step that a trace records is a method named for its spec action
 * (LoadSlotSeq: {@code loadSlotSeq}; a step on the AdaptiveSession's base adds {@code Base}), whose
 * body is one {@code Trace.enter()} / {@code Trace.exit(...)} bracket around one call of one
 * accessor, and whose event is the action's name:
 * <pre>{@code
 *   private long readCursor() {                // spec action ReadCursor
 *       Trace.enter();
 *       long c = lvCursor();                   // the accessor: one volatile load
 *       Trace.exit("ReadCursor", "cursor", c);
 *       return c;
 *   }
 * }</pre>
 * Its Javadoc says {@code Spec action <Name>}, which is what the counterexample tables link to.
 * Waits, retries and the choice of the next step stay in the callers. Where an action is named for
 * the CAS it makes (CasTail), the step keeps the action's name with the step's own parameters
 * ({@code casTail(t)}) and the accessor has the VarHandle's ({@code casTail(expect, update)});
 * where those would coincide, the step is named for what it moves over
 * ({@code PendingListSequencer.casCursorOverRun}, spec action CasCursor). Steps that no trace
 * records (the consumer role's, the spin baseline's, a consumer's own head) call their accessors
 * directly.
 *
 * <p>Two checks hold the code to this. {@code AccessorLegendTest} (tlc-runner) reads java-impl's
 * class files and fails on a VarHandle, Atomic* or Unsafe call, a fence or a volatile field access
 * outside an accessor (constructors and static initialisers aside: what they store precedes
 * publication), on a non-public method named with a prefix that makes more or less than one
 * shared access, and on an accessor whose access is not its prefix's (this table's call column is
 * what the test reads). The access-mode check ({@code make modes}, docs/memory-model.md) compares
 * each access's actual call with the mode its weak-memory model declares for the step.
 */
package io.github.uncontended;
