package io.github.uncontended.tlc.manifest;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the {@code @Outcome} annotations a jcstress test declares, from the jcstress jar, by
 * reflection: the runner needs no compile-time dependency on jcstress, and reads exactly the
 * classes the jcstress run will use.
 */
public final class JcstressOutcomes implements AutoCloseable {

    /** One {@code @Outcome}: its id patterns ({@code ""} is jcstress's catch-all), expectation, description. */
    record Declared(List<String> ids, String expect, String desc) {
        boolean acceptable() {
            return expect.equals("ACCEPTABLE") || expect.equals("ACCEPTABLE_INTERESTING");
        }

        boolean catchAll() {
            return ids.contains("");
        }
    }

    private final URLClassLoader loader;

    public JcstressOutcomes(List<Path> classpath) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (Path p : classpath) {
            urls.add(p.toUri().toURL());
        }
        // Parent: the platform loader, so the annotation types come from the jcstress jar itself.
        this.loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /** The test's outcomes in declaration order; throws with a precise message if it is no jcstress test. */
    public List<Declared> declared(String testClass) throws ReflectiveOperationException {
        Class<?> test;
        try {
            test = Class.forName(testClass, false, loader);
        } catch (ClassNotFoundException e) {
            throw new ClassNotFoundException("jcstress test " + testClass + " is not in the jcstress jar");
        }
        @SuppressWarnings("unchecked")
        Class<? extends Annotation> jcstressTest =
                (Class<? extends Annotation>) Class.forName("org.openjdk.jcstress.annotations.JCStressTest", false, loader);
        if (test.getAnnotation(jcstressTest) == null) {
            throw new ReflectiveOperationException(testClass + " has no @JCStressTest annotation");
        }
        @SuppressWarnings("unchecked")
        Class<? extends Annotation> outcome =
                (Class<? extends Annotation>) Class.forName("org.openjdk.jcstress.annotations.Outcome", false, loader);
        Method id = outcome.getMethod("id");
        Method expect = outcome.getMethod("expect");
        Method desc = outcome.getMethod("desc");
        List<Declared> out = new ArrayList<>();
        for (Annotation a : test.getAnnotationsByType(outcome)) {
            out.add(new Declared(Arrays.asList((String[]) id.invoke(a)), ((Enum<?>) expect.invoke(a)).name(),
                    (String) desc.invoke(a)));
        }
        if (out.isEmpty()) {
            throw new ReflectiveOperationException(testClass + " declares no @Outcome");
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        loader.close();
    }
}
