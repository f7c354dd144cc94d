/**
 * TLC itself: its command line, one run, its output parsed, the distributed mode, PlusCal
 * translation, TLA+ values.
 */
package io.github.uncontended.tlc.engine;
