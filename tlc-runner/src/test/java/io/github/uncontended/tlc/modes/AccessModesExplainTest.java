package io.github.uncontended.tlc.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a mismatch says about the Java's mode, without TLC: another kind of access, a mode
 * stronger than the model's, the sibling model that rejects it (the first one whose step is the
 * access's, whose result is not success and whose mode is as strong as the Java's or stronger),
 * the weak-hardware sibling that accepts it (success, a mode as weak or weaker), an acceptance on
 * x86-TSO only (never "safe": the weak model that rejects is named), or that no sibling checks
 * it; never a mode Java lacks (a plain RMW), a weak CAS no model lets fail, or plain for a load a
 * wait loop re-reads; and which models of a manifest are siblings.
 */
class AccessModesExplainTest {

    static final Path MANIFEST = Path.of("specs/flag/memory/manifest.json");
    static final String HEAD = "Flag.java:34 Poll: Flag.poll: STATE.getX is %s, but FlagMemory.tla declares Poll %s";
    static final AccessModes.Hints OUTSIDE = new AccessModes.Hints(Path.of("specs"), false);
    static final AccessModes.Hints HERE = new AccessModes.Hints(Path.of("specs"), true);
    static final String JIT = "; nor of the JIT: the tso strength is x86 running each thread's accesses in program order, and C2"
            + " may reorder plain accesses on x86 too (jcstress BasicJMM_08 PlainInit, AdvancedJMM_12)";

    static String explain(Modes.Kind kind, String mode, String declared, AccessModes.Sibling... siblings) {
        return explain(new AccessModes.Context(null, null, OUTSIDE), kind, mode, declared, siblings);
    }

    static String explain(AccessModes.Context ctx, Modes.Kind kind, String mode, String declared, AccessModes.Sibling... siblings) {
        return AccessModes.explain(MANIFEST, List.of(Path.of("specs/flag/memory/FlagMemory.tla")), List.of(siblings), "Poll",
                "Flag.java:34", "Flag.poll: STATE.getX", kind, mode, declared, ctx);
    }

    static String head(String mode, String declared) {
        return HEAD.formatted(mode, declared);
    }

    static AccessModes.Sibling sibling(String name, String step, String mode, String expected) {
        return new AccessModes.Sibling(name, step, mode, "weak", expected);
    }

    static AccessModes.Sibling tso(String name, String step, String mode, String expected) {
        return new AccessModes.Sibling(name, step, mode, "tso", expected);
    }

    static String none(String mode) {
        return ". No model of " + MANIFEST + " checks Poll with " + mode + ": add a sibling (constants WeakStep \"Poll\","
                + " WeakMode \"" + mode + "\") to find out";
    }

    @Test
    void anotherKindOfAccessIsSaidSo() {
        assertEquals(head("acquire", "release") + " (not the same kind of access)", explain(Modes.Kind.LOAD, "acquire", "release"));
        assertEquals(head("release", "acquire") + " (not the same kind of access)", explain(Modes.Kind.LOAD, "release", "acquire"));
    }

    @Test
    void aStrongerOrIncomparableModeAsksToDeclareIt() {
        assertEquals(head("volatile", "acquire") + ". The Java is stronger than (or not comparable with) what the model checks:"
                + " declare volatile in JavaMode.Poll so that TLC checks the code that runs",
                explain(Modes.Kind.LOAD, "volatile", "acquire"));
        assertEquals(head("acquire", "release") + ". The Java is stronger than (or not comparable with) what the model checks:"
                + " declare acquire in JavaMode.Poll so that TLC checks the code that runs",
                explain(Modes.Kind.RMW, "acquire", "release"));
    }

