---------------------------- MODULE Linearisation ----------------------------
(* JAM19's linearisation (lincheck JamMemoryModelTests: testLinearisation,   *)
(* testLinearisation2, the same program with a temporary):                   *)
(*   thread 0: t = x (acquire) + y (plain); if (t == 2) w = 1 (release)      *)
(*   thread 1: r0 = w (opaque); if (r0 != 0) z = 1 (opaque)                  *)
(*   thread 2: r1 = z (opaque); if (r1 != 0) { y = 1 (plain);                *)
(*             x = 1 (release) }                                             *)
(* x is loaded before y, as Kotlin evaluates the sum; with values 0 and 1,   *)
(* t == 2 is "both loads read 1". "2, 1, 1, 1, 1" is graded "never": w = 1   *)
(* needs x = 1, which needs z = 1, which needs w = 1, a cycle. (In           *)
(* testLinearisation2 threads 0 and 1 both assign the outcome's first        *)
(* element; it is 2 only if thread 0's sum is, so a model that never reaches *)
(* thread 0's sum 2 with the final values 1, 1, 1, 1 meets both gradings.)   *)
(* Outcome: "t, w, x, y, z" (t: thread 0's sum; the others final).           *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- 0 .. 2, Locs <- {"x", "y", "w", "z"}, Regs <- {"a", "b", "r0", "r1"},
        Prog <- [i \in 0 .. 2 |->
            CASE i = 0 -> << Ld("x", "acquire", "a"), Ld("y", "plain", "b"),
                             IfEq("a", 1, 2), IfEq("b", 1, 1), St("w", "release", 1) >>
              [] i = 1 -> << Ld("w", "opaque", "r0"), IfNe("r0", 0, 1), St("z", "opaque", 1) >>
              [] i = 2 -> << Ld("z", "opaque", "r1"), IfNe("r1", 0, 2),
                             St("y", "plain", 1), St("x", "release", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["a"] + reg["b"], P!M!Final("w"), P!M!Final("x"), P!M!Final("y"), P!M!Final("z") >>)
=============================================================================
