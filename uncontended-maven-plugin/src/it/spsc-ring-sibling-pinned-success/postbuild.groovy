// The build failed (invoker.buildResult), and for the reason it must: check names the sibling and the
// property TLC found violated where the manifest pins a success.
String log = new File(basedir, 'build.log').text
def expect = { String s -> assert log.contains(s) : "build.log has no '" + s + "'" }
expect('MISMATCH SpscRingFullOffByOne (spsc/broken/SpscRingFullOffByOne.tla)')
expect('1 models: 0 as expected, 1 mismatched')
expect('uncontended:check failed (exit 1):')
expect('BUILD FAILURE')
assert !log.contains('access modes:') : 'modes was skipped'
return true