    @Test
    void theFirstSiblingThatRejectsTheModeOrAStrongerOneIsNamed() {
        AccessModes.Sibling otherStep = sibling("OtherStep", "Publish", "acquire", "violation(Safe)");
        AccessModes.Sibling accepts = sibling("Accepts", "Poll", "acquire", "success");
        AccessModes.Sibling weaker = sibling("Weaker", "Poll", "plain", "violation(Safe)");
        AccessModes.Sibling rejects = sibling("Rejects", "Poll", "acquire", "violation(Safe)");
        assertEquals(head("acquire", "volatile") + ". TLC rejects acquire for Poll on weak hardware: model Rejects finds"
                + " violation(Safe); see its counterexample (java -jar tlc-runner.jar check --specs specs --model Rejects)",
                explain(Modes.Kind.LOAD, "acquire", "volatile", otherStep, accepts, weaker, rejects));
        assertEquals(head("plain", "volatile") + ". TLC rejects acquire for Poll on weak hardware, and plain is weaker still: model"
                + " Rejects finds violation(Safe); see its counterexample (make check MODEL=Rejects, and docs/memory-model.md)",
                explain(new AccessModes.Context(null, null, HERE), Modes.Kind.LOAD, "plain", "volatile", otherStep, rejects, weaker));
    }

    /** A sibling whose mode is of another kind (a store's release for a load) says nothing about the load's mode. */
    @Test
    void aSiblingOfAnotherKindOfModeIsNotNamed() {
        AccessModes.Sibling rejects = sibling("RejectsRelease", "Poll", "release", "violation(Safe)");
        AccessModes.Sibling accepts = sibling("AcceptsRelease", "Poll", "release", "success");
        assertEquals(head("acquire", "volatile") + none("acquire"), explain(Modes.Kind.LOAD, "acquire", "volatile", rejects, accepts));
        assertEquals(head("plain", "volatile") + none("plain"), explain(Modes.Kind.LOAD, "plain", "volatile", rejects, accepts));
    }

    @Test
    void aSiblingThatAcceptsTheModeOrAWeakerOneOnWeakHardwareIsNamed() {
        AccessModes.Sibling rejectsWeaker = sibling("RejectsWeaker", "Poll", "plain", "violation(Safe)");
        AccessModes.Sibling otherStep = sibling("OtherStep", "Publish", "plain", "success");
        AccessModes.Sibling stronger = sibling("Stronger", "Poll", "volatile", "success");
        AccessModes.Sibling accepts = sibling("Accepts", "Poll", "opaque", "success");
        assertEquals(head("acquire", "volatile") + ". TLC accepts opaque for Poll on weak hardware (model Accepts), so acquire is"
                + " safe in the model: to weaken the Java, change JavaMode.Poll to acquire and re-pin the models",
                explain(Modes.Kind.LOAD, "acquire", "volatile", rejectsWeaker, otherStep, stronger, accepts));
        assertEquals(head("acquire", "volatile") + ". TLC accepts opaque for Poll on weak hardware (model Accepts), so acquire is"
                + " safe in the model: to weaken the Java, change JavaMode.Poll to acquire (docs/memory-model.md, the minimal-modes"
                + " table) and re-pin the models",
                explain(new AccessModes.Context(null, null, HERE), Modes.Kind.LOAD, "acquire", "volatile", accepts));
        assertEquals(head("acquire", "volatile") + none("acquire"),
                explain(Modes.Kind.LOAD, "acquire", "volatile", rejectsWeaker, otherStep, stronger));
    }

    /** Issue 45 item 4: the case the issue found, a publish made opaque where plain is accepted on x86-TSO only. */
    @Test
    void anAcceptanceOnX86TsoOnlyIsNeverCalledSafeAndTheRejectingWeakModelIsNamed() {
        AccessModes.Sibling tsoAccepts = tso("PlainPublishTso", "Poll", "plain", "success");
        AccessModes.Sibling weakRejects = sibling("PlainPublishWeak", "Poll", "plain", "violation(Safe)");
        String said = explain(Modes.Kind.LOAD, "opaque", "acquire", tsoAccepts, weakRejects);
        assertEquals(head("opaque", "acquire") + ". TLC accepts plain for Poll on x86-TSO only (model PlainPublishTso), which says"
                + " nothing of weak hardware: there model PlainPublishWeak rejects plain (finds violation(Safe)), and none checks"
                + " opaque" + JIT + ". opaque is not shown safe: keep acquire, or add a sibling (constants WeakStep \"Poll\", WeakMode"
                + " \"opaque\", Strength \"weak\") to find out", said);
        assertFalse(said.contains("safe in the model"), said);
        assertEquals(head("opaque", "acquire") + ". TLC accepts plain for Poll on x86-TSO only (model PlainPublishTso), which says"
                + " nothing of weak hardware: no weak-memory model of " + MANIFEST + " checks opaque" + JIT + ". opaque is not shown"
                + " safe: keep acquire, or add a sibling (constants WeakStep \"Poll\", WeakMode \"opaque\", Strength \"weak\") to"
                + " find out", explain(Modes.Kind.LOAD, "opaque", "acquire", tsoAccepts));
        AccessModes.Sibling weakAccepts = sibling("OpaqueWeak", "Poll", "opaque", "success");
        assertTrue(explain(Modes.Kind.LOAD, "opaque", "acquire", tsoAccepts, weakAccepts)
                .contains("TLC accepts opaque for Poll on weak hardware (model OpaqueWeak), so opaque is safe in the model"));
    }

