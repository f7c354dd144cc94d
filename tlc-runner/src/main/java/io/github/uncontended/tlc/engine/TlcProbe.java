package io.github.uncontended.tlc.engine;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import tlc2.tool.impl.FastTool;
import tlc2.util.FP64;
import util.SimpleFilenameToStream;
import util.ToolIO;

/**
 * How TLC itself reads a model's config: which names are invariants, which properties are
 * action properties ({@code [][A]_v}, checked step by step) and which have a temporal part
 * (liveness, checked on the state graph). The runner asks before it hands a model to TLC's
 * distributed mode, which checks invariants and action properties but silently skips temporal
 * properties (measured with TLC 2.18: a model whose only property is a violated liveness
 * property ends in "No error has been found"). A config's PROPERTY names alone cannot tell:
 * a refinement property {@code Abstract!Spec} is both.
 *
 * <p>Run as its own JVM (like TLC, so that its static state and its output stay out of the
 * runner), in the spec's folder with TLC's {@code TLA-Library}: {@code TlcProbe SPEC CONFIG}.
 * It prints three lines, {@code invariants: A B}, {@code actions: C}, {@code temporal: D E}, and
 * exits 0; on a parse or config error it prints TLC's message and exits 1.
 */
public final class TlcProbe {

    /** What TLC found in the config; each list holds TLC's names (a conjunct may be named by its location). */
    public record Properties(List<String> invariants, List<String> actions, List<String> temporal) {

        /** The probe's output, or null when it does not hold the three lines. */
        public static Properties parse(String output) {
            List<String> inv = null;
            List<String> act = null;
            List<String> temp = null;
            for (String line : output.split("\\R")) {
                if (line.startsWith(PREFIX + "invariants:")) {
                    inv = names(line, "invariants:");
                } else if (line.startsWith(PREFIX + "actions:")) {
                    act = names(line, "actions:");
                } else if (line.startsWith(PREFIX + "temporal:")) {
                    temp = names(line, "temporal:");
                }
            }
            return inv == null || act == null || temp == null ? null : new Properties(inv, act, temp);
        }

        private static List<String> names(String line, String key) {
            String rest = line.substring(PREFIX.length() + key.length());
            return rest.isBlank() ? List.of() : List.of(rest.strip().split("\t"));
        }
    }

    /** Marks the probe's own lines among TLC's parser output. */
    public static final String PREFIX = "tlc-runner-probe ";

    private TlcProbe() {}

    /** {@code dir}, then every folder of the {@code TLA-Library} property, in its order. */
    static String[] searchPath(String dir) {
        List<String> folders = new java.util.ArrayList<>(List.of(dir));
        String library = System.getProperty(SimpleFilenameToStream.TLA_LIBRARY);
        if (library != null) {
            for (String folder : library.split(java.util.regex.Pattern.quote(java.io.File.pathSeparator))) {
                if (!folder.isBlank()) {
                    folders.add(folder);
                }
            }
        }
        return folders.toArray(String[]::new);
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: TlcProbe SPEC.tla CONFIG.cfg (run in the spec's folder, with -DTLA-Library)");
            System.exit(2);
        }
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        try {
            FP64.Init(1);
            // A spec in a sub-folder of the model's ("broken/X.tla") is read from its own folder;
            // the model's folder is on TLA-Library, where its EXTENDS find the real spec. Given
            // folders, SimpleFilenameToStream ignores TLA-Library (TLC 2.18), so its folders are
            // passed too: the spec's folder first, as TLC itself searches.
            java.nio.file.Path specPath = java.nio.file.Path.of(args[0]).toAbsolutePath();
            String spec = strip(specPath.getFileName().toString(), ".tla");
            String config = strip(args[1], ".cfg");
            String dir = specPath.getParent() + java.io.File.separator;
            FastTool tool = new FastTool(dir, spec, config, new SimpleFilenameToStream(searchPath(dir)));
            out.println(PREFIX + "invariants: " + String.join("\t", tool.getInvNames()));
            out.println(PREFIX + "actions: " + String.join("\t", tool.getImpliedActNames()));
            out.println(PREFIX + "temporal: " + String.join("\t", tool.getImpliedTemporalNames()));
            ToolIO.out.flush();
            System.exit(0);
        } catch (RuntimeException | Error e) {
            out.println("error: " + e.getMessage());
            System.exit(1);
        }
    }

    private static String strip(String name, String extension) {
        return name.endsWith(extension) ? name.substring(0, name.length() - extension.length()) : name;
    }
}
