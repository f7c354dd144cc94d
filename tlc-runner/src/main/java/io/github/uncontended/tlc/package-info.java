/**
 * The runner's one entry point ({@link io.github.uncontended.tlc.Runner}) and its subcommands.
 */
package io.github.uncontended.tlc;
