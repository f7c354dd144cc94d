// Copies examples/spsc-ring (its pom, sources and specs, not its target) into the invoker project's
// folder, for prebuild.groovy: the project is the example as a user has it. Returns the copy's root.
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption

Path from = new File(example).toPath()
Path to = basedir.toPath()
Files.walk(from).withCloseable { paths ->
    paths.filter { !from.relativize(it).toString().startsWith('target') }.each { Path p ->
        Path q = to.resolve(from.relativize(p).toString())
        if (Files.isDirectory(p)) {
            Files.createDirectories(q)
        } else {
            Files.copy(p, q, StandardCopyOption.REPLACE_EXISTING)
        }
    }
}
return to
