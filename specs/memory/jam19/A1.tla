---------------------------------- MODULE A1 ----------------------------------
(* JAM19's a1 (lincheck JamMemoryModelTests: testA1, testA1Reorder):        *)
(*   thread 0: y (opaque load, discarded); x = 1 (release)                   *)
(*             (StoreFirst: the release store first)                         *)
(*   thread 1: r1 = x (acquire); if (r1 != 0) y = 1 (plain)                  *)
(* "1, 1" is graded "sometimes" (an interleaving gives it).                  *)
(* Outcome: the final "x, y".                                                *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, StoreFirst
VARIABLES mem, buf, msgs, cur, scv, pc, reg
ReadY == Ld("y", "opaque", "s")
WriteX == St("x", "release", 1)
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"s", "r1"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN IF StoreFirst THEN << WriteX, ReadY >> ELSE << ReadY, WriteX >>
                     ELSE << Ld("x", "acquire", "r1"), IfNe("r1", 0, 1), St("y", "plain", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< P!M!Final("x"), P!M!Final("y") >>)
=============================================================================
