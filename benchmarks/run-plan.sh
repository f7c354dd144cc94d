#!/usr/bin/env bash
# The JMH plan (benchmarks/plan.txt) run, or its time estimated (issue 48, item 7).
#
#   run-plan.sh estimate [--tags T,..] [--quick]
#   run-plan.sh run --out DIR [--tags T,..] [--quick] [--java JAVA] [--jar JAR] [--extra 'JMH OPTIONS']
#
# Each plan line is one benchmark method: for each of its thread counts, one JMH invocation with
# every implementation of the line (-p impl=..., so their ratios come from one run), the plan's
# options (defaults, `avgt`, or the line's own), and -rf json into DIR/<name>-t<N>.json. Before a
# line runs, `-l` must list exactly one benchmark for its regex (the estimate counts one), except
# for a line marked if-present, which is skipped, saying so, when the jar lacks it (ArenaBench:
# JDK 22+ builds only). --quick replaces every line's options by one fork of one 100 ms iteration,
# no warm-up: a smoke run that proves each benchmark runs, never a result. After the run, JSON
# files over 64 KB are gzipped (benchmarks/results/README.md) and DIR/plan.txt records the plan.
#
# The estimate: forks x (warm-up + measurement + FORK_OVERHEAD) x implementations x thread
# counts, per line and in all. FORK_OVERHEAD, the JVM start, JMH's setup and the trial's teardown,
# is 1 s: 32 one-fork runs of one 100 ms iteration took 32.1 s of wall time on the 2-core VM
# (2026-12-05, under load), so at most 0.9 s each.
#
# Exit codes: 0 every line ran (or was estimated); 1 a JMH invocation failed or a regex did not
# name exactly one benchmark; 2 bad usage or a malformed plan.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
PLAN=${PLAN:-$here/plan.txt}
DEFAULTS="-f 5 -wi 3 -w 1s -i 4 -r 1s"
AVGT="-f 5 -wi 2 -w 1s -i 3 -r 1s"
QUICK="-f 1 -wi 0 -i 1 -r 100ms"
FORK_OVERHEAD=1

usage() { echo "usage: $0 estimate [--tags T,..] [--quick] | run --out DIR [--tags T,..] [--quick] [--java JAVA] [--jar JAR] [--extra OPTS]" >&2; exit 2; }

[ $# -ge 1 ] || usage
cmd=$1; shift
case $cmd in estimate|run) ;; *) usage ;; esac
tags=headline,full; quick=0; out=; java=java; jar=$here/target/benchmarks.jar; extra=
while [ $# -gt 0 ]; do
  case $1 in
    --tags) tags=${2:?}; shift 2 ;;
    --quick) quick=1; shift ;;
    --out) out=${2:?}; shift 2 ;;
    --java) java=${2:?}; shift 2 ;;
    --jar) jar=${2:?}; shift 2 ;;
    --extra) extra=${2-}; shift 2 ;;
    *) usage ;;
  esac
done
[ "$cmd" = estimate ] || [ -n "$out" ] || usage
[ -f "$PLAN" ] || { echo "no plan at $PLAN" >&2; exit 2; }

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; printf '%s' "$s"; }

