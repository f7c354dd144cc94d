package io.github.uncontended.tlc.jcstress;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * Recorded jcstress 0.16 consoles (test resources, jcstress/*.txt), each from a real run on JDK 17 on
 * the 2-core machine (2026-12-05), mode sanity, through {@code tlc-runner jcstress} unless said:
 * <ul>
 * <li>{@code pass.txt}: {@code --expect pass} on sharded.WrapAroundTest: 14 forks OK, RUN RESULTS;</li>
 * <li>{@code caught-early.txt}: {@code run-jcstress.sh expect-fail} (the bash driver this one replaced,
 *     same jcstress invocation) on sharded.broken's RacyTailClaimTwoProducersTest and
 *     ElementFlagSkipClaimedTest, stopped once each had a FAILED fork: no RUN RESULTS;</li>
 * <li>{@code not-caught.txt}: {@code --expect fail} on the same two: every fork ran, only
 *     RacyTailClaimTwoProducersTest was caught (mode sanity misses the other: quick is what make
 *     test runs);</li>
 * <li>{@code stalled.txt}: {@code --expect pass --stall 20} on WrapAroundTest, its running fork stopped
 *     (SIGSTOP) after 3 forks had reported: a hung fork, killed by the watchdog;</li>
 * <li>{@code fork-crash.txt}: {@code --expect pass} on WrapAroundTest, its running fork killed (SIGKILL)
 *     after 3 forks had reported: jcstress reports it VM ERROR ("Failed with error code 137") and runs
 *     the rest;</li>
 * <li>{@code full.txt}: {@code --expect pass --full} on WrapAroundTest: jcstress's own Main, with the
 *     biased-locking axis (4 configurations, 28 forks).</li>
 * </ul>
 * {@code TestList}: three lines of the jcstress jar's META-INF/TestList, as its annotation processor
 * wrote them.
 */
final class Fixtures {

    static final String WRAP = "io.github.uncontended.sharded.WrapAroundTest";
    static final String RACY = "io.github.uncontended.sharded.broken.RacyTailClaimTwoProducersTest";
    static final String SKIP = "io.github.uncontended.sharded.broken.ElementFlagSkipClaimedTest";

    private Fixtures() {}

    static Path console(String name) {
        return resource("/jcstress/" + name + ".txt");
    }

    static Path resource(String name) {
        try {
            return Path.of(Fixtures.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static JcstressConsole read(String name) {
        try {
            return JcstressConsole.read(console(name));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
