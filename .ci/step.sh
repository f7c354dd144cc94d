#!/usr/bin/env bash
# One bounded, timed step of `make test` (and of .ci/run):
#
#   step.sh NAME BUDGET_MINUTES COMMAND...
#
# Runs COMMAND under GNU timeout (its whole process group: forked JVMs too), prints
# "== step NAME: M min S s (budget B min)" when it ends, and appends "NAME<TAB>seconds<TAB>budget<TAB>exit"
# to target/step-times.tsv. Past its budget the step is killed and fails naming itself: a hang is a
# failure, found where it happens. The budgets are written once, in .ci/budgets (each the slowest run
# seen of that step on a 2-core VM with at least 30% margin: docs/method.md, "Failing fast");
# STEP_BUDGET_SCALE=2 doubles every budget for a machine known to be slower.
set -uo pipefail
name=$1 budget=$2; shift 2
scale=${STEP_BUDGET_SCALE:-1}
limit=$(awk -v b="$budget" -v s="$scale" 'BEGIN { printf "%d", b * s * 60 }')
mkdir -p target
start=$SECONDS
# At a terminal, --foreground keeps Ctrl-C working (timeout then kills only its direct child on expiry);
# elsewhere (CI) timeout signals the whole process group it creates.
fg=(); [ -t 0 ] && fg=(--foreground)
timeout "${fg[@]}" --kill-after=30 "$limit" "$@"
rc=$?
took=$((SECONDS - start))
printf '%s\t%d\t%s\t%d\n' "$name" "$took" "$budget" "$rc" >> target/step-times.tsv
echo "== step $name: $((took / 60)) min $((took % 60)) s (budget $((limit / 60)) min)"
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
  echo "STEP TIMED OUT: $name ran past its budget of $((limit / 60)) min and was stopped; its last output above is where it hangs" >&2
fi
exit $rc
