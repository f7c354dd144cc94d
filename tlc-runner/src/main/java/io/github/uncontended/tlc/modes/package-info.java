/**
 * The access-mode check: each access of the bound class files (a manifest's "java" binding, any
 * project's; and the peers' "peer" bindings) against the mode its weak-memory model declares,
 * bound by access sites of the bytecode alone; the wait loops whose plain loads break progress;
 * and the one-step weakenings written as mutants.
 */
package io.github.uncontended.tlc.modes;
