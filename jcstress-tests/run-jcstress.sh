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
# One jcstress invocation for the whole selection, in verbose mode (-v: every fork's result is
# printed as it ends). jcstress probes the JVM once per invocation (about 30 JVM starts: 15 s on a
# quiet 2-core machine, 35 s on a loaded one), so one invocation instead of one per test saves that
# per test; the forks of all selected tests run in one shuffled order, each in the configuration
# (JVM flags, compilation modes, iterations) it would have had alone.
#
# expect-fail stops as soon as every selected test has had one fork report a forbidden outcome
# ([FAILED]): a broken variant is caught by its first failing fork, in the configuration and mode the
# passing tests run in, and the forks after it could only say the same. RESULTS_DIR/caught.tsv
# records, for each broken variant, the fork that caught it (seconds into the run, JVM arguments,
# compilation modes), so that each "still caught" is on record.
#
# The VM configurations: jcstress's, less its biased-locking axis (WithoutBiasedLockingAxis: on JDK
# 17 that axis runs every fork twice, once with biased locking on and once off, and no code under
# test takes a monitor), so 14 forks a test in mode quick where jcstress alone makes 28; the
# configurations jcstress printed are checked for it. JCSTRESS_FULL=1 runs jcstress's own Main, with
# every configuration, and every fork to the end (jcstress's full report for each broken variant too;
# make jcstress-deep does).
#
# Bounded, and a hang names itself:
#  - stall: when no fork has reported for JCSTRESS_STALL seconds (default 240 in mode quick: a fork
#    takes 2 to 4 s here, up to 12 s on a loaded machine), the run is killed and the tests whose
#    forks are still outstanding are named (a hung actor: jcstress's own fork timeout is far longer);
#  - budget: the whole invocation gets JCSTRESS_TEST_BUDGET seconds per selected test (default 300
#    in mode quick, where a test takes 50 s on a quiet 2-core Xeon and 100 s on a loaded AMD EPYC),
#    and 120 s more for jcstress's probing of the JVM.
# A killed run fails, naming what it waited for; it is never reported as passed or caught.
set -uo pipefail
cd "$(dirname "$0")/.."
expect=$1 regex=$2 preset=$3 results=$4
jar=jcstress-tests/target/jcstress.jar
[ -f "$jar" ] || { echo "run-jcstress: $jar is missing; build it with: mvn -pl jcstress-tests -am package -DskipTests" >&2; exit 2; }
case "$expect" in expect-pass|expect-fail) ;; *) echo "run-jcstress: first argument must be expect-pass or expect-fail, not '$expect'" >&2; exit 2;; esac
case "$preset" in
  sanity)  default_budget=120  default_stall=120 ;;
  quick)   default_budget=300  default_stall=240 ;;
  default) default_budget=1200 default_stall=600 ;;
  *)       default_budget=3600 default_stall=1200 ;;
