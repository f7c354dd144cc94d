package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.check.ModelCheckVerdictsTest.Run;

import static io.github.uncontended.tlc.fixtures.ScriptedTlc.invariantViolated;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.msg;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.state;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.stats;
import static io.github.uncontended.tlc.fixtures.ScriptedTlc.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.uncontended.tlc.fixtures.FixtureSpecs;
import io.github.uncontended.tlc.fixtures.ScriptedTlc;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tlc2.output.EC;

/**
 * {@code --each-property} ({@code make properties}, PropertyAudit) with the scripted TLC: one run
 * per invariant and property, and one for deadlock, each ending in a verdict or failing, and the
 * exit code (0: every run ended in a verdict and the pinned violation came out; 1: otherwise).
 * PropertyAuditTest runs the same audit on real TLC; these take a second or so each, so PIT runs
 * them on every mutant.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
public class PropertyAuditVerdictsTest {

    @TempDir
    Path dir;
    Path fixtures;

    @BeforeEach
    void fixtures() throws Exception {
        fixtures = FixtureSpecs.copy(dir);
    }

    private Path tlc() {
        return dir.resolve("tlc");
    }

    private Run audit(Path specs, String model) throws Exception {
        return ModelCheckVerdictsTest.run(dir, specs, "--model", model, "--each-property");
    }

    private JsonNode json() throws Exception {
        return new ObjectMapper().readTree(dir.resolve("out/properties.json").toFile()).get(0);
    }

    /** Safety.cfg: INVARIANT InRange XBelowTwo, and deadlock checked: three runs, in that order. */
    @Test
    void eachRunEndsInAVerdictAndThePinnedViolationComesOut() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        ScriptedTlc.run(tlc(), 2, invariantViolated("XBelowTwo", 4, 4), 12);
        Run r = audit(fixtures, "Safety");
        assertEquals(0, r.exit(), r.printed());
        assertEquals(3, ScriptedTlc.runs(tlc()));
        assertTrue(r.stdout().contains("  InRange                        holds        the whole state graph\n"), r.stdout());
        assertTrue(r.stdout().contains("  XBelowTwo                      VIOLATED     safety, 3 states\n"), r.stdout());
        assertTrue(r.stdout().contains("  deadlock                       no deadlock  the whole state graph\n"), r.stdout());
        assertTrue(r.stdout().contains("  violated: XBelowTwo\n"), r.stdout());
        JsonNode audit = json();
        assertEquals("XBelowTwo", audit.at("/violated/0").asText(), audit.toString());
        assertEquals("invariant", audit.at("/properties/1/section").asText());
        assertEquals(3, audit.at("/properties/1/traceLength").asInt());
        assertEquals("deadlock", audit.at("/properties/2/section").asText());
        assertFalse(audit.has("error"), audit.toString());
        // Each property's run checks it alone, without deadlock; the deadlock run checks nothing else.
        for (int run = 1; run <= 2; run++) {
            assertTrue(ScriptedTlc.args(tlc(), run).contains("-deadlock"), "run " + run);
        }
        assertFalse(ScriptedTlc.args(tlc(), 3).contains("-deadlock"), "the deadlock run");
        assertEquals("SPECIFICATION Spec\nINVARIANT InRange\n", ScriptedTlc.config(tlc(), 1));
        assertEquals("SPECIFICATION Spec\nINVARIANT XBelowTwo\n", ScriptedTlc.config(tlc(), 2));
        assertEquals("SPECIFICATION Spec\n", ScriptedTlc.config(tlc(), 3));
        assertTrue(audit.at("/properties/0/traceLength").isNull(), "no trace for a property that holds: " + audit);
        assertFalse(Files.exists(dir.resolve("out/each-property")), "the runs' scratch folders are gone");
    }

    /** Pass.cfg: an invariant, two properties (one a liveness property), and deadlock: four runs. */
    @Test
    void everyInvariantAndPropertyGetsARunOfItsOwn() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        // The action property's violation, named by its location as TLC names a conjunct: no property name.
        ScriptedTlc.run(tlc(), 2, msg(EC.TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR, 1, "Action property line 9, col 5 to line"
                + " 9, col 20 of module Counter is violated.") + state(1, "/\\ x = 0") + state(2, "/\\ x = 1")
                + stats(19, 12, null), 12);
        Run r = audit(fixtures, "Pass");
        assertEquals(4, ScriptedTlc.runs(tlc()), r.printed());
        assertEquals("SPECIFICATION Spec\nPROPERTY XNeverDecreases\n", ScriptedTlc.config(tlc(), 2));
        assertEquals("SPECIFICATION Spec\nPROPERTY XReachesThree\n", ScriptedTlc.config(tlc(), 3));
        assertEquals("property", json().at("/properties/2/section").asText());
        assertTrue(r.stdout().contains("  XNeverDecreases                VIOLATED     safety, 2 states\n"), r.stdout());
    }

    /** A model that checks no deadlock gets no deadlock run. */
    @Test
    void noDeadlockRunWhereTheModelChecksNone() throws Exception {
        ScriptedTlc.in(tlc(), success(18, 12, 6L), 0);
        Run r = audit(fixtures, "DeadlockIgnored");
        assertEquals(0, r.exit(), r.printed());
        assertEquals(1, ScriptedTlc.runs(tlc()), "InRange's run alone");
    }

    /** A config with nothing to check, deadlock included, is an error, not an empty audit that passes. */
    @Test
    void aModelWithNothingToCheckIsAnError() throws Exception {
        Path manifest = fixtures.resolve("kinds/manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"constants\": { \"N\": 2 },",
                "\"constants\": { \"N\": 2 }, \"checkDeadlock\": false,"));
        ScriptedTlc.in(tlc(), success(2, 1, null), 0);
        Run r = audit(fixtures, "ConstantsAssigned");
        assertEquals(1, r.exit(), r.printed());
        assertTrue(r.stdout().contains("  ERROR its config checks no invariant, no property and no deadlock\n"), r.stdout());
        assertEquals(0, ScriptedTlc.runs(tlc()));
    }

    /** A witness pins the case it must reach, not a violation the audit must find. */
    @Test
    void aWitnessIsNotHeldToItsProperty() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        Run r = audit(fixtures, "NeverReached");
        assertEquals(0, r.exit(), r.printed());
    }

    /** The pinned property must itself come out violated; another one's violation does not stand in for it. */
    @Test
    void anotherPropertysViolationDoesNotStandInForThePinnedOne() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        ScriptedTlc.run(tlc(), 1, invariantViolated("InRange", 4, 4), 12);
        Run r = audit(fixtures, "Safety");
        assertEquals(1, r.exit(), r.printed());
        assertTrue(r.stdout().contains("ERROR its manifest pins safety(XBelowTwo), but checked alone XBelowTwo is not"
                + " violated"), r.stdout());
    }

    @Test
    void aPinnedViolationThatDoesNotComeOutFailsTheAudit() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        Run r = audit(fixtures, "Safety");
        assertEquals(1, r.exit(), r.printed());
        assertTrue(r.stdout().contains("  ERROR its manifest pins safety(XBelowTwo), but checked alone XBelowTwo is not"
                + " violated\n"), r.stdout());
        assertEquals("its manifest pins safety(XBelowTwo), but checked alone XBelowTwo is not violated",
                json().get("error").asText());
    }

    /** The violation of another property than the run's own is named. */
    @Test
    void aRunThatViolatesAnotherPropertySaysWhich() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        ScriptedTlc.run(tlc(), 1, invariantViolated("XBelowTwo", 4, 4), 12);
        ScriptedTlc.run(tlc(), 2, invariantViolated("XBelowTwo", 4, 4), 12);
        Run r = audit(fixtures, "Safety");
        assertTrue(r.stdout().contains("  InRange                        VIOLATED     safety of XBelowTwo, 3 states\n"),
                r.stdout());
    }

    @Test
    void aRunThatCrashesOrTimesOutIsAFailureNeverAVerdict() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        ScriptedTlc.run(tlc(), 1, "@!@!@STARTMSG 1000:1 @!@!@\nTLC threw an unexpected exception.\nboom\n@!@!@ENDMSG 1000 @!@!@\n", 255);
        ScriptedTlc.run(tlc(), 2, invariantViolated("XBelowTwo", 4, 4), 12);
        Run crashed = audit(fixtures, "Safety");
        assertEquals(1, crashed.exit(), crashed.printed());
        String failed = crashed.stdout().lines().filter(l -> l.startsWith("  InRange ")).findFirst().orElseThrow();
        assertTrue(failed.matches("  InRange +FAILED +crash: TLC exited with 255: TLC threw an unexpected exception\\..*"),
                "the crash's message: " + failed);
        assertTrue(crashed.stdout().contains("  ERROR a run did not end in a verdict\n"), crashed.stdout());
        // Timeout (Endless.cfg, 3 s): its one run, for deadlock, is killed.
        ScriptedTlc.in(tlc(), success(1, 1, 1L), 0);
        ScriptedTlc.sleep(tlc(), 10);
        Run killed = audit(fixtures, "Timeout");
        assertEquals(1, killed.exit(), killed.printed());
        assertTrue(killed.stdout().contains("  deadlock                       FAILED       killed after 3 s (the model's"
                + " timeoutSeconds)\n"), killed.stdout());
    }

    /** A liveness violation (a lasso) is a verdict too: Liveness.cfg pins it, and the audit finds it. */
    @Test
    void aLivenessViolationIsAVerdict() throws Exception {
        ScriptedTlc.in(tlc(), success(18, 12, 6L), 0);
        ScriptedTlc.run(tlc(), 1, msg(EC.TLC_TEMPORAL_PROPERTY_VIOLATED, 1, "Temporal properties were violated.")
                + state(1, "/\\ y = 0") + msg(EC.TLC_STATE_PRINT3, 4, "2: Stuttering") + stats(19, 12, null), 13);
        Run r = audit(fixtures, "Liveness");
        assertEquals(0, r.exit(), r.printed());
        assertTrue(r.stdout().contains("  YReachesTwo                    VIOLATED     liveness, "), r.stdout());
        assertTrue(r.stdout().contains("  violated: YReachesTwo\n"), r.stdout());
    }

    @Test
    void aDeadlockIsAVerdict() throws Exception {
        ScriptedTlc.in(tlc(), success(18, 12, 6L), 0);
        ScriptedTlc.run(tlc(), 2, msg(2114, 1, "Deadlock reached.") + state(1, "/\\ x = 0") + state(2, "/\\ x = 1")
                + stats(18, 12, null), 11);
        Run r = audit(fixtures, "Deadlock");
        assertEquals(0, r.exit(), r.printed());
        assertTrue(r.stdout().contains("  deadlock                       DEADLOCK     reached in 2 states\n"), r.stdout());
        assertTrue(r.stdout().contains("  violated: none\n"), r.stdout());
    }

    /** A simulation's success is "not violated" within its budget, never "holds". */
    @Test
    void aSimulationIsNotViolatedWithinItsBudget() throws Exception {
        ScriptedTlc.in(tlc(), success(19, 12, 6L), 0);
        Run r = audit(fixtures, "Simulated");
        assertEquals(0, r.exit(), r.printed());
        assertTrue(r.stdout().contains("  InRange                        not violated within 50 traces of depth 20\n"),
                r.stdout());
    }

    @Test
    void aLitmusModelIsRefused() throws Exception {
        Path litmus = FixtureSpecs.copy(dir, "litmus-specs");
        ScriptedTlc.in(tlc(), success(18, 13, 4L), 0);
        Run r = audit(litmus, "Agrees");
        assertEquals(1, r.exit(), r.printed());
        assertTrue(r.stdout().contains("  ERROR a litmus model: its result is its outcome set, not a property\n"), r.stdout());
        assertEquals(0, ScriptedTlc.runs(tlc()));
    }
}
