package io.github.uncontended.bench;

/**
 * Resolves an implementation name (a JMH {@code @Param} value) to an adapter class.
 *
 * <p>Baselines and peers are built in; our designs plug in through one small adapter class
 * each, named {@code io.github.uncontended.bench.adapters.<Name>Adapter} (see
 * {@code benchmarks/pending-adapters/README.md}). Resolving by name keeps every implementation
 * of a design in ONE benchmark class, so all of them run with the same fork settings.
 */
final class Adapters {
    private Adapters() {}

    static <T> T load(String name, Class<T> type) {
        String cls = "io.github.uncontended.bench.adapters." + name + "Adapter";
        try {
            return type.cast(Class.forName(cls).getDeclaredConstructor().newInstance());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("unknown implementation '" + name + "': no built-in adapter and no class "
                    + cls + " on the class path (adapters for our designs: benchmarks/pending-adapters/)", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot instantiate " + cls, e);
        }
    }
}
