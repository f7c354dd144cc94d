------------------------------- MODULE RseqWeak -------------------------------
(* JAM19's rseq_weak (lincheck JamMemoryModelTests: testRseqWeak, with the   *)
(* racing writer; testRseqWeak2, without it):                                *)
(*   thread 0: x = 2 (opaque)           (only if Racer)                      *)
(*   thread 1: y = 1 (plain); x = 1 (release); x = 3 (opaque)                *)
(*   thread 2: r0 = x (acquire); if (r0 == 3) y (plain load, discarded)      *)
(* "3, 1" is graded "sometimes" with the racer, and as the only outcome      *)
(* without it. Outcome: the final "x, y".                                    *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, Racer
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- 0 .. 2, Locs <- {"x", "y"}, Regs <- {"r0", "s"},
        Prog <- [i \in 0 .. 2 |->
            CASE i = 0 -> IF Racer THEN << St("x", "opaque", 2) >> ELSE << >>
              [] i = 1 -> << St("y", "plain", 1), St("x", "release", 1), St("x", "opaque", 3) >>
              [] i = 2 -> << Ld("x", "acquire", "r0"), IfEq("r0", 3, 1), Ld("y", "plain", "s") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< P!M!Final("x"), P!M!Final("y") >>)
=============================================================================