esac
budget=${JCSTRESS_TEST_BUDGET:-$default_budget}
stall=${JCSTRESS_STALL:-$default_stall}
full=${JCSTRESS_FULL:-0}

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
console="$results/console.txt" caught="$results/caught.tsv"
rm -f "$results"/io.github.uncontended.*.html "$console" "$caught"
total_budget=$((budget * ${#tests[@]} + 120))   # and 120 s for jcstress to probe the JVM, once
early=$([ "$expect" = expect-fail ] && [ "$full" != 1 ] && echo 1 || echo 0)
echo "jcstress ($expect, mode $preset, ${#tests[@]} tests in one run, at most $total_budget s in all and $stall s" \
     "without a fork reporting$([ "$early" = 1 ] && echo ", until each is caught")): ${tests[*]##*.}"

# The selection as one anchored alternation of the exact names.
sel=$(printf '%s|' "${tests[@]//./\\.}"); sel="^(${sel%|})\$"

# Fork results so far: "<label> <test>" per fork, in the order they ended.
# (Up to jcstress's closing RUN RESULTS, whose per-test lines look the same.)
forks() { sed -n '/^RUN RESULTS:/q; s/^ *\.* *\[\([A-Z -]*\)\] \(io\.github\.uncontended\.[A-Za-z0-9_.$]*\)$/\1 \2/p' "$console"; }

# timeout runs jcstress in a process group of its own and signals the whole group (the forked
# JVMs too) when it expires or is itself sent TERM: that is how the watchdog below stops a run.
start=$SECONDS
main=$([ "$full" = 1 ] && echo org.openjdk.jcstress.Main || echo io.github.uncontended.jcstress.WithoutBiasedLockingAxis)
(cd "$results" && exec timeout --kill-after=10 "$total_budget" java "${java_opts[@]}" -cp "$jar" "$main" -t "$sel" \
   -m "$preset" -c 2 -v -r "$results" "${jcstress_opts[@]}") > "$console" 2>&1 &
pid=$!
# The configurations jcstress composed ("----- [OK] [flags]" after its "Probing what VM
# configurations"), read once it has composed them: without the biased-locking axis unless
# JCSTRESS_FULL=1, or the run stops there.
configs=""
configs_bad() {
  configs=$(sed -n '/^Probing what VM configurations/,/^Detecting CPU topology/s/^----- \[OK\] //p' "$console")
  [ -z "$configs" ] || { [ "$full" != 1 ] && grep -q 'UseBiasedLocking' <<< "$configs"; }
}
stopped="" last=-1 last_change=$SECONDS
declare -A caught_at=()   # test -> seconds into the run when its first FAILED fork was seen
while kill -0 "$pid" 2>/dev/null; do
  sleep 2
  if [ -z "$configs" ] && grep -q '^Detecting CPU topology' "$console" && configs_bad; then
    stopped=configs; kill -TERM "$pid" 2>/dev/null; break
  fi
  n=$(forks | wc -l)
  if [ "$n" -ne "$last" ]; then last=$n last_change=$SECONDS; fi
  if [ "$expect" = expect-fail ] && [ "$n" -gt 0 ]; then
    all=1
    for t in "${tests[@]}"; do
      [ -n "${caught_at[$t]:-}" ] && continue
      if forks | grep -qxF "FAILED $t"; then caught_at[$t]=$((SECONDS - start)); else all=0; fi
    done
    if [ "$early" = 1 ] && [ $all = 1 ]; then stopped=caught; kill -TERM "$pid" 2>/dev/null; break; fi
  fi
  if (( SECONDS - last_change > stall )); then stopped=stall; kill -TERM "$pid" 2>/dev/null; break; fi
done
wait "$pid"; rc=$?
elapsed=$((SECONDS - start))

# Per test: how many of its forks reported, and how.
summary() {
  for t in "${tests[@]}"; do
    printf '  %s: %d forks reported (%d failed)\n' "${t##*.}" "$(forks | grep -c " $t\$")" "$(forks | grep -cxF "FAILED $t")"
  done
}

if [ "$stopped" = configs ]; then
  echo "run-jcstress: the biased-locking axis was not dropped (or no configuration was printed); jcstress composed:" \
       "$(tr '\n' ' ' <<< "${configs:-nothing}")(full output: $console)" >&2
  exit 1
fi
if [ "$stopped" = stall ] || { [ -z "$stopped" ] && { [ $rc -eq 124 ] || [ $rc -eq 137 ]; }; }; then
  why=$([ "$stopped" = stall ] && echo "no fork reported for $stall s" || echo "the run passed its budget of $total_budget s")
  echo "run-jcstress: TIMEOUT after $elapsed s: $why (mode $preset, selection '$regex'): a hung actor? Killed." \
       "$([ "$last" -gt 0 ] && echo "The last fork reported $((SECONDS - last_change)) s before" || echo "No fork had reported"); forks so far:" >&2
  summary >&2
  echo "  the test with the fewest forks reported is the likely one; full output: $console" >&2
  exit 1
fi
if grep -q 'FATAL' "$console"; then
  echo "run-jcstress: jcstress could not run: $(grep -m1 FATAL "$console")" >&2
  exit 1
fi
if [ -z "$configs" ] && configs_bad; then
  echo "run-jcstress: the biased-locking axis was not dropped (or no configuration was printed); jcstress composed:" \
       "$(tr '\n' ' ' <<< "${configs:-nothing}")(full output: $console)" >&2
  exit 1
fi

if [ "$expect" = expect-fail ]; then
  # The fork that caught each broken variant: its JVM arguments and compilation modes.
  missed=()
  for t in "${tests[@]}"; do
    block=$(awk -v t="$t" '
      !f && /\[FAILED\] / && $NF == t {f = 1; next}
      f && /Compilation:/ {c = $2; n = 0; cc = 1; next}
      f && cc && /^    [^ ]/ {sub(/^ +/, ""); c = c (n++ ? ", " : " (") $0; next}
      f && cc {cc = 0; if (n) c = c ")"}
      f && /JVM args:/ {sub(/^ *JVM args: /, ""); a = $0}
      f && /Fork:/ {print a "\t" c; exit}' "$console")
    if [ -n "$block" ]; then
      printf '%s\t%s\t%s\n' "$t" "${caught_at[$t]:-?}" "$block" >> "$caught"
    else
      missed+=("$t")
    fi
  done
  if [ ${#missed[@]} -gt 0 ]; then
    echo "run-jcstress: NOT CAUGHT: ${missed[*]}: a test run against a broken variant passed every fork, so it cannot fail (full output: $console)" >&2
    summary >&2
    exit 1
  fi
  how=$([ "$stopped" = caught ] && echo "stopped once each was caught" || echo "every fork run")
  echo "run-jcstress: all ${#tests[@]} broken variants caught (a fork reported FAILED, as it must) in $elapsed s, $how; the catching forks ($caught):"
  while IFS=$'\t' read -r t at args comp; do echo "  ${t##*.}: after ${at} s, JVM args $args, compilation $comp"; done < "$caught"
  exit 0
fi

# expect-pass: jcstress ran to its end.
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
mapfile -t errored < <(forks | grep -v -E '^(OK|FAILED) ' | sort -u)
if [ $rc -ne 0 ] || [ ${#failed[@]} -gt 0 ] || [ ${#errored[@]} -gt 0 ]; then
  # jcstress's closing RUN RESULTS, from the failed and erring tests on (their tables across all configurations)
  sed -n '/^RUN RESULTS:/,/^All remaining tests/p' "$console" | grep -v -E '^ *(Interesting|Failed|Error) tests: No matches\.|All remaining tests|^RUN RESULTS:|^ *$' \
    | sed -n '/^ *\(Failed\|Error\) tests:/,$p' >&2 || true
  echo "run-jcstress: FAILED: ${failed[*]:-}${errored[*]:+ errors: ${errored[*]}}${failed[*]:+}$([ $rc -ne 0 ] && echo " (jcstress exited with $rc)") (full output: $console)" >&2
  exit 1
fi
echo "run-jcstress: all ${#tests[@]} tests passed ($(forks | wc -l) forks, $elapsed s)"