    /**
     * A plain access the Java makes, accepted on x86-TSO only: the acceptance is the hardware's order, and the
     * message says it covers neither weak hardware nor the JIT, which may reorder plain accesses on x86 too. An
     * RMW accepted on x86-TSO (a locked instruction whatever its mode) gets no such clause.
     */
    @Test
    void aTsoAcceptanceOfPlainSaysNothingOfTheJit() {
        AccessModes.Sibling tsoAccepts = tso("PlainPublishTso", "Poll", "plain", "success");
        AccessModes.Sibling weakRejects = sibling("PlainPublishWeak", "Poll", "plain", "violation(Safe)");
        String said = explain(Modes.Kind.STORE, "plain", "release", tsoAccepts);
        assertEquals(head("plain", "release") + ". TLC accepts plain for Poll on x86-TSO only (model PlainPublishTso), which says"
                + " nothing of weak hardware: no weak-memory model of " + MANIFEST + " checks plain; nor of the JIT: the tso strength"
                + " is x86 running each thread's accesses in program order, and C2 may reorder plain accesses on x86 too (jcstress"
                + " BasicJMM_08 PlainInit, AdvancedJMM_12). plain is not shown safe: keep release, or add a sibling (constants"
                + " WeakStep \"Poll\", WeakMode \"plain\", Strength \"weak\") to find out", said);
        assertTrue(explain(Modes.Kind.STORE, "plain", "release", weakRejects, tsoAccepts).startsWith(head("plain", "release")
                + ". TLC rejects plain for Poll on weak hardware"));
        AccessModes.Sibling tsoRmw = tso("CasAcquireTso", "Poll", "acquire", "success");
        String rmw = explain(Modes.Kind.RMW, "acquire", "volatile", tsoRmw);
        assertTrue(rmw.contains("on x86-TSO only (model CasAcquireTso), which says nothing of weak hardware"), rmw);
        assertFalse(rmw.contains("JIT"), rmw);
    }

