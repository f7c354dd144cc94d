// The example, then a manifest that says the broken sibling SpscRingFullOffByOne holds: TLC finds Fifo
// violated, so check must fail (exit 1) naming the model.
import groovy.json.JsonOutput
import groovy.json.JsonSlurper

evaluate(new File(itSources, 'copy-example.groovy'))
File manifest = new File(basedir, 'specs/spsc/manifest.json')
def json = new JsonSlurper().parse(manifest)
def sibling = json.models.find { it.name == 'SpscRingFullOffByOne' }
assert sibling != null && sibling.expect.result == 'safety'
sibling.expect = [result: 'success']
manifest.text = JsonOutput.prettyPrint(JsonOutput.toJson(json))
return true
