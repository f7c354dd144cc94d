evaluate(new File(itSources, 'copy-example.groovy'))
return true
