package io.github.uncontended.tlc.manifest;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a manifest's counterexamples read (its {@code "views"} object): who the threads are, which
 * actions are one compare-and-set, which are model artifacts, and where the Java of each spec
 * action is. It changes nothing TLC checks; the tables, swimlanes and explorers use it.
 *
 * @param threads a program counter ({@code cpc}) or one entry of one ({@code pc[c]}), optionally
 *        for one spec only ({@code Disruptor487!wpc}), to the role of its thread(s): {@code "consumer"}
 * @param cas an action ({@code CasTail}, or {@code Module!CasTail} for one module's) that is one
 *        compare-and-set, to what it compares
 * @param artifacts an action that exists only to keep the model finite or to stand for its
 *        environment, to what it stands for
 * @param java a spec module to the Java sources whose Javadoc names its actions
 *        ({@code Spec action CasTail: ...}), resolved against the manifest's folder
 * @param user the spec steps of the user's code, which no Java of ours takes (a memory
 *        manifest's {@code java.user}: {@code WriteEvent})
 * @param shared variables that look per-thread (a tuple or function over the threads' keys) but
 *        are not: the consumer's {@code got = <<p, k>>}, an item, shown whole, not as {@code got[1]}
 */
public record Views(Map<String, String> threads, Map<String, Cas> cas, Map<String, String> artifacts,
        Map<String, List<Path>> java, Set<String> user, Set<String> shared) {

    /** A manifest without a {@code "views"} object: threads keep their program counters' names. */
    public static final Views NONE = new Views(Map.of(), Map.of(), Map.of(), Map.of(), Set.of(), Set.of());

    /**
     * What a CAS action compares: the {@code target} variable, or a variable indexed by the acting
     * thread's entry of a per-thread variable ({@code tail[sh]}: {@code tail[sh[p]]}), with the
     * {@code expected} value, the acting thread's entry of a per-thread variable (or a shared one).
     */
    public record Cas(String target, String expected) {

        /** The variable the CAS writes: {@code tail} of {@code tail[sh]}. */
        public String variable() {
            int b = target.indexOf('[');
            return b < 0 ? target : target.substring(0, b);
        }

        /** The per-thread variable that indexes the target, or null: {@code sh} of {@code tail[sh]}. */
        public String index() {
            int b = target.indexOf('[');
            return b < 0 ? null : target.substring(b + 1, target.length() - 1);
        }
    }

    /**
     * The CAS an action of a module is: the views' {@code "Module!Action"} entry, else its
     * {@code "Action"} entry (one action name can compare different variables in two specs of a
     * folder: {@code AtomicSession!AcquireCas} and {@code AcquireCas}); null when it is none.
     */
    public Cas cas(String module, String action) {
        Cas qualified = module == null ? null : cas.get(module + "!" + action);
        return qualified != null ? qualified : cas.get(action);
    }

    /**
     * The role of a thread's program counter ({@code cpc}) or of one entry of it ({@code pc[c]}) in
     * a model of {@code module}: the {@code "Module!cpc"} entry, else the {@code "cpc"} one; null when
     * the views give none (two specs of a folder can use one name for different threads).
     */
    public String role(String module, String name) {
        String qualified = module == null ? null : threads.get(module + "!" + name);
        return qualified != null ? qualified : threads.get(name);
    }

    public Views {
        threads = Map.copyOf(threads);
        cas = Map.copyOf(cas);
        artifacts = Map.copyOf(artifacts);
        java = Map.copyOf(java);
        user = Set.copyOf(user);
        shared = Set.copyOf(shared);
    }
}
