// The build failed (invoker.buildResult), and for the reason it must: the modes goal names the access
// and the model whose counterexample shows opaque is not enough.
String log = new File(basedir, 'build.log').text
def expect = { String s -> assert log.contains(s) : "build.log has no '" + s + "'" }
expect('uncontended:check skipped')
expect('MISMATCH SpscRing.java:74 PublishTail: SpscRing.offer: TAIL.setOpaque is opaque, but SpscRingMemory.tla declares'
        + ' PublishTail release. TLC rejects opaque for PublishTail on weak hardware: model SpscRingMemPublishTailOpaque'
        + ' finds safety(Fifo)')
expect('access modes: 8 accesses match their spec steps, 1 mismatched')
expect('uncontended:modes failed (exit 1):')
expect('BUILD FAILURE')
expect('uncontended-maven-plugin:' )
assert !log.contains('checked nothing') : 'a verdict (exit 1), not a usage error'
return true