    /** Issue 45 item 3: a model's unordered (plain) RMW is no Java mode: atomicity is all, and what Java offers is named. */
    @Test
    void aPlainRmwAcceptedIsAtomicityOnlyAndJavaItsWeakestStrongRmw() {
        Modes.Call getAndAdd = Modes.ofCall("java/lang/invoke/VarHandle", "getAndAddRelease").orElseThrow();
        AccessModes.Sibling plainRmw = sibling("ClaimPlain", "Poll", "plain", "success");
        String said = explain(new AccessModes.Context(getAndAdd, null, OUTSIDE), Modes.Kind.RMW, "release", "volatile", plainRmw);
        assertEquals(head("release", "volatile") + ". TLC accepts an unordered (plain) read-modify-write, which Java does not have,"
                + " for Poll on weak hardware (model ClaimPlain) (atomicity is all Poll needs: any atomic RMW does; the weakest Java"
                + " offers here is getAndAddAcquire (acquire) or getAndAddRelease (release); weakCompareAndSetPlain, which may fail"
                + " spuriously, is checked by no model), so release is safe in the model: to weaken the Java, change JavaMode.Poll"
                + " to release and re-pin the models", said);
        assertFalse(said.contains("to plain"), said);

        Modes.Call cas = Modes.ofCall("java/lang/invoke/VarHandle", "weakCompareAndSetPlain").orElseThrow();
        AccessModes.Sibling weakPlainTso = tso("CasWeakPlainTso", "Poll", "weakPlain", "success");
        String weakCas = explain(new AccessModes.Context(cas, null, OUTSIDE), Modes.Kind.RMW, "weakPlain", "volatile", plainRmw,
                weakPlainTso);
        assertTrue(weakCas.contains("TLC accepts weakPlain (weakCompareAndSetPlain, which may fail spuriously) for Poll on x86-TSO"
                + " only (model CasWeakPlainTso)") && weakCas.contains("weakPlain is not shown safe"), "a plain RMW accepted says"
                + " nothing of a CAS that may fail spuriously, and on x86-TSO a weak CAS never fails spuriously: " + weakCas);
        AccessModes.Sibling weakPlain = sibling("CasWeakPlain", "Poll", "weakPlain", "success");
        assertTrue(explain(new AccessModes.Context(cas, null, OUTSIDE), Modes.Kind.RMW, "weakPlain", "volatile", weakPlain)
                .contains("TLC accepts weakPlain (weakCompareAndSetPlain, which may fail spuriously) for Poll on weak hardware"));
        assertTrue(explain(new AccessModes.Context(Modes.ofCall("java/lang/invoke/VarHandle", "compareAndExchangeAcquire")
                .orElseThrow(), null, OUTSIDE), Modes.Kind.RMW, "acquire", "volatile", plainRmw, weakPlain)
                .contains("the weakest Java offers here is compareAndExchangeAcquire (acquire) or compareAndExchangeRelease (release);"
                        + " or weakCompareAndSetPlain, which may fail spuriously: model CasWeakPlain accepts it"));
    }

    /** Issue 45 item 2: plain for a load a wait loop re-reads is never proposed, whatever a model accepts. */
    @Test
    void plainIsNeverProposedForALoadAWaitLoopReReads() {
        AccessModes.Context spin = new AccessModes.Context(null, "Flag.await (Flag.java:40-42, back edge at Flag.java:42)", OUTSIDE);
        AccessModes.Sibling accepts = sibling("PollPlain", "Poll", "plain", "success");
        String said = explain(spin, Modes.Kind.LOAD, "plain", "opaque", accepts);
        assertEquals(head("plain", "opaque") + ". A plain load that the wait loop of Flag.await (Flag.java:40-42, back edge at"
                + " Flag.java:42) re-reads may be hoisted out of it (JLS 17.4), so the wait may never end: keep it at least opaque, whatever"
                + " the models say (they check safety only). (TLC accepts plain for Poll on weak hardware (model PollPlain): that"
                + " is safety only.)", said);
        assertTrue(explain(spin, Modes.Kind.LOAD, "opaque", "acquire", accepts).contains("so opaque is safe in the model"),
                "opaque keeps the load in the loop: a weaker mode that is not plain may be proposed");
    }

    @Test
    void siblingsAreTheModelsThatWeakenAStep() throws Exception {
        String models = """
                {"models": [
                  {"name": "Base", "constants": {"WeakStep": "none", "WeakMode": "none"}, "expect": {"result": "success"}},
                  {"name": "NoConstants", "expect": {"result": "success"}},
                  {"name": "PollPlain", "constants": {"WeakStep": "Poll", "WeakMode": "plain", "Strength": "weak"},
                   "expect": {"result": "violation", "property": "Safe"}},
                  {"name": "PollOpaque", "constants": {"WeakStep": "Poll", "WeakMode": "opaque", "Strength": "tso"},
                   "expect": {"result": "success"}}
                ]}""";
        assertEquals(List.of(new AccessModes.Sibling("PollPlain", "Poll", "plain", "weak", "violation(Safe)"),
                new AccessModes.Sibling("PollOpaque", "Poll", "opaque", "tso", "success")),
                AccessModes.siblings(new ObjectMapper().readTree(models)));
    }
}
