#!/usr/bin/env bash
# examples/spsc-ring from the runner jar alone (make examples, a step of make test; docs/adopting.md):
# an empty temporary folder gets a copy of the runner jar, the example's specs/ and its class compiled
# with javac, and nothing else of this repository. From that folder:
#   - check must end with every model as its manifest pins (exit 0);
#   - modes must find every access as the weak-memory model declares it (exit 0);
#   - modes must fail (exit 1), naming the access and the model that rejects it, on the class with
#     PublishTail's release store made opaque, and on the class with a method that reads the shared
#     tail and head plainly outside every bound step.
# The same example through the Maven plugin is uncontended-maven-plugin's invoker test (mvn verify).
#
#   run-from-jar.sh RUNNER_JAR
set -euo pipefail
jar=$(realpath "${1:?usage: run-from-jar.sh RUNNER_JAR}")
example=$(realpath "$(dirname "$0")/spsc-ring")
source=$example/src/main/java/org/example/spsc/SpscRing.java
dir=$(mktemp -d "${TMPDIR:-/tmp}/spsc-ring-from-jar.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail() { echo "examples: $*" >&2; exit 1; }

# The user's folder: the jar, the specs, the compiled class; the variants' classes beside it.
cp "$jar" "$dir/tlc-runner.jar"
cp -r "$example/specs" "$dir/specs"
javac --release 17 -d "$dir/classes" "$source"
variant() {  # variant NAME SED-SCRIPT: the class compiled from a changed copy of the source
  mkdir -p "$dir/src/$1"
  sed "$2" "$source" > "$dir/src/$1/SpscRing.java"
  cmp -s "$source" "$dir/src/$1/SpscRing.java" && fail "variant $1: the source did not change"
  javac --release 17 -d "$dir/$1" "$dir/src/$1/SpscRing.java"
  rm -rf "$dir/src"
}
variant weakened 's/TAIL\.setRelease(this, t + 1);/TAIL.setOpaque(this, t + 1); /'
variant size 's/^}$/    public long size() { return tail - head; }\n}/'
cd "$dir"
[ "$(ls)" = "$(printf 'classes\nsize\nspecs\ntlc-runner.jar\nweakened')" ] || fail "the folder holds more than the jar, specs and classes: $(ls)"

# expect EXIT PATTERN... -- COMMAND: runs it, its output shown, and fails unless it exits EXIT printing each pattern.
expect() {
  local want=$1; shift
  local patterns=()
  while [ "$1" != -- ]; do patterns+=("$1"); shift; done
  shift
  local rc=0
  "$@" > out.txt 2>&1 || rc=$?
  cat out.txt
  [ "$rc" -eq "$want" ] || fail "'$*' exited $rc, not $want"
  for p in "${patterns[@]}"; do
    grep -qF -- "$p" out.txt || fail "'$*' printed no '$p'"
  done
}

expect 0 "15 models: 15 as expected, 0 mismatched" \
  "load-buffering pass: 1 accepted weak-memory model, 1 without an open shape" \
  -- java -jar tlc-runner.jar check --specs specs --out build --junit build/tlc.xml --summary build/tlc.md
expect 0 "access modes: 9 accesses match their spec steps, 0 mismatched" \
  -- java -jar tlc-runner.jar modes --specs specs --classes classes
expect 1 "MISMATCH SpscRing.java:74 PublishTail: SpscRing.offer: TAIL.setOpaque is opaque, but SpscRingMemory.tla declares PublishTail release. TLC rejects opaque for PublishTail on weak hardware: model SpscRingMemPublishTailOpaque finds safety(Fifo)" \
  -- java -jar tlc-runner.jar modes --specs specs --classes weakened
expect 1 "MISMATCH SpscRing.java:95 SpscRing.size: tail load (plain) is in no bound step" \
  "MISMATCH SpscRing.java:95 SpscRing.size: head load (plain) is in no bound step" \
  -- java -jar tlc-runner.jar modes --specs specs --classes size
echo "examples: spsc-ring from the jar alone: check and modes pass; modes fails the weakened release store and the plain reads outside every step"
