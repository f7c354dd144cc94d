/**
 * Trace validation: a recorded Java run, checked by TLC against its spec.
 */
package io.github.uncontended.tlc.trace;
