package io.github.uncontended.tlc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/**
 * The shape of report.json ({@link Report#REPORT_VERSION}), one record per object, in the order
 * the fields are written. A field that is always present is written even when null; a field
 * marked {@code NON_NULL} (or {@code NON_EMPTY}) appears only where it applies: the distributed
 * setup, a model's constants, engine, litmus comparison, and the counterexample's other views.
 */
final class ReportJson {

    private ReportJson() {}

    record File(int reportVersion, String runner, String generatedAt, String specs, Machine machine, Tlc tlc,
            List<ModelEntry> models, List<String> errors, Summary summary) {}

    record Machine(int cores, String os, String java) {}

    record Tlc(String jar, String workers, int fp, @JsonInclude(JsonInclude.Include.NON_NULL) Distributed distributed) {}

    /** {@code server} is null when the runner started the server on a free port of its own. */
    record Distributed(int localWorkers, String server, int connectTimeoutSeconds) {}

    record ModelEntry(String name, String manifest, String spec, String config,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> constants, String mode, String size,
            Expected expected, Got got, @JsonInclude(JsonInclude.Include.NON_NULL) Engine engine,
            @JsonInclude(JsonInclude.Include.NON_NULL) Litmus litmus, double seconds, String verdict, String reason,
            String counterexample, @JsonInclude(JsonInclude.Include.NON_NULL) String counterexampleTable,
            @JsonInclude(JsonInclude.Include.NON_NULL) String counterexampleHtml,
            @JsonInclude(JsonInclude.Include.NON_NULL) String counterexampleExplorer, String log) {}

    /** What the manifest expects; the pinned counts only where it pins them. */
    record Expected(String result, String property, @JsonUnwrapped Pinned pinned) {}

    record Pinned(Long distinct, Long total, Long depth) {}

    record Got(String result, String property, String message, Long distinct, Long total, Long depth, int traceLength) {}

    /** {@code simulation} and {@code verdict} only for a random simulation; the verdict only when it found nothing. */
    record Engine(String kind, String detail, @JsonInclude(JsonInclude.Include.NON_NULL) Simulation simulation,
            @JsonInclude(JsonInclude.Include.NON_NULL) String verdict, String note) {}

    record Simulation(long traces, int depth, long seed) {}

    /**
     * A litmus model's comparison: with a jcstress test ({@code jcstress}, {@code beyondSequentialConsistency}),
     * with a published outcome set ({@code publishedOutcomes}, {@code notModelled}, {@code source}) or
     * with a catalogue's grading ({@code gradedAllowed}, {@code gradedForbidden}, {@code notModelled},
     * {@code source}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Litmus(String jcstress, Map<String, String> beyondSequentialConsistency, SortedSet<String> publishedOutcomes,
            Map<String, String> notModelled, String source, SortedSet<String> gradedAllowed,
            SortedSet<String> gradedForbidden, @JsonInclude(JsonInclude.Include.ALWAYS) SortedSet<String> reachableOutcomes) {}

    record Summary(int models, long matched, long mismatched, int manifestErrors) {}
}
