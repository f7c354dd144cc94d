package io.github.uncontended.tlc.engine;

import io.github.uncontended.tlc.util.Cli;
import io.github.uncontended.tlc.util.Version;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The weak-memory layer this jar carries: {@code Memory.tla} and {@code Program.tla}, copied from
 * {@code specs/memory} when the jar was built (that folder stays their one source). Every TLC the
 * runner starts finds them last on its library path ({@link Tlc#libraryProperty}): a spec anywhere
 * may {@code INSTANCE Memory} or {@code INSTANCE Program} by name, and a module of that name in
 * the spec's own folder, its parent or a manifest's {@code library} folder comes first and wins.
 *
 * <p>The modules are written once per JVM into a temporary folder named for their digest
 * ({@code tlc-runner-memory-layer-<digest>-...}), removed when the JVM exits: TLC's log names the
 * file it parsed ("Parsing file .../Memory.tla"), so a model's log says which layer it ran on.
 */
public final class MemoryLayer {

    /** The modules, in the order their digest is taken. */
    public static final List<String> MODULES = List.of("Memory.tla", "Program.tla");

    /** The prefix of the folder the modules are written to: a log line naming it is this layer's. */
    public static final String FOLDER_PREFIX = "tlc-runner-memory-layer-";

    private static final Map<String, byte[]> TEXTS = read();
    private static final String DIGEST = digest(TEXTS);
    private static Path folder;

    private MemoryLayer() {}

    /** The first 12 hex digits of the SHA-256 of the modules, in {@link #MODULES} order. */
    public static String digest() {
        return DIGEST;
    }

    /** "Memory.tla, Program.tla from tlc-runner 0.3.0 (sha256 1a2b3c4d5e6f)": what {@code --version} and the run say. */
    public static String version() {
        return String.join(", ", MODULES) + " from tlc-runner " + Version.current() + " (sha256 " + DIGEST + ")";
    }

    /** The text of one of {@link #MODULES}. */
    public static String text(String module) {
        return new String(TEXTS.get(module), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The folder holding the modules, written on first use; removed when the JVM exits. */
    public static synchronized Path folder() {
        if (folder == null) {
            try {
                Path dir = Files.createTempDirectory(FOLDER_PREFIX + DIGEST + "-");
                for (Map.Entry<String, byte[]> e : TEXTS.entrySet()) {
                    Files.write(dir.resolve(e.getKey()), e.getValue());
                }
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        Cli.deleteTree(dir);
                    } catch (IOException ignored) {
                        // a temporary folder left behind
                    }
                }));
                folder = dir;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the memory layer's modules to a temporary folder", e);
            }
        }
        return folder;
    }

    /** Whether a TLC log shows that TLC parsed this layer (and not a spec folder's own {@code Memory.tla}). */
    public static boolean parsedIn(String log) {
        return PARSED.matcher(log).find();
    }

    private static final java.util.regex.Pattern PARSED = java.util.regex.Pattern.compile(
            "Parsing file \\S*" + FOLDER_PREFIX + "[^\\s/\\\\]*[/\\\\](Memory|Program)\\.tla");

    private static Map<String, byte[]> read() {
        Map<String, byte[]> texts = new LinkedHashMap<>();
        for (String m : MODULES) {
            try (InputStream in = MemoryLayer.class.getResourceAsStream("layer/" + m)) {
                if (in == null) {
                    throw new IllegalStateException("the runner jar carries no " + m + " (built without specs/memory?)");
                }
                texts.put(m, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return texts;
    }

    private static String digest(Map<String, byte[]> texts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            texts.values().forEach(sha::update);
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
