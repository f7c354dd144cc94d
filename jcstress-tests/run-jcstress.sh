#!/usr/bin/env bash
# Runs a selection of the jcstress tests and judges it.
#
#   run-jcstress.sh expect-pass REGEX MODE RESULTS_DIR   every selected test must pass
#   run-jcstress.sh expect-fail REGEX MODE RESULTS_DIR   every selected test must be reported FAILED:
#                                                        they run against deliberately broken variants,
#                                                        and one that passes means the test cannot fail
#
# An empty selection is an error (jcstress itself exits 0 on "No matching tests").
#
# Bounded: each selected test runs in its own jcstress invocation under GNU timeout, with a budget
# per test (JCSTRESS_TEST_BUDGET seconds; by default 300 in mode quick, which takes 40 s per test on
# a quiet 2-core machine and up to 100 s on a loaded one, and more in the longer modes). A test
# that runs past it (a hung actor: jcstress has no timeout of its own) is killed and the run fails
# naming it, after the other tests have run.
set -uo pipefail
cd "$(dirname "$0")/.."
expect=$1 regex=$2 preset=$3 results=$4
jar=jcstress-tests/target/jcstress.jar
[ -f "$jar" ] || { echo "run-jcstress: $jar is missing; build it with: mvn -pl jcstress-tests -am package -DskipTests" >&2; exit 2; }
case "$expect" in expect-pass|expect-fail) ;; *) echo "run-jcstress: first argument must be expect-pass or expect-fail, not '$expect'" >&2; exit 2;; esac
case "$preset" in
  sanity) default_budget=120 ;;
  quick) default_budget=300 ;;
  default) default_budget=1200 ;;
  *) default_budget=3600 ;;
esac
budget=${JCSTRESS_TEST_BUDGET:-$default_budget}

java_opts=() jcstress_opts=()
major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = \([0-9]*\).*/\1/p')
if [ "${major:-17}" -ge 24 ]; then   # JDK 24+: jcstress's native affinity calls need this, in the forked VMs too
  java_opts+=(--enable-native-access=ALL-UNNAMED)
  jcstress_opts+=(-jvmArgsPrepend --enable-native-access=ALL-UNNAMED)
fi

mapfile -t tests < <(timeout 120 java "${java_opts[@]}" -jar "$jar" -t "$regex" -l 2>/dev/null | grep -E '^io\.github\.uncontended\.')
if [ ${#tests[@]} -eq 0 ]; then
  echo "run-jcstress: no jcstress test matches '$regex' (or listing them took over 120 s)" >&2
  exit 1
fi
mkdir -p "$results"
results=$(cd "$results" && pwd) jar=$(pwd)/$jar
console="$results/console.txt"
rm -f "$results"/io.github.uncontended.*.html "$console"
echo "jcstress ($expect, mode $preset, ${#tests[@]} tests, at most $budget s each): ${tests[*]##*.}"

# One jcstress run per test, inside the results folder (jcstress writes its
# jcstress-results-*.bin.gz to the working directory), all into one console.
status=0 timedout=()
for t in "${tests[@]}"; do
  start=$SECONDS
  echo "=== $t" >> "$console"
  (cd "$results" && timeout --kill-after=10 "$budget" java "${java_opts[@]}" -jar "$jar" -t "^${t//./\\.}\$" \
     -m "$preset" -c 2 -r "$results" "${jcstress_opts[@]}") >> "$console" 2>&1
  rc=$?
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    timedout+=("$t")
    echo "  ${t##*.}: TIMEOUT after $((SECONDS - start)) s (budget $budget s)"
  else
    [ $rc -ne 0 ] && status=$rc
    echo "  ${t##*.}: jcstress exit $rc, $((SECONDS - start)) s"
  fi
done

# The RUN RESULTS sections that report something: failed tests with their outcome tables.
sed -n '/^RUN RESULTS:/,/HTML report generated/p' "$console" | grep -v -E '^ *(Interesting|Failed|Error) tests: No matches\.|All remaining tests|HTML report generated|^RUN RESULTS:|^ *$' || true

if [ ${#timedout[@]} -gt 0 ]; then
  echo "run-jcstress: TIMEOUT: ${timedout[*]} ran past the budget of $budget s per test (mode $preset, selection '$regex'): a hung actor? Killed; full output: $console" >&2
  exit 1
fi

# jcstress skips, silently, a test with more actors than the CPUs it was given: every selected
# test must have left its result page, or it did not run.
notrun=()
for t in "${tests[@]}"; do
  [ -f "$results/$t.html" ] || notrun+=("$t")
done
if [ ${#notrun[@]} -gt 0 ]; then
  echo "run-jcstress: NOT RUN: ${notrun[*]} (more actors than the 2 CPUs given to -c?)" >&2
  exit 1
fi

mapfile -t failed < <(sed -n '/^RUN RESULTS:/,$p' "$console" | sed -n 's/^\.* *\[FAILED\] \(io\.github\.uncontended\.[A-Za-z0-9_.$]*\).*/\1/p' | sort -u)
if grep -q 'FATAL' "$console"; then
  echo "run-jcstress: jcstress could not run: $(grep -m1 FATAL "$console")" >&2
  exit 1
fi
if [ "$expect" = expect-pass ]; then
  if [ $status -ne 0 ] || [ ${#failed[@]} -gt 0 ]; then
    echo "run-jcstress: FAILED: ${failed[*]:-jcstress exited with $status} (full output: $console)" >&2
    exit 1
  fi
  echo "run-jcstress: all ${#tests[@]} tests passed"
else
  missed=()
  for t in "${tests[@]}"; do
    printf '%s\n' "${failed[@]}" | grep -qxF "$t" || missed+=("$t")
  done
  if [ ${#missed[@]} -gt 0 ]; then
    echo "run-jcstress: NOT CAUGHT: ${missed[*]}: a test run against a broken variant passed, so it cannot fail (full output: $console)" >&2
    exit 1
  fi
  echo "run-jcstress: all ${#tests[@]} broken variants caught (reported FAILED, as they must be)"
fi
