package io.github.uncontended.tlc.jcstress;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The jcstress tests a jar holds, as jcstress itself lists them: its {@code TestList} (read from the
 * jar's {@code META-INF/TestList} by jcstress's own class, loaded from the jar), filtered as its
 * {@code -t REGEX} filters them (the regex found anywhere in the name). No JVM is started for it.
 */
final class TestList {

    private TestList() {}

    /** The tests of {@code classpath} (the jcstress jar: jcstress and the tests' list) whose name {@code regex} finds, sorted. */
    static List<String> matching(List<Path> classpath, String regex) throws IOException {
        Pattern filter = Pattern.compile(regex);
        List<URL> urls = new ArrayList<>();
        for (Path p : classpath) {
            urls.add(p.toUri().toURL());
        }
        String jar = classpath.size() == 1 ? classpath.get(0).toString() : classpath.toString();
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            Class<?> list = Class.forName("org.openjdk.jcstress.infra.runners.TestList", true, loader);
            Collection<?> names = (Collection<?>) list.getMethod("tests").invoke(null);
            return names.stream().map(Object::toString).filter(t -> filter.matcher(t).find()).sorted().toList();
        } catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException e) {
            throw new IOException(jar + " holds no jcstress 0.16 TestList (" + e + ")", e);
        } catch (InvocationTargetException e) {
            throw new IOException(jar + ": jcstress could not read its test list: " + e.getCause(), e.getCause());
        }
    }
}
