// The example, then one mutation a reviewer would try: PublishTail's setRelease made setOpaque.
evaluate(new File(itSources, 'copy-example.groovy'))
File ring = new File(basedir, 'src/main/java/org/example/spsc/SpscRing.java')
String release = 'TAIL.setRelease(this, t + 1);'
assert ring.text.count(release) == 1 : "SpscRing.java has no single '" + release + "'"
ring.text = ring.text.replace(release, 'TAIL.setOpaque(this, t + 1); ')
return true
