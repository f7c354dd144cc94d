#!/usr/bin/env bash
# Closing lines of a test run: what ran, per kind, and the total as "N passed, N failed".
# Counts come from the run's own records: Surefire and Failsafe XML reports, jcstress result pages
# and the record of caught broken variants, the TLC runner's JSON report. Run after the steps; a step that failed has already stopped make.
#
#   test-summary.sh                      after make test: every kind; also saves the counts to
#                                        target/test-summary.counts
#   test-summary.sh java LABEL JCDIR     after make test-java on another JDK: its JUnit reports and the
#                                        jcstress results in JCDIR, then the total with the saved counts
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
junit() {   # prints "tests failures errors skipped" over the report folders of the given modules
  python3 - "$@" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
t = f = e = s = 0
for module in sys.argv[1:]:
    for p in glob.glob(module + '/target/surefire-reports/TEST-*.xml') + glob.glob(module + '/target/failsafe-reports/TEST-*.xml'):
        r = ET.parse(p).getroot()
        t += int(r.get('tests', 0)); f += int(r.get('failures', 0)); e += int(r.get('errors', 0)); s += int(r.get('skipped', 0))
print(t, f, e, s)
PY
}
if [ "$mode" = java ]; then
  label=$2 jcdir=$3
  read -r tests failures errors skipped < <(junit java-impl lincheck-tests jcstress-tests benchmarks)
  jc_ok=$(ls "$jcdir"/io.github.uncontended.*.html 2>/dev/null | wc -l)
  unit_passed=$((tests - failures - errors - skipped))
  echo "test summary, $label: JUnit (unit, Lincheck) $unit_passed/$tests passed ($skipped skipped); jcstress $jc_ok passed"
  read -r p0 f0 s0 < target/test-summary.counts
  echo "$((p0 + unit_passed + jc_ok)) passed, $((f0 + failures + errors)) failed, $((s0 + skipped)) skipped"
  exit 0
fi
read -r tests failures errors skipped < <(junit */)
jc_ok=$(ls target/jcstress/io.github.uncontended.*.html 2>/dev/null | wc -l)
# A broken variant counts once a fork caught it (run-jcstress.sh records each in caught.tsv; the
# run may stop before jcstress writes its result pages).
jc_broken=$(cat target/jcstress-broken/caught.tsv 2>/dev/null | wc -l)
read -r models matched < <(python3 -c "import json; r=json.load(open('target/model-check/report.json')); print(r['summary']['models'], r['summary']['matched'])")
read -r modes_ok modes_bad peer_ok peer_bad < <(python3 -c "import json; r=json.load(open('target/access-modes.json')); print(r['matched'], r['mismatched'], r.get('peerMatched', 0), r.get('peerMismatched', 0))")
read -r traces traced_ok < <(python3 -c "import json; r=json.load(open('target/trace-check/summary.json')); print(r['traces'], r['asExpected'])")
unit_passed=$((tests - failures - errors - skipped))
echo "test summary: JUnit (runner, unit, Lincheck) $unit_passed/$tests passed ($skipped skipped);" \
     "jcstress $jc_ok passed and $jc_broken broken variants caught; TLC models $matched/$models as pinned;" \
     "access modes $modes_ok matching their models ($modes_bad mismatched), peers' $peer_ok ($peer_bad mismatched);" \
     "recorded traces $traced_ok/$traces judged as expected; design pages in step with the code and the counterexamples"
passed=$((unit_passed + jc_ok + jc_broken + matched + modes_ok + peer_ok + traced_ok))
failed=$((failures + errors + models - matched + modes_bad + peer_bad + traces - traced_ok))
if [ -f target/step-times.tsv ]; then
  echo "steps (min:s, budget in min): $(awk -F'\t' '{ printf "%s%s %d:%02d/%d", (NR > 1 ? ", " : ""), $1, $2 / 60, $2 % 60, $3 }' target/step-times.tsv)"
fi
echo "$passed $failed $skipped" > target/test-summary.counts
echo "$passed passed, $failed failed, $skipped skipped"
