// examples/spsc-ring passed (invoker.buildResult is success by default); both goals ran to the end.
String log = new File(basedir, 'build.log').text
def expect = { String s -> assert log.contains(s) : "build.log has no '" + s + "'" }
expect('--- uncontended-maven-plugin:' )
expect('15 models: 15 as expected, 0 mismatched')
expect('load-buffering pass: 1 accepted weak-memory model, 1 without an open shape')
expect('access modes: 9 accesses match their spec steps, 0 mismatched')
expect('BUILD SUCCESS')
File reports = new File(basedir, 'target/uncontended')
assert new File(reports, 'model-check.xml').text.contains('<testsuites')
assert new File(reports, 'model-check.md').text.contains('SpscRingMemPublishTailOpaque')
assert new File(reports, 'model-check/counterexamples/SpscRingMemPublishTailOpaque.txt').isFile()
assert new File(reports, 'access-modes.json').text.contains('"mismatched":0')
return true
