package io.github.uncontended.tlc.jcstress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The fork that caught a broken variant: one line of {@code caught.tsv} (the test, the seconds into
 * the run when its failing fork was first seen, or {@code ?} when the run ended before the watchdog
 * looked; the fork's JVM arguments; its compilation modes), written by the driver and read by the
 * test summary: the file's one format.
 */
public record Caught(String test, String seconds, String jvmArgs, String compilation) {

    /** The file's name in a results folder. */
    public static final String FILE = "caught.tsv";

    String line() {
        return test + "\t" + seconds + "\t" + jvmArgs + "\t" + compilation;
    }

    static void write(Path file, List<Caught> rows) throws IOException {
        StringBuilder text = new StringBuilder();
        rows.forEach(r -> text.append(r.line()).append('\n'));
        Files.writeString(file, text);
    }

    /** The rows of {@code dir}'s caught.tsv; none when there is no such file. */
    public static List<Caught> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        List<Caught> rows = new ArrayList<>();
        if (!Files.exists(file)) {
            return rows;
        }
        for (String line : Files.readAllLines(file)) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 4) {
                throw new IOException(file + ": a line of " + f.length + " fields, not 4 (test, seconds, JVM args,"
                        + " compilation): " + line);
            }
            rows.add(new Caught(f[0], f[1], f[2], f[3]));
        }
        return rows;
    }
}
