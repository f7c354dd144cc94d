package io.github.uncontended.tlc.modes;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Java's access modes, named as the memory layer names them ({@code specs/memory/Memory.tla}):
 * which Java call has which mode, how the modes are ordered, and which call is one step weaker.
 *
 * <p>A call belongs to a family (a plain load, a VarHandle boolean CAS, an AtomicLongArray store,
 * ...); within a family the methods differ only in their mode, and replacing one with another
 * keeps the bytecode valid. That is what {@link #weaker} offers the mutants.
 */
public final class Modes {

    /** What an access does to memory. */
    enum Kind { LOAD, STORE, RMW }

    /** One Java call and its mode; {@code family} groups the calls that are interchangeable. */
    record Call(String owner, String name, Kind kind, String mode, String family) {}

    private static final String VH = "java/lang/invoke/VarHandle";
    private static final List<String> ATOMICS = List.of("java/util/concurrent/atomic/AtomicLongArray",
            "java/util/concurrent/atomic/AtomicIntegerArray", "java/util/concurrent/atomic/AtomicReferenceArray",
            "java/util/concurrent/atomic/AtomicLong", "java/util/concurrent/atomic/AtomicInteger",
            "java/util/concurrent/atomic/AtomicReference", "java/util/concurrent/atomic/AtomicBoolean");

    /** family -> (method name -> mode), for VarHandle and for the Atomic* classes. */
    private static final Map<String, Map<String, String>> VH_FAMILIES = new LinkedHashMap<>();
    private static final Map<String, Map<String, String>> ATOMIC_FAMILIES = new LinkedHashMap<>();
    private static final Map<String, Kind> FAMILY_KIND = new LinkedHashMap<>();

    static {
        family(VH_FAMILIES, "vh-load", Kind.LOAD, "get", "plain", "getOpaque", "opaque", "getAcquire", "acquire",
                "getVolatile", "volatile");
        family(VH_FAMILIES, "vh-store", Kind.STORE, "set", "plain", "setOpaque", "opaque", "setRelease", "release",
                "setVolatile", "volatile");
        family(VH_FAMILIES, "vh-cas", Kind.RMW, "compareAndSet", "volatile", "weakCompareAndSet", "weakVolatile",
                "weakCompareAndSetAcquire", "weakAcquire", "weakCompareAndSetRelease", "weakRelease",
                "weakCompareAndSetPlain", "weakPlain");
        family(VH_FAMILIES, "vh-cax", Kind.RMW, "compareAndExchange", "volatile", "compareAndExchangeAcquire", "acquire",
                "compareAndExchangeRelease", "release");
        for (String op : List.of("getAndAdd", "getAndSet", "getAndBitwiseOr", "getAndBitwiseAnd", "getAndBitwiseXor")) {
            family(VH_FAMILIES, "vh-" + op, Kind.RMW, op, "volatile", op + "Acquire", "acquire", op + "Release", "release");
        }
        family(ATOMIC_FAMILIES, "atomic-load", Kind.LOAD, "getPlain", "plain", "getOpaque", "opaque", "getAcquire",
                "acquire", "get", "volatile");
        family(ATOMIC_FAMILIES, "atomic-store", Kind.STORE, "setPlain", "plain", "setOpaque", "opaque", "lazySet",
                "release", "setRelease", "release", "set", "volatile");
        family(ATOMIC_FAMILIES, "atomic-cas", Kind.RMW, "compareAndSet", "volatile", "weakCompareAndSetVolatile",
                "weakVolatile", "weakCompareAndSetAcquire", "weakAcquire", "weakCompareAndSetRelease", "weakRelease",
                "weakCompareAndSetPlain", "weakPlain", "weakCompareAndSet", "weakPlain");
        family(ATOMIC_FAMILIES, "atomic-cax", Kind.RMW, "compareAndExchange", "volatile", "compareAndExchangeAcquire",
                "acquire", "compareAndExchangeRelease", "release");
        family(ATOMIC_FAMILIES, "atomic-rmw", Kind.RMW, "getAndAdd", "volatile", "addAndGet", "volatile",
                "getAndIncrement", "volatile", "incrementAndGet", "volatile", "getAndDecrement", "volatile",
                "decrementAndGet", "volatile", "getAndSet", "volatile", "getAndUpdate", "volatile",
                "updateAndGet", "volatile", "getAndAccumulate", "volatile", "accumulateAndGet", "volatile");
    }

    private static void family(Map<String, Map<String, String>> into, String name, Kind kind, String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        into.put(name, m);
        FAMILY_KIND.put(name, kind);
    }

    private Modes() {}

    /** The mode of a method call, if it is a memory access this class knows. */
    static Optional<Call> ofCall(String owner, String name) {
        Map<String, Map<String, String>> families = owner.equals(VH) ? VH_FAMILIES
                : ATOMICS.contains(owner) ? ATOMIC_FAMILIES : null;
        if (families == null) {
            return Optional.empty();
        }
        for (Map.Entry<String, Map<String, String>> f : families.entrySet()) {
            String mode = f.getValue().get(name);
            if (mode != null) {
                return Optional.of(new Call(owner, name, FAMILY_KIND.get(f.getKey()), mode, f.getKey()));
            }
        }
        return Optional.empty();
    }

    /**
     * The weakest read-modify-writes Java offers that never fail spuriously, for the kind of
     * operation {@code call} is ({@code getAndAddAcquire (acquire)}, {@code getAndAddRelease
     * (release)}): the minimal strong modes of its family; for a boolean CAS, of the
     * compare-and-exchange family too, whose acquire and release forms are strong CASes. There is
     * no plain one: an unordered atomic RMW is a mode of the memory layer, not of Java.
     */
    static List<String> weakestStrong(Call call) {
        Map<String, Map<String, String>> families = call.owner().equals(VH) ? VH_FAMILIES : ATOMIC_FAMILIES;
        Map<String, String> strong = new LinkedHashMap<>();
        for (String f : call.family().endsWith("-cas") ? List.of(call.family(), call.family().replace("-cas", "-cax"))
                : List.of(call.family())) {
            families.getOrDefault(f, Map.of()).forEach((name, mode) -> {
                if (!mode.startsWith("weak")) {
                    strong.putIfAbsent(name, mode);
                }
            });
        }
        if (strong.isEmpty()) {
            return List.of(call.name() + " (" + call.mode() + ")");
        }
        Map<String, String> byMode = new LinkedHashMap<>();   // one call per minimal mode: the call's own name if it has it
        strong.forEach((name, mode) -> {
            boolean minimal = strong.values().stream().noneMatch(m -> !m.equals(mode) && weakerOrEqual(Kind.RMW, m, mode));
            if (minimal && (!byMode.containsKey(mode) || name.equals(call.name()))) {
                byMode.put(mode, name);
            }
        });
        List<String> out = new java.util.ArrayList<>();
        byMode.forEach((mode, name) -> out.add(name + " (" + mode + ")"));
        return out;
    }

    /** Whether {@code owner} is a class whose calls are memory accesses (VarHandle, Atomic*). */
    static boolean isAccessOwner(String owner) {
        return owner.equals(VH) || ATOMICS.contains(owner);
    }

    /** The strength order, per kind: each mode's direct next weaker modes. */
    private static final Map<String, List<String>> NEXT_WEAKER_LOAD = Map.of(
            "volatile", List.of("acquire"), "acquire", List.of("opaque"), "opaque", List.of("plain"), "plain", List.of());
    private static final Map<String, List<String>> NEXT_WEAKER_STORE = Map.of(
            "volatile", List.of("release"), "release", List.of("opaque"), "opaque", List.of("plain"), "plain", List.of());
    private static final Map<String, List<String>> NEXT_WEAKER_RMW = Map.of(
            "volatile", List.of("weakVolatile", "acquire", "release"),
            "acquire", List.of("weakAcquire", "plain"), "release", List.of("weakRelease", "plain"),
            "weakVolatile", List.of("weakAcquire", "weakRelease"),
            "weakAcquire", List.of("weakPlain"), "weakRelease", List.of("weakPlain"),
            "plain", List.of("weakPlain"), "weakPlain", List.of());

    private static Map<String, List<String>> order(Kind kind) {
        return switch (kind) {
            case LOAD -> NEXT_WEAKER_LOAD;
            case STORE -> NEXT_WEAKER_STORE;
            case RMW -> NEXT_WEAKER_RMW;
        };
    }

    static Set<String> modes(Kind kind) {
        return order(kind).keySet();
    }

    /** The modes one step weaker than {@code mode}. */
    static List<String> nextWeaker(Kind kind, String mode) {
        return order(kind).getOrDefault(mode, List.of());
    }

    /** True when {@code a} allows everything {@code b} allows (a is b or weaker than b). */
    static boolean weakerOrEqual(Kind kind, String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        for (String w : nextWeaker(kind, b)) {
            if (weakerOrEqual(kind, a, w)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The calls of the same family that are strictly weaker than {@code call} and nearest to it:
     * for each one-step weaker mode, the call with that mode, or, when the family has none (a
     * boolean CAS has no strong acquire form), the call of the nearest weaker mode it has.
     */
    static List<Call> weaker(Call call) {
        Map<String, String> family = (call.owner().equals(VH) ? VH_FAMILIES : ATOMIC_FAMILIES).get(call.family());
        List<Call> out = new java.util.ArrayList<>();
        for (String mode : nextWeaker(call.kind(), call.mode())) {
            for (String m : nearest(family, call.kind(), mode)) {
                String name = family.entrySet().stream().filter(e -> e.getValue().equals(m)).map(Map.Entry::getKey)
                        .findFirst().orElseThrow();
                if (out.stream().noneMatch(c -> c.name().equals(name))) {
                    out.add(new Call(call.owner(), name, call.kind(), m, call.family()));
                }
            }
        }
        return out;
    }

    /** {@code mode} if the family has a call with it, else the strongest weaker modes it has. */
    private static List<String> nearest(Map<String, String> family, Kind kind, String mode) {
        if (family.containsValue(mode)) {
            return List.of(mode);
        }
        List<String> found = new java.util.ArrayList<>();
        for (String w : nextWeaker(kind, mode)) {
            for (String m : nearest(family, kind, w)) {
                if (!found.contains(m)) {
                    found.add(m);
                }
            }
        }
        return found.stream().filter(m -> found.stream().noneMatch(o -> !o.equals(m) && weakerOrEqual(kind, m, o)))
                .toList();
    }
}
