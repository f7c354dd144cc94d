/**
 * What a run leaves behind: the results table, report.json, JUnit XML, the Markdown summary, and
 * each counterexample's text, table and swimlane.
 */
package io.github.uncontended.tlc.report;
