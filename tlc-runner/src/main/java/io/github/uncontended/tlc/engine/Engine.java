package io.github.uncontended.tlc.engine;

import io.github.uncontended.tlc.manifest.Model;

import java.util.Locale;

/**
 * How TLC checked a model, as the reports say it.
 *
 * @param kind one TLC process ({@code tlc2.TLC}, breadth-first), TLC's distributed mode
 *        ({@code TLCServer} and {@code TLCWorker}s), or TLC's random simulation
 * @param detail e.g. "-workers 1", "TLCServer 127.0.0.1:41234, 2 local TLCWorkers, 2 registered",
 *        "50 traces, depth 20000, seed 1"
 * @param simulation the budget, for a simulation; else null
 * @param note why the engine is not the one asked for, or what a second run added; else null
 */
public record Engine(Kind kind, String detail, Model.Simulation simulation, String note) {

    public enum Kind {
        TLC, DISTRIBUTED, SIMULATION;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static Engine tlc(String workers) {
        return new Engine(Kind.TLC, "-workers " + workers, null, null);
    }

    public static Engine simulation(Model.Simulation s) {
        return new Engine(Kind.SIMULATION, budget(s), s, null);
    }

    public Engine withNote(String text) {
        return new Engine(kind, detail, simulation, text);
    }

    /** "50 traces, depth 20000, seed 1". */
    static String budget(Model.Simulation s) {
        return s.traces() + " traces, depth " + s.depth() + ", seed " + s.seed();
    }

    /** What a simulation that found nothing may claim, and no more. */
    public static String noViolation(Model.Simulation s) {
        return "no violation within budget (" + budget(s) + ")";
    }
}
