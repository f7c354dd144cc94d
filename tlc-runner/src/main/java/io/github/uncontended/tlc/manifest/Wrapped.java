package io.github.uncontended.tlc.manifest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A module the runner generates for one run: it EXTENDS the model's spec and adds what that run
 * records (a litmus model's outcomes, {@link Litmus}; the states that show witnesses' cases, the
 * check's witness fold), with the config TLC checks it under. TLC runs it in place of the spec.
 *
 * @param module the generated {@code .tla}
 * @param config its {@code .cfg}
 */
public record Wrapped(Path module, Path config) {

    /** Writes module {@code name} ({@code tla}, the whole module text) and its {@code config} into {@code scratch}. */
    public static Wrapped write(Path scratch, String name, String tla, String config) throws IOException {
        Files.createDirectories(scratch);
        Path module = scratch.resolve(name + ".tla");
        Files.writeString(module, tla);
        Path cfg = scratch.resolve(name + ".cfg");
        Files.writeString(cfg, config);
        return new Wrapped(module, cfg);
    }
}
