package io.github.uncontended.tlc.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a mismatch says about the Java's mode, without TLC: another kind of access, a mode
 * stronger than the model's, the sibling model that rejects it (the first one whose step is the
 * access's, whose result is not success and whose mode is as strong as the Java's or stronger),
 * the sibling that accepts it (success, a mode as weak or weaker), or that no sibling checks it;
 * and which models of a manifest are siblings.
 */
class AccessModesExplainTest {

    static final Path MANIFEST = Path.of("specs/flag/memory/manifest.json");
    static final String HEAD = "Flag.java:34 Poll: Flag.poll: STATE.getX is %s, but FlagMemory.tla declares Poll %s";

    static String explain(Modes.Kind kind, String mode, String declared, AccessModes.Sibling... siblings) {
        return AccessModes.explain(MANIFEST, List.of(Path.of("specs/flag/memory/FlagMemory.tla")), List.of(siblings), "Poll",
                "Flag.java:34", "Flag.poll: STATE.getX", kind, mode, declared);
    }

    static String head(String mode, String declared) {
        return HEAD.formatted(mode, declared);
    }

    static AccessModes.Sibling sibling(String name, String step, String mode, String expected) {
        return new AccessModes.Sibling(name, step, mode, "weak", expected);
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
        assertEquals(head("acquire", "volatile") + ". TLC rejects acquire for Poll: model Rejects (weak memory) finds"
                + " violation(Safe); see its counterexample (make check MODEL=Rejects) and docs/memory-model.md",
                explain(Modes.Kind.LOAD, "acquire", "volatile", otherStep, accepts, weaker, rejects));
        assertEquals(head("plain", "volatile") + ". TLC rejects acquire for Poll, and plain is weaker still: model Rejects (weak"
                + " memory) finds violation(Safe); see its counterexample (make check MODEL=Rejects) and docs/memory-model.md",
                explain(Modes.Kind.LOAD, "plain", "volatile", otherStep, rejects, weaker));
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
    void aSiblingThatAcceptsTheModeOrAWeakerOneIsNamed() {
        AccessModes.Sibling rejectsWeaker = sibling("RejectsWeaker", "Poll", "plain", "violation(Safe)");
        AccessModes.Sibling otherStep = sibling("OtherStep", "Publish", "plain", "success");
        AccessModes.Sibling stronger = sibling("Stronger", "Poll", "volatile", "success");
        AccessModes.Sibling accepts = sibling("Accepts", "Poll", "plain", "success");
        assertEquals(head("acquire", "volatile") + ". TLC accepts plain for Poll (model Accepts), so acquire is safe in the model:"
                + " to weaken the Java, change JavaMode.Poll to acquire (docs/memory-model.md, the minimal-modes table) and"
                + " re-pin the models",
                explain(Modes.Kind.LOAD, "acquire", "volatile", rejectsWeaker, otherStep, stronger, accepts));
        assertEquals(head("acquire", "volatile") + none("acquire"),
                explain(Modes.Kind.LOAD, "acquire", "volatile", rejectsWeaker, otherStep, stronger));
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
