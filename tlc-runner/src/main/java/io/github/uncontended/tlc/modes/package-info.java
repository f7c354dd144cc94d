/**
 * The access-mode check: each Java access (ours and the peers' class files) against the mode its
 * weak-memory model declares, and the one-step weakenings written as mutants.
 */
package io.github.uncontended.tlc.modes;
