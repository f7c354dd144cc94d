// For postbuild.groovy: checks of the invoker project's build.log. has(text) fails the project unless
// the log contains the text; lacks(text, why) fails it if the log does.
String log = new File(basedir, 'build.log').text
return [
    has  : { String s -> assert log.contains(s) : "build.log has no '" + s + "'" },
    lacks: { String s, String why -> assert !log.contains(s) : why + ": build.log has '" + s + "'" }]
