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
 * <caption>Prefix, access mode, and the VarHandle (or Atomic*) call</caption>
 * <tr><th>prefix</th><th>mode</th><th>call</th></tr>
 * <tr><td>{@code lp}</td><td>load plain</td><td>{@code get}, a plain field read</td></tr>
 * <tr><td>{@code lo}</td><td>load opaque</td><td>{@code getOpaque}</td></tr>
 * <tr><td>{@code la}</td><td>load acquire</td><td>{@code getAcquire}</td></tr>
 * <tr><td>{@code lv}</td><td>load volatile</td><td>{@code getVolatile}, a volatile field read</td></tr>
 * <tr><td>{@code sp}</td><td>store plain</td><td>{@code set}, a plain field write</td></tr>
 * <tr><td>{@code sop}</td><td>store opaque</td><td>{@code setOpaque} (JCTools has no opaque store:
 *     this prefix is ours, distinct from {@code so})</td></tr>
 * <tr><td>{@code so}</td><td>store ordered, that is RELEASE (JCTools' meaning)</td><td>{@code setRelease},
 *     {@code lazySet}</td></tr>
 * <tr><td>{@code sv}</td><td>store volatile</td><td>{@code setVolatile}, a volatile field write</td></tr>
 * <tr><td>{@code cas}</td><td>compare-and-set, volatile</td><td>{@code compareAndSet}</td></tr>
 * <tr><td>{@code cae}</td><td>compare-and-exchange, volatile (returns the witness)</td>
 *     <td>{@code compareAndExchange}</td></tr>
 * </table>
 *
 * <p>An accessor that is one spec step says so in its Javadoc: the TLA+ action it performs, and
 * why its mode is the one it has (often with the weak-memory model that rejects a weaker one).
 * Steps that are not simple accessors (a traced block inside a larger method) are named for their
 * action alone. The access-mode check ({@code make modes}, docs/memory-model.md) compares each
 * access's actual call with the mode its weak-memory model declares, whatever the method's name;
 * the prefix is for the reader.
 */
package io.github.uncontended;
