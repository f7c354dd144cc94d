package io.github.uncontended.tlc.jcstress;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A stand-in for jcstress in a JVM of its own, for the watchdog's tests ({@link JcstressRunTest}):
 * it prints a recorded console, then ends as told.
 *
 * <pre>
 *   FakeJcstress CONSOLE LINES MILLIS THEN    print CONSOLE's first LINES lines (-1: all), MILLIS apart, then:
 *                                             exit:N     exit with N
 *                                             hang       sleep for ever
 *                                             hang:FILE  start a child JVM that sleeps for ever, write its pid
 *                                                        to FILE, then sleep for ever (a fork outliving its parent)
 *   FakeJcstress sleep                        sleep for ever
 * </pre>
 */
public final class FakeJcstress {

    private FakeJcstress() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("sleep")) {
            Thread.sleep(Long.MAX_VALUE);
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        int n = Integer.parseInt(args[1]);
        long millis = Long.parseLong(args[2]);
        for (String line : n < 0 ? lines : lines.subList(0, Math.min(n, lines.size()))) {
            System.out.println(line);
            System.out.flush();
            if (millis > 0) {
                Thread.sleep(millis);
            }
        }
        String then = args[3];
        if (then.startsWith("exit:")) {
            System.exit(Integer.parseInt(then.substring("exit:".length())));
        }
        if (then.startsWith("hang:")) {
            Process child = new ProcessBuilder(command("sleep")).inheritIO().start();
            Files.writeString(Path.of(then.substring("hang:".length())), Long.toString(child.pid()));
        }
        Thread.sleep(Long.MAX_VALUE);
    }

    /** The command line that runs this class with {@code args}, on this JVM and class path. */
    static List<String> command(String... args) {
        List<String> c = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FakeJcstress.class.getName()));
        c.addAll(List.of(args));
        return c;
    }
}
