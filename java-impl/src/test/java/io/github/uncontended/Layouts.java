package io.github.uncontended;

import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/** Field offsets as the running JVM lays them out (JOL), for the padding tests. */
public final class Layouts {
    private Layouts() {}

    public static long offset(ClassLayout layout, String field) {
        for (FieldLayout f : layout.fields()) {
            if (f.name().equals(field)) {
                return f.offset();
            }
        }
        throw new AssertionError("no field " + field + " in\n" + layout.toPrintable());
    }
}
