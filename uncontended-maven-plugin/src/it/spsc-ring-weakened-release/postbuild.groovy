// The build failed (invoker.buildResult), and for the reason it must: the modes goal names the access
// and the model whose counterexample shows opaque is not enough.
def log = evaluate(new File(itSources, 'build-log.groovy'))
log.has('uncontended:check skipped')
log.has('MISMATCH SpscRing.java:74 PublishTail: SpscRing.offer: TAIL.setOpaque is opaque, but SpscRingMemory.tla declares'
        + ' PublishTail release. TLC rejects opaque for PublishTail on weak hardware: model SpscRingMemPublishTailOpaque'
        + ' finds safety(Fifo)')
log.has('access modes: 8 accesses match their spec steps, 1 mismatched')
log.has('[ERROR] Failed to execute goal io.github.uncontended:uncontended-maven-plugin:')
log.has('uncontended:modes failed (exit 1):')
log.has('BUILD FAILURE')
log.lacks('checked nothing', 'a verdict (exit 1), not a usage error')
return true
