package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.manifest.Model;
import io.github.uncontended.tlc.manifest.ResultKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Which models a run checks: those named by {@code --model} (whatever their size), else those of
 * {@code --size}; only the witnesses with {@code --witnesses}; each as a simulation with
 * {@code --simulate}. A name that is no model, or a model {@code --simulate} cannot check, is a
 * usage error: nothing runs.
 */
final class ModelSelection {

    /** The models to check, or the usage errors that stop the run (then {@code models} is empty). */
    record Selected(List<Model> models, List<String> usageErrors) {
        boolean refused() {
            return !usageErrors.isEmpty();
        }
    }

    private ModelSelection() {}

    static Selected select(List<Model> loaded, CheckOptions o) {
        List<Model> selected;
        if (!o.models().isEmpty()) {
            selected = new ArrayList<>();
            for (String name : o.models()) {
                Model m = loaded.stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
                if (m == null) {
                    return refuse("unknown model '" + name + "'" + suggestion(name, loaded)
                            + "; `tlc-runner list` (with the same --specs) lists them");
                }
                selected.add(m);
            }
        } else {
            selected = loaded.stream()
                    .filter(m -> o.size().equals("all") || m.size().name().toLowerCase(Locale.ROOT).equals(o.size()))
                    .toList();
        }
        if (o.witnessesAlone()) {
            selected = selected.stream().filter(Model::witness).toList();
        }
        if (o.simulate() == null) {
            return new Selected(selected, List.of());
        }
        List<String> refused = new ArrayList<>();
        List<Model> simulated = new ArrayList<>();
        for (Model m : selected) {
            Model.Simulation budget = o.simulate().budget(m);
            String why = m.litmus() != null
                    ? "a litmus model's outcome set is every reachable outcome: it must be searched exhaustively"
                    : m.expected() == ResultKind.LIVENESS
                            ? "it expects a liveness violation, and a simulation is judged on safety properties only"
                            : budget == null ? "it has no budget: give --simulate traces=N,depth=D, or \"simulate\""
                                    + " in its manifest entry" : null;
            if (why != null) {
                refused.add("--simulate cannot check " + m.name() + ": " + why);
            } else {
                simulated.add(m.simulated(budget));
            }
        }
        return refused.isEmpty() ? new Selected(simulated, List.of()) : new Selected(List.of(), refused);
    }

    private static Selected refuse(String why) {
        return new Selected(List.of(), List.of(why));
    }

    /**
     * " (did you mean X?)": the model whose name is nearest to {@code name} (case ignored: one
     * containing the other first, else the fewest edits, at most a third of the name's length),
     * or "" when none is near.
     */
    static String suggestion(String name, List<Model> models) {
        String lower = name.toLowerCase(Locale.ROOT);
        List<String> names = models.stream().map(Model::name).toList();
        String contained = names.stream()
                .filter(n -> n.toLowerCase(Locale.ROOT).contains(lower) || lower.contains(n.toLowerCase(Locale.ROOT)))
                .min(Comparator.comparingInt(n -> Math.abs(n.length() - name.length()))).orElse(null);
        if (contained != null) {
            return " (did you mean " + contained + "?)";
        }
        int limit = Math.max(1, name.length() / 3);
        return names.stream()
                .map(n -> new Object[] {n, edits(lower, n.toLowerCase(Locale.ROOT))})
                .filter(p -> (int) p[1] <= limit)
                .min(Comparator.comparingInt(p -> (int) p[1]))
                .map(p -> " (did you mean " + p[0] + "?)").orElse("");
    }

    /** Levenshtein distance: the fewest single-character insertions, deletions and substitutions. */
    static int edits(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(substitute, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
