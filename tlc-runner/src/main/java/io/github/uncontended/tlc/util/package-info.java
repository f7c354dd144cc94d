/**
 * Small helpers every tool uses: argument values, deleting a folder, the runner's version.
 */
package io.github.uncontended.tlc.util;
