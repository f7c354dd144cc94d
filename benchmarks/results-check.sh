#!/usr/bin/env bash
# benchmarks/results/ stays small enough to clone (issue 48, item 6): fails when its files pass
# 15 MB in all (15,000,000 bytes), or when a JSON file over 64 KB is stored uncompressed (run-plan.sh
# gzips those; benchmarks/results/README.md). Prints the size and the largest folders either way.
# Exit codes: 0 within the limits; 1 over one (named); 2 no such folder.
set -euo pipefail
dir=${1:-benchmarks/results}
limit=${BENCH_RESULTS_LIMIT:-15000000}
[ -d "$dir" ] || { echo "bench-results-check: no folder $dir" >&2; exit 2; }
bytes=$(find "$dir" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
status=0
if [ "$bytes" -gt "$limit" ]; then
  echo "bench-results-check: $dir holds $bytes bytes, over the limit of $limit: compress raw logs and large JSON" \
       "(gzip -9), or drop folders no page cites; the largest folders:" >&2
  du -s --block-size=1K "$dir"/*/ 2>/dev/null | sort -rn | head -5 >&2
  status=1
fi
big=$(find "$dir" -type f -name '*.json' -size +64k)
if [ -n "$big" ]; then
  echo "bench-results-check: JSON over 64 KB stored uncompressed (gzip -9 it; the report reads .json.gz):" >&2
  echo "$big" >&2
  status=1
fi
[ "$status" = 0 ] && echo "bench-results-check: $dir holds $bytes bytes (limit $limit), no uncompressed JSON over 64 KB"
exit $status
