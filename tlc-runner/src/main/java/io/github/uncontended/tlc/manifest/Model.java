package io.github.uncontended.tlc.manifest;

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
 * @param litmus set when the model is a litmus model (tied to a jcstress test or to a published outcome set), else null
 * @param constants constants the manifest assigns on top of the config: name to TLA+ value
 * @param library extra folders where EXTENDS and INSTANCE find modules (besides the model's folder and its parent)
 * @param witness the expected safety violation is a witness: the invariant says the case never happens,
 *        and TLC must find a state where it does (expectation {@code reachable})
 * @param ownRun a witness only: it runs in a TLC process of its own even when its model's run could
 *        check it ({@code "ownRun": true}), so that its counterexample is written (a page embeds it)
 * @param views how its counterexamples read: thread roles, CAS steps, model artifacts, the Java of each
 *        action (the manifest's {@code "views"}; {@link Views#NONE} when it has none)
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
        Litmus litmus,
        java.util.Map<String, String> constants,
        List<Path> library,
        boolean witness,
        boolean ownRun,
        Views views) {

    public enum Mode { EXHAUSTIVE, SIMULATE }

    /** {@code ci} models run in {@code make check}; {@code deep} ones only in {@code make check-deep}. */
    public enum Size { CI, DEEP }

    /** TLC's counts: {@code total} is "states generated", {@code distinct} "distinct states found". */
    public record StateCounts(Long distinct, Long total, Long depth) {}

    public record Simulation(long traces, int depth, long seed) {}

    /**
     * A litmus model: TLC enumerates every reachable final {@code Outcome} (the spec defines
     * {@code Finished} and {@code Outcome}, a string in the jcstress result format). That set is
     * compared either with a jcstress test's declarations or with a published outcome set.
     *
     * @param jcstress the jcstress test class whose acceptable outcomes must be exactly the reachable
     *        ones, or null
     * @param beyondSequentialConsistency outcomes the test accepts that TLC cannot produce, because
     *        the Java memory model allows more than the interleavings of atomic steps: outcome to reason
     * @param outcomes the published outcome set (when {@code jcstress} is null): every outcome the
     *        published model allows, and no other, must be reachable
     * @param notModelled published (or catalogue-allowed) outcomes the memory layer deliberately leaves
     *        out: outcome to reason
     * @param source where the published outcome set, or the catalogue's grading, comes from
     * @param allowed a catalogue's grading instead of a whole outcome set (when {@code outcomes} and
     *        {@code jcstress} are null): the outcomes it grades allowed, each of which must be
     *        reachable unless not modelled; null unless graded
     * @param forbidden the outcomes the catalogue grades forbidden: none may be reachable; an outcome
     *        it grades neither way is free; null unless graded
     */
    public record Litmus(String jcstress, java.util.Map<String, String> beyondSequentialConsistency,
            java.util.SortedSet<String> outcomes, java.util.Map<String, String> notModelled, String source,
            java.util.SortedSet<String> allowed, java.util.SortedSet<String> forbidden) {

        /** Tied to a jcstress test or to a whole published outcome set: no catalogue grading. */
        public Litmus(String jcstress, java.util.Map<String, String> beyondSequentialConsistency,
                java.util.SortedSet<String> outcomes, java.util.Map<String, String> notModelled, String source) {
            this(jcstress, beyondSequentialConsistency, outcomes, notModelled, source, null, null);
        }

        /** Compared with a catalogue's grading of some outcomes, not with a whole outcome set. */
        public boolean graded() {
            return allowed != null;
        }
    }

    /** This model with another time limit (the scale measurement's window), everything else the same. */
    public Model timedOutAfter(int seconds) {
        return new Model(name, manifest, dir, spec, config, description, mode, size, expected, expectedProperty, pinned,
                simulation, checkDeadlock, seconds, configProperties, litmus, constants, library, witness, ownRun, views);
    }

    /** This model as a random simulation with budget {@code s} ({@code --simulate}): pinned counts no longer apply. */
    public Model simulated(Simulation s) {
        return new Model(name, manifest, dir, spec, config, description, Mode.SIMULATE, size, expected,
                expectedProperty, pinned, s, checkDeadlock, timeoutSeconds, configProperties, litmus, constants, library,
                witness, ownRun, views);
    }

    public Path specPath() {
        return dir.resolve(spec);
    }

    public Path configPath() {
        return dir.resolve(config);
    }

    /**
     * The config TLC checks: the model's own, with the manifest's constants appended as a CONSTANTS
     * block. A run that must end at an invariant ({@link #stopsAtAnInvariant()}) leaves out the
     * config's temporal properties (its PROPERTY sections): with them TLC records the behaviour
     * graph for the liveness check as it goes, which took two thirds to three quarters of such a
     * run's CPU time (ShardedSessionRetry-RetriedCloseSucceeds: 13.9 s of user time with them, 3.3 s
     * without), and the run stops before that check. Breadth-first with one worker, TLC visits the
     * same states in the same order with or without them, so the counts and the trace stay as pinned.
     */
    public String configText() throws java.io.IOException {
        String text = java.nio.file.Files.readString(configPath());
        if (stopsAtAnInvariant() && !configProperties().isEmpty()) {
            text = withoutTemporalProperties(text, name);
        }
        if (constants().isEmpty()) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text).append("\n\\* assigned by ").append(manifest().getFileName())
                .append(", model ").append(name()).append('\n').append("CONSTANTS\n");
        constants().forEach((k, v) -> sb.append("    ").append(k).append(" = ").append(v).append('\n'));
        return sb.toString();
    }

    private static final java.util.regex.Pattern CONFIG_COMMENTS =
            java.util.regex.Pattern.compile("(?s)\\(\\*.*?\\*\\)|\\\\\\*[^\\n]*");
    private static final java.util.regex.Pattern TEMPORAL_SECTIONS = java.util.regex.Pattern.compile(
            "(?s)\\bPROPERT(?:Y|IES)\\b.*?(?=\\b(?:INIT|NEXT|SPECIFICATION|INVARIANTS?|PROPERT(?:Y|IES)"
                    + "|CONSTANTS?|SYMMETRY|VIEW|CONSTRAINTS?|ACTION_CONSTRAINTS?|CHECK_DEADLOCK|POSTCONDITION|ALIAS)\\b|$)");

    /**
     * An exhaustive run expected to end at a state that breaks an invariant: a witness (the case is
     * reached), or a violation of an invariant the config lists (not of a PROPERTY). It checks no
     * temporal property: TLC stops at that state, before the liveness check at the end. The
     * temporal properties of a witness's model are checked by that model's own run.
     */
    public boolean stopsAtAnInvariant() {
        return mode == Mode.EXHAUSTIVE && (witness || expected == ResultKind.SAFETY && expectedProperty != null
                && !configProperties.contains(expectedProperty));
    }

    /** {@code config} without its comments and its PROPERTY sections, for the run of model {@code name}. */
    public static String withoutTemporalProperties(String config, String name) {
        String rest = TEMPORAL_SECTIONS.matcher(CONFIG_COMMENTS.matcher(config).replaceAll(" ")).replaceAll("");
        return "\\* " + name + " stops at an invariant: the config's temporal properties are left out\n"
                + rest.strip() + "\n";
    }

    /**
     * "success", "liveness(EventuallyVisible)", or "reachable(ThreePublishersActive)" for a witness;
     * a simulation expecting success expects "no violation" (within its budget), never "success".
     */
    public String expectation() {
        String label = witness ? "reachable"
                : mode == Mode.SIMULATE && expected == ResultKind.SUCCESS ? "no violation" : expected.label();
        return expectedProperty == null ? label : label + "(" + expectedProperty + ")";
    }
}
