/**
 * The documentation checks: embedded counterexamples, line references, durations, links and
 * anchors, prose step references.
 */
package io.github.uncontended.tlc.docs;
