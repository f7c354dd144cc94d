#!/usr/bin/env bash
# Closing lines of a test run: what ran, per kind, and the total as "N passed, N failed".
# Counts come from the run's own records: Surefire and Failsafe XML reports, jcstress's console (the
# tests its closing results call OK, read by the jcstress driver's reader) and the record of caught
# broken variants (caught.tsv), the TLC runner's JSON reports
# (the runner jar's `summary` subcommand). Run after the steps; a step that
# failed has already stopped make.
#
#   test-summary.sh                      after make test: every kind; also saves the counts to
#                                        target/test-summary.counts
#   test-summary.sh java LABEL JCDIR     after make test-java on another JDK: its JUnit reports and the
#                                        jcstress results in JCDIR, then the total with the saved counts
set -euo pipefail
cd "$(dirname "$0")/.."
exec java -jar tlc-runner/target/tlc-runner.jar summary "$@"
