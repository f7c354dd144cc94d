/**
 * jcstress, driven: one selection run in one jcstress invocation under a watchdog
 * ({@link io.github.uncontended.tlc.jcstress.JcstressRun}), judged as expected to pass or to be
 * caught ({@link io.github.uncontended.tlc.jcstress.Verdict}), the access-mode mutants run through
 * each design's suite ({@link io.github.uncontended.tlc.jcstress.MutantRuns}), and the one reader of
 * jcstress's console ({@link io.github.uncontended.tlc.jcstress.JcstressConsole}), which the test
 * summary uses too.
 */
package io.github.uncontended.tlc.jcstress;
