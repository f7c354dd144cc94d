#!/usr/bin/env bash
# Runs the jcstress suites against the access-mode mutants: the implementations with one access
# weakened by one step (the runner jar's `mutants` subcommand writes them, one rewritten class file each). Each
# mutant goes first on the class path of jcstress and of every VM it forks, so the real tests run
# the weakened code. A mutant is CAUGHT when jcstress reports a FORBIDDEN outcome in any of its
# design's tests; jcstress on this x86 machine can only see what the hardware (x86-TSO) and the
# JIT make of it. The TLC models say which mutants the hardware cannot show at all
# (docs/memory-model.md).
#
#   run-mutants.sh MODE RESULTS_DIR [MUTANT_REGEX]
#
# MUTANT_JVM_ARGS, if set, is passed to jcstress as -jvmArgs: the forks then run only that VM
# configuration instead of jcstress's four (plain and with C2's Stress* randomizers, each with and
# without biased locking), which makes a full run four times shorter.
#
# Writes RESULTS_DIR/mutants.tsv (mutant, design, steps, caught|missed, failing tests, seconds)
# and RESULTS_DIR/<mutant>/ (jcstress's report). Exits 0 when every mutant ran, whatever it found:
# this is a measurement, not a gate; 1 when a run could not be made.
set -uo pipefail
cd "$(dirname "$0")/.."
preset=${1:?mode} results=${2:?results dir} only=${3:-.}
jar=$(pwd)/jcstress-tests/target/jcstress.jar
runner=$(pwd)/tlc-runner/target/tlc-runner.jar
mkdir -p "$2"
# A copy of the jar and the runner: a build during the (long) run must not change what it runs.
cp "$jar" "$2/jcstress.jar" 2>/dev/null && jar=$(cd "$2" && pwd)/jcstress.jar
rm -rf "$2/impl-classes"   # cp -r into a copy an earlier run left would nest it, and the old classes would run
cp -r java-impl/target/classes "$2/impl-classes" 2>/dev/null
for f in "$jar" "$runner"; do
  [ -f "$f" ] || { echo "run-mutants: $f is missing; build it with: make build" >&2; exit 1; }
done
mkdir -p "$results"
results=$(cd "$results" && pwd)
java -jar "$runner" mutants "$results/classes" --specs specs --classes "$results/impl-classes" || exit 1

java_opts=() jcstress_opts=()
[ -n "${MUTANT_JVM_ARGS:-}" ] && jcstress_opts+=(-jvmArgs "$MUTANT_JVM_ARGS")
major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = \([0-9]*\).*/\1/p')
if [ "${major:-17}" -ge 24 ]; then
  java_opts+=(--enable-native-access=ALL-UNNAMED)
  jcstress_opts+=(-jvmArgsPrepend --enable-native-access=ALL-UNNAMED)
fi

out="$results/mutants.tsv"
printf 'mutant\tdesign\tsteps\tverdict\tfailed tests\tseconds\n' > "$out"
while IFS=$'\t' read -r name design steps where from to; do
  [[ "$name" =~ $only ]] || continue
  dir="$results/$name"
  mkdir -p "$dir"
  start=$(date +%s)
  # Every non-broken test of the design's package: the suites the real code must pass.
  (cd "$dir" && timeout 3600 java "${java_opts[@]}" -cp "$results/classes/$name:$jar" org.openjdk.jcstress.Main \
      -t "^io\.github\.uncontended\.$design\.[A-Za-z]+Test$" -m "$preset" -c 2 -r "$dir" "${jcstress_opts[@]}") \
      > "$dir/console.txt" 2>&1
  status=$?
  secs=$(( $(date +%s) - start ))
  if grep -q 'FATAL' "$dir/console.txt" || [ $status -eq 124 ]; then
    echo "run-mutants: $name: jcstress did not run (status $status): $(grep -m1 FATAL "$dir/console.txt")" >&2
    exit 1
  fi
  failed=$(sed -n '/^RUN RESULTS:/,$p' "$dir/console.txt" \
    | sed -n 's/^\.* *\[FAILED\] io\.github\.uncontended\.[a-z]*\.\([A-Za-z0-9_]*\).*/\1/p' | sort -u | paste -sd, -)
  verdict=$([ -n "$failed" ] && echo caught || echo missed)
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$design" "$steps" "$verdict" "${failed:--}" "$secs" | tee -a "$out"
done < <(tail -n +2 "$results/classes/mutants.tsv")
echo "run-mutants: $(grep -c $'\tcaught\t' "$out") caught, $(grep -c $'\tmissed\t' "$out") missed; table: $out"
