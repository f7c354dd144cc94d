#!/usr/bin/env bash
# Prints one JSON object describing where a benchmark run happened: host, cores, CPU, JDK, load.
# Usage: machine-info.sh JAVA_EXECUTABLE
set -euo pipefail
java=${1:-java}
esc() { sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | tr -d '\n'; }
jdk=$("$java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.vm.name|java.runtime.version|java.vendor =/{printf "%s ", $2}' | esc)
cpu=$(awk -F': ' '/model name/{print $2; exit}' /proc/cpuinfo 2>/dev/null | esc)
cat <<JSON
{
  "date": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "host": "$(hostname | esc)",
  "cores": $(nproc),
  "cpu": "$cpu",
  "os": "$(uname -srm | esc)",
  "jdk": "${jdk% }",
  "loadavg": "$(cut -d' ' -f1-3 /proc/loadavg)"
}
JSON
