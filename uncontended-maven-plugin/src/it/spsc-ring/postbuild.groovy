// examples/spsc-ring passed (invoker.buildResult is success by default); both goals ran to the end.
def log = evaluate(new File(itSources, 'build-log.groovy'))
log.has('--- uncontended-maven-plugin:')
log.has('15 models: 15 as expected, 0 mismatched')
log.has('load-buffering pass: 1 accepted weak-memory model, 1 without an open shape')
log.has('access modes: 9 accesses match their spec steps, 0 mismatched')
log.has('BUILD SUCCESS')
log.lacks('Unknown keyword', "the runner's libraries log nothing into the build (the schema validator's warning)")
File reports = new File(basedir, 'target/uncontended')
assert new File(reports, 'model-check.xml').text.contains('<testsuites')
assert new File(reports, 'model-check.md').text.contains('SpscRingMemPublishTailOpaque')
assert new File(reports, 'model-check/counterexamples/SpscRingMemPublishTailOpaque.txt').isFile()
assert new File(reports, 'access-modes.json').text.contains('"mismatched":0')
return true
