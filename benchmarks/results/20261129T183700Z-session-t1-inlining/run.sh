#!/bin/bash
# Per-fork diagnosis of ShardedSession at 1 thread: 8 forks, each with its inlining printed.
cd /work/main
java -jar benchmarks/target/benchmarks.jar 'SessionBench.acquireRelease' -t 1 -p impl=ShardedSession -f 8 -wi 5 -i 5 \
  -jvmArgsAppend "-XX:+UnlockDiagnosticVMOptions -XX:+PrintCompilation -XX:+PrintInlining" > /tmp/session-forks.log 2>&1
echo rc=$? >> /tmp/session-forks.log
