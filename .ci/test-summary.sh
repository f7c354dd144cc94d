#!/usr/bin/env bash
# Closing lines of `make test`: what ran, per kind, and the total as "N passed, N failed".
# Counts come from the run's own records: Surefire XML reports, jcstress result pages, the TLC
# runner's JSON report. Run after the steps; a step that failed has already stopped make.
set -euo pipefail
cd "$(dirname "$0")/.."
read -r tests failures errors skipped < <(python3 - <<'PY'
import glob, xml.etree.ElementTree as ET
t = f = e = s = 0
for p in glob.glob('*/target/surefire-reports/TEST-*.xml'):
    r = ET.parse(p).getroot()
    t += int(r.get('tests', 0)); f += int(r.get('failures', 0)); e += int(r.get('errors', 0)); s += int(r.get('skipped', 0))
print(t, f, e, s)
PY
)
jc_ok=$(ls target/jcstress/io.github.uncontended.*.html 2>/dev/null | wc -l)
jc_broken=$(ls target/jcstress-broken/io.github.uncontended.*.html 2>/dev/null | wc -l)
read -r models matched < <(python3 -c "import json; r=json.load(open('target/model-check/report.json')); print(r['summary']['models'], r['summary']['matched'])")
read -r modes_ok modes_bad < <(python3 -c "import json; r=json.load(open('target/access-modes.json')); print(r['matched'], r['mismatched'])")
read -r traces traced_ok < <(python3 -c "import json; r=json.load(open('target/trace-check/summary.json')); print(r['traces'], r['asExpected'])")
unit_passed=$((tests - failures - errors - skipped))
echo "test summary: JUnit (runner, unit, Lincheck) $unit_passed/$tests passed ($skipped skipped);" \
     "jcstress $jc_ok passed and $jc_broken broken variants caught; TLC models $matched/$models as pinned;" \
     "access modes $modes_ok matching their models ($modes_bad mismatched);" \
     "recorded traces $traced_ok/$traces judged as expected"
passed=$((unit_passed + jc_ok + jc_broken + matched + modes_ok + traced_ok))
failed=$((failures + errors + models - matched + modes_bad + traces - traced_ok))
echo "$passed passed, $failed failed, $skipped skipped"
