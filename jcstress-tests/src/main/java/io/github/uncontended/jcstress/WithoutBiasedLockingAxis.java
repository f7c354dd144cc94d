package io.github.uncontended.jcstress;

import java.lang.reflect.Field;
import java.util.List;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;
import org.openjdk.jcstress.vm.VMSupport;

/**
 * jcstress 0.16's run, less its biased-locking axis: the entry point the runner's jcstress driver
 * ({@code tlc-runner jcstress}, tlc-runner's {@code JcstressCommand}) uses for {@code make test}.
 *
 * <p>On a JDK that still accepts {@code -XX:+UseBiasedLocking} (JDK 17), jcstress runs every test in
 * each of its VM configurations twice, once with biased locking on and once off
 * ({@code VMSupport.detectAvailableVMConfigs}): 28 forks a test in mode quick instead of 14. Biased
 * locking changes only how a {@code synchronized} monitor is entered; none of the code under these
 * tests takes a monitor (java-impl has no {@code synchronized}, and its one lock, {@code Trace}'s, is
 * a {@code ReentrantLock} that the tests never reach), so the second half repeats the first
 * configuration and doubles the run's time for nothing. (JDK 18 removed biased locking, so there
 * jcstress has the 14 forks already; JDK 17's default is off, so the configurations kept are the
 * ones the JDK runs by default.) Every other axis stays: split compilation of each actor, and C2's
 * scheduling randomizers with a fresh seed per fork.
 *
 * <p>How: jcstress decides the axis from {@code VMSupport.BIASED_LOCKING_AVAILABLE}, which its VM
 * probing sets, and reads the options' {@code -jvmArgsPrepend} once, at the moment it composes the
 * configurations from that flag. The options here clear the flag at that moment. If jcstress changes
 * so that the field is gone, this fails loudly rather than run the full axis silently; the driver
 * also checks the configurations jcstress printed. {@code make jcstress-deep} runs jcstress's own
 * {@code Main}, with the axis.
 */
public final class WithoutBiasedLockingAxis {

    private WithoutBiasedLockingAxis() {
    }

    public static void main(String[] args) throws Exception {
        Options opts = new Options(args) {
            @Override
            public List<String> getJvmArgsPrepend() {
                dropBiasedLocking();
                return super.getJvmArgsPrepend();
            }
        };
        if (!opts.parse()) {
            System.exit(1);
        }
        JCStress jcstress = new JCStress(opts);
        if (opts.shouldList()) {
            jcstress.getTests().forEach(System.out::println);
        } else if (opts.shouldParse()) {
            jcstress.parseResults();
        } else {
            jcstress.run();
        }
    }

    private static void dropBiasedLocking() {
        try {
            Field available = VMSupport.class.getDeclaredField("BIASED_LOCKING_AVAILABLE");
            available.setAccessible(true);
            available.setBoolean(null, false);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("jcstress's VMSupport.BIASED_LOCKING_AVAILABLE is not as in 0.16: "
                    + "cannot drop the biased-locking axis (" + e + ")", e);
        }
    }
}
