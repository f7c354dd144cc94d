package io.github.uncontended.tlc.util;

/** The runner's version: the jar manifest's {@code Implementation-Version}, {@code dev} when run from classes. */
public final class Version {

    private Version() {}

    public static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }
}
