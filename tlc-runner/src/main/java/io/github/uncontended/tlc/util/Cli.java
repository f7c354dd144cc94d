package io.github.uncontended.tlc.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The few helpers every tool of the runner shares: an option's value, a folder's removal. */
public final class Cli {

    private Cli() {}

    /**
     * The value of the option at {@code args[i - 1]}, which is {@code args[i]}; a usage error
     * (IllegalArgumentException, exit 2) when it is missing or is itself an option.
     */
    public static String value(String[] args, int i) {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    /** Removes a folder and everything in it; nothing when it does not exist. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
