/**
 * The check tool: runs the selected models through the engine, judges each against its manifest
 * entry, pins counts, audits properties one by one.
 */
package io.github.uncontended.tlc.check;
