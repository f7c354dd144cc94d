// The build failed (invoker.buildResult), and for the reason it must: check names the sibling and the
// property TLC found violated where the manifest pins a success.
def log = evaluate(new File(itSources, 'build-log.groovy'))
log.has('MISMATCH SpscRingFullOffByOne (spsc/broken/SpscRingFullOffByOne.tla): expected success, got safety(Fifo)')
log.has('1 models: 0 as expected, 1 mismatched')
log.has('[ERROR] Failed to execute goal io.github.uncontended:uncontended-maven-plugin:')
log.has('uncontended:check failed (exit 1):')
log.has('BUILD FAILURE')
log.lacks('access modes:', 'modes was skipped')
return true
