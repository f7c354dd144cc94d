package io.github.uncontended.tlc;

import java.nio.file.Path;
import java.util.List;

/**
 * One model of a manifest, validated: files exist, fields are known and consistent.
 *
 * @param name unique across all manifests
 * @param manifest the manifest it comes from
 * @param dir the manifest's folder; TLC runs there
 * @param spec the module TLC checks (file name relative to {@code dir})
 * @param config the TLC config (file name relative to {@code dir})
 * @param expected the result TLC must report
 * @param expectedProperty the property a safety or liveness violation must name, else null
 * @param pinned pinned state counts, or null (simulation, or an unpinned deep model)
 * @param simulation simulation options, or null for an exhaustive model
 * @param configProperties the names listed under PROPERTY/PROPERTIES in the config
 * @param litmus set when the model is the litmus model of a jcstress test, else null
 */
public record Model(
        String name,
        Path manifest,
        Path dir,
        String spec,
        String config,
        String description,
        Mode mode,
        Size size,
        ResultKind expected,
        String expectedProperty,
        StateCounts pinned,
        Simulation simulation,
        boolean checkDeadlock,
        int timeoutSeconds,
        List<String> configProperties,
        Litmus litmus) {

    public enum Mode { EXHAUSTIVE, SIMULATE }

    /** {@code ci} models run in {@code make check}; {@code deep} ones only in {@code make check-deep}. */
    public enum Size { CI, DEEP }

    /** TLC's counts: {@code total} is "states generated", {@code distinct} "distinct states found". */
    public record StateCounts(Long distinct, Long total, Long depth) {}

    public record Simulation(long traces, int depth, long seed) {}

    /**
     * Ties the model to a jcstress test: TLC enumerates every reachable final {@code Outcome}
     * (the spec defines {@code Finished} and {@code Outcome}, a string in the jcstress result
     * format), and that set must be exactly the outcomes the test declares acceptable.
     *
     * @param jcstress the jcstress test class
     * @param beyondSequentialConsistency outcomes the test accepts that TLC cannot produce, because
     *        the Java memory model allows more than the interleavings of atomic steps: outcome to reason
     */
    public record Litmus(String jcstress, java.util.Map<String, String> beyondSequentialConsistency) {}

    public Path specPath() {
        return dir.resolve(spec);
    }

    public Path configPath() {
        return dir.resolve(config);
    }

    /** "success", or "liveness(EventuallyVisible)". */
    public String expectation() {
        return expectedProperty == null ? expected.label() : expected.label() + "(" + expectedProperty + ")";
    }
}