# Option strings merged, each a list of "-flag value" pairs: a later flag replaces an earlier one
# in place (JMH refuses a repeated option).
merge() {
  local -a keys=() vals=()
  local tok k i found
  for s in "$@"; do
    set -- $s
    while [ $# -gt 0 ]; do
      k=$1; tok=${2:?"option $1 without a value in: $s"}; shift 2
      found=0
      for i in "${!keys[@]}"; do
        if [ "${keys[$i]}" = "$k" ]; then vals[$i]=$tok; found=1; fi
      done
      [ "$found" = 1 ] || { keys+=("$k"); vals+=("$tok"); }
    done
  done
  for i in "${!keys[@]}"; do printf '%s %s ' "${keys[$i]}" "${vals[$i]}"; done
}

# The JMH options of a line: the defaults (or avgt's), the line's own, then --quick's.
options_of() {
  local o=$1 base=$DEFAULTS
  case ",$o," in *,avgt,*) base=$AVGT ;; esac
  local own=${o//avgt/}; own=${own//if-present/}; own=$(trim "${own//,/ }")
  if [ "$quick" = 1 ]; then merge "$base" "$own" "$QUICK"; else merge "$base" "$own"; fi
}

# The value of one JMH option in an option string (the last given), or the default.
opt() {
  local name=$1 def=$2; local v=$def; shift 2
  local args=($*)
  for ((i = 0; i < ${#args[@]}; i++)); do
    [ "${args[$i]}" = "$name" ] && v=${args[$((i + 1))]}
  done
  printf '%s' "$v"
}

seconds() {   # "1s" -> 1, "100ms" -> 0.1
  case $1 in *ms) awk -v v="${1%ms}" 'BEGIN { print v / 1000 }' ;; *s) echo "${1%s}" ;; *) echo "$1" ;; esac
}

calc() { awk "BEGIN { print $1 }"; }   # awk, not bc: every Debian image has it

total=0; lines=0; failed=0
[ "$cmd" = run ] && mkdir -p "$out" && cp "$PLAN" "$out/plan.txt"
while IFS= read -r raw || [ -n "$raw" ]; do
  line=$(trim "$raw")
  [ -z "$line" ] && continue
  [ "${line:0:1}" = "#" ] && continue
  IFS='|' read -r name ltags regex threads impls opts rest <<< "$line"
  name=$(trim "$name"); ltags=$(trim "$ltags"); regex=$(trim "$regex"); threads=$(trim "$threads")
  impls=$(trim "$impls"); opts=$(trim "${opts-}")
  if [ -z "$name" ] || [ -z "$regex" ] || [ -z "$threads" ] || [ -z "$impls" ] || [ -n "$(trim "${rest-}")" ]; then
    echo "$PLAN: malformed line (name | tags | benchmark | threads | impls | options): $raw" >&2; exit 2
  fi
  selected=0
  for t in ${tags//,/ }; do case ",$ltags," in *",$t,"*) selected=1 ;; esac; done
  [ "$selected" = 1 ] || continue
  param=impl; values=$impls
  case $impls in *=*) param=${impls%%=*}; values=${impls#*=} ;; esac
  n_impls=$(tr ',' '\n' <<< "$values" | grep -c .)
  jmh=$(options_of "$opts")
  f=$(opt -f 1 $jmh); wi=$(opt -wi 0 $jmh); w=$(seconds "$(opt -w 1s $jmh)"); i=$(opt -i 1 $jmh); r=$(seconds "$(opt -r 1s $jmh)")
  points=$(wc -w <<< "$threads")
  secs=$(calc "$f * ($wi * $w + $i * $r + $FORK_OVERHEAD) * $n_impls * $points")
  lines=$((lines + 1)); total=$(calc "$total + $secs")
  if [ "$cmd" = estimate ]; then
    printf '%-28s %-9s t=%-6s %2d impls x %d points x %d forks x (%s x %ss + %s x %ss + %ss) = %6.0f s\n' \
      "$name" "$ltags" "${threads// /,}" "$n_impls" "$points" "$f" "$wi" "$w" "$i" "$r" "$FORK_OVERHEAD" "$secs"
    continue
  fi
  listed=$("$java" -jar "$jar" -l "$regex" | tail -n +2 | grep -c . || true)
  if [ "$listed" != 1 ]; then
    case ",$opts," in
      *,if-present,*) [ "$listed" = 0 ] && { echo "== $name: $regex is not in this jar (if-present): skipped"; continue; } ;;
    esac
    echo "== $name: the regex $regex names $listed benchmarks in $jar, not 1" >&2; exit 1
  fi
  for t in $threads; do
    echo "== $name, $t thread(s): $regex -p $param=$values $jmh $extra"
    if ! "$java" -jar "$jar" "$regex" -t "$t" -p "$param=$values" $jmh $extra -rf json -rff "$out/$name-t$t.json"; then
      echo "== $name, $t thread(s): JMH failed" >&2; failed=1
    fi
  done
done < "$PLAN"

if [ "$cmd" = estimate ]; then
  printf 'plan (%s%s): %d lines, %.0f s = %d min %d s, estimated\n' "$tags" "$([ $quick = 1 ] && echo ', quick')" \
    "$lines" "$total" "$(calc "int($total / 60)")" "$(calc "int($total % 60)")"
  exit 0
fi
[ "$lines" -gt 0 ] || { echo "no plan line is tagged $tags" >&2; exit 2; }
find "$out" -maxdepth 1 -name '*.json' -size +64k -exec gzip -9 {} +
[ "$failed" = 0 ] || { echo "run-plan: a JMH invocation failed (above); results in $out" >&2; exit 1; }
echo "run-plan: $lines lines run into $out"
